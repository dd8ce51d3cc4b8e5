"""The adaptive schedule: each next pod is the table that most settles the ranking, within a balance limit.

``schedule = "adaptive"`` (``arena run --schedule adaptive``) plays pods one table at a time. Pod ``p``
is chosen from the results of pods ``0 .. p - LAG - 1`` (all of them finished; the :data:`LAG` pods in
between may still be playing) and the tables of pods ``0 .. p - 1``: among the tables the balance limit
allows, the one of greatest value (:func:`ladders.adaptive.table_values`: the share of the neighbours'
uncertainty its pod would remove, weighted by each neighbour pair's chance of being the wrong way
round) plus the value of the best table the limit would allow after it. Seeds and ids are the round robin's (:func:`arena.schedule.make_pod`), so pod ``p`` plays seed
``pod_seed(tournament_seed, p)`` whatever table it gets.

Balance limit (``balance = B`` pods, default :data:`arena.schedule.ADAPTIVE_BALANCE`): after every pod, every bot has
played at least as many pods as any other bot minus ``B``. A table may hold only bots that are behind
(at most ``min + B - 1`` pods, ``min`` the fewest any bot has); when fewer bots than seats are behind,
it must hold all of them. ``B = 1`` keeps every bot within one pod of every other, as the round robin's
balanced order does.

The provisional phase (version 2). The stopping rule waits until every bot has ``MIN_PODS`` pods
(no bot is provisional); the round robin's order gets there at the first pod where the pods played
could give every bot that many. Until then the balance limit is 1, so the adaptive schedule gets there
as early: with 6 bots at 4 seats a limit of 2 left a bot at 9 pods after 15 pods in half the simulated
runs, and many of those runs would have stopped at pod 15, the first pod the rule allows. Version 1 (a
tournament recorded as ``adaptive@1``) keeps its limit throughout, and resumes as it began.

Stopping. The budget is the round robin's: ``rounds`` rounds' worth of pods (``rounds`` times the tables
of one round robin round). With ``confidence = C`` the schedule stops earlier, after the first pod ``p``
(in index order) at which the fit of this tournament's pods ``0 .. p`` has no provisional bot and every
pair of neighbours on it has a likelihood of superiority of at least ``C``
(:func:`ladders.adaptive.ranking_confidence`); the pods ``p + 1 .. p + LAG``, chosen before that result
was known, are played too. So the set of pods played is a function of the stored results alone.

Design detail: one table ahead. Chosen for its own value alone, the schedule can lock into a cycle: with
8 bots at 4 seats and a limit of 2, the two bots of the closest pair can fall one pod out of step, and
then every pod that one of them may play is one the other may not, so they never meet again (in a
simulated run the pair met in 52 of the first 160 games and in none of the next 480). Counting the best
table the limit allows next breaks such cycles: a pod that rests both of them is worth the pod that
seats them together. The value of the next table is taken from the same posterior (not updated for the
first), and the lookahead is skipped above :data:`LOOKAHEAD_LIMIT` tables, where it would cost a
candidates-squared table per pod.

Design detail: resuming. Every choice is a function of the stored results (of whole pods, in match-id
order) and the tournament seed, so a resumed run recomputes the same tables; a pod with a stored match
takes its table from the database, so even a recomputation that rounded differently on another machine
cannot change a pod already begun. Near-equal values (within a millionth of the best) count as equal and
are broken by a hash of the tournament seed, the pod index and the table.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

import numpy as np

from arena.config import TournamentConfig
from arena.schedule import ADAPTIVE_BALANCE, MatchTask, make_pod, match_id, round_tables
from engine.core.rng import derive_seed
from ladders.adaptive import posterior, ranking_confidence, table_values, with_pending
from ladders.fit import MIN_PODS, rank_ladder
from ladders.model import IntArray
from ladders.records import MatchRecord, RatedMatch

LAG = 2
"""Pods that may be under way while the next is chosen (the parallelism of an adaptive run: ``LAG + 1``
pods of ``seats`` matches each)."""


LOOKAHEAD_LIMIT = 1000
"""Up to this many seat-sized tables, a table is chosen for its value plus that of the best table the
balance limit would allow after it (see the module docstring); beyond, for its own value alone."""


@functools.cache
def candidates(bots: int, seats: int) -> IntArray:
    """Every seat-sized table of ``bots`` bots, as rows of bot indices in ``itertools.combinations`` order."""
    return np.array(list(itertools.combinations(range(bots), seats)), dtype=np.int64)


def allowed(counts: Sequence[int], seats: int, balance: int) -> np.ndarray:
    """Which of :func:`candidates` the balance limit allows, given each bot's pods so far."""
    return np.asarray(_allowed(np.asarray(counts)[None, :], seats, balance)[0])


