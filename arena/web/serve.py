"""``arena report --serve``: the report served on a local port and written again while matches come in.

A thread serves the site's folder over HTTP (loopback by default); the main loop writes the report
again whenever the database changed (its file or its write-ahead log), so a host watching a running
tournament sees the standings move: the index and ladder pages reload themselves every ``every``
seconds. Match pages do not reload (the viewer keeps its place); only new or changed matches have
their replay data derived again.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from arena.web.site import ReportSummary, write_report
from ladders.store import StoreError


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def start_server(folder: Path, host: str = "127.0.0.1", port: int = 0) -> tuple[ThreadingHTTPServer, int]:
    """Serve ``folder`` in a daemon thread; returns the server and its port (0: any free one)."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = ThreadingHTTPServer((host, port), handler)
    threading.Thread(target=server.serve_forever, name="arena-report-http", daemon=True).start()
    return server, int(server.server_address[1])


def db_stamp(db: str) -> tuple[int, ...]:
    """Changes whenever a match is committed to ``db`` (its file or its write-ahead log)."""
    out: list[int] = []
    for suffix in ("", "-wal"):
        try:
            st = Path(db + suffix).stat()
            out += [st.st_size, st.st_mtime_ns]
        except OSError:
            out += [0, 0]
    return tuple(out)


def watch(
    db: str,
    out: Path,
    every: float,
    on_write: Callable[[ReportSummary], None],
    stop: threading.Event,
    since: tuple[int, ...],
    on_error: Callable[[str], None] | None = None,
) -> None:
    """Write the report again after each change of ``db`` from its :func:`db_stamp` ``since`` (taken
    before the last write), checking every ``every`` seconds, until ``stop``."""
    last = since
    while not stop.wait(every):
        now = db_stamp(db)
        if now == last:
            continue
        last = now
        try:
            summary = write_report(db, out, refresh=max(1, round(every)))
        except (StoreError, OSError) as exc:  # the pages written before stay; the next change tries again
            if on_error is not None:
                on_error(f"could not write the report again: {exc}")
            continue
        on_write(summary)


def serve_forever(
    db: str, out: Path, *, host: str, port: int, every: float, say: Callable[[str], None]
) -> None:
    """Write, serve and keep writing until interrupted (Ctrl-C)."""
    since = db_stamp(db)  # a match committed while the first report is written is caught
    summary = write_report(db, out, refresh=max(1, round(every)))
    server, bound = start_server(out, host, port)
    for line in summary.lines():
        say(line)
    say(f"serving {out} at http://{host}:{bound}/index.html (written again when {db} changes; Ctrl-C stops)")
    stop = threading.Event()

    def written(s: ReportSummary) -> None:
        say(f"{time.strftime('%H:%M:%S')} written again: " + s.lines()[0])

    try:
        watch(db, out, every, written, stop, since, say)
    finally:
        stop.set()
        server.shutdown()
        server.server_close()
