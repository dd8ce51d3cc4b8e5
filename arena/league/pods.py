"""Playing the league's pods: on the host's referee when an author's bot sits at the table, on the
runner's backends (a local process pool or Ray) when only house bots do.

A pod is turned into the runner's :class:`arena.schedule.MatchTask` values (:func:`pod_tasks`: the
tournament's id, the pod's index, one task per seat rotation on the pod's seed) and each match is
played by the runner's own :func:`arena.match_play.play_scheduled`, which writes its replay log and
viewer data. An author's bot is a ``remote`` seat bound to its entry's key in the referee's lobby
(:class:`RefereeSeats`); house bots play as in any tournament. The outcome is committed at once,
idempotently by match id, by the caller.

Design detail: house pods reuse the runner's backends unchanged. :class:`HouseQueue` is the
:class:`arena.runner.TaskSource` they take matches from: it hands out the matches the host queued
and, when none is queued and none is under way, waits for more instead of ending the backend's run,
so one process pool (or one Ray connection) per ladder lives as long as the host. When the host stops,
the queue stops: a house match that ends after that is not stored (its pod is void, as an author's
match cut short by the stop), and the backend ends the rest (the Ray backend within half a second; the
local pool when its next match ends). On Ray, the host connects once before its house pods start
(:func:`connect_house`, in the thread that runs the host: the main thread under ``arena league``, where
Ray's own SIGTERM handlers are replaced by the host's again, :func:`arena.ray_backend.connect`), and
disconnects in the same thread when it stops, once the house pods' threads have ended.
"""

from __future__ import annotations

import collections
import queue
import threading
from collections.abc import Callable, Generator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from arena.bot_specs import BotSpec
from arena.config import TournamentConfig
from arena.schedule import MatchTask, bot_of, make_pod
from engine.core.result import Result
from ladders.records import MatchRecord

if TYPE_CHECKING:
    from arena.league.definition import LadderDef, LeagueDef
    from engine.core.game import Game
    from engine.referee import RefereeServer

PLACEMENT_PREFIX = "placement:"
"""Placement matches are stored under the ladder key ``placement:KEY``: rated apart, never mixed in."""


def pod_tasks(
    tournament: str, pod: int, seed: int, table: tuple[str, ...], duplicate: bool
) -> tuple[MatchTask, ...]:
    """The matches of a pod: every seat rotation on the pod's seed, or (not ``duplicate``) the one
    rotation ``pod mod seats``, so that over pods every entry of a table sits in every seat."""
    tasks = make_pod(tournament, pod, 0, table, seed, "duplicate").tasks
    return tasks if duplicate else (tasks[pod % len(tasks)],)


def match_config(
    league: LeagueDef, ladder: LadderDef, authors: tuple[str, ...], replay_dir: str
) -> TournamentConfig:
    """The tournament definition the runner's match functions need to play one of the ladder's
    matches: its game, its house bots, the authors' entries as remote bots, its clocks."""
    remote = tuple(BotSpec(f"remote:{name}", name) for name in authors)
    return TournamentConfig(
        game=ladder.game,
        players=ladder.players,
        bots=ladder.house + remote,
        variant=ladder.variant,
        options=ladder.options,
        db=league.db,
        replay_dir=replay_dir,
        time=ladder.time,
        strike_limit=ladder.strike_limit,
        backend=league.backend,
        workers=league.workers,
        ray_address=league.ray_address,
        ray_resources=league.ray_resources,
    )


class RefereeSeats:
    """What :func:`arena.match_play.play_scheduled` needs to seat registered bots: the referee and the
    lobby key of each entry (the ``remote`` argument, as :class:`arena.local_pool.RemoteBots`)."""

    def __init__(self, server: RefereeServer, keys: dict[str, str]) -> None:
        self.server = server
        self.keys = keys

    def absent(self) -> list[str]:
        """The entries whose bot is not connected now."""
        lobby = self.server.lobby.keys
        return [
            name for name, key in self.keys.items() if key not in lobby or not lobby[key].connected.is_set()
        ]


def record_of(outcome: dict[str, Any], ladder_key: str, variant: str) -> MatchRecord:
    """The stored record of a played match's outcome."""
    task = MatchTask.from_json(outcome["task"])
    return MatchRecord.from_result(
        task,
        ladder_key,
        variant,
        Result.from_json(outcome["result"]),
        replay=outcome.get("replay"),
        started=outcome["started"],
        finished=outcome["finished"],
        seconds=outcome["seconds"],
    )


def play_on_referee(
    config: TournamentConfig,
    game: Game,
    tasks: tuple[MatchTask, ...],
    seats: RefereeSeats,
    on_outcome: Callable[[dict[str, Any]], None],
    stopping: threading.Event,
) -> None:
    """Play a pod's matches one after another on the host's referee (in a thread of the host); each
    outcome (or ``{"error": ...}``) goes to ``on_outcome`` as it ends. Stops between matches when the
    host stops, or when an entry's bot is gone: the rest of the pod is void (a bot that left gets no
    more matches until it is back; one that drops in a match meets the fault policy there)."""
    from arena.match_play import guarded, play_scheduled

    for k, task in enumerate(tasks):
        if stopping.is_set():
            return
        gone = seats.absent() if k else []
        if gone:
            on_outcome(
                {"void": f"{task.match_id}: {', '.join(gone)} not connected; the rest of the pod is void"}
            )
            return
        on_outcome(guarded(task, play_scheduled, config, game, task, seats))


