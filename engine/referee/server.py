"""The referee server: an asyncio gRPC server on its own thread, with health checking and reflection.

``server, port = create_server("127.0.0.1:0")`` starts a referee and returns its port (HS-18: tests
use port 0, never a fixed port). Matches are opened with :meth:`RefereeServer.open_match`, which hands
out the per-seat tokens for remote seats; :meth:`RefereeServer.play` opens, starts and waits in one
call. The API is synchronous and thread-safe: the event loop lives on the server's own thread.

Beside its TCP address the referee listens on a Unix domain socket in a private directory
(:attr:`RefereeServer.local_address`, ``unix:/tmp/arena-.../referee.sock``) for the bots it spawns on
its own machine; remote bots use the TCP address, which is also the fallback where a Unix socket cannot
be had (no ``AF_UNIX``, a path too long, TLS).

Options: ``max_message_bytes`` (gRPC's receive limit: a larger message ends the bot's stream with
RESOURCE_EXHAUSTED before the referee reads it),
``max_queued_bytes`` (what a bot may leave unread before its stream is closed), ``bearer_token`` (required in the ``authorization`` metadata of ``Play`` when set; for
hosts that listen beyond loopback), ``tls`` (PEM key and certificate chain).
"""

from __future__ import annotations

import asyncio
import os
import secrets
import shutil
import socket
import tempfile
import threading
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from engine.core import loops
from engine.core.game import Game
from engine.core.heap import settle_heap
from engine.core.match import FaultPolicy, MatchHooks, MatchRecord
from engine.referee.clock import TimeControl
from engine.referee.lobby import MAX_QUEUED_BYTES, Lobby
from engine.referee.seats import WireLog
from engine.referee.servicer import RefereeServicer
from engine.referee.session import MATCH_TASK_PREFIX, MatchSession, SeatSpec, Started
from engine.wire import SERVICE, referee_pb2

DEFAULT_MAX_MESSAGE_BYTES = 64 << 10
"""64 KiB: far above any legitimate answer (an answer is under 1 KiB), small enough that reading one
costs the referee's event loop microseconds."""

_SUN_PATH_MAX = 107
"""The longest Unix socket path Linux takes (``sun_path`` is 108 bytes with its terminating NUL)."""


@dataclass(frozen=True, slots=True)
class TlsConfig:
    """Server TLS material, PEM-encoded."""

    private_key: bytes
    certificate_chain: bytes


def on_every_interface(host: str) -> bool:
    """Whether a listening address's host means every interface (``0.0.0.0``, ``[::]``, empty): no bot
    can dial it, so a dialable address is shown in its place."""
    return host in ("", "0.0.0.0", "[::]", "::")


