"""What ``arena replay`` and ``arena render --replay`` print of a replay log.

A match move by move, with every fault and forfeit where it happened; or one position: the one at ply
``N`` (after ``N`` actions, the position the ``DecisionRequest`` with ``ply = N`` was made from), as the
referee sees it or as one seat saw it, with that seat's legal actions and what it answered. Plies are
counted as everywhere else: the ply of an action is the number of actions applied before it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.markup import escape

from arena.report import action_line, seen_text, shown
from engine.core.replay import ReplayDivergence, ReplayLog
from engine.registry import game_of_log

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State


@dataclass(frozen=True, slots=True)
class LoggedFault:
    """A fault from the log's result, as :meth:`engine.core.result.Fault.to_json` wrote it."""

    seat: int
    kind: str
    message: str
    ply: int
    strike: int
    forfeits: bool
    """True for the fault that forfeited the seat (its last one, when the seat forfeited)."""


def logged_faults(log: ReplayLog) -> list[LoggedFault]:
    """The faults of a finished log in order; the last fault of each forfeited seat is marked."""
    result = log.result or {}
    raw = list(result.get("faults", []))
    forfeited = {int(s) for s in result.get("forfeits", [])}
    last = {int(f["seat"]): i for i, f in enumerate(raw)}
    return [
        LoggedFault(
            int(f["seat"]),
            str(f["kind"]),
            str(f["message"]),
            int(f["ply"]),
            int(f["strike"]),
            int(f["seat"]) in forfeited and last[int(f["seat"])] == i,
        )
        for i, f in enumerate(raw)
    ]


def fault_line(fault: LoggedFault) -> str:
    """One fault as the replay prints it (rich markup)."""
    line = (
        f"       [red]fault[/red] seat {fault.seat} ({fault.kind}, strike {fault.strike}):"
        f" {shown(fault.message)}; the referee played its default action"
    )
    if fault.forfeits:
        line += (
            f"\n       [red]seat {fault.seat} forfeits[/red]: a fallback bot plays it to the end, ranked last"
        )
    return line


def seat_names(log: ReplayLog) -> list[str]:
    names = [str(n) for n in log.header.get("seats", [])]
    return names + ["?"] * (log.ref.players - len(names))


def header_line(log: ReplayLog) -> str:
    names = seat_names(log)
    seats = ", ".join(f"seat {i} {shown(n)}" for i, n in enumerate(names))
    match = log.header.get("match_id")
    shown_match = f" match {shown(str(match))}" if match else ""
    return f"[bold]{shown(log.ref.canonical())}[/bold] seed {log.seed}{shown_match}: {seats}"


def moves(log: ReplayLog, *, seat: int | None = None, boards: bool = False) -> Iterator[str]:
    """The lines of the match move by move (rich markup): each action with its ply and turn, the events
    (as ``seat`` saw them, or all of them), the faults where they happened; the board after every
    action with ``boards``. Raises :class:`ReplayDivergence` when the log does not replay."""
    game = game_of_log(log)
    names = seat_names(log)
    faults = logged_faults(log)
    state = game.new_state(log.seed)
    for entry in log.records:
        ply = int(entry["ply"])
        while faults and faults[0].ply <= ply:
            yield fault_line(faults.pop(0))
        who = int(entry["seat"])
        turn = state.turn
        action = game.parse_action(entry["action"])
        try:
            events = state.apply(who, action)
        except ValueError as exc:
            raise ReplayDivergence(f"ply {ply}: {exc}") from exc
        yield action_line(ply, turn, who, names[who], seen_text(action, who, seat))
        for event in events:
            text = event.text(seat)
            if text:
                yield f"       [dim]{escape(text)}[/dim]"
        if boards:
            yield escape(state.render())
    for fault in faults:
        yield fault_line(fault)
    yield escape(state.render())
    if log.result:
        r = log.result
        yield shown(f"result: places {r['places']}, scores {r['scores']}, {r['termination']}")