class HouseQueue:
    """A :class:`arena.runner.TaskSource` fed by the host (see the module docstring)."""

    note = ""
    total = 0

    def __init__(self) -> None:
        self._queue: collections.deque[MatchTask] = collections.deque()
        self._cond = threading.Condition()
        self._out: dict[str, MatchTask] = {}  # handed out, by match id, until their outcome is consumed
        self.stopped = False
        """The host stopped, or the backend failed: nothing more is handed out (the Ray backend looks
        at it while it waits and ends the matches under way)."""
        self.failed = ""
        """Why the house pods stopped for good while the host runs (the Ray cluster was lost)."""

    def put(self, tasks: tuple[MatchTask, ...]) -> None:
        with self._cond:
            self._queue.extend(tasks)
            self.total += len(tasks)
            self._cond.notify_all()

    def done(self, match_id: str) -> None:
        """A match handed out has ended (its outcome was consumed)."""
        with self._cond:
            self._out.pop(match_id, None)

    def stop(self) -> None:
        with self._cond:
            self.stopped = True
            self._cond.notify_all()

    def fail(self, reason: str) -> list[MatchTask]:
        """The backend failed: stop for good, and return the matches queued or under way (never played)."""
        with self._cond:
            self.failed = reason
            self.stopped = True
            left = [*self._out.values(), *self._queue]
            self._out.clear()
            self._queue.clear()
            self._cond.notify_all()
            return left

    def take(self) -> MatchTask | None:
        with self._cond:
            while not self._queue and not self._out and not self.stopped:
                self._cond.wait(0.5)
            if self.stopped or not self._queue:
                return None
            task = self._queue.popleft()
            self._out[task.match_id] = task
            return task

    def record(self, record: MatchRecord) -> None:
        pass


def house_outcomes(
    config: TournamentConfig, game: Game, queue: HouseQueue, announce: Callable[[str], None]
) -> Generator[dict[str, Any], None, None]:
    """Outcomes of the queued house matches from the backend the league names, until the queue stops."""
    from arena.runner import backend_outcomes

    house_only = replace(config, bots=tuple(b for b in config.bots if b.kind != "remote"))
    yield from backend_outcomes(house_only, game, queue, max(1, config.workers), announce)


def authors_of(table: tuple[str, ...], house: tuple[str, ...]) -> tuple[str, ...]:
    """The authors' entries at a table (house bots and their copies left out)."""
    return tuple(sorted({bot_of(n) for n in table} - set(house)))


def check_house_backend(league: LeagueDef, source: str) -> None:
    """Refuse in one line (:class:`ConfigError`), before the host starts, house pods on Ray when Ray is
    missing or no cluster answers at the definition's ``[ray] address``, as ``arena run`` refuses its
    ``--ray-address``."""
    if league.backend != "ray" or not any(lad.house_pods for lad in league.ladders):
        return
    from arena.ray_backend import require_ray

    require_ray(league.ray_address, f"{source}: ray.address")


def connect_house(config: TournamentConfig) -> bool:
    """Connect the host to Ray for the house pods of ``config`` (a ladder's, with the league's Ray
    settings), from the thread that runs the host; True when this call connected, and the host
    disconnects at its stop (:func:`arena.ray_backend.disconnect`). Not on Ray: False. No Ray or no
    cluster at the address is a ``ConfigError``, a refusal a ``ConnectionError`` (one line each)."""
    if config.backend != "ray":
        return False
    from arena.ray_backend import connect

    return connect(config, config.workers)


def start_house(
    config: TournamentConfig,
    game: Game,
    house: HouseQueue,
    ladder_id: str,
    events: queue.Queue[tuple[str, Any]],
) -> threading.Thread:
    """Play a ladder's house pods on its backend in a thread of their own (started and returned): each
    outcome goes to ``events`` as ``("house", (ladder_id, match_id, outcome))``, the backend's own lines
    and its failure as ``("note", text)``; on Ray, the host has connected first (:func:`connect_house`).
    When the backend fails (the cluster lost), the house pods stop for good (``house.failed``): each
    pod under way is void, the rest goes on."""

    def note(line: str) -> None:  # the backend's own lines (Ray: the nodes that played)
        events.put(("note", f"{ladder_id}: {line}"))

    def consume() -> None:
        try:
            for outcome in house_outcomes(config, game, house, note):
                if house.stopped:  # the host stopped: a match that ends now is not stored
                    break
                # an error names its match first: "ID: what went wrong"
                task = outcome["task"]["match_id"] if "task" in outcome else outcome["error"].split(":")[0]
                events.put(("house", (ladder_id, task, outcome)))
                house.done(task)
        except Exception as exc:  # the backend failed (Ray lost): house pods stop, the rest goes on
            left = house.fail(str(exc))
            note(f"house pods stopped: {exc}")
            pods = {(t.tournament_id, t.pod_index): t.match_id for t in left}
            for match_id in pods.values():  # one per pod: the host voids the whole pod
                void = {"void": f"{match_id}: house pods stopped; the rest of the pod is void"}
                events.put(("house", (ladder_id, match_id, void)))

    thread = threading.Thread(target=consume, name=f"league-house-{ladder_id}", daemon=True)
    thread.start()
    return thread
