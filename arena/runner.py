"""Runs a tournament: schedule, backend, and a commit of every result the moment its match ends.

The runner builds the schedule from the definition, asks the store which matches are already
finished, and hands the rest to a backend: a pool of worker processes on this machine
(:mod:`arena.local_pool`, the default) or Ray tasks (``backend = "ray"``: :mod:`arena.ray_backend`).
Each plays one match (:mod:`arena.match_play`: built-in bots in process, ``cmd:`` bots spawned and
connected over gRPC) and returns a plain outcome; the runner commits it at once, idempotently by match
id, so a run killed at any point resumes where it stopped. Ratings are recomputed from the store at
the end.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import time
from collections.abc import Callable, Collection, Generator, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from arena.config import TournamentConfig
from arena.local_pool import local_outcomes
from arena.match_play import game_of, replay_dir
from arena.run_lock import tournament_lock
from arena.schedule import LEGACY_SCHEDULE, MatchTask, Pod, pending, round_robin, schedule_id
from arena.web.names import plural
from engine.core.game import Game
from engine.core.result import Result
from engine.core.rng import secret_seed
from ladders.fit import Standings, fit_ladder
from ladders.live import LiveRatings
from ladders.records import MatchRecord, snapshot_rows
from ladders.sql import is_postgres_url
from ladders.store import Store, StoreError

if TYPE_CHECKING:
    pass


@dataclass(frozen=True, slots=True)
class Progress:
    """What the runner reports after each committed match."""

    done: int
    """Matches finished in the database for this tournament (earlier runs included)."""
    total: int
    played: int
    """Matches played by this run."""
    failed: int
    """Matches this run could not play (they stay pending for the next run)."""
    elapsed: float
    """Seconds since this run started."""
    live: LiveRatings
    record: MatchRecord | None = None
    """The match just committed (None in the first report, before any match, and after a failure)."""
    error: str = ""
    """The one-line error of the match that could not be played, when that is what is reported."""
    tournament: str = ""
    """The tournament's id (its stored matches are the truth when a run is interrupted between a
    match's commit and its report)."""


@dataclass(slots=True)
class RunSummary:
    tournament_id: str
    ladder: str
    total: int
    played: int
    skipped: int
    failed: list[str] = field(default_factory=list)
    """One line per match that could not be played (engine or worker error)."""
    standings: Standings | None = None
    """The fit of the whole ladder after the run (None while it has no rated match)."""
    seconds: float = 0.0
    note: str = ""
    """One line from the schedule on how it ended (the adaptive schedule's stopping rule)."""


def schedule(config: TournamentConfig, tournament_id: str, seed: int) -> list[Pod]:
    """The tournament's round-robin schedule, from its stored id and seed (see :func:`open_tournament`);
    an adaptive tournament has none in advance (:func:`task_source`)."""
    if config.is_adaptive:
        raise ValueError("the adaptive schedule is chosen as results come in (arena.adaptive)")
    bots = [b.name for b in config.bots]
    version = int(config.schedule.partition("@")[2])
    return round_robin(bots, config.players, config.rounds, seed, tournament_id, config.seeding, version)


def resume_tournament(config: TournamentConfig, store: Store) -> tuple[TournamentConfig, str, int]:
    """:func:`open_tournament`, except that a definition stored before schedules had versions resumes
    with the schedule it started with: ``(config as stored, id, seed)``."""
    if config.schedule == schedule_id("round-robin") and store.find_tournament(config.definition()) is None:
        legacy = replace(config, schedule=LEGACY_SCHEDULE)
        found = store.find_tournament(legacy.definition())
        if found is not None:
            return legacy, *found
    return config, *open_tournament(config, store)


def open_tournament(config: TournamentConfig, store: Store) -> tuple[str, int]:
    """The tournament's ``(id, seed)`` as stored. A new definition is recorded with a random id and the
    host's seed, or when the host gave none a secret seed drawn from the OS (:func:`secret_seed`)."""
    seed = config.seed if config.seed is not None else secret_seed()
    return store.open_tournament(config.definition(), new_id=secrets.token_hex(8), seed=seed)


def refuse_dealt_seed(store: Store, ladder: str, seed: int) -> None:
    """A new tournament whose given seed already dealt another tournament's pods on this ladder would
    play those deals again (a pod's seed is the tournament seed's and the pod's index), and the same
    games would count twice in the ratings: refused in one line (:class:`StoreError`)."""
    dealt = store.dealt_with_seed(ladder, seed)
    if dealt:
        other, count = dealt[0]
        raise StoreError(
            f"{store.label}: seed {seed} already dealt the pods of tournament {other} on this ladder"
            f" ({plural(count, 'match')}): a new tournament with it would play those deals again and"
            " count them twice. Give another --seed (or none: a secret one), or run that tournament's own"
            " definition to resume it"
        )