def _state_at(
    log: ReplayLog, ply: int, inbox: list[list[dict[str, Any]]] | None = None
) -> tuple[Game, State, list[list[str]]]:
    """The game, the state after ``ply`` actions, and for every seat the event texts it saw since its
    own last action (the events its next request carries); ``inbox`` gets the same events as each
    seat's view of them (what a decision view carries)."""
    game = game_of_log(log)
    state = game.new_state(log.seed)
    seen: list[list[str]] = [[] for _ in range(game.players)]
    boxes: list[list[dict[str, Any]]] = inbox if inbox is not None else [[] for _ in range(game.players)]
    boxes[:] = [[] for _ in range(game.players)]
    for entry in log.records[:ply]:
        who = int(entry["seat"])
        try:
            events = state.apply(who, game.parse_action(entry["action"]))
        except ValueError as exc:
            raise ReplayDivergence(f"ply {entry['ply']}: {exc}") from exc
        seen[who] = []
        boxes[who] = []
        for s in range(game.players):
            seen[s].extend(t for t in (e.text(s) for e in events) if t)
            if inbox is not None:
                boxes[s].extend(v for v in (e.view(s) for e in events) if v is not None)
    return game, state, seen


def ask_again(log: ReplayLog, ply: int, seat: int, spec: str) -> Iterator[str]:
    """The lines of asking the bot ``spec`` (in process: a ``py:`` class or a built-in bot) the decision
    ``seat`` had at ``ply``, from the same view (its observation, legal actions and the events since
    its last action): what it answers and whether the rules take it, or what it raised, in full.

    The bot is a fresh one, seeded as in the match (its seat and the match seed); what it kept from
    the match's earlier decisions is not there. Raises ``ValueError`` (one line) for a spec that does
    not play in process or a seat that is not to move at ``ply``."""
    import traceback

    from arena.bot_specs import is_in_process
    from bots.builtin import find_bot, make_bot
    from bots.pyclass import is_author_code, make_py_bot
    from engine.core.answers import read_answer
    from engine.core.errors import RulesError
    from engine.core.match import SeatFault
    from engine.core.view import view_of

    check_ply(log, ply)
    inbox: list[list[dict[str, Any]]] = []
    game, state, _ = _state_at(log, ply, inbox)
    if seat not in state.seats_to_move():
        raise ValueError(f"--seat {seat} is not to move at ply {ply}: nothing to ask")
    text = spec.strip()
    if is_author_code(text):
        bot: Any = make_py_bot(text, game, seat, log.seed, match_id=str(log.header.get("match_id") or ""))
    elif is_in_process(text):
        find_bot(text)  # its parameters checked: a one-line ValueError
        bot = make_bot(text, game.ref.game, seat, log.seed)
    else:
        raise ValueError(f"--bot {spec}: not a bot in process (py:FILE.py:Class or a built-in bot)")
    view = view_of(state, seat, inbox, tuple(seat_names(log)))
    yield f"asking {shown(text)} the decision of seat {seat} at ply {ply} (a fresh bot, seeded as in the match):"
    try:
        answer = bot.act(view)
    except SeatFault as exc:  # an in-process class's error, with the line of its file
        yield f"  [red]{exc.kind.value}[/red]: {shown(str(exc))}"
        error = getattr(bot, "error", None)
        if error is not None:  # from the bot's own frames on (the seat's wrapper left out)
            tb = error.__traceback__
            while (
                tb is not None and tb.tb_next is not None and "/bots/sdk/" in tb.tb_frame.f_code.co_filename
            ):
                tb = tb.tb_next
            lines = traceback.format_exception(type(error), error, tb)
            yield from (
                f"  [dim]{escape(line.rstrip())}[/dim]" for chunk in lines for line in chunk.splitlines()
            )
        return
    except Exception as exc:  # a built-in bot's defect
        yield f"  [red]crash[/red]: the bot raised {type(exc).__name__}: {shown(str(exc))}"
        return
    try:
        action = read_answer(answer, view, game, state)
    except RulesError as exc:
        yield f"  it answered {shown(repr(answer))}: [red]refused[/red]: {shown(str(exc))}"
        return
    listed = [a.text() for a in view.legal]
    where = (
        f"index {listed.index(action.text())}" if action.text() in listed else "an action of an open family"
    )
    yield f"  it answers [cyan]{shown(action.text())}[/cyan] ({where}): legal here"