def _allowed(counts: np.ndarray, seats: int, balance: int) -> np.ndarray:
    """:func:`allowed` for several count vectors at once: ``(k, bots)`` counts, ``(k, candidates)``."""
    tables = candidates(counts.shape[1], seats)
    behind = counts <= counts.min(axis=1, keepdims=True) + balance - 1
    inside = behind[:, tables]  # (k, candidates, seats)
    many = behind.sum(axis=1)
    ok = np.where((many >= seats)[:, None], inside.all(axis=2), inside.sum(axis=2) == many[:, None])
    return np.asarray(ok, dtype=np.bool_)


def next_table(
    bots: Sequence[str],
    seats: int,
    balance: int,
    seed: int,
    pod_index: int,
    played: Sequence[tuple[int, ...]],
    matches: Sequence[RatedMatch],
    *,
    min_pods: int = 0,
) -> tuple[int, ...]:
    """The table of pod ``pod_index`` (bot indices, ascending): ``played`` are the tables of the pods
    before it, ``matches`` the rated results the choice may use (pods ``0 .. pod_index - LAG - 1``).
    While a bot has fewer than ``min_pods`` pods the balance limit is 1 (see "the provisional phase" in
    the module docstring)."""
    counts = np.zeros(len(bots), dtype=np.int64)
    for table in played:
        counts[list(table)] += 1
    if counts.min() < min_pods:
        balance = 1
    tables = candidates(len(bots), seats)
    unread = played[max(0, pod_index - LAG) :]  # chosen, but their results are not read
    values = table_values(with_pending(posterior(bots, matches), unread, seats), tables, seats)
    ok = np.flatnonzero(allowed(counts.tolist(), seats, balance))
    score = values[ok]
    if len(tables) <= LOOKAHEAD_LIMIT:
        # The best table the limit would allow next, after each candidate (the same posterior).
        after = counts[None, :] + np.zeros((len(ok), len(bots)), dtype=np.int64)
        np.add.at(after, (np.arange(len(ok))[:, None], tables[ok]), 1)
        then = np.where(_allowed(after, seats, balance), values[None, :], -np.inf).max(axis=1)
        score = score + then
    best = float(score.max())
    near = ok[score >= best - 1e-6 * abs(best)] if best > 0 else ok
    pick = min(near.tolist(), key=lambda k: derive_seed("arena-adaptive", seed, pod_index, k))
    return tuple(int(b) for b in tables[pick])


def check_stop(matches: Sequence[RatedMatch], bots: Sequence[str], pods_of: Sequence[int]) -> float | None:
    """The ranking confidence of ``matches`` (None while a bot has fewer than ``MIN_PODS`` pods, so the
    fit would be provisional)."""
    if min(pods_of) < MIN_PODS:
        return None
    ranking = rank_ladder(matches)  # the fit's order and likelihoods of superiority, without intervals
    if ranking.provisional:
        return None
    return ranking_confidence(ranking, bots)


