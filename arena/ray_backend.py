"""The Ray backend: a tournament's matches as Ray tasks, on a cluster or on a Ray instance of the run's own.

The driver (``arena run``) computes the schedule, asks the database what is finished, and submits every
other match as one Ray task, the same :func:`arena.match_play.play_outcome` the local pool's workers call:

- **Near its bots.** A task plays its whole match on the node Ray gives it: built-in bots in the task's
  process, ``grpc:`` and ``cmd:`` bots spawned there (a ``cmd:`` program must exist at the same path on
  every node that may get the task), the match's referee on that node's loopback. Each task asks for one
  CPU and the definition's ``[ray] resources`` (a custom resource placed on the nodes that hold a bot's
  program, say), so Ray places it.
- **Remote bots on the driver.** A registered ``remote:`` bot dials one published address
  (``listen``) with its bot key and stays connected across matches; the driver is the one process that
  lives as long as the run, so its matches are played on the driver's referee, as with the local
  backend (:class:`arena.local_pool.RemoteBots`), and never submitted.
- **Back-pressure.** At most two tasks per worker slot are in flight (slots: ``workers``, or the
  cluster's CPUs); the driver waits on them with ``ray.wait`` and submits the next match as one ends, so
  a killed driver loses at most the matches in flight and a huge schedule is never queued whole.
- **Exactly once.** A task whose worker process or node dies is started again by Ray
  (``max_retries``), on the same seed: for seeded bots the same result. The outcome (with the replay
  log's lines) comes back to the driver, which alone writes the replay file and the SQLite ladder,
  idempotently by match id; a killed driver resumes from the database like the local backend. A match
  is stored once or, when it cannot be played, reported and left pending.
- **A lost cluster.** While matches run, the driver checks every second that the cluster's head still
  accepts connections; a head that stops answering twice in a row (or a task failed because this
  machine's Ray node died) ends the run with :class:`ClusterLost`, one line, and the driver disconnects
  before Ray's own minute of retries would end the process. The rest stays pending.
- **Signals.** SIGTERM stops a run as Ctrl-C does (:mod:`arena.cli.interrupts`), and
  :func:`disconnect` (``ray.shutdown``) ends what Ray started; Ray's own handlers are kept out of the
  driver (:func:`connect`, :func:`_callers_sigterm`).

Ray is an optional extra (``pip install 'boardgame-arena[ray]'``), imported only by this module.
"""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import os
import signal
import socket
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Generator, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from pathlib import Path
from typing import Any

from arena.config import ConfigError, TournamentConfig
from arena.config_loading import from_mapping
from arena.local_pool import RemoteBots
from arena.match_play import game_of, guarded, play_outcome, replay_dir, viewer_file
from arena.runner import TaskSource
from arena.schedule import MatchTask
from engine.core.game import Game
from ladders.sql import is_postgres_url

INSTALL_HINT = (
    "the Ray backend needs the ray extra: pip install 'boardgame-arena[ray]'"
    " (in a checkout: pip install -e '.[ray]')"
)
MAX_RETRIES = 3
"""Times Ray starts a match again after its worker process or node died."""
IN_FLIGHT_PER_SLOT = 2
"""Matches submitted per worker slot, so that a slot never waits for the driver."""
PROBE_S = 5.0
"""How long the driver waits for a cluster's head to accept a connection, in seconds."""
POLL_S = 0.05
"""How often the driver looks at its own remote-bot match while Ray tasks run too, in seconds."""
WAIT_S = 0.5
"""How long the driver waits for a task to end before it looks at the head and at its caller again, in
seconds."""
CHECK_S = 1.0
"""How often the driver checks that the cluster's head answers while matches run, in seconds."""
LOST_AFTER = 2
"""Checks in a row the head must fail (CHECK_S apart) before the cluster is taken as lost."""
JOIN_TRIES = 5
"""Times ``ray.init`` tries the head of a cluster it joins, a second apart (Ray's default: 20). The head
was probed first (:func:`require_ray`), so what still fails is a refusal: a token, a version."""
AUTH_REMEDY = "export RAY_AUTH_MODE=token (and the cluster's token: ~/.ray/auth_token or RAY_AUTH_TOKEN)"
TOKEN_PLACES = "give the cluster's token (~/.ray/auth_token, RAY_AUTH_TOKEN_PATH or RAY_AUTH_TOKEN)"

