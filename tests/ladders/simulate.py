"""Simulated tournaments with known strengths, for the fit's tests and the calibration study.

A round robin from ``arena.schedule`` (the pods a host would play, cut after ``pods`` pods), each match
placed by the model of ``ladders.model``: seat ``s`` holding bot ``b`` has strength
``(elo[b] + seat_elo[s]) / (400 / ln 10)``; without ties the places are a Plackett-Luce draw (strengths
plus independent Gumbel noise, sorted), with ``ties`` a Davidson-Luce draw.

Design detail: correlated pods without changing the model. With ``shared`` > 0, a bot's Gumbel noise in
each game of a pod is, with probability ``shared``, the pod's own draw for that bot (the board suits it,
or not, from every seat), otherwise a fresh one. Every game is still exactly Plackett-Luce with the same
strengths (its noises are independent Gumbels), so the true ratings are known exactly, but the games of
a pod are positively correlated (correlation ``shared ** 2`` between two games' noises), as duplicate
games on one board are; intervals that treat games as independent are then too narrow.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Mapping, Sequence

import numpy as np

from arena.schedule import Pod, round_robin, round_tables
from ladders.fit import ELO_PER_NAT
from ladders.records import RatedMatch


def plackett_luce_places(strength: np.ndarray, noise: np.ndarray) -> tuple[int, ...]:
    """Places from strengths plus Gumbel noise (the Gumbel-max form of Plackett-Luce)."""
    order = np.argsort(-(strength + noise), kind="stable")
    places = [0] * len(order)
    for place, seat in enumerate(order, start=1):
        places[int(seat)] = place
    return tuple(places)


def davidson_luce_places(
    strength: Sequence[float], ties: Mapping[int, float], rng: np.random.Generator
) -> tuple[int, ...]:
    """A Davidson-Luce draw: the group sharing the next place is drawn from the subsets of the seats
    left (up to the largest tie size in ``ties``) in proportion to ``delta[|T|] * exp(mean strength)``.

    Plain floats and one uniform draw per place (the fit's tie tests place many thousands of matches)."""
    largest = max(ties, default=1)
    values = [float(x) for x in strength]
    left = tuple(range(len(values)))
    places = [0] * len(values)
    place = 1
    while left:
        groups = _groups(left, largest)
        weights = [
            (ties.get(len(g), 0.0) if len(g) > 1 else 1.0) * math.exp(sum(values[i] for i in g) / len(g))
            for g in groups
        ]
        target = float(rng.random()) * sum(weights)
        chosen, running = groups[0], 0.0
        for group, weight in zip(groups, weights, strict=True):
            if weight > 0.0:
                chosen = group  # the last group with a weight, should rounding leave the target above all
                running += weight
                if target < running:
                    break
        for seat in chosen:
            places[seat] = place
        place += len(chosen)
        left = tuple(s for s in left if s not in chosen)
    return tuple(places)


@functools.cache
def _groups(left: tuple[int, ...], largest: int) -> tuple[tuple[int, ...], ...]:
    """The subsets of the seats ``left`` of at most ``largest`` seats, smallest first."""
    return tuple(
        group
        for size in range(1, min(largest, len(left)) + 1)
        for group in itertools.combinations(left, size)
    )


def simulate(
    elo: Mapping[str, float],
    seats: int,
    pods: int,
    seed: int,
    *,
    seat_elo: Sequence[float] = (),
    ties: Mapping[int, float] | None = None,
    shared: float = 0.0,
    bots: Sequence[str] | None = None,
) -> list[RatedMatch]:
    """The first ``pods`` pods of a round robin of ``bots`` (default: every bot of ``elo``), played out.

    ``seat_elo[s]`` is seat ``s``'s advantage (Elo); ``ties`` the Davidson-Luce tie weights by size.
    """
    rng = np.random.default_rng(seed)
    names = list(bots or elo)
    advantage = np.zeros(seats)
    advantage[: len(seat_elo)] = seat_elo
    out = []
    for pod in _schedule(tuple(names), seats, pods):
        out += play_pod(pod, elo, advantage, rng, ties=ties, shared=shared)
    return out


@functools.cache
def _schedule(names: tuple[str, ...], seats: int, pods: int) -> tuple[Pod, ...]:
    """The first ``pods`` pods of the round robin of ``names``. Kept: the simulations use only the
    pods' tables, rotations and keys, which do not depend on the tournament's seed."""
    per_round = len(round_tables(names, seats, 1)[0])
    return tuple(round_robin(names, seats, -(-pods // per_round), 0)[:pods])


def play_pod(
    pod: Pod,
    elo: Mapping[str, float],
    advantage: np.ndarray,
    rng: np.random.Generator,
    *,
    ties: Mapping[int, float] | None = None,
    shared: float = 0.0,
) -> list[RatedMatch]:
    """The games of one pod, placed by the model (see :func:`simulate`); ``advantage[s]`` is seat
    ``s``'s advantage in Elo."""
    seats = len(pod.table)
    pod_noise = {label: float(rng.gumbel()) for label in pod.tasks[0].labels}
    key = f"{pod.tasks[0].tournament_id}-{pod.tasks[0].pod_index:04d}"
    out = []
    seat_adv = [float(a) for a in advantage]
    for task in pod.tasks:
        strength = [(elo[b] + seat_adv[s]) / ELO_PER_NAT for s, b in enumerate(task.bots)]
        if ties:
            places = davidson_luce_places(strength, ties, rng)
        else:
            # Plain floats rather than arrays of a few seats: the same draws and sums as
            # plackett_luce_places, a fraction of the time (the calibration tests play many pods).
            fresh = rng.gumbel(size=seats).tolist()
            reuse = (rng.random(size=seats) < shared).tolist()
            total = [
                strength[s] + (pod_noise[lb] if reuse[s] else fresh[s]) for s, lb in enumerate(task.labels)
            ]
            seat_at = [0] * seats
            for place, seat in enumerate(sorted(range(seats), key=lambda s: -total[s]), start=1):
                seat_at[seat] = place
            places = tuple(seat_at)
        out.append(RatedMatch(key, task.bots, places))
    return out
