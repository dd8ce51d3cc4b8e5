"""Fair play: pairs of bots whose results against each other depart from what their ratings predict
far more than chance allows (a bot that loses to a partner on purpose, two bots that trade wins).

Pure Python over a ladder's rated matches and its fit (:func:`ladders.fit.fit_ladder`). For every pair
``(a, b)`` that shared at least ``min_games`` matches, each shared match is a comparison: ``a`` placed
ahead of ``b`` (1), behind (0) or level (1/2). The ladder's model (Plackett-Luce with seat terms) says
``a`` is ahead with probability ``1 / (1 + exp(u_b - u_a))``, ``u`` the strength of the bot plus its
seat's advantage (natural units): Plackett-Luce's pairwise order is a Bradley-Terry draw whatever the
other seats. The pair's score is ``z = (observed - expected) / sqrt(variance)`` over the shared matches.

Design detail: the variance. The games of a duplicate pod share a board and dice, so their comparisons
are correlated; the variance is the larger of the model's (``sum p (1 - p)``, right for independent
games) and the pod-clustered one (the squared sum of each pod's residuals, times ``G / (G - 1)`` for
``G`` pods, residuals taken about their mean), as the ratings' own intervals are. A pair is reported
when its two-sided p-value is below ``alpha`` divided by the number of pairs tested (Bonferroni), so an
honest ladder reports a pair with probability at most ``alpha`` however many bots it has.

Design detail: held out. The ladder's fit includes the pair's own matches, which pull a feeder's
rating down and its partner's up until their results look less surprising (in a simulated ladder a
feeder lost 170 Elo this way). So the pairs that look at all unusual on the ladder's fit (p below
:data:`SCREEN`) are scored again against the posterior of every other match
(:func:`ladders.adaptive.posterior`), whose uncertainty in the two strengths is added to the variance,
and that score decides. ``tests/ladders/test_fairplay.py`` checks
this, and that a feeding pair is found, by simulation.

Design detail: what it cannot see. Collusion that moves a pair's results no further than chance (a
few games thrown), a bot that loses to everyone (that is only a weak bot), and a pair that never sat
together.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ladders.dist import normal_cdf
from ladders.fit import ELO_PER_NAT, Standings
from ladders.records import RatedMatch

ALPHA = 0.01
MIN_GAMES = 12
SCREEN = 0.2
"""Pairs whose score on the ladder's own fit has a p-value below this are scored again against a fit
without their shared matches (the test that decides); the rest cannot reach the threshold."""


@dataclass(frozen=True, slots=True)
class PairEvidence:
    """Why a pair is suspicious: how often ``ahead`` placed ahead of ``behind`` against the model."""

    ahead: str
    """The bot that placed ahead more often than its rating predicts."""
    behind: str
    games: int
    """Matches the two shared."""
    pods: int
    expected: float
    """The share of those matches ``ahead`` was expected to place ahead (ties count half)."""
    observed: float
    z: float
    p_value: float
    """Two-sided, before the correction for the number of pairs."""
    threshold: float
    """The p-value a pair had to be below to be reported (``alpha / pairs tested``)."""
    matches: tuple[str, ...]
    """Ids of the shared matches, oldest first."""

    def text(self) -> str:
        return (
            f"{self.ahead} placed ahead of {self.behind} in {100 * self.observed:.0f}% of {self.games} shared"
            f" matches ({self.pods} pods); their ratings predict {100 * self.expected:.0f}%"
            f" (z = {self.z:+.1f}, p = {self.p_value:.1e} < {self.threshold:.1e})"
        )


@dataclass(slots=True)
class _Pair:
    observed: float = 0.0
    expected: float = 0.0
    variance: float = 0.0
    pods: dict[str, float] = field(default_factory=dict)
    """Residual (observed - expected) summed per pod."""
    ids: list[str] = field(default_factory=list)


def pair_scores(
    matches: Sequence[tuple[str, RatedMatch]], standings: Standings, min_games: int = MIN_GAMES
) -> list[PairEvidence]:
    """The score of every pair with at least ``min_games`` shared matches (``threshold`` left 0)."""
    rating = {r.bot: r.rating / ELO_PER_NAT for r in standings.bots}
    return _scores(matches, rating, _seats(standings), min_games)


def _seats(standings: Standings) -> dict[int, float]:
    return {s.seat: s.elo / ELO_PER_NAT for s in standings.seats}


def _scores(
    matches: Sequence[tuple[str, RatedMatch]],
    strength_of: dict[str, float],
    seat: dict[int, float],
    min_games: int,
    uncertainty: Callable[[str, str], float] | None = None,
) -> list[PairEvidence]:
    """Pair scores from strengths (natural units); ``uncertainty(a, b)`` is the variance of the
    estimated strength difference of a pair, when the strengths come from other matches."""
    pairs: dict[tuple[str, str], _Pair] = {}
    for match_id, m in matches:
        strength = [strength_of.get(b, 0.0) + seat.get(s, 0.0) for s, b in enumerate(m.bots)]
        done: set[tuple[str, str]] = set()
        for i, j in itertools.combinations(range(len(m.bots)), 2):
            if m.bots[i] == m.bots[j]:
                continue
            (x, ux, px), (y, uy, py) = sorted(
                ((m.bots[i], strength[i], m.places[i]), (m.bots[j], strength[j], m.places[j]))
            )
            if (x, y) in done:  # a bot with copies at the table: its first seat only
                continue
            done.add((x, y))
            p = 1.0 / (1.0 + math.exp(uy - ux))
            won = 1.0 if px < py else 0.0 if px > py else 0.5
            acc = pairs.setdefault((x, y), _Pair())
            acc.observed += won
            acc.expected += p
            acc.variance += p * (1 - p)
            acc.pods[m.pod] = acc.pods.get(m.pod, 0.0) + won - p
            acc.ids.append(match_id)
    out = []
    for (x, y), acc in sorted(pairs.items()):
        n = len(acc.ids)
        if n < min_games:
            continue
        g = len(acc.pods)
        mean = (acc.observed - acc.expected) / g
        robust = sum((r - mean) ** 2 for r in acc.pods.values()) * (g / (g - 1)) if g > 1 else 0.0
        variance = max(acc.variance, robust)
        if uncertainty is not None:  # the expected count moves by sum p(1 - p) per unit of difference
            variance += acc.variance**2 * uncertainty(x, y)
        z = (acc.observed - acc.expected) / math.sqrt(variance) if variance > 0 else 0.0
        p_value = 2.0 * normal_cdf(-abs(z))
        expected, observed = acc.expected / n, acc.observed / n
        ids = tuple(acc.ids)
        if z >= 0:
            out.append(PairEvidence(x, y, n, g, expected, observed, z, p_value, 0.0, ids))
        else:
            out.append(PairEvidence(y, x, n, g, 1 - expected, 1 - observed, -z, p_value, 0.0, ids))
    return out


def suspicious_pairs(
    matches: Sequence[tuple[str, RatedMatch]],
    standings: Standings,
    *,
    alpha: float = ALPHA,
    min_games: int = MIN_GAMES,
) -> list[PairEvidence]:
    """The pairs whose shared results are too far from their ratings (see the module docstring), the
    most suspicious first."""
    scores = pair_scores(matches, standings, min_games)
    if not scores:
        return []
    threshold = alpha / len(scores)
    found = []
    for s in scores:
        if s.p_value >= SCREEN:
            continue
        held = held_out(matches, s, standings)
        if held is not None and held.p_value < threshold:
            found.append(
                PairEvidence(
                    held.ahead,
                    held.behind,
                    held.games,
                    held.pods,
                    held.expected,
                    held.observed,
                    held.z,
                    held.p_value,
                    threshold,
                    held.matches,
                )
            )
    return sorted(found, key=lambda s: (s.p_value, s.ahead, s.behind))


def held_out(
    matches: Sequence[tuple[str, RatedMatch]], pair: PairEvidence, standings: Standings
) -> PairEvidence | None:
    """The pair's score against strengths fitted without its shared matches, their uncertainty
    counted (None when one of the two has no other match to be rated by). Seat advantages are the
    ladder's (``standings``)."""
    from ladders.adaptive import posterior

    shared = set(pair.matches)
    rest = [m for mid, m in matches if mid not in shared]
    names = sorted({b for m in rest for b in m.bots})
    if pair.ahead not in names or pair.behind not in names:
        return None
    post = posterior(names, rest)
    index = {n: i for i, n in enumerate(names)}
    strength = {n: float(post.theta[i]) for n, i in index.items()}
    cov = post.covariance

    def uncertainty(a: str, b: str) -> float:
        if a not in index or b not in index:  # a bot seen only at the pair's tables: not the pair asked
            return 0.0
        i, j = index[a], index[b]
        return float(cov[i, i] + cov[j, j] - 2 * cov[i, j])

    own = [(mid, m) for mid, m in matches if mid in shared]
    scores = _scores(own, strength, _seats(standings), 1, uncertainty)
    return next((s for s in scores if {s.ahead, s.behind} == {pair.ahead, pair.behind}), None)