class RefereeServer:
    """A running referee. Create it with :func:`create_server`."""

    def __init__(
        self,
        *,
        max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES,
        max_queued_bytes: int = MAX_QUEUED_BYTES,
        bearer_token: str | None = None,
        tls: TlsConfig | None = None,
        control: TimeControl | None = None,
        log: WireLog | None = None,
        local_socket: bool = True,
    ) -> None:
        self.lobby = Lobby()
        self.started = Started()
        """The matches started here and not yet ended (:class:`~engine.referee.session.Started`)."""
        self.max_message_bytes = max_message_bytes
        self.bearer_token = bearer_token
        self.tls = tls
        self.control = control or TimeControl()
        self.log = log
        self.servicer = RefereeServicer(
            self.lobby,
            max_message_bytes=max_message_bytes,
            max_queued_bytes=max_queued_bytes,
            bearer_token=bearer_token,
        )
        self.loop = loops.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="referee-loop", daemon=True)
        self._server: grpc.aio.Server | None = None
        self.port = 0
        self.host = ""
        self.local_socket = local_socket and tls is None
        """Listen on a Unix domain socket too (never with TLS: its certificate names a host)."""
        self.local_address: str | None = None
        """``unix:PATH``, the address for bots on this machine (spawned ``cmd:`` and ``grpc:`` bots),
        or None when the referee listens on TCP only."""
        self._socket_dir: str | None = None

    # -- lifecycle -----------------------------------------------------------------------------------

    def start(self, address: str = "127.0.0.1:0") -> int:
        """Listen on ``address`` (``HOST:PORT``, port 0 picks a free one) and return the port.

        Raises ``OSError`` (one line) when the address cannot be listened on: a port in use, a host
        that is not this machine's.
        """
        check_bindable(address)
        self._thread.start()
        try:
            self.port = asyncio.run_coroutine_threadsafe(self._start(address), self.loop).result()
        except (OSError, RuntimeError) as exc:  # grpc says RuntimeError("Failed to bind to address ...")
            self.stop()
            raise OSError(f"cannot listen on {address} (a port in use, or not an address here)") from exc
        self.host = address.rsplit(":", 1)[0]
        return self.port

    async def _start(self, address: str) -> int:
        server = grpc.aio.server(
            options=[
                ("grpc.max_receive_message_length", self.max_message_bytes),
                ("grpc.max_send_message_length", 64 << 20),
                ("grpc.so_reuseport", 0),
            ]
        )
        server.add_generic_rpc_handlers((self.servicer.handler(),))
        health_servicer = health.aio.HealthServicer()
        health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
        await health_servicer.set(SERVICE, health_pb2.HealthCheckResponse.SERVING)
        await health_servicer.set("", health_pb2.HealthCheckResponse.SERVING)
        names = (
            referee_pb2.DESCRIPTOR.services_by_name["Referee"].full_name,
            health_pb2.DESCRIPTOR.services_by_name["Health"].full_name,
            reflection.SERVICE_NAME,
        )
        reflection.enable_server_reflection(names, server)
        if self.tls is not None:
            creds = grpc.ssl_server_credentials([(self.tls.private_key, self.tls.certificate_chain)])
            port = server.add_secure_port(address, creds)
        else:
            port = server.add_insecure_port(address)
        if port == 0:
            raise OSError(f"cannot listen on {address}")
        if self.local_socket:
            self.local_address = self._add_local_port(server)
        await server.start()
        self._server = server
        return int(port)

    def _add_local_port(self, server: grpc.aio.Server) -> str | None:
        """Listen on ``referee.sock`` in a fresh directory only this user may enter; its ``unix:``
        address, or None (TCP alone) when the platform or the path length rules a Unix socket out.

        Design detail: a bot on the same machine crosses no TCP stack and no port; the directory's
        mode (0700) keeps other users from even reaching the socket, and a bot
        still needs its seat token or bot key on it.
        """
        if not hasattr(socket, "AF_UNIX"):
            return None
        folder = _private_dir()
        path = os.path.join(folder, "referee.sock")
        if len(path.encode()) > _SUN_PATH_MAX:
            os.rmdir(folder)
            return None
        self._socket_dir = folder
        try:
            bound = server.add_insecure_port(f"unix:{path}")
        except RuntimeError:
            bound = 0
        return f"unix:{path}" if bound else None

    def stop(self, grace: float | None = 1.0) -> None:
        """Stop serving (open streams are cancelled after ``grace`` seconds) and end the loop thread.

        Design detail: the order is server, matches, loop, and only then the last reference to the gRPC
        server. Releasing the last gRPC object of a process shuts down grpc's shared completion queue:
        it closes the socket through which grpc's poller thread wakes every event loop. Released here
        while the loop still ran on its thread, the loop could be handling a wake-up at that moment and
        print ``OSError: [Errno 9] Bad file descriptor`` from ``PollerCompletionQueue._handle_events``.
        A match started while the referee stops, or after, fails (its ``wait`` raises ``RuntimeError``)
        rather than waiting for a loop that will not run it.
        """
        self.started.close()  # a match started from now on fails at once
        server = self._server
        if server is not None and not self.loop.is_closed():
            self.lobby.finish_all()
            self._run(server.stop(grace))
            self._run(_finish_tasks(1.0 + (grace or 0.0), MATCH_TASK_PREFIX))
            self._run(_finish_tasks(1.0))
        if self._thread.is_alive():
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join()
        for session in self.started.left():  # started as the referee stopped: the loop never ran it
            session.abandon()
        self._server = None
        del server
        if not self.loop.is_closed():
            self.loop.close()
        if self._socket_dir is not None:
            shutil.rmtree(self._socket_dir, ignore_errors=True)
            self._socket_dir = None
            self.local_address = None

    def _run(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run ``coro`` on the loop: on its thread, or here when that thread has ended (an exception
        it let through) and the loop stands still."""
        if self._thread.is_alive():
            asyncio.run_coroutine_threadsafe(coro, self.loop).result()
        else:
            self.loop.run_until_complete(coro)

    def __enter__(self) -> RefereeServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def address(self) -> str:
        """``HOST:PORT`` a bot dials (``127.0.0.1`` when listening on every interface)."""
        host = "127.0.0.1" if on_every_interface(self.host) else self.host
        return f"{host}:{self.port}"

    @property
    def spawn_address(self) -> str:
        """The address handed to a bot process this referee's host starts on its own machine: the
        Unix socket, or the TCP address when there is none."""
        return self.local_address or self.address

    # -- matches -------------------------------------------------------------------------------------

    def register_bot_key(self, key: str, name: str) -> None:
        """Accept a long-lived bot that says hello with ``bot_key=key``.

        ``name`` is the caller's label for the bot and is not kept: a seat's display name is its
        :class:`Remote` name, and the referee logs the name from the bot's hello.
        """
        self.lobby.register_key(key)

    def is_key_connected(self, key: str) -> bool:
        """True while a bot is connected with the registered bot key ``key``."""
        with self.lobby.lock:
            entry = self.lobby.keys.get(key)
        return entry is not None and entry.connected.is_set()

    def open_match(
        self,
        game: Game,
        seats: Sequence[SeatSpec],
        seed: int,
        *,
        names: Sequence[str] | None = None,
        match_id: str | None = None,
        control: TimeControl | None = None,
        policy: FaultPolicy | None = None,
        hooks: MatchHooks | None = None,
        max_plies: int = 100_000,
    ) -> MatchSession:
        """A match with its tokens issued (``session.tokens``), not started: call ``start()``.

        ``match_id`` defaults to a random opaque id; the seed itself is never sent to a seat.
        """
        return MatchSession(
            lobby=self.lobby,
            game=game,
            seats=seats,
            seed=seed,
            names=names,
            match_id=match_id,
            control=control or self.control,
            policy=policy,
            hooks=hooks,
            log=self.log,
            max_plies=max_plies,
            loop=self.loop,
            started=self.started,
        )

    def play(self, game: Game, seats: Sequence[SeatSpec], seed: int, **kwargs: Any) -> MatchRecord:
        """Open, start and wait for one match (for bot-key seats and in-process seats)."""
        timeout = kwargs.pop("timeout", None)
        return self.open_match(game, seats, seed, **kwargs).start().wait(timeout)


async def _finish_tasks(timeout: float, prefix: str = "") -> None:
    """Let the loop's tasks (those whose names start with ``prefix``) finish within ``timeout``
    seconds, then cancel what is left and give it a second to end.

    Run for the matches (their streams are gone), then for every task left, such as grpc's for ended
    streams: a task still pending when the loop closes is destroyed at collection, and asyncio logs it
    with a traceback ("Task was destroyed but it is pending!") on the host's stderr.
    """
    current = asyncio.current_task()
    tasks = [t for t in asyncio.all_tasks() if t is not current and t.get_name().startswith(prefix)]
    if not tasks:
        return
    _, running = await asyncio.wait(tasks, timeout=timeout)
    for task in running:
        task.cancel()
    if running:
        await asyncio.wait(running, timeout=1.0)


def _private_dir() -> str:
    """A new directory under the system's temporary folder that only this user may enter (mode 0700)."""
    while True:
        folder = os.path.join(tempfile.gettempdir(), f"arena-{secrets.token_hex(6)}")
        try:
            os.mkdir(folder, 0o700)
        except FileExistsError:
            continue
        return folder


def check_bindable(address: str) -> None:
    """Raise ``OSError`` with the reason when ``HOST:PORT`` cannot be bound (grpc would only log it)."""
    host, _, port_text = address.rpartition(":")
    host = host.strip("[]")
    if not port_text.isdigit() or int(port_text) == 0:
        return
    try:
        infos = socket.getaddrinfo(
            host or None, int(port_text), type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except socket.gaierror as exc:
        raise OSError(f"cannot listen on {address}: {exc.strerror}") from None
    family, kind, proto, _, where = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as grpc does
        try:
            probe.bind(where)
        except OSError as exc:
            raise OSError(f"cannot listen on {address}: {exc.strerror}") from None


def create_server(
    address: str = "127.0.0.1:0",
    *,
    max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES,
    max_queued_bytes: int = MAX_QUEUED_BYTES,
    bearer_token: str | None = None,
    tls: TlsConfig | None = None,
    control: TimeControl | None = None,
    log: WireLog | None = None,
    local_socket: bool = True,
) -> tuple[RefereeServer, int]:
    """Start a referee listening on ``address`` (and on a Unix socket for local bots unless
    ``local_socket`` is False); return it and the TCP port it listens on."""
    server = RefereeServer(
        max_message_bytes=max_message_bytes,
        max_queued_bytes=max_queued_bytes,
        bearer_token=bearer_token,
        tls=tls,
        control=control,
        log=log,
        local_socket=local_socket,
    )
    port = server.start(address)
    settle_heap()  # the first referee of the process: its start-up heap leaves the collector's passes
    return server, port