_lock = threading.Lock()  # ray.init and ray.shutdown, from the league's house threads too


class ClusterLost(ConnectionError):
    """The Ray cluster, or the run's own Ray instance, stopped answering while matches ran."""


def require_ray(address: str = "", name: str = "--ray-address") -> None:
    """Raise a one-line :class:`ConfigError` saying how to install Ray when it is missing, or that the
    cluster's ``HOST:PORT`` (given as ``name``) does not answer (Ray itself would retry for minutes)."""
    if importlib.util.find_spec("ray") is None:
        raise ConfigError(f"--backend ray: {INSTALL_HINT}")
    where = _host_port(address)
    if where is None:
        return  # no address, "auto", or a ray:// client address: Ray resolves it
    reason = _unanswered(where)
    if reason:
        raise ConfigError(f"{name} {address}: no Ray cluster answers there ({reason})")


def _host_port(address: str) -> tuple[str, int] | None:
    """``(host, port)`` of a ``HOST:PORT`` address (``[::1]:6379`` too), or None for another form."""
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit() or "://" in address:
        return None
    return host.strip("[]"), int(port)


def _unanswered(where: tuple[str, int]) -> str:
    """Why nothing accepts a connection at ``where`` within :data:`PROBE_S`, or empty when something does."""
    try:
        socket.create_connection(where, timeout=PROBE_S).close()
    except OSError as exc:
        return exc.strerror or type(exc).__name__
    return ""


def play_on_node(
    definition: dict[str, Any], where: dict[str, Any], task_json: dict[str, Any]
) -> dict[str, Any]:
    """One match, in a Ray task: its outcome with the replay log's lines and the node that played it
    (its id and address: the driver names the nodes without asking the cluster's head)."""
    import ray

    config = from_mapping(definition | where)
    task = MatchTask.from_json(task_json)
    outcome = guarded(task, _play_here, config, task)
    node = ray.get_runtime_context().get_node_id()
    address = ray.util.get_node_ip_address()  # type: ignore[no-untyped-call]
    return outcome | {"node": node, "node_ip": address}


def _play_here(config: TournamentConfig, task: MatchTask) -> dict[str, Any]:
    outcome, log = play_outcome(config, game_of(config), task, _bot_logs(replay_dir(config)))
    text = log.text()
    view = viewer_file(config, log, text, task.match_id)
    return outcome | {"replay_lines": text.splitlines()} | ({} if view is None else {"viewer": view})


