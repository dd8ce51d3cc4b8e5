"""Replay logs: a JSON-lines record of a match that rebuilds it exactly.

Line 1 is the header (game ref, seed, seat names, format). Each later line records one applied action:
ply, seat, canonical text, and the chance outcomes it caused (dice, draws) as the referee saw them.
The last line, when the match finished, holds the result; a ``timing`` line may follow it with the
milliseconds each recorded answer took (not part of the match: a replay is the same without it, and
:meth:`ReplayLog.lines` leaves it out). :func:`replay` rebuilds the state from the
seed and the actions and checks every recorded chance outcome on the way, so a log that no longer
matches the rules (or a non-deterministic engine) is reported at the first ply where it diverges.

Run ``python -m engine.replay LOG`` to print the fingerprint of the replayed final state of a registered
game (``python -m engine.core.replay LOG --factory module:Class`` for any other).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core.game import GameRef

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.core.events import Event
    from engine.core.game import Game
    from engine.core.result import Result
    from engine.core.state import State

FORMAT = 1


class ReplayDivergence(RuntimeError):
    """The replayed match differs from the log (an action is refused or a chance outcome differs)."""


@dataclass(slots=True)
class ReplayLog:
    """A match's header, its action records and, once finished, its result."""

    header: dict[str, Any]
    records: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    ms: list[float] = field(default_factory=list)
    """Milliseconds each record's answer took, as the match loop timed it (from the request to the
    answer); one per record when the log was timed, empty otherwise."""

    @classmethod
    def start(cls, ref: GameRef, seed: int, seats: Sequence[str]) -> ReplayLog:
        header = {"type": "header", "format": FORMAT, "game": ref.to_json(), "seed": seed}
        header["seats"] = list(seats)
        return cls(header)

    @property
    def ref(self) -> GameRef:
        return GameRef.from_json(self.header["game"])

    @property
    def seed(self) -> int:
        return int(self.header["seed"])

    def record(
        self, ply: int, seat: int, action: Action, events: Sequence[Event], *, ms: float | None = None
    ) -> None:
        records = self.records
        if ms is not None and len(self.ms) == len(records):
            self.ms.append(round(ms, 3))
        entry: dict[str, Any] = {"ply": ply, "seat": seat, "action": action.text()}
        for event in events:  # a plain loop: most actions have no chance event
            if event.chance:
                entry["chance"] = [e.view(None) for e in events if e.chance]
                break
        records.append(entry)

    def finish(self, result: Result) -> None:
        self.result = {"type": "result", **result.to_json()}

    def lines(self) -> list[str]:
        """The header, the records and the result: what the match was (the same for the same seed and
        actions, whoever timed it)."""
        out = [_dump(self.header)]
        out.extend(_dump(r) for r in self.records)
        if self.result is not None:
            out.append(_dump(self.result))
        return out

    def text(self) -> str:
        """The log file's text: :meth:`lines`, then the timing line when every record was timed."""
        lines = self.lines()
        if self.ms and len(self.ms) == len(self.records):
            lines.append(_dump({"type": "timing", "ms": self.ms}))
        return "\n".join(lines) + "\n"

    def write(self, path: str | Path) -> None:
        Path(path).write_text(self.text(), encoding="utf-8")

    @classmethod
    def parse(cls, lines: Iterable[str]) -> ReplayLog:
        """A log from its lines; ``ValueError`` naming the line (counted from 1) that is not a JSON
        object, or saying what the header lacks."""
        rows: list[dict[str, Any]] = []
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ValueError(f"line {number}: not JSON ({exc.msg}, column {exc.colno})") from None
            if not isinstance(row, dict):
                raise ValueError(f"line {number}: not a JSON object")
            rows.append(row)
        if not rows or rows[0].get("type") != "header":
            raise ValueError("a replay log starts with a header line")
        if rows[0].get("format") != FORMAT:
            raise ValueError(f"replay format {rows[0].get('format')!r} is not supported (expected {FORMAT})")
        log = cls(rows[0])
        for row in rows[1:]:
            if row.get("type") == "result":
                log.result = row
            elif row.get("type") == "timing":
                log.ms = [float(ms) for ms in row.get("ms", [])]
            else:
                log.records.append(row)
        return log

    @classmethod
    def read(cls, path: str | Path) -> ReplayLog:
        return cls.parse(Path(path).read_text(encoding="utf-8").split("\n"))


def _dump(row: dict[str, Any]) -> str:
    return json.dumps(row, separators=(",", ":"), sort_keys=False)


def game_of(log: ReplayLog, factory: str) -> Game:
    """The game a log was played under, built from ``module:Class`` (a registered game's factory is in
    its registry row; :func:`engine.registry.game_of_log` looks it up)."""
    module_name, _, class_name = factory.partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    return check_game(log, cls(log.ref.variant, log.ref.players, dict(log.ref.options)))


def check_game(log: ReplayLog, game: Game) -> Game:
    """``game``, if it is the one the log was played under; ``ReplayDivergence`` otherwise."""
    if game.ref != log.ref:
        raise ReplayDivergence(f"log is for {log.ref.canonical()}, engine is {game.ref.canonical()}")
    return game


def factory_of(game: Game) -> str:
    """``module:Class`` of a game, which :func:`game_of` builds again in another process."""
    cls = type(game)
    return f"{cls.__module__}:{cls.__qualname__}"


def replay(log: ReplayLog, game: Game, upto: int | None = None) -> State:
    """Rebuild the state after the first ``upto`` records (all by default), checking chance outcomes."""
    check_game(log, game)
    state = game.new_state(log.seed)
    for entry in log.records[:upto]:
        action = game.parse_action(entry["action"])
        try:
            events = state.apply(int(entry["seat"]), action)
        except ValueError as exc:
            raise ReplayDivergence(f"ply {entry['ply']}: {exc}") from exc
        check_chance(entry, events)
    return state


def check_chance(entry: dict[str, Any], events: Sequence[Event]) -> None:
    """Raise :class:`ReplayDivergence` when the chance outcomes of ``events`` (what applying the record
    ``entry`` drew from the match's streams) are not those the log records beside it."""
    chance = json.loads(json.dumps([e.view(None) for e in events if e.chance]))
    if chance != entry.get("chance", []):
        raise ReplayDivergence(
            f"ply {entry['ply']} ({entry['action']}): chance {chance} differs from the log {entry.get('chance')}"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.core.replay", description=__doc__)
    parser.add_argument("log", help="path of a replay log (JSON lines)")
    parser.add_argument(
        "--factory",
        required=True,
        help="module:Class of the game (python -m engine.replay LOG for a registered one)",
    )
    args = parser.parse_args(argv)
    log = ReplayLog.read(args.log)
    state = replay(log, game_of(log, args.factory))
    sys.stdout.write(state.fingerprint() + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
