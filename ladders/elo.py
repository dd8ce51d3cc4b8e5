"""The live multiplayer Elo: a rating per bot, updated as each match of a ladder finishes.

Pure; no numpy needed. The official standings come from :mod:`ladders.fit`; the live Elo is the quick,
order-dependent number shown while a tournament runs.

Design detail: pairwise decomposition. A match of ``n`` seats is read as ``n (n - 1) / 2`` two-seat
games, one per pair of seats: the better place scores 1, an equal place 0.5, the worse place 0. Every
pair uses the ratings from before the match and the expected score ``1 / (1 + 10 ** ((r_b - r_a) / 400))``.
Each pair moves its two seats by ``k / (n - 1) * (score - expected)`` in opposite directions, so a seat
that beats every opponent gains at most ``k``, and a match's updates sum to zero.

Design detail: copies. When one bot holds several seats of a match, the pairs between its own seats are
skipped (a bot does not play itself), every other pair is rated as usual with the same weight
``k / (n - 1)``, and the bot's update is the sum over its seats. A match of copies of one bot only
changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ladders.records import RatedMatch

INITIAL_RATING = 1500.0
"""Live Elo of a bot before its first match."""
DEFAULT_K = 32.0
"""K-factor per match (shared among a seat's opponents)."""


def expected_score(rating: float, opponent: float) -> float:
    """The expected score of ``rating`` against ``opponent`` on the 400-point logistic.

    >>> round(expected_score(1600.0, 1400.0), 4)
    0.7597
    """
    return 1.0 / (1.0 + float(10.0 ** ((opponent - rating) / 400.0)))


def pair_score(place: int, opponent_place: int) -> float:
    """1 for a better (lower) place, 0.5 for the same place, 0 for a worse place."""
    if place < opponent_place:
        return 1.0
    if place == opponent_place:
        return 0.5
    return 0.0


def seat_deltas(
    ratings: Sequence[float],
    places: Sequence[int],
    bots: Sequence[str] | None = None,
    k: float = DEFAULT_K,
) -> tuple[float, ...]:
    """The Elo change of each seat of one match.

    ``ratings[s]`` is the pre-match rating of the bot in seat ``s`` and ``places[s]`` its place
    (1 = best, ties share a place). ``bots`` names the bot in each seat; pairs of seats with the same bot
    are skipped. The weight of each pair is ``k / (len(places) - 1)``.
    """
    n = len(places)
    if len(ratings) != n or (bots is not None and len(bots) != n):
        raise ValueError(f"{len(ratings)} ratings and {n} places (and bots) must match one per seat")
    deltas = [0.0] * n
    if n < 2:
        return tuple(deltas)
    weight = k / (n - 1)
    for a in range(n):
        for b in range(a + 1, n):
            if bots is not None and bots[a] == bots[b]:
                continue
            change = weight * (pair_score(places[a], places[b]) - expected_score(ratings[a], ratings[b]))
            deltas[a] += change
            deltas[b] -= change
    return tuple(deltas)


def match_deltas(
    ratings: Mapping[str, float],
    bots: Sequence[str],
    places: Sequence[int],
    k: float = DEFAULT_K,
    initial: float = INITIAL_RATING,
) -> dict[str, float]:
    """The Elo change of each bot of one match (copies summed); unknown bots start at ``initial``."""
    before = [ratings.get(bot, initial) for bot in bots]
    out: dict[str, float] = {}
    for bot, delta in zip(bots, seat_deltas(before, places, bots, k), strict=True):
        out[bot] = out.get(bot, 0.0) + delta
    return out


@dataclass
class LiveElo:
    """Running live Elo of one ladder: call :meth:`update` as each match finishes."""

    k: float = DEFAULT_K
    initial: float = INITIAL_RATING
    ratings: dict[str, float] = field(default_factory=dict)
    """Current rating by bot."""
    games: dict[str, int] = field(default_factory=dict)
    """Seats played by bot."""

    def rating(self, bot: str) -> float:
        """The current rating of ``bot`` (``initial`` before its first match)."""
        return self.ratings.get(bot, self.initial)

    def update(self, bots: Sequence[str], places: Sequence[int]) -> dict[str, float]:
        """Apply one match; returns the change of each bot in it."""
        deltas = match_deltas(self.ratings, bots, places, self.k, self.initial)
        for bot, delta in deltas.items():
            self.ratings[bot] = self.rating(bot) + delta
        for bot in bots:
            self.games[bot] = self.games.get(bot, 0) + 1
        return deltas


def live_elo(matches: Iterable[RatedMatch], k: float = DEFAULT_K, initial: float = INITIAL_RATING) -> LiveElo:
    """Replay matches in the given order (finish order, for the live ladder)."""
    elo = LiveElo(k=k, initial=initial)
    for m in matches:
        elo.update(m.bots, m.places)
    return elo
