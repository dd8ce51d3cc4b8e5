"""Runs a sequential test of a candidate bot against a baseline: duplicate pairs of pods until it decides.

Pair ``i`` is two pods on one seed with the same field: the candidate's pod (pod index ``2i``, the table
``(candidate, field...)`` once per seat rotation) and the baseline's (``2i + 1``, the baseline in the
candidate's place). The field's tables rotate through a balanced order when the field has more bots than
the other seats (:func:`arena.schedule.round_tables`). Every match is committed to the ladder database as
it ends, under a tournament whose definition holds the test, so the same command resumes it; the
matches count on the game's ladder like any other. The maths is :mod:`ladders.sprt`.

Design detail: the order of evidence. The test is evaluated on pairs in index order: after pair ``m`` it
uses pairs ``0..m`` and nothing later, whatever finished first. A test that read results in finish order
would favour the outcomes of short games, and would decide differently on a resumed or wider run; in
index order the decision is a function of the stored results alone. Pairs are started in order, at most
a few ahead of the first unfinished one, and once the test has decided no new pair starts: the pairs
already started are played to the end and reported beside the decision (their games are on the ladder
and in the final LLR), but the verdict is the one reached at the deciding pair.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arena.config import TournamentConfig
from arena.local_pool import local_outcomes
from arena.match_play import game_of, replay_dir
from arena.run_lock import tournament_lock
from arena.runner import make_folder
from arena.schedule import COPY_MARK, MatchTask, bot_of, make_pod, pod_seed, round_tables
from engine.core.result import Result
from engine.core.rng import secret_seed
from ladders.fit import fit_ladder
from ladders.model import FloatArray
from ladders.records import MatchRecord, RatedMatch, snapshot_rows
from ladders.sprt import Hypotheses, SprtState, Verdict, sprt_state
from ladders.sql import is_postgres_url
from ladders.store import Store


@dataclass(frozen=True, slots=True)
class SprtConfig:
    """A sequential test: how to play (``play``: game, options, seeds, time, faults, database) and what to
    test. ``play.bots`` is the candidate, the baseline and the field, in that order."""

    play: TournamentConfig
    candidate: str
    baseline: str
    field: tuple[str, ...]
    hypotheses: Hypotheses
    max_pairs: int = 2000
    """Pairs after which a test that has not decided stops without a verdict."""

    def definition(self) -> dict[str, Any]:
        """What identifies the test in the ladder database (the play settings and the hypotheses)."""
        definition = self.play.definition()
        definition.pop("rounds", None)
        definition.pop("schedule", None)
        h = self.hypotheses
        definition["sprt"] = {
            "candidate": self.candidate,
            "baseline": self.baseline,
            "field": list(self.field),
            "elo0": h.elo0,
            "elo1": h.elo1,
            "alpha": h.alpha,
            "beta": h.beta,
            "max_pairs": self.max_pairs,
        }
        return definition


@dataclass(slots=True)
class SprtSummary:
    """What a run of the test reports."""

    tournament_id: str
    ladder: str
    candidate: str
    baseline: str
    hypotheses: Hypotheses
    decision: SprtState | None = None
    """The test at the pair where it decided (None: no decision yet)."""
    latest: SprtState | None = None
    """The test over every finished pair (pairs played past the decision included)."""
    played: int = 0
    """Matches played by this run."""
    skipped: int = 0
    """Matches already in the database."""
    failed: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def verdict(self) -> Verdict:
        return Verdict.CONTINUE if self.decision is None else self.decision.verdict

    def to_json(self) -> dict[str, Any]:
        def state(s: SprtState | None) -> dict[str, Any] | None:
            if s is None:
                return None
            return {
                "llr": s.llr,
                "raw_llr": s.raw_llr,
                "design_effect": s.design_effect,
                "pairs": s.pairs,
                "elo": s.elo,
                "elo_sd": s.elo_sd,
            }

        h = self.hypotheses
        return {
            "tournament": self.tournament_id,
            "ladder": self.ladder,
            "candidate": self.candidate,
            "baseline": self.baseline,
            "verdict": self.verdict.value,
            "hypotheses": {"elo0": h.elo0, "elo1": h.elo1, "alpha": h.alpha, "beta": h.beta},
            "bounds": {"lower": h.lower, "upper": h.upper},
            "decision": state(self.decision),
            "latest": state(self.latest),
            "played": self.played,
            "skipped": self.skipped,
            "failed": list(self.failed),
            "seconds": self.seconds,
        }


def labelled(bots: list[str]) -> tuple[str, ...]:
    """Table labels for ``bots``: a bot's second entry is ``name#2`` and so on (a field may hold the
    baseline or the candidate too).

    >>> labelled(["random", "random", "first"])
    ('random', 'random#2', 'first')
    """
    seen: dict[str, int] = {}
    out = []
    for bot in bots:
        seen[bot] = seen.get(bot, 0) + 1
        out.append(bot if seen[bot] == 1 else f"{bot}{COPY_MARK}{seen[bot]}")
    return tuple(out)


class SprtSource:
    """The runner's :class:`arena.runner.TaskSource` for a test: pairs in order until it decides."""

    note = ""

    def __init__(
        self,
        config: SprtConfig,
        tournament_id: str,
        seed: int,
        stored: list[MatchRecord],
        *,
        window: int,
        on_pair: Callable[[SprtState], None] = lambda state: None,
    ) -> None:
        self.config = config
        self.tournament_id = tournament_id
        self.seed = seed
        self.seats = config.play.players
        self.per_pair = 2 * self.seats
        self.total = config.max_pairs * self.per_pair
        self.window = max(2, window)
        self.on_pair = on_pair
        self.field_tables = round_tables(list(config.field), self.seats - 1, 1)[0]
        self.results: dict[int, list[tuple[str, RatedMatch]]] = {}
        self.done: set[str] = set()
        self.evaluated = 0
        """Pairs ``0..evaluated-1`` are complete and in the test."""
        self.matches: list[RatedMatch] = []
        self.decision: SprtState | None = None
        self.latest: SprtState | None = None
        self._start: FloatArray | None = None
        self._queue: list[MatchTask] = []
        self._next_pair = 0
        for record in stored:
            self._add(record)
        self._advance()
        started = {record.pod_index // 2 for record in stored}
        # Pairs begun before a decision are finished; otherwise play on from the first unfinished pair.
        self._next_pair = self.evaluated
        if self.decision is not None:
            for pair in sorted(p for p in started if p >= self.evaluated):
                self._queue_pair(pair)

    def pair_tasks(self, pair: int) -> list[MatchTask]:
        """The matches of pair ``pair``: the candidate's pod and the baseline's, rotation by rotation."""
        cfg = self.config
        rest = [bot_of(label) for label in self.field_tables[pair % len(self.field_tables)]]
        seed = pod_seed(self.seed, pair)
        pods = [
            make_pod(
                self.tournament_id,
                2 * pair + k,
                pair,
                labelled([bot, *rest]),
                self.seed,
                cfg.play.seeding,
                seed,
            )
            for k, bot in enumerate((cfg.candidate, cfg.baseline))
        ]
        return [task for two in zip(*(p.tasks for p in pods), strict=True) for task in two]

    def _queue_pair(self, pair: int) -> None:
        self._queue.extend(t for t in self.pair_tasks(pair) if t.match_id not in self.done)
        self._next_pair = max(self._next_pair, pair + 1)

    def take(self) -> MatchTask | None:
        if not self._queue and self.decision is None:
            while (
                self._next_pair < min(self.config.max_pairs, self.evaluated + self.window) and not self._queue
            ):
                self._queue_pair(self._next_pair)
        return self._queue.pop(0) if self._queue else None

    def record(self, record: MatchRecord) -> None:
        self._add(record)
        self._advance()

    def _add(self, record: MatchRecord) -> None:
        if record.match_id in self.done:
            return
        self.done.add(record.match_id)
        if record.is_rated:
            pair = record.pod_index // 2
            rated = RatedMatch(f"{self.tournament_id}-pair-{pair:05d}", record.bots, record.places)
            self.results.setdefault(pair, []).append((record.match_id, rated))

    def _complete(self, pair: int) -> bool:
        ids = {t.match_id for t in self.pair_tasks(pair)}
        return ids <= self.done

    def _advance(self) -> None:
        """Take every newly complete pair, in index order, into the test."""
        while self.evaluated < self.config.max_pairs and self._complete(self.evaluated):
            # In match-id order, not finish order: the same numbers on a resumed run.
            self.matches.extend(m for _, m in sorted(self.results.get(self.evaluated, [])))
            self.evaluated += 1
            bots = {b for m in self.matches for b in m.bots}
            if not {self.config.candidate, self.config.baseline} <= bots:
                continue  # every game of the pairs so far was aborted
            state, self._start = sprt_state(
                self.matches,
                self.config.candidate,
                self.config.baseline,
                self.config.hypotheses,
                start=self._start,
            )
            self.latest = state
            if self.decision is None:
                self.on_pair(state)
                if state.verdict is not Verdict.CONTINUE:
                    self.decision = state


def run_sprt(
    config: SprtConfig,
    *,
    on_pair: Callable[[SprtState], None] = lambda state: None,
    announce: Callable[[str], None] = print,
) -> SprtSummary:
    """Play pairs until the test decides (or ``max_pairs``), committing every match at once."""
    started = time.perf_counter()
    play = config.play
    game = game_of(play)
    ladder = game.ref.canonical()
    if not is_postgres_url(play.db):
        make_folder(play, "folder", Path(play.db).parent)
    with Store(play.db) as store, contextlib.ExitStack() as held:
        make_folder(play, "replay folder", replay_dir(play))
        seed = play.seed if play.seed is not None else secret_seed()
        tid, seed = store.open_tournament(config.definition(), new_id=secrets.token_hex(8), seed=seed)
        held.enter_context(tournament_lock(replay_dir(play), tid))
        for bot in play.bots:
            store.add_bot(bot.name, bot.kind, bot.command)
        stored = store.tournament_matches(tid)
        workers = play.workers or os.cpu_count() or 1
        source = SprtSource(config, tid, seed, stored, window=workers, on_pair=on_pair)
        summary = SprtSummary(
            tid, ladder, config.candidate, config.baseline, config.hypotheses, skipped=len(stored)
        )
        for outcome in local_outcomes(play, game, source, workers, announce):
            if "error" in outcome:
                summary.failed.append(outcome["error"])
                continue
            record = MatchRecord.from_result(
                MatchTask.from_json(outcome["task"]),
                ladder,
                game.variant,
                Result.from_json(outcome["result"]),
                replay=outcome["replay"],
                started=outcome["started"],
                finished=outcome["finished"],
                seconds=outcome["seconds"],
            )
            store.record_match(record)
            source.record(record)
            summary.played += 1
        summary.decision, summary.latest = source.decision, source.latest
        rated = store.rated_matches(ladder)
        if rated:
            store.save_snapshot(ladder, *snapshot_rows(fit_ladder(rated)))
    summary.seconds = time.perf_counter() - started
    return summary
