"""Simulated sequential tests: duplicate pairs of pods with known strengths, for the SPRT's tests and
``benchmarks/sprt_study.py``.

A pair is the candidate's pod and the baseline's pod on one seed: the table ``(bot, field...)`` played
once per seat rotation (the rotations of ``arena.schedule``), each game placed by Plackett-Luce
(strengths plus Gumbel noise). Seat ``s`` holding bot ``b`` has strength ``(elo[b] + seat_elo[s]) /
(400 / ln 10)``.

Design detail: luck that the two pods share. With ``seat_luck`` > 0 a seat's noise in a game is, with that
probability, the seed's own draw for that seat (the deal favours a seat, whoever sits there), otherwise
fresh; with ``bot_luck`` > 0 a bot's noise is, with that probability, the seed's draw for that bot (the
board suits the bot, from every seat). Every game stays exactly Plackett-Luce (its noises are Gumbels),
so the true difference is known; seat luck is what duplicate play cancels (the candidate and the
baseline meet the same seats' luck), bot luck what it cannot (it sticks to a bot through the rotations).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np

from arena.schedule import seat_rotations
from ladders.fit import ELO_PER_NAT
from ladders.records import RatedMatch

CANDIDATE, BASELINE = "cand", "base"


def pairs(
    delta: float,
    field: Sequence[float],
    seed: int,
    *,
    seat_elo: Sequence[float] = (),
    seat_luck: float = 0.0,
    bot_luck: float = 0.0,
) -> Iterator[list[RatedMatch]]:
    """Endless pairs: the matches of pair ``i`` (both pods), keyed ``pair-{i}``; the baseline has Elo 0,
    the candidate ``delta``, field bot ``j`` ``field[j]``."""
    rng = np.random.default_rng(seed)
    seats = len(field) + 1
    advantage = np.zeros(seats)
    advantage[: len(seat_elo)] = seat_elo
    names = [f"f{j}" for j in range(len(field))]
    elo = {CANDIDATE: delta, BASELINE: 0.0} | dict(zip(names, field, strict=True))
    rows = seat_rotations(seats)
    i = 0
    while True:
        seat_draw = rng.gumbel(size=seats)
        bot_draw = {b: float(rng.gumbel()) for b in [CANDIDATE, BASELINE, *names]}
        out = []
        for first in (CANDIDATE, BASELINE):
            table = [first, *names]
            for row in rows:
                bots = tuple(table[k] for k in row)
                strength = np.array([elo[b] + advantage[s] for s, b in enumerate(bots)]) / ELO_PER_NAT
                noise = rng.gumbel(size=seats)
                by_seat = rng.random(size=seats) < seat_luck
                noise[by_seat] = seat_draw[by_seat]
                by_bot = rng.random(size=seats) < bot_luck
                for s in np.flatnonzero(by_bot):
                    noise[s] = bot_draw[bots[s]]
                order = np.argsort(-(strength + noise), kind="stable")
                places = [0] * seats
                for place, s in enumerate(order, start=1):
                    places[int(s)] = place
                out.append(RatedMatch(f"pair-{i:05d}", bots, tuple(places)))
        yield out
        i += 1
