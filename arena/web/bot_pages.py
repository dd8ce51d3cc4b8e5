"""A bot's page: its place and rating in every ladder it plays in, its faults, how it fared against each
other bot, and its matches. How the host runs it is shown by kind only (a command line may name the
host's folders)."""

from __future__ import annotations

from html import escape
from typing import Any

from arena.ladder_report import _rating_cells
from arena.web.match_list import match_list
from arena.web.model import Site, SiteLadder
from arena.web.names import plural
from arena.web.pages import Markup, bot_link, page, summary_line, table

KINDS = {
    "builtin": "a built-in bot",
    "cmd": "a program the host started",
    "remote": "a remote bot that connected to the referee",
}


def bot_page(site: Site, bot: str, ladders: list[SiteLadder]) -> str:
    """Everything the site knows of ``bot``, in the ladders it played in."""
    entries = [(lad, m) for lad in ladders for m in lad.records if bot in m.bots]
    entries.sort(key=lambda e: (e[1].finished, e[1].match_id))
    kind = KINDS.get(site.kinds.get(bot, ""), "")
    parts = [
        f"<h1>{escape(bot)}</h1>",
        summary_line([kind, plural(len(ladders), "ladder"), plural(len(entries), "match")]),
        "<h2>Ladders</h2>",
        _ladders(site, bot, ladders),
    ]
    faults = [(lad, lad.view.faults[bot]) for lad in ladders if bot in lad.view.faults]
    if faults:
        parts.append("<h2>Faults and forfeits</h2><ul>")
        parts.extend(
            f'<li class="fault"><a href="../{lad.file}">{escape(site.title(lad))}</a>: {escape(summary.text())}</li>'
            for lad, summary in faults
        )
        parts.append("</ul>")
    for lad in ladders:
        rows = _head_to_head(lad, bot)
        if rows:
            parts.append(f'<h2>Head to head: <a href="../{lad.file}">{escape(site.title(lad))}</a></h2>')
            parts.append(table(["against", "placed ahead", "games"], rows, cls="data h2h-bot"))
    parts.append(f"<h2>Matches ({len(entries)})</h2>")
    parts.append(match_list(site, entries, 1, bot=bot))
    return page(f"bot {bot}", "".join(parts), depth=1, refresh=site.refresh, stamp=site.stamp)


def _ladders(site: Site, bot: str, ladders: list[SiteLadder]) -> str:
    rows: list[tuple[Any, ...]] = []
    for lad in ladders:
        st = lad.view.standings
        link = Markup(f'<a href="../{lad.file}">{escape(site.title(lad))}</a>', site.title(lad))
        found = None if st is None else next((i for i, r in enumerate(st.bots) if r.bot == bot), None)
        if st is None or found is None:
            rows.append((link, "", "not rated", "", "", "", "", "", "", ""))
            continue
        r, row = st.bots[found], lad.view.rows[found]
        elo, interval = _rating_cells(r, st)
        rows.append(
            (
                link,
                f"{found + 1} of {len(st.bots)}",
                elo,
                interval,
                f"{r.pods}*" if r.provisional else r.pods,
                r.games,
                f"{100 * row['win_share']:.1f}%",
                f"{row['mean_place']:.2f}",
                row["faults"] or "",
                row["forfeits"] or "",
            )
        )
    headers = [
        "ladder",
        "rank",
        "Elo",
        "95 % interval",
        "pods",
        "games",
        "wins",
        "mean place",
        "faults",
        "forfeits",
    ]
    keys = []
    rated = [r for lad in ladders if lad.view.standings for r in lad.view.standings.bots if r.bot == bot]
    if any(r.provisional for r in rated):
        keys.append("*: provisional, too few pods: the rating still leans on the prior")
    if any(r.side.value != "two-sided" for r in rated):
        keys.append(
            "≥ R / ≤ R: a one-sided 99 % bound (the bot never placed behind, or ahead of, a bot outside its"
            " group); its Elo, in brackets, is where the prior stops it"
        )
    note = f'<p class="muted">{escape("; ".join(keys))}.</p>' if keys else ""
    return table(headers, rows, cls="data bot-ladders cards", labelled=True) + note


def _head_to_head(ladder: SiteLadder, bot: str) -> list[tuple[Any, ...]]:
    rows: list[tuple[Any, ...]] = []
    for (a, b), pair in sorted(ladder.view.pairs.items()):
        if bot not in (a, b):
            continue
        other = b if a == bot else a
        rows.append((Markup(bot_link(other, 1), other), f"{100 * pair.share(bot):.0f}%", pair.games))
    return rows
