"""How a match ended: places with ties, scores, the reason, forfeits and faults."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any


class Termination(enum.Enum):
    """Why a match ended."""

    VICTORY = "victory"
    """The game's own end condition was reached and scored."""
    TURN_CAP = "turn_cap"
    """The turn cap was reached first; seats are ranked by their current scores."""
    FORFEIT = "forfeit"
    """Play stopped because at most one seat was left that had not forfeited."""
    ABORTED = "aborted"
    """The match could not go on (an engine error); the result is not rated."""


class FaultKind(enum.Enum):
    """What a seat did wrong; each fault costs a strike under the referee's policy."""

    TIMEOUT = "timeout"
    """No answer before the decision's deadline."""
    ILLEGAL = "illegal"
    """The answer was a well-formed action that the rules refused."""
    MALFORMED = "malformed"
    """The answer could not be read as an action (bad text, bad index, garbage bytes, oversized)."""
    CRASH = "crash"
    """The bot raised an exception or its process died."""
    DISCONNECT = "disconnect"
    """The bot's connection closed in the middle of the match."""


@dataclass(frozen=True, slots=True)
class Fault:
    """One recorded fault of one seat."""

    seat: int
    kind: FaultKind
    message: str
    """The clear error text also sent to the bot."""
    ply: int
    """Number of actions applied before the fault."""
    strike: int
    """The seat's strike count after this fault (1 for the first)."""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Fault:
        return cls(
            int(data["seat"]),
            FaultKind(data["kind"]),
            str(data["message"]),
            int(data["ply"]),
            int(data["strike"]),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind.value,
            "message": self.message,
            "ply": self.ply,
            "strike": self.strike,
        }


def places_from_scores(scores: Sequence[Sequence[float]]) -> tuple[int, ...]:
    """Competition places (1 = best, ties share a place) from per-seat sort keys, higher is better.

    >>> places_from_scores([(3, 1), (5, 0), (3, 1)])
    (2, 1, 2)
    """
    keys = [tuple(s) for s in scores]
    return tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)


@dataclass(frozen=True, slots=True)
class Result:
    """The final result of a match."""

    places: tuple[int, ...]
    """Place of each seat, 1 = winner; tied seats share a place (competition ranking: 1, 1, 3)."""
    scores: tuple[float, ...]
    """Each seat's final score in the game's own unit (victory points)."""
    termination: Termination
    forfeits: tuple[int, ...] = ()
    """Seats that forfeited; they are placed after every other seat."""
    faults: tuple[Fault, ...] = field(default_factory=tuple)
    details: tuple[tuple[str, Any], ...] = ()
    """Game-specific breakdown (tie-break values, score parts) as JSON-ready pairs."""

    @property
    def ranking(self) -> tuple[tuple[int, ...], ...]:
        """Seats grouped by place, best first: ``((2,), (0, 3), (1,))``."""
        groups: dict[int, list[int]] = {}
        for seat, place in enumerate(self.places):
            groups.setdefault(place, []).append(seat)
        return tuple(tuple(groups[p]) for p in sorted(groups))

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(s for s, p in enumerate(self.places) if p == 1)

    def with_forfeits(self, forfeits: Sequence[int], faults: Sequence[Fault]) -> Result:
        """The result with forfeited seats moved below all others (ties kept among each group)."""
        lost = set(forfeits)
        keys = [(0 if s in lost else 1, -self.places[s]) for s in range(len(self.places))]
        return replace(
            self,
            places=places_from_scores(keys),
            forfeits=tuple(sorted(lost)),
            faults=tuple(faults),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "places": list(self.places),
            "ranking": [list(g) for g in self.ranking],
            "scores": list(self.scores),
            "termination": self.termination.value,
            "forfeits": list(self.forfeits),
            "faults": [f.to_json() for f in self.faults],
            "details": {k: v for k, v in self.details},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Result:
        """The result written by :meth:`to_json` (``ranking`` is derived, so it is not read)."""
        return cls(
            places=tuple(int(p) for p in data["places"]),
            scores=tuple(float(s) for s in data["scores"]),
            termination=Termination(data["termination"]),
            forfeits=tuple(int(s) for s in data.get("forfeits", ())),
            faults=tuple(Fault.from_json(f) for f in data.get("faults", ())),
            details=tuple(dict(data.get("details", {})).items()),
        )
