"""The index of the site (ladders grouped by game, every bot) and a ladder's page (standings with the
numbers of ``arena ladder show``, plots, seat advantages, head to head, its matches)."""

from __future__ import annotations

from html import escape
from typing import Any

from arena.ladder_report import _rating_cells, fault_lines, notes
from arena.web import plots
from arena.web.match_list import match_list
from arena.web.model import Site, SiteLadder
from arena.web.names import plural, when
from arena.web.pages import Markup, bot_link, key_code, page, summary_line, table


def index_page(site: Site) -> str:
    """Every ladder, grouped by game, with its human name, and every bot."""
    sources = ", ".join(site.databases)
    if not site.ladders:
        body = (
            f'<h1 id="ladders">Ladders</h1><p class="error">{escape(sources)}: no ladder yet, no match has'
            " been stored. Run a tournament (<code>arena run ... --db FILE</code>) and write the report"
            " again.</p>"
        )
        return page("arena report", body, refresh=site.refresh, stamp=site.stamp, stamp_changes=True)
    matches = sum(len(lad.records) for lad in site.ladders)
    bots = site.bots()
    parts = [
        '<h1 id="ladders">Ladders</h1>',
        summary_line(
            [
                f"from {sources}",
                plural(len(site.ladders), "ladder"),
                plural(matches, "match"),
                plural(len(bots), "bot"),
            ]
        ),
    ]
    games: dict[str, list[SiteLadder]] = {}
    for lad in site.ladders:
        games.setdefault(lad.name.game_title, []).append(lad)
    for title, ladders in sorted(games.items()):
        parts.append(f'<h2 id="game-{escape(ladders[0].name.game)}">{escape(title)}</h2>')
        rows = []
        for lad in ladders:
            leader = _leader(lad)
            rows.append(
                (
                    Markup(
                        f'<a href="{lad.file}">{escape(site.title(lad))}</a><br>{key_code(lad.name.key, 60)}',
                        site.title(lad),
                    ),
                    len(lad.records),
                    len({b for m in lad.records for b in m.bots}),
                    leader,
                    Markup(escape(when(lad.records[-1].finished)), lad.records[-1].finished),
                )
            )
        heads = ["ladder", "matches", "bots", "leader", "last match"]
        parts.append(table(heads, rows, names=(0, 3), cls="data ladders cards", labelled=True))
    parts.append('<h2 id="bots">Bots</h2>')
    rows2 = []
    for bot, ladders in bots.items():
        seats = [(lad, m) for lad in ladders for m in lad.records if bot in m.bots]
        faults = sum(1 for _, m in seats for f in m.faults if m.bots[int(f["seat"])] == bot)
        rows2.append(
            (
                Markup(bot_link(bot, 0), bot),
                len(ladders),
                len(seats),
                faults or "",
            )
        )
    parts.append(table(["bot", "ladders", "matches", "faults"], rows2))
    return page("arena report", "".join(parts), refresh=site.refresh, stamp=site.stamp, stamp_changes=True)


def _leader(ladder: SiteLadder) -> Markup | str:
    st = ladder.view.standings
    if st is None or not st.bots:
        return ""
    top = st.bots[0]
    elo, _ = _rating_cells(top, st)
    return Markup(f"{bot_link(top.bot, 0)} {escape(elo)}", top.bot)