class AdaptiveSource:
    """The runner's :class:`arena.runner.TaskSource` for ``schedule = "adaptive"``."""

    def __init__(
        self, config: TournamentConfig, tournament_id: str, seed: int, stored: list[MatchRecord]
    ) -> None:
        self.config = config
        self.tournament_id = tournament_id
        self.seed = seed
        self.names = [b.name for b in config.bots]
        self.seats = config.players
        self.balance = config.balance or ADAPTIVE_BALANCE
        self.version = int(config.schedule.partition("@")[2] or 1)
        """The schedule's version: 1 keeps the balance limit while bots are provisional, 2 and later
        hold every bot within one pod of every other until each has ``MIN_PODS`` pods."""
        self.per_round = len(round_tables(self.names, self.seats, 1)[0])
        self.budget = config.rounds * self.per_round
        """Pods of the whole budget."""
        self.limit = self.budget
        """Pods this tournament plays: the budget, or fewer once the ranking is settled."""
        self.total = self.limit * self.seats
        self.settled_at: int | None = None
        """The pod after which the ranking was settled (None: not yet)."""
        self.confidence: float | None = None
        """The ranking confidence after the last finished pod that was checked."""
        self.tables: list[tuple[int, ...]] = []
        self.known: dict[int, tuple[int, ...]] = {}
        self.results: dict[int, list[tuple[str, RatedMatch]]] = {}
        self.done: set[str] = set()
        self.complete = 0
        """Pods ``0 .. complete - 1`` are finished."""
        self.matches: list[RatedMatch] = []
        self.pods_of = [0] * len(self.names)
        self._queue: list[MatchTask] = []
        self._index = {name: i for i, name in enumerate(self.names)}
        for record in stored:
            self._add(record)
        self._advance()

    @property
    def note(self) -> str:
        """One line on how the schedule ended (or where it stands)."""
        target = self.config.confidence
        if self.settled_at is not None:
            return (
                f"adaptive schedule: settled after pod {self.settled_at + 1} (every neighbour at"
                f" {self.confidence:.3f} >= {target}); {self.limit} of a budget of {self.budget} pods"
            )
        reached = f"{self.complete} of {self.budget} pods played"
        if target is None:
            return f"adaptive schedule: {reached}"
        now = "not checked yet" if self.confidence is None else f"{self.confidence:.3f}"
        return f"adaptive schedule: {reached}; ranking confidence {now}, target {target}"

    def table(self, pod: int) -> tuple[int, ...]:
        """The table of ``pod`` (bot indices); pods before it must have theirs."""
        while len(self.tables) <= pod:
            p = len(self.tables)
            if p in self.known:
                self.tables.append(self.known[p])
                continue
            assert self.complete >= p - LAG, "a pod is chosen only once the pods it reads are finished"
            upto = [m for q in range(max(0, p - LAG)) for _, m in sorted(self.results.get(q, []))]
            catch_up = MIN_PODS if self.version >= 2 else 0
            self.tables.append(
                next_table(
                    self.names, self.seats, self.balance, self.seed, p, self.tables, upto, min_pods=catch_up
                )
            )
        return self.tables[pod]

    def pod_tasks(self, pod: int) -> tuple[MatchTask, ...]:
        labels = tuple(self.names[b] for b in self.table(pod))
        made = make_pod(
            self.tournament_id, pod, pod // self.per_round, labels, self.seed, self.config.seeding
        )
        return made.tasks

    def take(self) -> MatchTask | None:
        while not self._queue and len(self.tables) < self.limit and self.complete >= len(self.tables) - LAG:
            self._queue.extend(t for t in self.pod_tasks(len(self.tables)) if t.match_id not in self.done)
        return self._queue.pop(0) if self._queue else None

    def record(self, record: MatchRecord) -> None:
        self._add(record)
        self._advance()

    def _add(self, record: MatchRecord) -> None:
        if record.match_id in self.done:
            return
        self.done.add(record.match_id)
        self.known.setdefault(record.pod_index, tuple(sorted({self._index[b] for b in record.bots})))
        if record.is_rated:
            self.results.setdefault(record.pod_index, []).append((record.match_id, record.rated()))

    def _is_complete(self, pod: int) -> bool:
        return all(match_id(self.tournament_id, pod, r) in self.done for r in range(self.seats))

    def _advance(self) -> None:
        """Take every newly finished pod, in index order, and check the stopping rule after each."""
        while self.complete < self.limit and self._is_complete(self.complete):
            pod = self.complete
            found = sorted(self.results.get(pod, []))
            self.matches.extend(m for _, m in found)
            for b in self.known[pod]:
                self.pods_of[b] += 1
            self.complete += 1
            target = self.config.confidence
            if target is None or self.settled_at is not None or not self.matches:
                continue
            confidence = check_stop(self.matches, self.names, self.pods_of)
            if confidence is None:
                continue
            self.confidence = confidence
            if confidence >= target:
                self.settled_at = pod
                self.limit = min(self.budget, pod + 1 + LAG)
                self.total = self.limit * self.seats
