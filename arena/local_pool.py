"""The local backend: matches in a pool of worker processes on this machine, remote-bot matches in
the runner's own process (a referee where registered bots stay connected with their bot keys).

Design detail: the workers are forked by a fork server (``multiprocessing``'s ``forkserver``), a
clean process that has imported the match code and never runs gRPC, rather than by the runner itself.
The runner may have gRPC running when it starts a pool: the referee of its remote-bot matches, or a
library caller's earlier matches in the same process. gRPC's poller thread then sits inside gRPC's
completion queue, gRPC skips its fork handlers ("Other threads are currently calling into gRPC"), and a
forked worker starts with the runner's poller state: its own referee waits forever for a poller that
exists only in the runner, or fails gRPC's check ``next_worker->state == KICKED`` and dies. The fork
server is started once per runner process (the first pool costs a few tenths of a second more); later
pools fork from it at once.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Generator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, ThreadPoolExecutor, wait
from typing import TYPE_CHECKING, Any

from arena.config import TournamentConfig
from arena.lifeline import watch_parent
from arena.match_play import guarded, play_scheduled, play_task, replay_dir
from arena.schedule import MatchTask
from engine.core.game import Game

if TYPE_CHECKING:
    from arena.runner import TaskSource


def local_outcomes(
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
                yield guarded(task, play_scheduled, config, game, task)
            return
        pool = ProcessPoolExecutor(
            max(1, workers),
            mp_context=worker_context(),
            initializer=watch_parent,
            initargs=(os.getpid(),),
        )
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
                        running[pool.submit(guarded, task, play_task, definition, where, task.to_json())] = (
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


WORKER_MODULES = ("__main__", "arena.match_play", "arena.spawn", "arena.web.replay_data", "bots.builtin")
"""What the fork server imports once, so that a worker forked from it starts with the match code
(``__main__``: the program's own script, which every worker imports too, as ``multiprocessing`` does)."""


def worker_context() -> multiprocessing.context.BaseContext:
    """The ``multiprocessing`` context that starts the pool's workers: a fork server where the platform
    has one (Linux, macOS), else ``spawn``; never a fork of the runner (see the module docstring)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(WORKER_MODULES))
    return context


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
        return guarded(task, play_scheduled, self.config, self.game, task, self)

    def close(self) -> None:
        self.server.stop()
