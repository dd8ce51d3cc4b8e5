"""Which tables a round plays, and in what order: balanced orders and incomplete block designs.

Pure functions of the number of bots and seats (bots are indices ``0..n-1`` here; :mod:`arena.schedule`
turns them into names). Two properties are asked of every round of the schedule (``docs/ladders.md``):

- **Balance at every prefix.** After any number of whole pods, every bot has sat at as many tables as
  any other, give or take one, so a run stopped early is still fair.
- **Pairs.** Over whole rounds, every pair of bots meets about equally often.

With few tables (:data:`COMPLETE_LIMIT` or fewer seat-sized subsets of the bots) a round plays every
subset once, the complete design, in an order found by :func:`balanced_order`. With more, a round is an
incomplete block design from :func:`block_rounds`: each bot at the same number of tables, every pair
meeting about equally often, far fewer tables (20 bots at 4 seats: 35 tables instead of 4,845).

Design detail: passes. Balance at every prefix holds exactly when the concatenated seats of the tables,
read in order, fall into passes in which every bot appears once (a table may straddle two passes, and
must then not hold a bot twice): a table that holds a bot already one ahead must also hold every bot
still behind. :func:`block_rounds` therefore builds a round as passes, one permutation of the bots
each, cut into tables of ``seats``, and improves how often pairs meet by swapping two bots of one pass
(which keeps every pass a permutation, so balance is never lost).

Design detail: determinism. The local search draws its moves from a splitmix64 generator seeded by
SHA-256 of the design's size (:func:`engine.core.rng.derive_seed`): integer arithmetic only, so a design
is the same in every process and every Python or numpy version, and a stored tournament resumes with it.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from engine.core.rng import derive_seed

COMPLETE_LIMIT = 35
"""Largest number of seat-sized subsets a round plays in full (7 bots at 3 or 4 seats); above it a
round is an incomplete block design."""
_SEARCH_BUDGET = 400_000
"""Rough number of candidate swaps evaluated per round of a block design (restarts are cut to fit)."""
_MASK = (1 << 64) - 1


class _Mix:
    """splitmix64: a small generator whose sequence depends on nothing but its seed."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return self.next() % n


def is_complete(bots: int, seats: int) -> bool:
    """Whether a round of ``bots`` at ``seats`` plays every seat-sized subset (the complete design)."""
    return bots <= seats or math.comb(bots, seats) <= COMPLETE_LIMIT


def round_size(bots: int, seats: int) -> int:
    """Tables in one round of a block design: the fewest with every bot at the same number of tables and
    as many seat pairs as pairs of bots (so that every pair can meet about once)."""
    unit = math.lcm(bots, seats) // seats
    size = unit
    while size * seats * (seats - 1) < bots * (bots - 1):
        size += unit
    return size


def balanced_order(subsets: Sequence[tuple[int, ...]], bots: int, *, budget: int = 200_000) -> list[int]:
    """An order of ``subsets`` (each used once) in which every prefix is balanced: the number of subsets
    holding each bot differs by at most one between bots. Returns indices into ``subsets``.

    A depth-first search that tries, at each step, the subsets whose pairs have met least so far. It
    finds an order at once for every complete design this module uses (the tests cover them all); should
    it exhaust ``budget`` steps, the remaining subsets follow in their given order.
    """
    count = [0] * bots
    pair = [[0] * bots for _ in range(bots)]
    used = [False] * len(subsets)
    order: list[int] = []
    steps = 0

    def fits(s: tuple[int, ...]) -> bool:
        low = min(count)
        behind = [b for b in range(bots) if count[b] == low]
        if len(behind) >= len(s):
            return all(count[b] == low for b in s)
        return all(b in s for b in behind)

    def place(s: tuple[int, ...], step: int) -> None:
        for b in s:
            count[b] += step
        for a, b in itertools.combinations(s, 2):
            pair[a][b] += step

    def search() -> bool:
        nonlocal steps
        if len(order) == len(subsets):
            return True
        steps += 1
        if steps > budget:
            return False
        options = [i for i, s in enumerate(subsets) if not used[i] and fits(s)]
        options.sort(key=lambda i: (sum(pair[a][b] for a, b in itertools.combinations(subsets[i], 2)), i))
        for i in options:
            used[i] = True
            order.append(i)
            place(subsets[i], 1)
            if search():
                return True
            used[i] = False
            order.pop()
            place(subsets[i], -1)
        return False

    if not search():
        order = order + [i for i in range(len(subsets)) if not used[i]]
    return order


