"""Rich rendering for the command line: game listings, live match views, results."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from engine.core.match import MatchHooks
from ladders.elo import live_elo
from ladders.records import describe

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.core.events import Event
    from engine.core.registry import GameInfo, VariantInfo
    from engine.core.result import Fault, Result
    from engine.core.state import State
    from ladders.elo import LiveElo
    from ladders.fit import Standings
    from ladders.records import BotStats, MatchRecord


class StdoutClosed(Exception):
    """The reader of standard output has gone (``arena play ... | head -3``)."""


class _StoppingConsole(Console):
    """A console that raises :class:`StdoutClosed` when its reader has gone (rich's own raises
    ``SystemExit``, which ends only the thread that printed: a match's referee thread, say)."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # later writes and the final flush go nowhere
        os.close(devnull)
        raise StdoutClosed("standard output was closed")


def make_console(*, stop_on_closed_stdout: bool = False) -> Console:
    """A console for the CLI: the terminal's width, or 120 columns when the output is not a terminal.

    ``stop_on_closed_stdout``: a print after the reader of standard output has gone raises
    :class:`StdoutClosed` (once; the console is quiet from then on).
    """
    cls = _StoppingConsole if stop_on_closed_stdout else Console
    return cls(width=None if sys.stdout.isatty() else 120)


def games_table(games: Sequence[GameInfo]) -> Table:
    table = Table(title="Games")
    table.add_column("game")
    table.add_column("aliases")
    table.add_column("variant")
    table.add_column("players")
    table.add_column("options: default (valid values)")
    for info in games:
        for variant in info.variants:
            options = ", ".join(
                f"{k}={_opt_text(v)}" + ("" if isinstance(v, bool) else f" ({_range_text(variant, k)})")
                for k, v in variant.options
            )
            players = f"{variant.min_players}-{variant.max_players}"
            table.add_row(info.id, ", ".join(info.aliases), variant.id, players, options)
    return table


def _opt_text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _range_text(variant: VariantInfo, name: str) -> str:
    valid = variant.option_range(name)
    if isinstance(valid[0], int) and not isinstance(valid[0], bool):
        return f"{valid[0]}-{valid[1]}"
    return "|".join(str(v) for v in valid)


def result_table(result: Result, names: Sequence[str]) -> Table:
    table = Table(title=f"Result ({result.termination.value})")
    table.add_column("place", justify="right")
    table.add_column("seat", justify="right")
    table.add_column("bot")
    table.add_column("score", justify="right")
    table.add_column("note")
    for group in result.ranking:
        for seat in group:
            note = "forfeited" if seat in result.forfeits else ""
            strikes = sum(1 for f in result.faults if f.seat == seat)
            if strikes:
                note = (note + f" {strikes} fault(s)").strip()
            score = result.scores[seat]
            shown = f"{score:g}"
            table.add_row(str(result.places[seat]), str(seat), names[seat], shown, note)
    return table


class LiveView(MatchHooks):
    """Prints every applied action and what it caused, as the referee sees it."""

    def __init__(self, console: Console, names: Sequence[str]) -> None:
        self.console = console
        self.names = list(names)

    def on_action(self, seat: int, action: Action, events: list[Event], state: State) -> None:
        self.console.print(
            f"[dim]{state.ply:4d}[/dim] [bold]seat {seat}[/bold] ({self.names[seat]}): "
            f"[cyan]{action.text()}[/cyan]",
            highlight=False,
        )
        for event in events:
            line = event.text(None)
            if line:
                self.console.print(Text("       " + line, style="dim"), highlight=False)

    def on_fault(self, fault: Fault) -> None:
        self.console.print(
            f"[red]fault[/red] seat {fault.seat} ({fault.kind.value}, strike {fault.strike}): "
            f"{fault.message}",
            highlight=False,
        )


def fault_counts(records: Sequence[MatchRecord]) -> dict[str, tuple[int, int]]:
    """Faults and forfeits of each bot over stored matches: ``{bot: (faults, forfeits)}``."""
    counts: dict[str, list[int]] = {}
    for record in records:
        for fault in record.faults:
            counts.setdefault(record.bots[int(fault["seat"])], [0, 0])[0] += 1
        for seat in record.forfeits:
            counts.setdefault(record.bots[seat], [0, 0])[1] += 1
    return {bot: (c[0], c[1]) for bot, c in counts.items()}


def ladder_rows(
    standings: Standings | None,
    live: LiveElo | None,
    stats: dict[str, BotStats],
    faults: dict[str, tuple[int, int]] | None = None,
) -> list[dict[str, Any]]:
    """One row per bot, best first: the columns of ``arena ladder show``."""
    faults = faults or {}
    fitted = {b.bot: b for b in standings.bots} if standings else {}
    order = [b.bot for b in standings.bots] if standings else sorted(stats)
    rows = []
    for bot in order:
        s = stats.get(bot)
        f = fitted.get(bot)
        rows.append(
            {
                "bot": bot,
                "games": s.games if s else 0,
                "elo": round(f.rating, 1) if f else None,
                "low": round(f.low, 1) if f else None,
                "high": round(f.high, 1) if f else None,
                "live_elo": round(live.rating(bot), 1) if live else None,
                "win_share": round(s.win_share, 4) if s else 0.0,
                "mean_place": round(s.mean_place, 3) if s else 0.0,
                "faults": faults.get(bot, (0, 0))[0],
                "forfeits": faults.get(bot, (0, 0))[1],
            }
        )
    return rows


@dataclass(frozen=True, slots=True)
class LadderView:
    """What ``arena ladder show`` and the end of ``arena run`` print about one ladder."""

    ladder: str
    matches: int
    """Rated matches (aborted ones are stored but not rated)."""
    rows: list[dict[str, Any]]
    """:func:`ladder_rows`: one per bot, best first."""
    standings: Standings | None
    """The fit behind the rows; None when the ladder has no rated match."""


def ladder_view(
    ladder: str,
    records: Sequence[MatchRecord],
    *,
    standings: Standings | None = None,
    live: LiveElo | None = None,
    samples: int = 200,
) -> LadderView:
    """The rows of a ladder from its stored matches (``Store.ladder_matches``), read once.

    The fit (with ``samples`` bootstrap resamples) and the live Elo are computed from the rated matches
    only when they are not given, e.g. by a run that has just computed them from the same matches.
    """
    from ladders.fit import fit_ladder  # numpy: only when a ladder is fitted

    rated = [m.rated() for m in records if m.is_rated]
    if standings is None and rated:
        standings = fit_ladder(rated, samples=samples)
    if live is None:
        live = live_elo(rated)
    rows = ladder_rows(standings, live, describe(rated), fault_counts(records))
    return LadderView(ladder, len(rated), rows, standings)


def print_ladder(console: Console, view: LadderView) -> None:
    """The ladder's name, its table, and the seat advantages when there is a fit."""
    console.print(f"[bold]Ladder[/bold] {view.ladder}", highlight=False)
    console.print(ladder_table(f"{view.matches} matches", view.rows))
    if view.standings:
        console.print(seats_table(view.standings))


def ladder_table(title: str, rows: list[dict[str, Any]]) -> Table:
    table = Table(title=title)
    widest = max((len(row["bot"]) for row in rows), default=3)
    table.add_column("#", justify="right")
    table.add_column("bot", min_width=min(widest, 40), overflow="fold")
    for name in ("games", "Elo", "95% CI", "live Elo", "wins", "place", "faults"):
        table.add_column(name, justify="right", no_wrap=True)
    for i, row in enumerate(rows, 1):
        interval = "" if row["low"] is None else f"{row['low']:.0f} .. {row['high']:.0f}"
        table.add_row(
            str(i),
            row["bot"],
            str(row["games"]),
            "" if row["elo"] is None else f"{row['elo']:.0f}",
            interval,
            "" if row["live_elo"] is None else f"{row['live_elo']:.0f}",
            f"{100 * row['win_share']:.1f}%",
            f"{row['mean_place']:.2f}",
            f"{row['faults']} ({row['forfeits']} forfeits)" if row["faults"] or row["forfeits"] else "",
        )
    return table


def seats_table(standings: Standings) -> Table:
    table = Table(title="Seat advantage (Elo against seat 0)")
    table.add_column("seat", justify="right")
    table.add_column("Elo", justify="right")
    table.add_column("95% interval", justify="right")
    for s in standings.seats:
        table.add_row(str(s.seat), f"{s.elo:+.0f}", f"{s.low:+.0f} .. {s.high:+.0f}")
    return table


def live_standings(live: LiveElo) -> Table:
    table = Table(title="Live Elo")
    table.add_column("bot")
    table.add_column("games", justify="right")
    table.add_column("live Elo", justify="right")
    for bot in sorted(live.ratings, key=lambda b: (-live.rating(b), b)):
        table.add_row(bot, str(live.games.get(bot, 0)), f"{live.rating(bot):.0f}")
    return table
