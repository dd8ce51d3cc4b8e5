"""A human seat: ``arena play GAME --bots human,...`` plays one seat from the terminal.

At each decision of its seat the human sees the position as that seat sees it (``State.render_for``),
the numbered legal actions and the open action families with their syntax, and types an index or an
action's text. A typo gets the game's own parser message (or the rule that refuses the action) and the
question again; nothing a human types is a fault. Forced decisions (one legal action, no family) are
played without asking, as the referee does for bots. There is no clock unless ``--human-clock MS`` asks
for one: then a decision not answered in time is a timeout fault, as for a bot.

Everything goes through the engine API (``legal_actions``, ``families``, ``parse_action``,
``validate``, ``render_for``), so a human seat plays every registered game, in process or beside
spawned gRPC bots. It sees the live state through the match hooks (``on_start``): it reads it only to
draw the seat's own view and to check an answer before giving it.

Design detail: standard input is read by one daemon thread into a queue (:class:`Lines`), so waiting
for a line can time out (the human clock), can be abandoned when the match is interrupted, and never
keeps the process alive after the match.
"""

from __future__ import annotations

import queue
import sys
import threading
import time
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING

from rich.console import Console
from rich.markup import escape

from engine.core.errors import RulesError
from engine.core.match import DecisionView, MatchHooks, SeatFault
from engine.core.result import FaultKind

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.core.events import Event
    from engine.core.game import Game
    from engine.core.result import Fault, Result
    from engine.core.state import State

_SLICE_S = 0.2
"""How often a wait for a line looks whether it was abandoned."""


class Lines:
    """Lines typed on an input stream, read by a daemon thread; ``None`` once the stream is at its end."""

    def __init__(self, stream: IO[str] | None = None) -> None:
        self.stream = stream
        self.queue: queue.Queue[str | None] = queue.Queue()
        self.abandoned = threading.Event()
        self._thread: threading.Thread | None = None
        self._at_end = False

    @property
    def is_terminal(self) -> bool:
        """True when a person types the lines (the terminal echoes them)."""
        stream = self.stream or sys.stdin
        try:
            return stream.isatty()
        except (AttributeError, ValueError):
            return False

    def _read(self) -> None:
        stream = self.stream or sys.stdin
        for line in stream:
            self.queue.put(line.rstrip("\r\n"))
        self.queue.put(None)

    def get(self, timeout: float | None) -> str | None:
        """The next line; None at the end of input; raises ``TimeoutError`` after ``timeout`` seconds
        and ``InterruptedError`` once :meth:`abandon` was called."""
        if self._at_end:
            return None
        if self._thread is None:
            self._thread = threading.Thread(target=self._read, name="human-input", daemon=True)
            self._thread.start()
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            if self.abandoned.is_set():
                raise InterruptedError("the match was interrupted")
            left = _SLICE_S if deadline is None else min(_SLICE_S, deadline - time.monotonic())
            if left <= 0:
                raise TimeoutError
            try:
                line = self.queue.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                self._at_end = True
            return line

    def abandon(self) -> None:
        """Stop every wait for a line (the match is over or was interrupted)."""
        self.abandoned.set()


ENDED = (
    "end of input: nobody answers at the terminal; the referee plays this seat's default actions,"
    " a fault each, until it forfeits"
)