def block_rounds(bots: int, seats: int, rounds: int) -> list[list[tuple[int, ...]]]:
    """``rounds`` rounds of an incomplete block design, each :func:`round_size` tables of ``seats`` bots
    (sorted indices), balanced at every prefix; every round is chosen to even out the pair meetings of
    all rounds so far."""
    return [list(rnd) for rnd in _block_rounds(bots, seats, rounds)]


@functools.lru_cache(maxsize=32)
def _block_rounds(bots: int, seats: int, rounds: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """:func:`block_rounds`, searched once per size: the design depends on nothing else, and a host
    (or a simulation) asks for the same one at every pod schedule it builds."""
    if not 2 <= seats < bots:
        raise ValueError(f"a block design needs 2 <= seats < bots, got {seats} seats and {bots} bots")
    size = round_size(bots, seats)
    passes = size * seats // bots
    rng = _Mix(derive_seed("arena-block-design", bots, seats))
    met = np.zeros((bots, bots), dtype=np.int64)
    out: list[tuple[tuple[int, ...], ...]] = []
    per_restart = max(1, 4 * size * seats * bots * seats)
    restarts = max(1, min(8, _SEARCH_BUDGET // per_restart))
    for _ in range(rounds):
        best: tuple[int, list[int], npt.NDArray[np.int64]] | None = None
        for _ in range(restarts):
            slots = _initial(bots, seats, passes, rng)
            total = _improve(slots, bots, seats, met.copy(), rng)
            cost = int((np.triu(total, 1) ** 2).sum())
            if best is None or cost < best[0]:
                best = (cost, slots, total)
        assert best is not None
        _, slots, met = best
        out.append(tuple(tuple(sorted(slots[t * seats : (t + 1) * seats])) for t in range(size)))
    return tuple(out)


def _initial(bots: int, seats: int, passes: int, rng: _Mix) -> list[int]:
    """Random passes (one permutation of the bots each), repaired so that no table holds a bot twice."""
    slots: list[int] = []
    for _ in range(passes):
        perm = list(range(bots))
        for i in range(bots - 1, 0, -1):
            j = rng.below(i + 1)
            perm[i], perm[j] = perm[j], perm[i]
        slots.extend(perm)
    for t in range(len(slots) // seats):
        while True:
            table = slots[t * seats : (t + 1) * seats]
            repeated = [off for off, b in enumerate(table) if b in table[:off]]
            if not repeated:
                break
            u = t * seats + repeated[0]  # the later copy: in the next pass
            v = (u // bots) * bots + rng.below(bots)
            slots[u], slots[v] = slots[v], slots[u]
    return slots


def _improve(
    slots: list[int], bots: int, seats: int, met: npt.NDArray[np.int64], rng: _Mix, sweeps: int = 4
) -> npt.NDArray[np.int64]:
    """Steepest descent on the sum of squared pair meetings (``met`` includes earlier rounds) by swaps of
    two bots of one pass; returns the pair meetings with this round's tables. ``slots`` is changed."""
    size = len(slots) // seats
    table = np.array(slots, dtype=np.int64).reshape(size, seats)
    for row in table:
        met[np.ix_(row, row)] += 1
    met[np.diag_indices(bots)] = 0
    for _ in range(sweeps):
        moved = False
        for u in range(len(slots)):
            start = (u // bots) * bots
            tu, x = u // seats, slots[u]
            others = np.array([z for z in table[tu] if z != x], dtype=np.int64)
            cand = np.arange(start, start + bots)
            tv = cand // seats
            ys = table.ravel()[cand]
            ok = tv != tu
            ok &= ~np.isin(ys, others)
            ok &= ~(table[tv] == x).any(axis=1)
            if not ok.any():
                continue
            gain_a = met[np.ix_(ys, others)].sum(axis=1) - met[x, others].sum()
            row_x = met[x][table[tv]].sum(axis=1) - met[x, ys]
            row_y = met[ys[:, None], table[tv]].sum(axis=1)
            delta = 2 * (gain_a + row_x - row_y) + 4 * (seats - 1)
            delta = np.where(ok, delta, np.iinfo(np.int64).max)
            best = int(delta.min())
            if best > 0:
                continue
            ties = np.flatnonzero(delta == best)
            v = int(cand[ties[rng.below(len(ties))]])
            y, t2 = slots[v], v // seats
            rest = np.array([w for w in table[t2] if w != y], dtype=np.int64)
            met[x, others] -= 1
            met[others, x] -= 1
            met[y, others] += 1
            met[others, y] += 1
            met[y, rest] -= 1
            met[rest, y] -= 1
            met[x, rest] += 1
            met[rest, x] += 1
            slots[u], slots[v] = y, x
            table[tu, u % seats], table[t2, v % seats] = y, x
            moved = moved or best < 0
        if not moved:
            break
    return met
