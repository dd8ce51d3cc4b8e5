"""Playing one scheduled match: its seats, its replay log and viewer data, the outcome to commit.

The same functions serve every backend: the local pool's worker processes (:mod:`arena.local_pool`),
Ray's tasks (:mod:`arena.ray_backend`) and the runner's own process for matches with remote bots.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from arena.config import TournamentConfig
from arena.config_loading import from_mapping
from arena.schedule import MatchTask
from engine.core.game import Game
from engine.registry import load_game
from ladders.records import utc_now
from ladders.sql import is_postgres_url

if TYPE_CHECKING:
    from arena.local_pool import RemoteBots
    from arena.spawn import BotSpec as SeatBot
    from engine.core.replay import ReplayLog


def game_of(config: TournamentConfig) -> Game:
    return load_game(config.game, config.variant, config.players, **dict(config.options))


def replay_dir(config: TournamentConfig) -> Path:
    if config.replay_dir:
        return Path(config.replay_dir)
    if is_postgres_url(config.db):  # beside the current folder, named after the database
        return Path(config.db.rsplit("/", 1)[-1].split("?", 1)[0] + "-replays")
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


def guarded(task: MatchTask, play: Callable[..., dict[str, Any]], *args: Any) -> dict[str, Any]:
    """``play(*args)``, the outcome of ``task``; or its one-line error when the match cannot be played."""
    try:
        return play(*args)
    except Exception as exc:
        detail = traceback.format_exception_only(exc)[-1].strip()
        return {"error": f"{task.match_id}: {detail}"}
