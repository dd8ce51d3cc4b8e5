"""A league simulated on a virtual clock: the host's bookkeeping (:class:`arena.league.book.LadderBook`)
and matchmaker on one ladder, bots that come and go, pods that take a while, Plackett-Luce games.

Used by the matchmaker's tests and by ``benchmarks/league_ranking.py`` (the ranking after a simulated
day against the bots' true strengths, beside a round robin of the same number of matches).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import numpy as np

from arena.league.book import LadderBook, Presence
from arena.league.matchmaker import HOUSE, PLACEMENT, Rules, Table, form_tables
from arena.schedule import bot_of, make_pod
from ladders.adaptive import posterior
from ladders.groups import joined_with
from ladders.records import RatedMatch
from tests.ladders.simulate import play_pod


@dataclass
class SimResult:
    matches: list[RatedMatch] = field(default_factory=list)
    tables: list[tuple[float, Table]] = field(default_factory=list)
    """Every table started, with its time."""
    book: LadderBook | None = None
    violations: list[str] = field(default_factory=list)
    """Limits broken (a disconnected bot seated, concurrency or hourly limit passed)."""

    def pair_meetings(self) -> dict[frozenset[str], int]:
        met: dict[frozenset[str], int] = {}
        for _, t in self.tables:
            if t.kind == PLACEMENT:
                continue
            for a, b in itertools.combinations(sorted({bot_of(n) for n in t.bots}), 2):
                met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
        return met


def simulate(
    elo: Mapping[str, float],
    rules: Rules,
    *,
    hours: float = 1.0,
    pod_s: float = 20.0,
    seed: int = 1,
    house: tuple[str, ...] = (),
    present: Callable[[str, float], bool] = lambda name, t: True,
    refit_s: float = 30.0,
    tick_s: float = 0.5,
    placement: Mapping[str, int] | None = None,
    shared: float = 0.0,
) -> SimResult:
    """Run the ladder for ``hours`` of virtual time; ``elo`` holds every bot's true strength (house
    bots too), ``present(name, t)`` whether an author's bot is connected at ``t`` seconds; ``shared``
    correlates the games of a pod (``tests/ladders/simulate.py``)."""
    rng = np.random.default_rng(seed)
    book = LadderBook(rules, house)
    out = SimResult(book=book)
    authors = [n for n in elo if n not in house]
    left = dict(placement or {})
    running: list[tuple[float, Table, int]] = []
    advantage = np.linspace(0, 60, rules.seats)
    names = list(elo)
    next_refit = 0.0
    pod_index = 0
    t = 0.0
    while t < hours * 3600:
        for end, table, index in [r for r in running if r[0] <= t]:
            running.remove((end, table, index))
            book.finished(table, t)
            pod = make_pod("sim", index, 0, table.bots, seed, "duplicate")
            if rules.rotations == 1:
                pod = type(pod)(pod.tournament_id, pod.index, pod.round, pod.table, pod.seed, pod.tasks[:1])
            if table.kind != PLACEMENT:
                strengths = {n: elo[bot_of(n)] for n in table.bots}
                out.matches.extend(play_pod(pod, strengths, advantage, rng, shared=shared))
        presence = {
            n: Presence(present(n, t), in_placement=left.get(n, 0) > 0, placement_left=left.get(n, 0))
            for n in authors
        }
        book.update(t, presence)
        if t >= next_refit:  # as the host's refit: the posterior and the bots joined to the house bots
            seen = [RatedMatch(m.pod, tuple(bot_of(b) for b in m.bots), m.places) for m in out.matches]
            joined = joined_with(seen, house)
            book.set_posterior(posterior(names, out.matches) if out.matches else None, names, joined)
            next_refit = t + refit_s
        for table in form_tables(book.field(t), rules, t):
            for n in {bot_of(b) for b in table.bots} - set(house):
                p = presence[n]
                if not p.connected:
                    out.violations.append(f"{t:.0f}s: {n} seated while disconnected")
                if book.running[n] >= rules.concurrent:
                    out.violations.append(f"{t:.0f}s: {n} over its concurrency limit")
                if book._started_last_hour(n, t) + rules.rotations > rules.per_hour:
                    out.violations.append(f"{t:.0f}s: {n} over its hourly limit")
            book.started(table, t)
            out.tables.append((t, table))
            if table.kind == PLACEMENT:
                left[table.bots[0]] -= 1
            running.append((t + pod_s * float(rng.uniform(0.8, 1.2)), table, pod_index))
            pod_index += 1
        t += tick_s
    return out


def house_only(result: SimResult) -> int:
    return sum(1 for _, t in result.tables if t.kind == HOUSE)