def ladder_page(site: Site, ladder: SiteLadder) -> str:
    """Standings (the numbers of ``arena ladder show``), notes, plots, seat advantages, head to head and
    the list of matches."""
    view = ladder.view
    st = view.standings
    title = site.title(ladder)
    parts = [f"<h1>{escape(title)}</h1>"]
    facts: list[str | Markup] = [
        Markup(key_code(ladder.name.key)),
        ladder.name.rules,
        f"database {ladder.database}" if len(site.databases) > 1 else "",
    ]
    if st is not None:
        facts.append(f"{plural(view.matches, 'match')} in {plural(st.pods, 'pod')}")
        if st.is_provisional:
            facts.append(f"PROVISIONAL (a bot has fewer than {st.min_pods} pods)")
    parts.append(summary_line(facts))
    if st is None:
        parts.append('<p class="error">no rated matches yet</p>')
    else:
        parts.append(
            f'<p class="downloads"><a href="{ladder.csv}" download>standings as CSV</a>'
            " (the rows of <code>arena ladder show --csv</code>)</p>"
        )
        parts.append(_standings(ladder))
        parts.extend(f'<p class="note">{escape(line)}</p>' for line in fault_lines(view))
        parts.extend(f'<p class="note">{escape(line)}</p>' for line in notes(st))
        names = [r.bot for r in st.bots]
        parts.append('<h2>Plots</h2><div class="plots">')
        parts.append(f'<div class="plot"><h3>Ratings with 95 % intervals</h3>{plots.ratings_plot(st)}</div>')
        history = plots.history_plot(ladder.rated, names)
        parts.append(f'<div class="plot"><h3>Rating over the matches played</h3>{history}</div>')
        places = plots.places_plot(ladder.rated, names, ladder.seats)
        parts.append(f'<div class="plot"><h3>Places per bot</h3>{places}</div>')
        parts.append("</div>")
        parts.append("<h2>Seat advantage (Elo against seat 0)</h2>")
        parts.append(
            table(
                ["seat", "Elo", "95 % interval"],
                [(s.seat, f"{s.elo:+.0f}", f"{s.low:+.0f} .. {s.high:+.0f}") for s in st.seats],
                names=(),
                cls="data seats",
            )
        )
        parts.append(
            '<h2>Head to head</h2><p class="note">% of shared games the row bot placed ahead of the column'
            " bot (a shared place counts half), and the games they shared.</p>"
        )
        parts.append(head_to_head(ladder, 0))
    parts.append(f"<h2>Matches ({len(ladder.records)})</h2>")
    parts.append(match_list(site, [(ladder, m) for m in ladder.records], 0))
    return page(title, "".join(parts), refresh=site.refresh, stamp=site.stamp)


def _standings(ladder: SiteLadder) -> str:
    st = ladder.view.standings
    assert st is not None
    rows = []
    for i, (r, row) in enumerate(zip(st.bots, ladder.view.rows, strict=True), 1):
        elo, interval = _rating_cells(r, st)  # one rounding: the cells `arena ladder show` prints
        swatch = f'<span class="swatch" style="background:{plots.bot_color(i - 1)}"></span>'
        rows.append(
            (
                i,
                Markup(swatch + bot_link(r.bot, 0), r.bot),
                f"{r.pods}*" if r.provisional else r.pods,
                r.games,
                elo,
                interval,
                "" if row["los_next"] is None else f"{100 * row['los_next']:.0f}%",
                f"{100 * row['win_share']:.1f}%",
                f"{row['mean_place']:.2f}",
                row["faults"] or "",
                row["forfeits"] or "",
            )
        )
    headers = ["#", "bot", "pods", "games", "Elo", "95 % interval", "LoS next", "wins", "mean place"]
    return table([*headers, "faults", "forfeits"], rows, names=(1,), cls="data standings")


def head_to_head(ladder: SiteLadder, depth: int) -> str:
    """The head-to-head table of a ladder: row bot against column bot."""
    st = ladder.view.standings
    assert st is not None
    names = [r.bot for r in st.bots]
    rows = []
    for i, a in enumerate(names):
        cells: list[Any] = [i + 1, Markup(bot_link(a, depth), a)]
        for j, b in enumerate(names):
            pair = ladder.view.pairs.get((a, b) if a < b else (b, a))
            cells.append(
                "—" if i == j else "·" if pair is None else f"{100 * pair.share(a):.0f}% ({pair.games})"
            )
        rows.append(cells)
    return table(["#", "bot", *[str(i + 1) for i in range(len(names))]], rows, names=(1,), cls="data h2h")
