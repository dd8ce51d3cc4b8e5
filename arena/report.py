"""Rich rendering for the command line: game listings, live match views, results.

Ladders (standings, head-to-head, exports, the live table of a run) are in :mod:`arena.ladder_report`.

Design detail: what a bot controls (its name, its answers' texts, its output quoted in faults) reaches
the terminal only through :func:`shown` (inside rich markup) or :func:`plain` (a table cell, a line
printed without markup): control characters are made visible (:func:`engine.core.visible.visible`) and
markup is text, so ``ESC[2J`` or ``[bold red]`` in a name prints as those characters. The console of
:func:`make_console` also makes visible any control character that reaches its output some other way,
keeping only the line breaks and tabs of the program's own layout.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from rich.console import Console, ConsoleOptions, RenderableType
from rich.markup import escape
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from engine.core.match import MatchHooks
from engine.core.registry import TEXT_CHECKED
from engine.core.visible import visible, visible_lines

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.core.events import Event
    from engine.core.registry import GameInfo, VariantInfo
    from engine.core.result import Fault, Result
    from engine.core.state import State


class StdoutClosed(Exception):
    """The reader of standard output has gone (``arena play ... | head -3``)."""


def shown(text: str) -> str:
    """Text a bot controls, to put inside rich markup: control characters visible, markup escaped."""
    return escape(visible(text))


def plain(text: str) -> Text:
    """Text a bot controls, as a table cell or a line of its own: control characters visible, and
    never read as markup."""
    return Text(visible(text))


class _StoppingConsole(Console):
    """A console that raises :class:`StdoutClosed` when its reader has gone (rich's own raises
    ``SystemExit``, which ends only the thread that printed: a match's referee thread, say), and whose
    output holds no control character but its own styles and cursor moves."""

    def render(self, renderable: RenderableType, options: ConsoleOptions | None = None) -> Iterable[Segment]:
        for segment in super().render(renderable, options):
            text = segment.text
            if segment.control is None and not (text.isascii() and text.isprintable()):
                yield Segment(visible_lines(text), segment.style)
            else:
                yield segment

    def on_broken_pipe(self) -> None:
        self.quiet = True
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # later writes and the final flush go nowhere
        os.close(devnull)
        raise StdoutClosed("standard output was closed")


def make_console(*, stderr: bool = False) -> Console:
    """A console for the CLI: the terminal's width, or 120 columns when the output is not a terminal.

    A print after the reader of standard output has gone raises :class:`StdoutClosed` (once; the
    console is quiet from then on), which the entry point turns into SIGPIPE's exit status. With
    ``stderr`` the console writes to standard error, always as wide as the text (``soft_wrap``).
    """
    # emoji=False: ``:x:`` in a bot's spec or a player's text stays as typed (rich would draw an emoji)
    if stderr:
        return _StoppingConsole(stderr=True, soft_wrap=True, emoji=False)
    return _StoppingConsole(width=None if sys.stdout.isatty() else 120, emoji=False)


def not_played_line(line: str) -> Text:
    """``not played: MATCH: reason`` with the label in red and the reason as plain text (an error
    text may hold brackets that rich would read as markup)."""
    return Text.assemble(("not played:", "red"), " ", visible(line))


def games_table(games: Sequence[GameInfo]) -> Table:
    """Every game's variants with their player counts and options, a game's rows grouped under its
    name and aliases."""
    table = Table(title="Games")
    table.add_column("game (aliases)", no_wrap=True)
    table.add_column("variant", no_wrap=True)
    table.add_column("players", no_wrap=True)
    table.add_column("options: default (valid values)", overflow="fold")
    for info in games:
        last = len(info.variants) - 1
        for i, variant in enumerate(info.variants):
            options = "\n".join(  # an option a line: a long one then wraps only at its own spaces
                f"{k}={_opt_text(v)}" + ("" if isinstance(v, bool) else f" ({_range_text(variant, k)})")
                for k, v in variant.options
            )
            players = f"{variant.min_players}-{variant.max_players}"
            game = Text("")
            if i == 0:  # the name and aliases on the first variant's row, a line under the last
                game = Text(info.id)
                for alias in info.aliases:
                    game.append(f"\n{alias}", style="dim")
            table.add_row(game, variant.id, players, options, end_section=i == last)
    if any(
        v.option_range(k) == (TEXT_CHECKED,) for info in games for v in info.variants for k, _ in v.options
    ):
        table.caption = "(*) a text the game checks: a wrong one's error names the valid forms"
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
            table.add_row(str(result.places[seat]), str(seat), plain(names[seat]), f"{score:g}", note)
    return table


def first_faults(result: Result) -> list[str]:
    """A line for each seat that committed faults: how many, and the first (its ply, kind and message)."""
    lines = []
    for seat in sorted({f.seat for f in result.faults}):
        own = [f for f in result.faults if f.seat == seat]
        first = own[0]
        count = "1 fault" if len(own) == 1 else f"{len(own)} faults, the first"
        lines.append(f"seat {seat}: {count} at ply {first.ply} ({first.kind.value}): {shown(first.message)}")
    return lines


def action_line(ply: int, turn: int, seat: int, name: str, text: str | None) -> str:
    """One applied action as the live view, ``arena replay`` and the human seat print it (rich markup).

    ``ply`` is the number of actions applied before this one, the ``ply`` of the ``DecisionRequest``
    it answered and of the replay record; ``turn`` is the game's turn (Puerto Rico: its round) when the
    action was chosen. ``text`` None: another seat's action in a seat's view, shown as ``acts`` (an
    action's text can hold what the seat may not see, the cards of a discard, a card kept; what it may
    see is in the events printed under it), as the replay viewer does.
    """
    shown_text = "[dim]acts[/dim]" if text is None else f"[cyan]{shown(text)}[/cyan]"
    return f"[dim]ply {ply:>4} turn {turn:>3}[/dim]  [bold]seat {seat}[/bold] ({shown(name)}): {shown_text}"


def seen_text(action: Action, actor: int, viewer: int | None) -> str | None:
    """The action's text for ``viewer`` (None: the referee, who sees all), or None when it is another
    seat's (see :func:`action_line`)."""
    return action.text() if viewer is None or viewer == actor else None


class LiveView(MatchHooks):
    """Prints every applied action and what it caused: as the referee sees it, or as ``seat`` does."""

    def __init__(self, console: Console, names: Sequence[str], *, seat: int | None = None) -> None:
        self.console = console
        self.names = list(names)
        self.seat = seat
        """The seat whose view of the events is printed (a human seat's); None: everything."""
        self.turn = 0

    def on_seats(self, names: Sequence[str]) -> None:
        if list(names) != self.names:  # a bot's hello named its seat
            seats = ", ".join(f"seat {s} {visible(n)}" for s, n in enumerate(names))
            self.console.print(f"seats: {seats}", highlight=False, markup=False, soft_wrap=True)
        self.names = list(names)

    def on_start(self, state: State) -> None:
        self.turn = state.turn

    def on_action(self, seat: int, action: Action, events: list[Event], state: State) -> None:
        line = action_line(
            state.ply - 1, self.turn, seat, self.names[seat], seen_text(action, seat, self.seat)
        )
        self.console.print(line, highlight=False)
        self.turn = state.turn
        for event in events:
            text = event.text(self.seat)
            if text:
                self.console.print(Text("       " + visible(text), style="dim"), highlight=False)

    def on_fault(self, fault: Fault) -> None:
        self.console.print(
            f"[red]fault[/red] ply {fault.ply} seat {fault.seat} ({fault.kind.value}, strike {fault.strike}): "
            f"{shown(fault.message)}",
            highlight=False,
        )
