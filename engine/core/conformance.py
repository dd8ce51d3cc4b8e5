"""The conformance suite (HS-15): checks every game must pass, whatever its rules.

:func:`check_playout` plays one seeded random match and asserts at every step that

- ``stall``: a state that is not terminal has seats to move, and each has at least one listed action;
- ``listed``: every listed action validates and applies (on a clone);
- ``text``: every listed action's text parses back to the same action;
- ``rejects``: a malformed text, an unlisted action and a move out of turn are refused with a
  ``RulesError`` and leave the state's fingerprint unchanged;
- ``clone``: a clone has the same fingerprint and stays unchanged when the original moves on
  (clones taken along the way are re-checked at the end);
- ``hidden``: ``observe(seat)`` is unchanged when everything hidden from that seat is re-dealt;
- ``events``: no event's public or private data has a ``kind`` key (its view would lose the event's own
  kind);
- ``turn_cap``: the game's turn counter never passes its turn cap and the match ends;
- ``determinism``: the replay log rebuilds the same final state in a fresh interpreter with a
  different ``PYTHONHASHSEED``.

A failed check raises :class:`ConformanceError` naming the check, the ply and what was seen.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from engine.core.errors import MalformedAction, NotYourTurn, RulesError
from engine.core.replay import ReplayLog, factory_of, game_of, replay
from engine.core.rng import Stream, derive_seed

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.core.game import Game
    from engine.core.state import State

CHECKS = ("stall", "listed", "text", "rejects", "clone", "hidden", "events", "turn_cap", "determinism")

_GARBAGE = ("", "   ", "\x00\x01", "?? nonsense ??", "pass pass pass pass", "9" * 40, "role", "é✓")


class ConformanceError(AssertionError):
    """A game broke the engine contract."""

    def __init__(self, check: str, ply: int, message: str) -> None:
        self.check = check
        self.ply = ply
        super().__init__(f"[{check}] ply {ply}: {message}")


@dataclass(frozen=True, slots=True)
class PlayoutReport:
    """What one conformance playout saw."""

    plies: int
    turns: int
    fingerprint: str
    max_legal: int


def check_playout(
    game: Game,
    seed: int,
    *,
    factory: str | None = None,
    max_plies: int = 20_000,
    subprocess_replay: bool = True,
) -> PlayoutReport:
    """Play one random match of ``game`` from ``seed`` and run every check; raise on the first failure.

    ``factory`` (``module:Class``) is how the replay subprocess builds the game (default: its own class).
    """
    chooser = Stream(derive_seed("conformance", seed))
    state = game.new_state(seed)
    log = ReplayLog.start(game.ref, seed, [f"random-{s}" for s in range(game.players)])
    seen_actions: list[Action] = []
    kept_clones: list[tuple[State, str, int]] = []
    max_legal = 0
    while not state.is_terminal():
        ply = state.ply
        _check_turn_cap(game, state)
        if ply >= max_plies:
            raise ConformanceError("turn_cap", ply, f"no end after {max_plies} plies (turn {state.turn})")
        movers = state.seats_to_move()
        if not movers:
            raise ConformanceError("stall", ply, "the match is not over but no seat is to move")
        for seat in movers:
            if not state.legal_actions(seat):
                raise ConformanceError("stall", ply, f"seat {seat} is to move but has no listed action")
        seat = movers[chooser.below(len(movers))]
        legal = state.legal_actions(seat)
        max_legal = max(max_legal, len(legal))
        before = state.fingerprint()
        twin = state.clone()
        if twin.fingerprint() != before:
            raise ConformanceError("clone", ply, "a fresh clone has a different fingerprint")
        twin_of_twin = twin.clone()
        twin_of_twin.apply(seat, legal[0])
        if twin.fingerprint() != before or state.fingerprint() != before:
            raise ConformanceError("clone", ply, "applying to a clone changed its source")
        if ply % 7 == 0:
            kept_clones.append((state.clone(), before, ply))
        # ``before`` stands for the state in every check below: nothing may have changed it.
        _check_listed(game, state, seat, legal)
        _check_rejects(game, state, seat, legal, seen_actions, chooser, before)
        _check_hidden(state, chooser, before)
        action = legal[chooser.below(len(legal))]
        events = state.apply(seat, action)
        for event in events:
            if "kind" in event.data or (event.private and "kind" in event.private):
                raise ConformanceError("events", ply, f"event {event.kind!r} has a data key 'kind'")
        log.record(ply, seat, action, events)
        seen_actions.extend(legal[:4])
        del seen_actions[:-64]
        if twin.fingerprint() != before:
            raise ConformanceError("clone", ply, f"applying {action.text()!r} changed an earlier clone")
    _check_turn_cap(game, state)
    for kept, fp, ply in kept_clones:
        if kept.fingerprint() != fp:
            raise ConformanceError("clone", ply, "a clone changed while the original played on")
    if state.seats_to_move():
        raise ConformanceError("stall", state.ply, "a terminal state still has seats to move")
    result = state.result()
    if len(result.places) != game.players:
        raise ConformanceError("stall", state.ply, f"result has {len(result.places)} places")
    log.finish(result)
    final = state.fingerprint()
    _check_determinism(log, final, factory or factory_of(game), subprocess_replay)
    return PlayoutReport(state.ply, state.turn, final, max_legal)


def _check_turn_cap(game: Game, state: State) -> None:
    if state.turn > game.turn_cap:
        raise ConformanceError("turn_cap", state.ply, f"turn {state.turn} is past the cap {game.turn_cap}")


def _check_listed(game: Game, state: State, seat: int, legal: tuple[Action, ...]) -> None:
    ply = state.ply
    for action in legal:
        text = action.text()
        try:
            parsed = game.parse_action(text)
        except RulesError as exc:
            raise ConformanceError("text", ply, f"{text!r} does not parse: {exc}") from exc
        if parsed != action:
            raise ConformanceError("text", ply, f"{text!r} parses to {parsed!r}, not {action!r}")
        try:
            state.validate(seat, action)
            state.clone().apply(seat, action)
        except Exception as exc:
            raise ConformanceError("listed", ply, f"listed action {text!r} fails: {exc!r}") from exc


def _check_rejects(
    game: Game,
    state: State,
    seat: int,
    legal: tuple[Action, ...],
    seen: list[Action],
    chooser: Stream,
    before: str,
) -> None:
    ply = state.ply
    garbage = _GARBAGE[chooser.below(len(_GARBAGE))]
    try:
        game.parse_action(garbage)
    except MalformedAction:
        pass
    except Exception as exc:
        raise ConformanceError(
            "rejects", ply, f"text {garbage!r} raised {exc!r}, not MalformedAction"
        ) from exc
    candidates = [a for a in seen if a not in legal]
    if candidates:
        wrong = candidates[chooser.below(len(candidates))]
        try:
            state.validate(seat, wrong)
            accepted = True
        except RulesError:
            accepted = False
        if not accepted:
            _expect_refused(state, seat, wrong, before, "unlisted action")
    idle = [s for s in range(game.players) if s not in state.seats_to_move()]
    if idle:
        _expect_refused(state, idle[0], legal[0], before, "move out of turn", NotYourTurn)


def _expect_refused(
    state: State,
    seat: int,
    action: Action,
    before: str,
    what: str,
    error: type[RulesError] = RulesError,
) -> None:
    ply = state.ply
    try:
        state.apply(seat, action)
    except error:
        pass
    except Exception as exc:
        raise ConformanceError("rejects", ply, f"{what} {action.text()!r} raised {exc!r}") from exc
    else:
        raise ConformanceError("rejects", ply, f"{what} {action.text()!r} by seat {seat} was accepted")
    if state.fingerprint() != before:
        raise ConformanceError("rejects", ply, f"refused {what} {action.text()!r} changed the state")


def _check_hidden(state: State, chooser: Stream, before: str) -> None:
    ply = state.ply
    for seat in range(state.game.players):
        seen = state.observe(seat)
        other = state.determinized_for(seat, Stream(chooser.getrandbits(32)))
        if other.observe(seat) != seen:
            raise ConformanceError(
                "hidden", ply, f"seat {seat}'s observation changes when hidden cards are re-dealt"
            )
    if state.fingerprint() != before:
        raise ConformanceError("hidden", ply, "observe or determinized_for changed the state")


def _check_determinism(log: ReplayLog, final: str, factory: str, in_subprocess: bool) -> None:
    plies = len(log.records)
    try:
        local = replay(log, game_of(log, factory)).fingerprint()
    except Exception as exc:
        raise ConformanceError("determinism", plies, f"replay in process failed: {exc}") from exc
    if local != final:
        raise ConformanceError("determinism", plies, "replay in process ends in another state")
    if not in_subprocess:
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "match.jsonl"
        log.write(path)
        for hash_seed in ("1", "4242"):
            got = replay_in_subprocess(path, factory, hash_seed)
            if got != final:
                raise ConformanceError(
                    "determinism",
                    plies,
                    f"replay with PYTHONHASHSEED={hash_seed} in a fresh process ends elsewhere: {got[:200]}",
                )


def replay_in_subprocess(path: Path, factory: str, hash_seed: str) -> str:
    """The fingerprint printed by ``python -m engine.core.replay`` run in a fresh interpreter."""
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    root = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
    cmd = [sys.executable, "-m", "engine.core.replay", str(path), "--factory", factory]
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300, check=False)
    if done.returncode != 0:
        return f"exit {done.returncode}: {done.stderr.strip()[-400:]}"
    return done.stdout.strip()
