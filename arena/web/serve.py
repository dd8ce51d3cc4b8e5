"""``arena report --serve``: the report served over HTTP and written again while matches come in.

uvicorn serves the site's app (:func:`arena.web.app.site_app`: the files the report wrote, nothing else)
in a thread of its own, on a socket bound before it starts (a port in use is a one-line error, port 0
any free one). The main loop writes the report again whenever a database changed (its file or its
write-ahead log); each page is replaced whole, and one whose content did not change is left as it was.
A served page checks every ``every`` seconds whether a newer version of it was written and reloads only
then (``static/site.js``); when serving ends (Ctrl-C, SIGTERM) the pages lose that check, so the folder
is again a plain static site.
"""

from __future__ import annotations

import ipaddress
import signal
import socket
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import FrameType
from typing import Any

import uvicorn

from arena.web.app import site_app
from arena.web.files import SiteFiles
from arena.web.site import ReportSummary, SiteError, write_report
from ladders.store import StoreError


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host``:``port`` (0: any free port); ``OSError`` when it cannot be had."""
    family, kind, proto, _, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(1024)
    except OSError:
        sock.close()
        raise
    return sock


def is_loopback(sock: socket.socket) -> bool:
    """Whether ``sock`` is bound to a loopback address (reachable from this machine only)."""
    return ipaddress.ip_address(str(sock.getsockname()[0]).split("%")[0]).is_loopback


class SiteServer:
    """An ASGI app served by uvicorn in a daemon thread; use as a context manager, or :meth:`stop`."""

    def __init__(self, app: Any, host: str = "127.0.0.1", port: int = 0) -> None:
        self.socket = bind(host, port)
        self.port = int(self.socket.getsockname()[1])
        self.loopback = is_loopback(self.socket)
        config = uvicorn.Config(
            app,
            log_config=None,  # the host's terminal gets errors only: no access lines, no start banner
            log_level="error",
            access_log=False,
            lifespan="off",
            timeout_keep_alive=5,
            timeout_graceful_shutdown=2,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.socket]}, name="arena-report-http", daemon=True
        )
        self.thread.start()

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.socket.close()

    def __enter__(self) -> SiteServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def db_stamp(dbs: Sequence[str]) -> tuple[int, ...]:
    """Changes whenever a match is committed to one of ``dbs`` (its file or its write-ahead log)."""
    out: list[int] = []
    for db in dbs:
        for suffix in ("", "-wal"):
            try:
                st = Path(db + suffix).stat()
                out += [st.st_size, st.st_mtime_ns]
            except OSError:
                out += [0, 0]
    return tuple(out)


def watch(
    dbs: Sequence[str],
    out: Path,
    every: float,
    on_write: Callable[[ReportSummary], None],
    stop: threading.Event,
    since: tuple[int, ...],
    on_error: Callable[[str], None] | None = None,
    files: SiteFiles | None = None,
) -> None:
    """Write the report again after each change of ``dbs`` from their :func:`db_stamp` ``since`` (taken
    before the last write), checking every ``every`` seconds, until ``stop``."""
    last = since
    while not stop.wait(every):
        now = db_stamp(dbs)
        if now == last:
            continue
        last = now
        try:
            summary = write_report(dbs, out, refresh=refresh_of(every), files=files)
        except (StoreError, SiteError, OSError) as exc:  # the pages written before stay; try again later
            if on_error is not None:
                on_error(f"could not write the report again: {exc}")
            continue
        on_write(summary)


def refresh_of(every: float) -> int:
    """Seconds between a served page's checks for a newer version of itself."""
    return max(1, round(every))


def serve_forever(
    dbs: Sequence[str],
    out: Path,
    *,
    host: str,
    port: int,
    every: float,
    say: Callable[[str], None],
    stop: threading.Event | None = None,
) -> None:
    """Write, serve and keep writing until interrupted (Ctrl-C, SIGTERM, or ``stop`` set); then the pages
    lose their reload check. :class:`SiteError` when the address cannot be had (nothing is written
    then)."""
    files = SiteFiles(out)
    try:
        server = SiteServer(site_app(out, files), host, port)
    except OSError as exc:
        raise SiteError(f"--serve: cannot listen on {host}:{port} ({exc.strerror or exc})") from None
    stop = stop or threading.Event()
    try:
        since = db_stamp(dbs)  # a match committed while the first report is written is caught
        summary = write_report(dbs, out, refresh=refresh_of(every), files=files)
        for line in summary.lines():
            say(line)
        shown = f"[{host}]" if ":" in host else host
        say(
            f"serving {out} at http://{shown}:{server.port}/ (written again when a database changes; Ctrl-C stops)"
        )
        if not server.loopback:
            say(
                f"warning: {host} is not a loopback address: anyone who reaches port {server.port} of this"
                " machine can read the site"
            )

        def written(s: ReportSummary) -> None:
            say(f"{time.strftime('%H:%M:%S')} written again: {s.lines()[0]}, {s.changed} files changed")

        with _stop_on_sigterm(stop):
            watch(dbs, out, every, written, stop, since, say, files)
    finally:
        server.stop()
        if files.drop_refresh():
            say(f"stopped serving; the pages in {out} no longer reload themselves")


class _stop_on_sigterm:
    """SIGTERM sets ``stop`` (in the main thread only), so that serving ends as on Ctrl-C."""

    def __init__(self, stop: threading.Event) -> None:
        self.stop = stop
        self.previous: Any = None

    def __enter__(self) -> None:
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGTERM, self._handle)

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        self.stop.set()

    def __exit__(self, *exc: object) -> None:
        if self.previous is not None:
            signal.signal(signal.SIGTERM, self.previous)