def _bot_logs(folder: Path) -> Path:
    """Where this node keeps the output of the bots it spawns: the run's replay folder when this node
    can write it (always on the driver's machine), else a folder under the node's temp directory."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        return folder
    except OSError:
        import tempfile

        return Path(tempfile.gettempdir()) / "arena-bot-logs"


def ray_outcomes(
    config: TournamentConfig,
    game: Game,
    todo: TaskSource,
    workers: int,
    announce: Callable[[str], None],
) -> Generator[dict[str, Any], None, None]:
    """Outcomes as matches finish, played as Ray tasks (remote-bot matches on the driver): the same
    contract as the local pool's :func:`arena.local_pool.local_outcomes`. ``workers`` (0: one per CPU) is the
    size of the Ray instance started for the run, or on a joined cluster the number of worker slots."""
    own = connect(config, workers)
    ray: Any = importlib.import_module("ray")  # untyped: Any
    remote_names = {b.name for b in config.bots if b.kind == "remote"}
    referee: RemoteBots | None = None
    here = ThreadPoolExecutor(1)
    running: dict[Any, MatchTask] = {}  # ObjectRef -> the match it plays
    on_driver: dict[Future[dict[str, Any]], MatchTask] = {}
    nodes: Counter[tuple[str, str]] = Counter()  # matches by the node that played them: (id, address)
    try:
        _check_feasible(ray, config)
        slots = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        play = ray.remote(play_on_node).options(
            num_cpus=1,
            resources=dict(config.ray_resources),
            max_retries=MAX_RETRIES,
            retry_exceptions=False,
            name="arena-match",
        )
        definition = config.definition()
        where = {
            "db": config.db if is_postgres_url(config.db) else str(Path(config.db).resolve()),
            "replay_dir": str(replay_dir(config).resolve()),
            "workers": 1,
            "viewer": config.viewer,
        }

        def fill() -> None:
            nonlocal referee
            while len(running) < slots * IN_FLIGHT_PER_SLOT and (task := todo.take()) is not None:
                if remote_names.intersection(task.bots):
                    referee = referee or RemoteBots(config, game, announce)
                    on_driver[here.submit(referee.play, task)] = task
                else:
                    running[play.remote(definition, where, task.to_json())] = task

        head = _Head(ray, config.ray_address)

        def stopped() -> bool:  # a source that stops while matches are under way (the league's HouseQueue)
            return bool(getattr(todo, "stopped", False))

        fill()
        while (running or on_driver) and not stopped():
            for future in [f for f in on_driver if f.done()]:
                on_driver.pop(future)
                yield future.result()
            if running:
                ready = head.wait(list(running), POLL_S if on_driver else WAIT_S)
                for ref in ready:
                    task = running.pop(ref)
                    outcome = _fetch(ray, ref, task, head)
                    if stopped():
                        break  # it ended after the stop: not stored, as the matches still under way
                    if "node" in outcome:
                        nodes[(outcome.pop("node"), outcome.pop("node_ip", "?"))] += 1
                    yield _keep_replay(config, outcome)
            elif on_driver:
                wait(on_driver, return_when=FIRST_COMPLETED)
            fill()
        if running or on_driver:  # the source stopped: the matches under way end unstored
            for ref in running:
                ray.cancel(ref)
            running.clear()
            if referee is not None:
                referee.close()
                referee = None
            on_driver.clear()
        if nodes:
            announce(nodes_line(dict(nodes)))
    except ClusterLost:
        own = True  # nothing to cancel on a cluster gone; disconnect before Ray's retries end the process
        raise
    except BaseException:
        # Ctrl-C, or the caller closing this generator: the matches in flight are dropped and stay
        # pending. A driver that connected to Ray itself disconnects below, and Ray ends the tasks of a
        # driver gone (their worker processes, and with them their bots: arena.lifeline). Otherwise they
        # are cancelled. Design detail: not with force=True, whose kill can race with the task's own
        # completion and abort the driver inside Ray (Ray 2.60, "Tried to complete task that was not
        # pending").
        if not own:
            for ref in running:
                ray.cancel(ref)
        if referee is not None:
            referee.close()
            referee = None
        raise
    finally:
        here.shutdown(wait=True, cancel_futures=True)
        if referee is not None:
            referee.close()
        if own:
            disconnect()


def connect(config: TournamentConfig, workers: int) -> bool:
    """Join the definition's cluster, or start a Ray instance of the run's own, unless this process is
    connected to Ray already; True when this call connected. A failure is one line: Ray missing or no
    cluster at the address (:class:`ConfigError`), a refusal (``ConnectionError``)."""
    joined = sys.modules.get("ray")
    if joined is not None and joined.is_initialized():  # connected already (a league's host): no probe
        return False
    require_ray(config.ray_address)
    if "ray" not in sys.modules:
        if not config.ray_address:
            # Design detail: Ray gives a node the machine's network address even when told 127.0.0.1; an
            # instance of the run's own (no other node may join it) stays on the loopback with this
            # setting, read when Ray is imported.
            os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
        # Design detail: Ray's C++ core worker installs a failure signal handler in the driver that
        # prints a stack dump on SIGTERM ("*** SIGTERM received ... PC: @ ...") and, at ray.shutdown,
        # leaves SIGTERM at its default action, under the Python handler's nose (which a driver that
        # disconnects in a thread other than the main one cannot put back: the next SIGTERM would kill it).
        # Ray reads this setting when it is imported; the driver's own processes (a Ray instance of the
        # run's own, its workers) do not inherit it and keep their handlers.
        with _environment("RAY_DISABLE_FAILURE_SIGNAL_HANDLER", "1"):
            importlib.import_module("ray")
    ray: Any = importlib.import_module("ray")  # untyped: Any
    with _lock:
        if ray.is_initialized():
            return False
        _start_ray(ray, config, workers)
        return True


def disconnect() -> None:
    """Leave Ray (``ray.shutdown``: a Ray instance of the run's own stops) when this process is connected."""
    ray: Any = sys.modules.get("ray")
    with _lock:
        if ray is not None and ray.is_initialized():
            with _callers_sigterm():  # a Ray imported before connect() resets SIGTERM at shutdown
                ray.shutdown()


@contextlib.contextmanager
def _environment(name: str, value: str) -> Iterator[None]:
    """``name=value`` in the environment while the block runs, unless it is set already."""
    if name in os.environ:
        yield
        return
    os.environ[name] = value
    try:
        yield
    finally:
        os.environ.pop(name, None)


def _start_ray(ray: Any, config: TournamentConfig, workers: int) -> None:
    """Join the cluster at ``config.ray_address``, or start a Ray instance on this machine's loopback
    with ``workers`` CPUs (0: all of them) and the definition's resources for as many matches; a failure
    is one line (``ConnectionError``)."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    quiet = {"log_to_driver": False, "logging_level": logging.ERROR, "configure_logging": True}
    try:
        with _callers_sigterm(), _join_tries(config.ray_address):
            if config.ray_address:
                ray.init(address=config.ray_address, **quiet)
            else:
                cpus = workers or os.cpu_count() or 1
                ray.init(
                    address="local",  # a new instance, never a cluster a ``ray start`` left on this machine
                    num_cpus=cpus,
                    resources={name: amount * cpus for name, amount in config.ray_resources},
                    include_dashboard=False,
                    **quiet,
                )
    except (OSError, RuntimeError, ValueError, ray.exceptions.RayError) as exc:
        where = f"the Ray cluster at {config.ray_address}" if config.ray_address else "a local Ray instance"
        raise ConnectionError(f"--backend ray: cannot start or join {where}: {_init_failure(exc)}") from None
    _trim_error_lines()


@contextlib.contextmanager
def _callers_sigterm() -> Iterator[None]:
    """Put the SIGTERM handler back that was in place before (in the main thread: only there can Python
    set one). ``ray.init`` sets a Python handler of Ray's that exits (status 15, or 1), and when Ray was
    imported without :func:`connect`'s setting, its C++ core worker puts a failure handler before it
    that prints a stack dump; ``signal.signal`` replaces both."""
    main = threading.current_thread() is threading.main_thread()
    before = signal.getsignal(signal.SIGTERM) if main else None
    try:
        yield
    finally:
        if before is not None:
            signal.signal(signal.SIGTERM, before)


@contextlib.contextmanager
def _join_tries(address: str) -> Iterator[None]:
    """Ray tries a cluster's head :data:`JOIN_TRIES` times rather than twenty (unless the environment
    sets ``RAY_gcs_server_port_wait_time_s``, which Ray reads when it connects)."""
    name = "RAY_gcs_server_port_wait_time_s"
    if not address or "://" in address:
        yield
        return
    with _environment(name, str(JOIN_TRIES)):
        yield


def _init_failure(exc: BaseException) -> str:
    """What made ``ray.init`` fail, in one line. Ray's ``ConnectionError`` only says it could not connect;
    the cause is in the exceptions it chains, a traceback's text among them: a cluster with token
    authentication refuses a driver without its token (``InvalidAuthToken``), and a driver has none
    unless ``RAY_AUTH_MODE=token`` (``ray start --head`` turns authentication on by itself when
    ``~/.ray/auth_token`` exists; ``ray.init`` joining a cluster does not)."""
    chain: list[BaseException] = []
    link: BaseException | None = exc
    while link is not None and link not in chain:
        chain.append(link)
        link = link.__cause__ or link.__context__
    text = "\n".join(f"{type(e).__name__}: {e}" for e in chain)
    if "InvalidAuthToken" in text:
        mode = os.environ.get("RAY_AUTH_MODE", "")
        if mode.lower() != "token":
            shown = f"RAY_AUTH_MODE is {mode!r}" if mode else "RAY_AUTH_MODE is not set"
            return f"the cluster requires its token (InvalidAuthToken) and {shown} here: {AUTH_REMEDY}"
        return f"the cluster refused this machine's token (InvalidAuthToken): {TOKEN_PLACES}"
    if "no authentication token was found" in text:
        return f"RAY_AUTH_MODE is 'token' and no token is here: {TOKEN_PLACES}"
    first = str(exc).strip().splitlines()
    return first[0] if first else type(exc).__name__


def _trim_error_lines() -> None:
    """Ray's error messages to the driver without their Python tracebacks.

    Design detail: Ray prints the errors its processes publish (a task retried, the autoscaler's end) on
    the driver's stdout from a thread of its own, through ``ray._private.worker.print_to_stdstream``
    (Ray 2.60); that function is wrapped so that a message keeps its lines before a traceback, and the
    autoscaler's report of its own end by a signal (the cluster stopping, which the run reports itself)
    is left out. Where Ray has no such function, its messages are printed as they are."""
    worker = sys.modules.get("ray._private.worker")
    show = getattr(worker, "print_to_stdstream", None)
    if show is None or getattr(show, "arena_trimmed", False):
        return

    def trimmed(data: dict[str, Any], *args: Any, **kwargs: Any) -> Any:
        if data.get("pid") == "raylet" and isinstance(data.get("lines"), list):
            kept = [t for t in (_without_traceback(str(m)) for m in data["lines"]) if t]
            if not kept:
                return None
            data = data | {"lines": kept}
        return show(data, *args, **kwargs)

    trimmed.arena_trimmed = True  # type: ignore[attr-defined]
    worker.print_to_stdstream = trimmed  # type: ignore[union-attr]


def _without_traceback(message: str) -> str:
    """A message of Ray's up to its traceback; empty for the autoscaler's end by a signal."""
    lines = message.splitlines()
    cut = next((k for k, line in enumerate(lines) if line.startswith(("Traceback", '  File "'))), len(lines))
    if cut == len(lines):
        return message
    if message.startswith("The autoscaler failed") and "Terminated with signal" in message:
        return ""
    return "\n".join(lines[:cut]).rstrip()


class _Head:
    """Whether the cluster's head still answers: a TCP connection to its GCS address (Ray itself would
    keep a driver waiting on a lost cluster for a minute, then end the process)."""

    def __init__(self, ray: Any, address: str) -> None:
        self.ray = ray
        self.where = f"the Ray cluster at {address}" if address else "the run's own Ray instance"
        try:
            gcs = str(ray.get_runtime_context().gcs_address)
        except Exception:  # a Ray client (ray://) connection: no address to check
            gcs = ""
        self.address = _host_port(gcs)
        self.checked = time.monotonic()
        self.failures = 0

    def wait(self, refs: list[Any], timeout: float) -> list[Any]:
        """``ray.wait`` for one of ``refs``, then the head checked (every :data:`CHECK_S`):
        :class:`ClusterLost` after :data:`LOST_AFTER` failures in a row. Design detail: checked while
        matches still end too, since tasks under way finish without the head, and the driver's Ray
        ends the process a minute after the head went."""
        try:
            ready: list[Any] = self.ray.wait(refs, num_returns=1, timeout=timeout)[0]
        except Exception as exc:
            reason = self.unreachable()
            if reason or not self.ray.is_initialized():
                raise self.lost(reason or type(exc).__name__) from None
            raise
        if time.monotonic() - self.checked >= CHECK_S:
            self.checked = time.monotonic()
            reason = self.unreachable()
            self.failures = self.failures + 1 if reason else 0
            if self.failures >= LOST_AFTER:
                raise self.lost(reason)
        return ready

    def unreachable(self) -> str:
        """Why the head does not answer, or empty when it does (or cannot be checked)."""
        reason = "" if self.address is None else _unanswered(self.address)
        return f"its head does not answer: {reason}" if reason else ""

    def lost(self, reason: str) -> ClusterLost:
        return ClusterLost(f"--backend ray: lost {self.where} ({reason})")


def _check_feasible(ray: Any, config: TournamentConfig) -> None:
    """Raise a one-line ``ConnectionError`` when no node of the cluster has one CPU and the definition's
    resources (Ray would keep such a task waiting for a node that never comes)."""
    need = {"CPU": 1.0, **dict(config.ray_resources)}
    nodes = [n.get("Resources", {}) for n in ray.nodes() if n.get("Alive")]
    if any(all(have.get(name, 0) >= amount for name, amount in need.items()) for have in nodes):
        return
    wanted = ", ".join(f"{name} = {amount:g}" for name, amount in need.items())
    raise ConnectionError(f"--backend ray: no node of the cluster has what a match needs ({wanted})")


def _fetch(ray: Any, ref: Any, task: MatchTask, head: _Head) -> dict[str, Any]:
    """The outcome of a finished task, or the one-line error of a match Ray gave up on; a failure that
    comes from the cluster being gone (this machine's Ray node died, or the head does not answer) raises
    :class:`ClusterLost`."""
    try:
        outcome: dict[str, Any] = ray.get(ref)
        return outcome
    except ray.exceptions.RayError as exc:
        if isinstance(exc, ray.exceptions.LocalRayletDiedError):
            raise head.lost("this machine's Ray node died: LocalRayletDiedError") from None
        reason = head.unreachable()
        if reason:
            raise head.lost(reason) from None
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
        return {
            "error": f"{task.match_id}: worker failed ({type(exc).__name__}, {MAX_RETRIES} retries): {first}"
        }


def _keep_replay(config: TournamentConfig, outcome: dict[str, Any]) -> dict[str, Any]:
    """Write the replay log a task sent back, and its viewer data, into the run's replay folder (on the
    driver's machine)."""
    lines = outcome.pop("replay_lines", None)
    view = outcome.pop("viewer", None)
    if lines is None:
        return outcome
    path = replay_dir(config) / f"{outcome['task']['match_id']}.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    if isinstance(view, bytes):
        from arena.web.replay_data import view_path

        view_path(path).write_bytes(view)
    return outcome | {"replay": str(path)}


def nodes_line(nodes: dict[tuple[str, str], int]) -> str:
    """Where the matches were played: ``ray: 9 matches on 2 nodes: 5 on 1a2b3c4d (127.0.0.1), 4 on ...``."""
    total = sum(nodes.values())
    cells = ", ".join(
        f"{n} on {node[:8]} ({ip})" for (node, ip), n in sorted(nodes.items(), key=lambda kv: -kv[1])
    )
    plural = "node" if len(nodes) == 1 else "nodes"
    return f"ray: {total} matches on {len(nodes)} {plural}: {cells}"