class HumanSeat(MatchHooks):
    """One seat played from the terminal: a ``Bot`` for the match loop and a hook that sees the state."""

    def __init__(
        self, game: Game, seat: int, console: Console, lines: Lines, *, clock_ms: int | None = None
    ) -> None:
        self.game = game
        self.seat = seat
        self.console = console
        self.lines = lines
        self.clock_ms = clock_ms
        self.state: State | None = None
        self.ended = False
        """The input has ended: every later decision faults at once, without a prompt."""

    # -- hooks ---------------------------------------------------------------------------------------

    def on_start(self, state: State) -> None:
        self.state = state
        legend = state.render_legend()
        self.say(f"[bold]You play seat {self.seat}.[/bold] Type the number of an action, or its text.")
        if legend:
            self.say(f"[dim]{escape(legend)}[/dim]")

    # -- the seat ------------------------------------------------------------------------------------

    def act(self, view: DecisionView) -> Action | str | int:
        state = self.state
        if state is None:  # pragma: no cover - the match loop calls on_start first
            raise RuntimeError("a human seat needs the match hooks")
        if view.forced:
            self.say(f"[dim]seat {self.seat}: forced, {escape(view.legal[0].text())}[/dim]")
            return 0
        if self.ended:
            raise SeatFault(FaultKind.DISCONNECT, ENDED)
        self.show(view, state)
        started = time.monotonic()
        while True:
            line = self._line(started)
            if line is None:
                self.ended = True
                self.say(f"[dim]seat {self.seat}: {ENDED}[/dim]")
                raise SeatFault(FaultKind.DISCONNECT, ENDED)
            text = line.strip()
            if not text:
                self.show(view, state)
                continue
            answer = self.read(text, view, state)
            if answer is not None:
                return answer

    def _line(self, started: float) -> str | None:
        self.console.print(f"seat {self.seat}> ", end="", highlight=False, markup=False)
        self.console.file.flush()
        timeout = None if self.clock_ms is None else self.clock_ms / 1000 - (time.monotonic() - started)
        try:
            line = self.lines.get(None if timeout is None else max(0.0, timeout))
        except TimeoutError:
            self.say("")
            raise SeatFault(
                FaultKind.TIMEOUT, f"no answer within the human clock of {self.clock_ms} ms"
            ) from None
        except InterruptedError as exc:
            raise SeatFault(FaultKind.DISCONNECT, str(exc)) from None
        if not self.lines.is_terminal:  # a script's lines are not echoed: show what was read
            self.console.print("" if line is None else line, highlight=False, markup=False)
        return line

    def read(self, text: str, view: DecisionView, state: State) -> Action | None:
        """The action ``text`` names (an index or an action's text), or None after saying why not."""
        if text.removeprefix("-").isdigit():
            index = int(text)
            if 0 <= index < len(view.legal):
                return view.legal[index]
            self.say(f"[red]no action {index}[/red]: type 0 to {len(view.legal) - 1}, or an action's text")
            return None
        try:
            action = self.game.parse_action(text)
            state.validate(self.seat, action)
        except RulesError as exc:
            self.say(f"[red]{escape(str(exc))}[/red]; try again (an empty line shows the actions again)")
            return None
        return action

    def show(self, view: DecisionView, state: State) -> None:
        """The seat's view of the position, then what it may do."""
        self.say("")
        self.say(escape(state.render_for(self.seat)))
        self.say(f"[bold]ply {view.ply} turn {state.turn}: seat {self.seat}, your move[/bold]")
        for line in numbered([a.text() for a in view.legal], self.console.width):
            self.say(escape(line))
        for family in view.families:
            self.say(
                f"  or type {escape(family.name)}: [bold]{escape(family.syntax)}[/bold]"
                + (f"  ({escape(family.description)})" if family.description else "")
            )

    def say(self, line: str) -> None:
        self.console.print(line, highlight=False, soft_wrap=True)


def numbered(texts: Sequence[str], width: int) -> list[str]:
    """``[0] text`` cells in as many columns as fit in ``width``."""
    cells = [f"[{i}] {t}" for i, t in enumerate(texts)]
    if not cells:
        return []
    size = max(len(c) for c in cells) + 2
    per_line = max(1, (width - 2) // size)
    return [
        "  " + "".join(c.ljust(size) for c in cells[i : i + per_line]).rstrip()
        for i in range(0, len(cells), per_line)
    ]


class Hooks(MatchHooks):
    """Several hooks in order (the live view and the human seats)."""

    def __init__(self, hooks: Sequence[MatchHooks]) -> None:
        self.hooks = list(hooks)

    def on_seats(self, names: Sequence[str]) -> None:
        for h in self.hooks:
            h.on_seats(names)

    def on_start(self, state: State) -> None:
        for h in self.hooks:
            h.on_start(state)

    def on_decision(self, view: DecisionView) -> None:
        for h in self.hooks:
            h.on_decision(view)

    def on_action(self, seat: int, action: Action, events: list[Event], state: State) -> None:
        for h in self.hooks:
            h.on_action(seat, action, events, state)

    def on_fault(self, fault: Fault) -> None:
        for h in self.hooks:
            h.on_fault(fault)

    def on_end(self, result: Result, state: State) -> None:
        for h in self.hooks:
            h.on_end(result, state)
