"""What a host sees of a ladder: the standings table, the model behind it, head-to-head, exports.

Rich tables for ``arena ladder show`` and the end of ``arena run``, the same content as JSON and CSV,
and the live table shown while a run plays. The numbers come from :func:`ladders.fit.fit_ladder`; the
reading guide is ``docs/ladders.md`` (Reading the ladder).
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table

from arena.fault_report import FaultSummary, bot_faults, kinds_text
from arena.rating_text import rating_cells
from arena.report import plain, shown
from arena.web.names import plural
from engine.core.visible import visible
from ladders.records import HeadToHead, describe, head_to_head

if TYPE_CHECKING:
    from ladders.fit import BotRating, Standings
    from ladders.live import LiveRatings
    from ladders.records import MatchRecord

MATRIX_LIMIT = 12
"""Largest ladder whose head-to-head matrix is printed (``--json`` always has every pair)."""


def _finite(value: float) -> float | None:
    return round(value, 1) if math.isfinite(value) else None


@dataclass(frozen=True, slots=True)
class LadderView:
    """What ``arena ladder show`` and the end of ``arena run`` print about one ladder."""

    ladder: str
    matches: int
    """Rated matches (aborted ones are stored but not rated)."""
    rows: list[dict[str, Any]]
    """One per bot, best first: the columns of the table and of ``--csv``."""
    standings: Standings | None
    """The fit behind the rows; None when the ladder has no rated match."""
    pairs: dict[tuple[str, str], HeadToHead]
    """:func:`ladders.records.head_to_head` of the rated matches."""
    faults: dict[str, FaultSummary] = field(default_factory=dict)
    """Why each bot that faulted did, over every stored match of the ladder."""


def ladder_view(
    ladder: str, records: Sequence[MatchRecord], *, standings: Standings | None = None
) -> LadderView:
    """The view of a ladder from its stored matches (``Store.ladder_matches``), read once.

    The fit is computed from the rated matches unless given (by a run that has just computed it).
    """
    from ladders.fit import fit_ladder  # numpy: only when a ladder is fitted

    rated = [m.rated() for m in records if m.is_rated]
    if standings is None and rated:
        standings = fit_ladder(rated)
    stats = describe(rated)
    faults = bot_faults(records)
    rows = []
    fitted = standings.bots if standings else ()
    for i, r in enumerate(fitted):
        s = stats[r.bot]
        below = standings.superiority[i][i + 1] if standings and i + 1 < len(fitted) else None
        assert standings is not None
        elo_text, interval_text = _rating_cells(r, standings)
        rows.append(
            {
                "bot": r.bot,
                "pods": r.pods,
                "games": r.games,
                "elo": round(r.rating, 1),
                "low": _finite(r.low),
                "high": _finite(r.high),
                "bound": r.side.value,
                "provisional": r.provisional,
                "los_next": None if below is None else round(below, 4),
                "win_share": round(s.win_share, 4),
                "mean_place": round(s.mean_place, 3),
                "faults": faults[r.bot].fault_total if r.bot in faults else 0,
                "forfeits": faults[r.bot].forfeit_total if r.bot in faults else 0,
                **(faults[r.bot] if r.bot in faults else FaultSummary()).to_json(),
                "level": r.level,
                "interval_basis": r.basis.value,
                "elo_text": elo_text,
                "interval_text": interval_text,
            }
        )
    return LadderView(ladder, len(rated), rows, standings, head_to_head(rated), faults)


def ladder_json(view: LadderView) -> dict[str, Any]:
    """Everything the view holds, for ``--json``: the rows, the model and prior, seats, ties, the full
    likelihood-of-superiority matrix and every head-to-head pair."""
    st = view.standings
    out: dict[str, Any] = {"ladder": view.ladder, "matches": view.matches, "bots": view.rows}
    if st is None:
        return out
    names = [b.bot for b in st.bots]
    out.update(
        {
            "pods": st.pods,
            "provisional": st.is_provisional,
            "min_pods": st.min_pods,
            "model": "Plackett-Luce with seat terms and Davidson-Luce ties; 95 % intervals",
            "prior": st.prior.to_json(),
            "anchor": {"bot": st.anchor_bot, "rating": st.anchor_rating, "reference": list(st.reference)},
            "warnings": list(st.warnings),
            "seats": [
                {"seat": s.seat, "elo": round(s.elo, 1), "low": round(s.low, 1), "high": round(s.high, 1)}
                for s in st.seats
            ],
            "ties": [
                {
                    "size": t.size,
                    "weight": round(t.weight, 4),
                    "low": round(t.low, 4),
                    "high": round(t.high, 4),
                    "matches": t.matches,
                }
                for t in st.ties
            ],
            "superiority": {
                "bots": names,
                "matrix": [[round(p, 4) for p in row] for row in st.superiority],
                "meaning": "matrix[i][j]: probability that bots[i] is stronger than bots[j]",
            },
            "head_to_head": [
                {
                    "a": h.a,
                    "b": h.b,
                    "games": h.games,
                    "a_ahead": h.a_ahead,
                    "b_ahead": h.b_ahead,
                    "tied": h.tied,
                    "a_share": round(h.share(h.a), 4),
                }
                for h in view.pairs.values()
            ],
        }
    )
    return out


def csv_rows(view: LadderView) -> list[dict[str, Any]]:
    """The rows of ``--csv``: the ladder key on every row; one ``bot`` row per bot (empty cells for
    unbounded sides), then one ``seat`` row per seat advantage (Elo against seat 0, with its interval)."""
    rows: list[dict[str, Any]] = [
        {
            "ladder": view.ladder,
            "row": "bot",
            **row,
            "fault_kinds": kinds_text(row["fault_kinds"]),
            "forfeit_causes": kinds_text(row["forfeit_causes"]),
            "last_fault": "; ".join(f"{k}: {m}" for k, m in row["last_fault"].items()),
            "seat": "",
        }
        for row in view.rows
    ]
    if view.standings is not None:
        for seat in view.standings.seats:
            rows.append(
                {
                    "ladder": view.ladder,
                    "row": "seat",
                    "seat": seat.seat,
                    "elo": round(seat.elo, 1),
                    "low": round(seat.low, 1),
                    "high": round(seat.high, 1),
                }
            )
    return rows


def csv_text(view: LadderView, cell: Callable[[str], str] | None = None) -> str:
    """:func:`csv_rows` as CSV text with a header row (``arena ladder show --csv``, the site's download);
    ``cell`` rewrites every text cell (the command line makes control characters visible)."""
    rows = csv_rows(view)
    if cell is not None:
        rows = [{k: cell(v) if isinstance(v, str) else v for k, v in row.items()} for row in rows]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]) if rows else ["ladder"], lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def _rating_cells(r: BotRating, st: Standings) -> tuple[str, str]:
    """The Elo and interval cells of one bot (:func:`arena.rating_text.rating_cells`)."""
    # The named anchor, or the one bot the others are read against, has no interval of its own.
    return rating_cells(r.rating, r.low, r.high, r.side.value, anchor=st.reference == (r.bot,))


def print_ladder(console: Console, view: LadderView) -> None:
    """The ladder: its standings, what they rest on, the seat advantages, ties and head-to-head."""
    console.print(f"[bold]Ladder[/bold] {shown(view.ladder)}", highlight=False)
    st = view.standings
    if st is None:
        console.print("no rated matches yet")
        return
    console.print(standings_table(view))
    for line in fault_lines(view):
        console.print(line, highlight=False, markup=False, soft_wrap=True)
    for line in notes(st):
        console.print(line, highlight=False, markup=False)
    console.print(seats_table(st))
    if len(st.bots) <= MATRIX_LIMIT:
        console.print(head_to_head_table(view))


def standings_table(view: LadderView) -> Table:
    st = view.standings
    assert st is not None
    status = f" · PROVISIONAL (a bot has fewer than {st.min_pods} pods)" if st.is_provisional else ""
    table = Table(title=f"{plural(view.matches, 'match')} in {plural(st.pods, 'pod')}{status}")
    widest = max((len(r.bot) for r in st.bots), default=3)
    faulted = any(row["faults"] or row["forfeits"] for row in view.rows)
    table.add_column("#", justify="right")
    table.add_column("bot", min_width=min(widest, 20), overflow="fold")
    columns = ["pods", "games", "Elo", "95 % interval", "LoS next", "wins", "place"]
    for name in [*columns, *(("faults", "forfeits") if faulted else ())]:
        table.add_column(name, justify="right", no_wrap=True)
    for i, (r, row) in enumerate(zip(st.bots, view.rows, strict=True), 1):
        elo, interval = _rating_cells(r, st)
        counts = [str(row["faults"] or ""), str(row["forfeits"] or "")] if faulted else []
        table.add_row(
            str(i),
            plain(r.bot),
            f"{r.pods}*" if r.provisional else str(r.pods),
            str(r.games),
            elo,
            interval,
            "" if row["los_next"] is None else f"{100 * row['los_next']:.0f}%",
            f"{100 * row['win_share']:.1f}%",
            f"{row['mean_place']:.2f}",
            *counts,
        )
    return table


def fault_lines(view: LadderView) -> list[str]:
    """One line per bot that faulted: its forfeits by cause, its faults by kind, the last message of the
    worst kind (a crash quotes its process's last output lines); control characters made visible."""
    if not view.faults:
        return []
    order = [r["bot"] for r in view.rows] + sorted(set(view.faults) - {r["bot"] for r in view.rows})
    return ["Faults and forfeits:"] + [
        f"  {visible(bot)}: {visible(view.faults[bot].text())}" for bot in order if bot in view.faults
    ]


def notes(st: Standings) -> list[str]:
    """The lines under the standings: how to read them and what they rest on."""
    if st.anchor_bot:
        anchor = f"{st.anchor_bot} = {st.anchor_rating:.0f}"
    elif len(st.reference) < len(st.bots):
        anchor = f"the field = mean of {', '.join(st.reference)} = {st.anchor_rating:.0f}"
    else:
        anchor = f"the field (mean of all bots) = {st.anchor_rating:.0f}"
    skewed = (
        " (asymmetric where the posterior is skewed)"
        if any(r.basis.value == "skewed" for r in st.bots)
        else ""
    )
    lines = [
        f"Elo: posterior mode, Plackett-Luce with seat terms and Davidson-Luce ties; {anchor}.",
        f"Prior: {st.prior.text()}.",
        "95 % interval, in Elo: the wider of the model-based and the pod-robust one (t, pods - 1 degrees of"
        f" freedom){skewed}. LoS next: probability that the bot is stronger than the next one down.",
    ]
    if any(r.side.value != "two-sided" for r in st.bots):
        lines.append(
            "≥ R / ≤ R: a one-sided 99 % bound in Elo from the bot's own games (a provisional bot's counting"
            " each pod as one game): it never placed behind (ahead of) a bot outside its group, so the games"
            " bound its rating on one side only, and its Elo, in brackets, is where the prior stops it."
        )
    lines += [f"Warning: {w}" for w in st.warnings]
    if st.is_provisional:
        lines.append(f"*: provisional, fewer than {st.min_pods} pods: the rating still leans on the prior.")
    if st.ties:
        tie_text = ", ".join(
            f"{t.size}-way {t.weight:.2f} ({t.low:.2f} .. {t.high:.2f}), {plural(t.matches, 'match')}"
            for t in st.ties
        )
        lines.append(f"Tie weights (1 = a tie as likely as either order between equals): {tie_text}.")
    return lines


def seats_table(standings: Standings) -> Table:
    table = Table(title="Seat advantage")
    table.add_column("seat", justify="right")
    table.add_column("Elo against seat 0", justify="right")
    table.add_column("95 % interval", justify="right")
    for s in standings.seats:
        table.add_row(str(s.seat), f"{s.elo:+.0f}", f"{s.low:+.0f} .. {s.high:+.0f}")
    return table


def head_to_head_table(view: LadderView) -> Table:
    """Row bot against column bot: share of their games where the row placed ahead (a shared place
    counts half), and the number of games they played together."""
    st = view.standings
    assert st is not None
    names = [r.bot for r in st.bots]
    table = Table(title="Head to head: % of shared games the row bot placed ahead of the column bot (games)")
    table.add_column("#", justify="right")
    table.add_column("bot", overflow="fold", max_width=24)
    for i in range(len(names)):
        table.add_column(str(i + 1), justify="right", no_wrap=True)
    for i, a in enumerate(names):
        cells = []
        for j, b in enumerate(names):
            pair = view.pairs.get((a, b) if a < b else (b, a))
            if i == j:
                cells.append("—")
            elif pair is None:
                cells.append("·")
            else:
                cells.append(f"{100 * pair.share(a):.0f}% ({pair.games})")
        table.add_row(str(i + 1), plain(a), *cells)
    return table


def live_standings(live: LiveRatings) -> Table:
    """The live table while a run plays: the same fit as the final ladder, refitted as matches come in."""
    st = live.standings()
    waiting = f", {live.pending} new not yet fitted" if live.pending else ""
    table = Table(title=f"Live ratings ({plural(len(live.matches), 'match')}{waiting})")
    table.add_column("bot")
    table.add_column("games", justify="right")
    table.add_column("Elo", justify="right")
    table.add_column("95 % interval", justify="right")
    if st is not None:
        for r in st.bots:
            elo, interval = _rating_cells(r, st)
            table.add_row(plain(r.bot), str(r.games), elo, interval)
    return table
