"""Runs a tournament: schedule, workers, and a commit of every result the moment its match ends.

The runner builds the schedule from the definition, asks the store which matches are already
finished, and hands the rest to a pool of worker processes (or to Ray tasks, ``backend = "ray"``:
:mod:`arena.ray_backend`). Each worker plays one match (built-in bots in process, ``cmd:`` bots spawned
and connected over gRPC) and returns a plain outcome; the runner commits it at once, idempotently by match id, so a run killed at any point resumes where it
stopped. Ratings are recomputed from the store at the end.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import time
import traceback
from collections.abc import Callable, Collection, Generator, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, ThreadPoolExecutor, wait
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from arena.config import TournamentConfig, from_mapping
from arena.lifeline import watch_parent
from arena.schedule import LEGACY_SCHEDULE, MatchTask, Pod, pending, round_robin, schedule_id
from engine.core.game import Game
from engine.core.result import Result
from engine.core.rng import secret_seed
from engine.registry import load_game
from ladders.fit import Standings, fit_ladder
from ladders.live import LiveRatings
from ladders.records import MatchRecord, snapshot_rows, utc_now
from ladders.store import Store, StoreError

if TYPE_CHECKING:
    from arena.spawn import BotSpec as SeatBot
    from engine.core.replay import ReplayLog


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


def game_of(config: TournamentConfig) -> Game:
    return load_game(config.game, config.variant, config.players, **dict(config.options))


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


def replay_dir(config: TournamentConfig) -> Path:
    if config.replay_dir:
        return Path(config.replay_dir)
    db = Path(config.db)
    return db.with_name(db.stem + "-replays")


def play_task(
    definition: dict[str, Any], options: dict[str, Any], task_json: dict[str, Any]
) -> dict[str, Any]:
    """Play one scheduled match; runs in a worker process. Returns a JSON-ready outcome."""
    config = from_mapping(definition | options)
    return play_scheduled(config, game_of(config), MatchTask.from_json(task_json))


def play_scheduled(
    config: TournamentConfig, game: Game, task: MatchTask, remote: RemoteBots | None = None
) -> dict[str, Any]:
    """Play one scheduled match, write its replay log and return the outcome to commit."""
    logs = replay_dir(config)
    logs.mkdir(parents=True, exist_ok=True)
    outcome, log = play_outcome(config, game, task, logs, remote)
    path = logs / f"{task.match_id}.jsonl"
    text = log.text()
    path.write_text(text, encoding="utf-8")
    view = viewer_file(config, log, text, task.match_id)
    if view is not None:
        from arena.web.replay_data import view_path

        view_path(path).write_bytes(view)
    return outcome | {"replay": str(path)}


def viewer_file(config: TournamentConfig, log: ReplayLog, text: str, match_id: str) -> bytes | None:
    """The viewer data of a match just played (``docs/replay-format.md``), stamped with the log file's
    ``text``; None when the host turned it off (``viewer = false``) or, for an engine defect, when the
    log does not replay (``arena report`` then derives it and says why)."""
    if not config.viewer:
        return None
    from arena.web.replay_data import view_bytes

    try:
        return view_bytes(log, text, match_id)
    except Exception:  # the match is stored whatever happens here
        return None


def play_outcome(
    config: TournamentConfig, game: Game, task: MatchTask, logs: Path, remote: RemoteBots | None = None
) -> tuple[dict[str, Any], ReplayLog]:
    """Play one scheduled match (spawned bots' output under ``logs/bots``): the outcome to commit, but
    for the path of its replay, and the replay log to write there."""
    started = utc_now()
    clock = time.perf_counter()
    specs = seat_specs(config, task)
    record = play_specs_quietly(game, specs, task.seed, config, logs, task.match_id, remote, task.bots)
    record.log.header["match_id"] = task.match_id
    outcome = {
        "task": task.to_json(),
        "result": record.result.to_json(),
        "started": started,
        "finished": utc_now(),
        "seconds": time.perf_counter() - clock,
    }
    return outcome, record.log


def seat_specs(config: TournamentConfig, task: MatchTask) -> list[SeatBot]:
    """What plays each seat of a scheduled match: the bot of the seat's ladder name, shown by the name
    the host gave it (an unnamed ``cmd:`` or ``remote:`` bot by the name its hello gives)."""
    from arena.spawn import parse_bot_spec

    by_name = {b.name: b for b in config.bots}
    return [parse_bot_spec(by_name[name].spec, name=by_name[name].label) for name in task.bots]


def play_specs_quietly(
    game: Game,
    specs: list[SeatBot],
    seed: int,
    config: TournamentConfig,
    logs: Path,
    match_id: str | None = None,
    remote: RemoteBots | None = None,
    task_bots: tuple[str, ...] = (),
) -> Any:
    """Play one match with no output; ``task_bots`` (the ladder name of each seat) seats the registered
    remote bots by their keys."""
    from arena.spawn import play_specs
    from engine.core.match import FaultPolicy

    keys = (
        {}
        if remote is None
        else {s: remote.keys[name] for s, name in enumerate(task_bots) if name in remote.keys}
    )
    return play_specs(
        game,
        specs,
        seed,
        policy=FaultPolicy(strike_limit=config.strike_limit),
        control=config.time.for_referee(),
        log_dir=logs / "bots",
        announce=lambda line: None,
        server=None if remote is None else remote.server,
        bot_keys=keys,
        match_id=match_id,
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
    _make_folder(config, "folder", Path(config.db).parent)
    with Store(config.db) as store:
        _make_folder(config, "replay folder", replay_dir(config))
        config, tid, seed = resume_tournament(config, store)
        for bot in config.bots:
            store.add_bot(bot.name, bot.kind, bot.command)
        finished = store.finished_match_ids(tid)
        todo = task_source(config, store, tid, seed)
        total = todo.total
        summary = RunSummary(tid, ladder, total, 0, len(finished))
        live = LiveRatings(store.rated_matches(ladder))
        done = len(finished)
        workers = config.workers or os.cpu_count() or 1
        if on_progress is not None:
            on_progress(Progress(done, total, 0, 0, time.perf_counter() - started, live))
        # closing: an exception here (Ctrl-C) ends the workers at once (see _outcomes)
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


def _make_folder(config: TournamentConfig, what: str, folder: Path) -> None:
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
    (:func:`_outcomes`) or Ray (:func:`arena.ray_backend.ray_outcomes`, imported only then)."""
    if config.backend == "ray":
        from arena.ray_backend import ray_outcomes

        return ray_outcomes(config, game, todo, config.workers, announce)
    return _outcomes(config, game, todo, workers, announce)


def _outcomes(
    config: TournamentConfig,
    game: Game,
    todo: TaskSource,
    workers: int,
    announce: Callable[[str], None],
) -> Generator[dict[str, Any], None, None]:
    """Outcomes as matches finish: local matches in worker processes (or here, with one worker and no
    remote bot), remote-bot matches here. Up to two matches per worker are under way; after every
    outcome has been consumed, more are taken from ``todo``."""
    definition = config.definition()
    where = {"db": config.db, "replay_dir": str(replay_dir(config)), "workers": 1, "viewer": config.viewer}
    remote_names = {b.name for b in config.bots if b.kind == "remote"}
    referee: RemoteBots | None = None
    try:
        if workers <= 1 and not remote_names:
            while (task := todo.take()) is not None:
                yield _guarded(task, play_scheduled, config, game, task)
            return
        pool = ProcessPoolExecutor(max(1, workers), initializer=watch_parent, initargs=(os.getpid(),))
        here = ThreadPoolExecutor(1)
        try:
            running: dict[Future[dict[str, Any]], MatchTask] = {}
            local = 0

            def fill() -> None:
                nonlocal referee, local
                while local < workers * 2 and (task := todo.take()) is not None:
                    if remote_names.intersection(task.bots):
                        referee = referee or RemoteBots(config, game, announce)
                        running[here.submit(referee.play, task)] = task
                    else:
                        running[pool.submit(_guarded, task, play_task, definition, where, task.to_json())] = (
                            task
                        )
                        local += 1

            fill()
            while running:
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    task = running.pop(future)
                    local -= not remote_names.intersection(task.bots)
                    try:
                        yield future.result()
                    except Exception as exc:  # a worker process died
                        yield {"error": f"{task.match_id}: worker failed: {exc!r}"}
                fill()
        except BaseException:
            # Ctrl-C (or the caller closing this generator): the matches being played are not waited
            # for. Their workers are killed (their bots die with them, arena.lifeline), and the referee
            # of remote matches stops, which ends the match its thread plays.
            _kill_workers(pool)
            if referee is not None:
                referee.close()
                referee = None
            raise
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
            here.shutdown(wait=True, cancel_futures=True)
    finally:
        if referee is not None:
            referee.close()


def _kill_workers(pool: ProcessPoolExecutor) -> None:
    """Kill the worker processes of ``pool`` (this runner's own children) and reap them."""
    procs = list((getattr(pool, "_processes", None) or {}).values())  # pid -> Process in CPython's pool
    for proc in procs:
        if proc.is_alive():
            proc.kill()
    for proc in procs:
        proc.join(timeout=5)


class RemoteBots:
    """A referee in the runner's process where registered remote bots stay connected with bot keys.

    Matches with a remote bot are played here, one after another; the bot's one stream carries them all.
    """

    def __init__(self, config: TournamentConfig, game: Game, announce: Callable[[str], None]) -> None:
        from arena.spawn import register_bot_key
        from engine.referee import create_server

        self.config = config
        self.game = game
        self.server, _ = create_server(config.listen, control=config.time.for_referee())
        given = dict(config.keys)
        self.keys: dict[str, str] = {}
        for bot in config.bots:
            if bot.kind != "remote":
                continue
            name = bot.spec.removeprefix("remote:")
            intro = f"remote bot {name}: connect with"
            key = register_bot_key(self.server, bot.name, given.get(name), announce, intro=intro, inline=True)
            self.keys[bot.name] = key

    def play(self, task: MatchTask) -> dict[str, Any]:
        return _guarded(task, play_scheduled, self.config, self.game, task, self)

    def close(self) -> None:
        self.server.stop()


def _guarded(task: MatchTask, play: Callable[..., dict[str, Any]], *args: Any) -> dict[str, Any]:
    """``play(*args)``, the outcome of ``task``; or its one-line error when the match cannot be played."""
    try:
        return play(*args)
    except Exception as exc:
        detail = traceback.format_exception_only(exc)[-1].strip()
        return {"error": f"{task.match_id}: {detail}"}