def run_tournament(
    config: TournamentConfig,
    *,
    on_progress: Callable[[Progress], None] | None = None,
    announce: Callable[[str], None] = print,
) -> RunSummary:
    """Play every pending match of the tournament and commit each result at once."""
    started = time.perf_counter()
    game = game_of(config)
    ladder = game.ref.canonical()
    if not is_postgres_url(config.db):
        make_folder(config, "folder", Path(config.db).parent)
    with Store(config.db) as store, contextlib.ExitStack() as held:
        make_folder(config, "replay folder", replay_dir(config))
        is_new = store.find_tournament(config.definition()) is None
        if is_new and config.seed is not None:
            refuse_dealt_seed(store, ladder, config.seed)
        config, tid, seed = resume_tournament(config, store)
        held.enter_context(tournament_lock(replay_dir(config), tid))
        for bot in config.bots:
            store.add_bot(bot.name, bot.kind, bot.command)
        finished = store.finished_match_ids(tid)
        todo = task_source(config, store, tid, seed)
        total = todo.total
        summary = RunSummary(tid, ladder, total, 0, len(finished))
        rated = store.rated_matches(ladder)
        live = LiveRatings(rated)
        if is_new and rated and not finished:
            # a changed definition (bots, pods, seed, time control...) is a tournament of its own
            announce(
                f"a new tournament ({tid}): {plural(len(rated), 'match')} of other tournaments are on this"
                " ladder already and count in its ratings; a run resumes only the same definition"
            )
        done = len(finished)
        workers = config.workers or os.cpu_count() or 1
        if on_progress is not None:
            on_progress(Progress(done, total, 0, 0, time.perf_counter() - started, live, tournament=tid))
        # closing: an exception here (Ctrl-C) ends the workers at once (see arena.local_pool)
        with contextlib.closing(backend_outcomes(config, game, todo, workers, announce)) as outcomes:
            for outcome in outcomes:
                record = None
                if "error" in outcome:
                    summary.failed.append(outcome["error"])
                else:
                    task = MatchTask.from_json(outcome["task"])
                    record = MatchRecord.from_result(
                        task,
                        ladder,
                        game.variant,
                        Result.from_json(outcome["result"]),
                        replay=outcome["replay"],
                        started=outcome["started"],
                        finished=outcome["finished"],
                        seconds=outcome["seconds"],
                    )
                    if store.record_match(record) and record.is_rated:
                        live.update(record.rated())
                    todo.record(record)
                    done += 1
                    summary.played += 1
                if on_progress is not None:
                    progress = Progress(
                        done,
                        todo.total,  # an adaptive schedule that stops early lowers it
                        summary.played,
                        len(summary.failed),
                        time.perf_counter() - started,
                        live,
                        record,
                        outcome.get("error", ""),
                        tid,
                    )
                    on_progress(progress)
        summary.total, summary.note = todo.total, todo.note
        rated = store.rated_matches(ladder)
        if rated:
            standings = fit_ladder(rated)
            summary.standings = standings
            store.save_snapshot(ladder, *snapshot_rows(standings))
    summary.seconds = time.perf_counter() - started
    return summary


def make_folder(config: TournamentConfig, what: str, folder: Path) -> None:
    """Make a folder the run writes to, or raise a one-line ``StoreError`` before any match."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"{config.db}: cannot create its {what} {folder} ({exc.strerror})") from None


class TaskSource(Protocol):
    """Where the runner takes the matches to play: a fixed list, or a strategy that picks them as
    results come in (``arena.sprt``)."""

    total: int
    """Matches of the whole tournament (finished ones included), for the progress bar."""

    @property
    def note(self) -> str:
        """One line on how the schedule ended, for the run's summary (empty: nothing to say)."""
        ...

    def take(self) -> MatchTask | None:
        """The next match to start, or None when none is ready now (more may be once results are in;
        None while nothing is running means there are no more)."""
        ...

    def record(self, record: MatchRecord) -> None:
        """A match of this tournament was committed."""
        ...


class Tasks:
    """A :class:`TaskSource` over a fixed list (matches with a remote bot first)."""

    note = ""

    def __init__(self, tasks: Iterable[MatchTask], total: int, remote: Collection[str] = ()) -> None:
        self.total = total
        names = set(remote)
        self._queue = sorted(tasks, key=lambda t: not names.intersection(t.bots))[::-1]

    def take(self) -> MatchTask | None:
        return self._queue.pop() if self._queue else None

    def record(self, record: MatchRecord) -> None:
        pass


def task_source(config: TournamentConfig, store: Store, tournament_id: str, seed: int) -> TaskSource:
    """The matches still to play: the pending ones of the fixed schedule, or the adaptive schedule's
    (:mod:`arena.adaptive`), which chooses them as results come in."""
    if config.is_adaptive:
        from arena.adaptive import AdaptiveSource

        return AdaptiveSource(config, tournament_id, seed, store.tournament_matches(tournament_id))
    pods = schedule(config, tournament_id, seed)
    todo = pending(pods, store.finished_match_ids(tournament_id))
    remote = {b.name for b in config.bots if b.kind == "remote"}
    return Tasks(todo, sum(len(p.tasks) for p in pods), remote)


def backend_outcomes(
    config: TournamentConfig,
    game: Game,
    todo: TaskSource,
    workers: int,
    announce: Callable[[str], None],
) -> Generator[dict[str, Any], None, None]:
    """Outcomes as matches finish, from the backend the definition names: this machine's process pool
    (:func:`arena.local_pool.local_outcomes`) or Ray (:func:`arena.ray_backend.ray_outcomes`, imported only then)."""
    if config.backend == "ray":
        from arena.ray_backend import ray_outcomes

        return ray_outcomes(config, game, todo, config.workers, announce)
    return local_outcomes(config, game, todo, workers, announce)
