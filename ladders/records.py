"""Stored records of the ladder database: match results and rating rows, as plain frozen values.

:class:`MatchRecord` is one row of ``matches``; :meth:`MatchRecord.rated` gives the :class:`RatedMatch`
that the fit (:mod:`ladders.fit`) and the live ratings (:mod:`ladders.live`) read; :func:`describe` and
:func:`head_to_head` give the plain statistics of such matches; :func:`snapshot_rows` turns a fit into
the rows of a rating snapshot. ``ladders.store`` reads and writes them. Pure Python: no numpy here.
"""

from __future__ import annotations

import datetime as dt
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from engine.core.result import Result
    from ladders.fit import Standings

ABORTED = "aborted"
"""``Termination.value`` of a match that is stored but not rated."""


class TaskLike(Protocol):
    """What :meth:`MatchRecord.from_result` needs of a scheduled match (``arena.schedule.MatchTask``)."""

    @property
    def match_id(self) -> str: ...
    @property
    def tournament_id(self) -> str: ...
    @property
    def pod_index(self) -> int: ...
    @property
    def rotation(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def bots(self) -> tuple[str, ...]: ...
    @property
    def labels(self) -> tuple[str, ...]: ...


def utc_now() -> str:
    """The current time as ISO 8601 UTC with microseconds (the store's timestamp format)."""
    return dt.datetime.now(dt.UTC).isoformat(timespec="microseconds")


def canonical_json(value: Any) -> str:
    """Compact JSON with sorted keys: one text per value, for storage and comparison."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True, slots=True)
class RatedMatch:
    """One rated result: who sat where and how they placed."""

    pod: str
    """Key of the pod the match belongs to (matches of one table on one seed), for the bootstrap."""
    bots: tuple[str, ...]
    """Ladder identity of the bot in each seat (copies repeat a name)."""
    places: tuple[int, ...]
    """Place of each seat, 1 = best, ties share a place (competition ranking)."""


@dataclass(frozen=True, slots=True)
class BotStats:
    """Descriptive statistics of one bot (not a model)."""

    bot: str
    games: int
    """Seats played."""
    win_share: float
    """Wins per seat played; a tie for first place of ``k`` seats gives each ``1/k`` of a win."""
    mean_place: float
    """Average place (1 = best)."""


def describe(matches: Sequence[RatedMatch]) -> dict[str, BotStats]:
    """Games, win share and mean placement of every bot, by name."""
    games: dict[str, int] = {}
    wins: dict[str, float] = {}
    place_sum: dict[str, float] = {}
    for m in matches:
        firsts = sum(1 for p in m.places if p == 1)
        for bot, place in zip(m.bots, m.places, strict=True):
            games[bot] = games.get(bot, 0) + 1
            wins[bot] = wins.get(bot, 0.0) + (1.0 / firsts if place == 1 else 0.0)
            place_sum[bot] = place_sum.get(bot, 0.0) + place
    return {b: BotStats(b, games[b], wins[b] / games[b], place_sum[b] / games[b]) for b in sorted(games)}


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """How two bots fared in the matches they played together (``a`` sorts before ``b``)."""

    a: str
    b: str
    games: int
    """Matches with both bots."""
    a_ahead: int
    """Seat pairs (one seat of each bot in one match) where ``a`` placed ahead of ``b``; with copies a
    match gives several pairs."""
    b_ahead: int
    tied: int
    """Seat pairs where they shared a place."""

    @property
    def pairs(self) -> int:
        return self.a_ahead + self.b_ahead + self.tied

    def share(self, bot: str) -> float:
        """Share of the pairs where ``bot`` (``a`` or ``b``) placed ahead, a shared place counting half."""
        ahead = self.a_ahead if bot == self.a else self.b_ahead
        return (ahead + 0.5 * self.tied) / self.pairs if self.pairs else 0.5


def head_to_head(matches: Sequence[RatedMatch]) -> dict[tuple[str, str], HeadToHead]:
    """Every pair of bots that met, keyed ``(a, b)`` with ``a < b``."""
    counts: dict[tuple[str, str], list[int]] = {}
    for m in matches:
        met: set[tuple[str, str]] = set()
        for i, (x, px) in enumerate(zip(m.bots, m.places, strict=True)):
            for y, py in zip(m.bots[i + 1 :], m.places[i + 1 :], strict=True):
                if x == y:
                    continue
                (a, pa), (b, pb) = sorted(((x, px), (y, py)))
                row = counts.setdefault((a, b), [0, 0, 0, 0])
                row[1 if pa < pb else 2 if pb < pa else 3] += 1
                met.add((a, b))
        for key in met:
            counts[key][0] += 1
    return {key: HeadToHead(*key, *row) for key, row in sorted(counts.items())}


@dataclass(frozen=True)
class MatchRecord:
    """One stored match (a row of ``matches``)."""

    match_id: str
    tournament_id: str
    ladder: str
    """Canonical game reference (``GameRef.canonical()``): the ladder key."""
    variant: str
    seed: int
    pod_index: int
    rotation: int
    bots: tuple[str, ...]
    """Ladder identity per seat."""
    labels: tuple[str, ...]
    """Table label per seat (``a#2`` for a copy)."""
    places: tuple[int, ...]
    scores: tuple[float, ...]
    termination: str
    """``Termination.value``; ``"aborted"`` matches are stored but not rated."""
    faults: tuple[dict[str, Any], ...] = ()
    """``Fault.to_json()`` of every fault."""
    forfeits: tuple[int, ...] = ()
    replay: str | None = None
    """Path of the replay log, if one was written."""
    started: str = ""
    finished: str = ""
    seconds: float = 0.0

    @property
    def pod_key(self) -> str:
        """The pod this match belongs to, for the bootstrap: ``{tournament_id}-{pod_index:04d}``."""
        return f"{self.tournament_id}-{self.pod_index:04d}"

    @property
    def is_rated(self) -> bool:
        return self.termination != ABORTED

    def rated(self) -> RatedMatch:
        """The match as input to the fit and the live Elo."""
        return RatedMatch(self.pod_key, self.bots, self.places)

    @classmethod
    def from_result(
        cls,
        task: TaskLike,
        ladder: str,
        variant: str,
        result: Result,
        *,
        replay: str | None = None,
        started: str = "",
        finished: str = "",
        seconds: float = 0.0,
    ) -> MatchRecord:
        """The record of a finished scheduled match."""
        return cls(
            match_id=task.match_id,
            tournament_id=task.tournament_id,
            ladder=ladder,
            variant=variant,
            seed=task.seed,
            pod_index=task.pod_index,
            rotation=task.rotation,
            bots=tuple(task.bots),
            labels=tuple(task.labels),
            places=tuple(result.places),
            scores=tuple(float(s) for s in result.scores),
            termination=result.termination.value,
            faults=tuple(f.to_json() for f in result.faults),
            forfeits=tuple(result.forfeits),
            replay=replay,
            started=started,
            finished=finished or utc_now(),
            seconds=seconds,
        )

    def _outcome(self) -> tuple[Any, ...]:
        return (
            self.tournament_id,
            self.ladder,
            self.variant,
            self.seed,
            self.pod_index,
            self.rotation,
            tuple(self.bots),
            tuple(self.labels),
            tuple(self.places),
            tuple(float(s) for s in self.scores),
            self.termination,
            tuple(self.forfeits),
        )


@dataclass(frozen=True, slots=True)
class LadderSummary:
    """One ladder in :meth:`Store.ladders`."""

    ladder: str
    variant: str
    matches: int
    """Stored matches, aborted ones included."""
    bots: tuple[str, ...]
    last_finished: str


@dataclass(frozen=True, slots=True)
class RatingRow:
    """One bot in a rating snapshot."""

    bot: str
    elo: float
    """Posterior mode (Elo)."""
    low: float | None
    """Lower end of the 95 % interval, or the one-sided bound; None when unbounded below."""
    high: float | None
    """Upper end, or the one-sided bound; None when unbounded above."""
    games: int
    pods: int = 0
    """Pods played (0 in snapshots written before schema version 2)."""
    bound: str = "two-sided"
    """``"two-sided"``, ``"at least"`` or ``"at most"`` (:class:`ladders.bounds.Side` values)."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat advantage in a rating snapshot (Elo points against seat 0)."""

    seat: int
    elo: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The ratings of a ladder at one time."""

    ladder: str
    at: str
    bots: tuple[RatingRow, ...]
    seats: tuple[SeatRow, ...] = field(default_factory=tuple)
    model: dict[str, Any] = field(default_factory=dict)
    """What the ratings are: the model, the prior, the anchor, matches and pods (``{}`` for a snapshot
    written before schema version 2, which used a ridge prior and a pod bootstrap)."""


def snapshot_rows(standings: Standings) -> tuple[list[RatingRow], list[SeatRow], dict[str, Any]]:
    """Rows and model description for :meth:`Store.save_snapshot` from a fit."""

    def finite(v: float) -> float | None:
        return v if math.isfinite(v) else None

    bots = [
        RatingRow(r.bot, r.rating, finite(r.low), finite(r.high), r.games, r.pods, r.side.value)
        for r in standings.bots
    ]
    seats = [SeatRow(s.seat, s.elo, s.low, s.high) for s in standings.seats]
    model = {
        "model": "Plackett-Luce with seat terms and Davidson-Luce ties",
        "prior": standings.prior.to_json(),
        "anchor": standings.anchor_bot or "mean of " + ", ".join(standings.reference),
        "anchor_rating": standings.anchor_rating,
        "matches": standings.matches,
        "pods": standings.pods,
        "min_pods": standings.min_pods,
        "provisional": standings.is_provisional,
        "ties": [{"size": t.size, "weight": t.weight} for t in standings.ties],
        "warnings": list(standings.warnings),
    }
    return bots, seats, model