def check_ply(log: ReplayLog, ply: int) -> None:
    """Raise ``ValueError`` (one line) unless ``ply`` is a position of the log: 0 to its length."""
    if not 0 <= ply <= len(log.records):
        raise ValueError(f"--ply {ply}: this match has positions at plies 0 to {len(log.records)}")


def position(log: ReplayLog, ply: int, *, seat: int | None = None, legend: bool = False) -> Iterator[str]:
    """The lines of the position at ``ply`` (rich markup): for the referee (``seat`` None) or as ``seat``
    saw it, with what it was asked and what it answered there."""
    check_ply(log, ply)
    _, state, seen = _state_at(log, ply)
    names = seat_names(log)
    movers = state.seats_to_move()
    to_move = ", ".join(f"seat {s} ({shown(names[s])})" for s in movers) or "nobody, the match is over"
    records = log.records[ply:]
    faults = [f for f in logged_faults(log) if f.ply == ply]
    if seat is None:
        yield f"position at ply {ply} (after {ply} actions), turn {state.turn}; to move: {to_move}"
        yield escape(state.render())
        if legend and state.render_legend():
            yield f"[dim]{escape(state.render_legend())}[/dim]"
        for fault in faults:
            yield fault_line(fault)
        if records:
            nxt = records[0]
            who = int(nxt["seat"])
            yield "next: " + action_line(ply, state.turn, who, names[who], str(nxt["action"]))
        return
    yield (
        f"position at ply {ply} (after {ply} actions), turn {state.turn}, as seat {seat}"
        f" ({shown(names[seat])}) saw it; to move: {to_move}"
    )
    yield escape(state.render_for(seat))
    if legend and state.render_legend():
        yield f"[dim]{escape(state.render_legend())}[/dim]"
    yield f"events seat {seat} saw from its last action on: " + (escape("; ".join(seen[seat])) or "none")
    if seat not in movers:
        later = next((int(r["ply"]) for r in records if int(r["seat"]) == seat), None)
        yield f"seat {seat} is not to move at ply {ply}" + (
            f"; its next action is at ply {later}" if later is not None else "; it does not act again"
        )
        return
    yield from _asked(state, seat)
    for fault in faults:
        if fault.seat == seat:
            yield fault_line(fault)
    answer = next((r for r in records if int(r["seat"]) == seat), None)
    if answer is not None:
        text = str(answer["action"])
        listed = [a.text() for a in state.legal_actions(seat)]
        index = f" (index {listed.index(text)})" if text in listed else " (an action of an open family)"
        played = "the referee played" if any(f.seat == seat for f in faults) else "it answered"
        yield f"{played}: [cyan]{shown(text)}[/cyan]{index}, applied at ply {answer['ply']}"


def _asked(state: State, seat: int) -> Iterator[str]:
    legal = state.legal_actions(seat)
    families = state.families(seat)
    yield f"legal actions of seat {seat} ({len(legal)}):"
    yield from numbered(legal_texts(state, seat))
    for family in families:
        yield f"  or {escape(family.name)}: [bold]{escape(family.syntax)}[/bold]  {escape(family.description)}"


def legal_texts(state: State, seat: int) -> list[str]:
    return [a.text() for a in state.legal_actions(seat)]


def numbered(texts: list[str], width: int = 110) -> Iterator[str]:
    """``[0] text`` cells in columns, as many to a line as fit in ``width`` characters."""
    cells = [f"[{i}] {t}" for i, t in enumerate(texts)]
    if not cells:
        return
    size = max(len(c) for c in cells) + 2
    per_line = max(1, width // size)
    for start in range(0, len(cells), per_line):
        yield escape("  " + "".join(c.ljust(size) for c in cells[start : start + per_line]).rstrip())


def load(path: Any) -> ReplayLog:
    """A replay log from ``path``; ``ValueError`` or ``ReplayDivergence`` (one line) when it cannot be read."""
    log = ReplayLog.read(path)
    game_of_log(log)
    return log
