"""One run of a tournament at a time: a second ``arena run`` (or ``arena sprt``) of a tournament that
is being played is refused in one line instead of playing every match again beside the first; and one
host of a league's database at a time (a second would void the first's open pods and play beside it).

A run's lock is an advisory ``flock`` on a small file in the replay folder (``.TOURNAMENT.lock``,
holding who has it), taken without waiting and released when the run ends, however it ends (the
kernel drops it with the process). It guards the runs of one machine, the one whose folder holds the
replays; runs on other machines against one PostgreSQL database are not seen. A league's lock is a
file beside its SQLite database (``.DB.league.lock``), or an advisory lock of the host's session in
its PostgreSQL database, which every machine sees.
"""

from __future__ import annotations

import contextlib
import os
import socket
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from ladders.store import Store, StoreError


@contextlib.contextmanager
def tournament_lock(folder: Path, tournament: str) -> Iterator[None]:
    """Hold the run of ``tournament`` (its replays in ``folder``), or raise :class:`StoreError` naming
    the process that holds it."""
    with _held(
        folder / f".{tournament}.lock",
        lambda holder: (
            f"tournament {tournament} is being played by {holder}: a second run would play its"
            " matches again; wait for that run to end (or stop it), then run the command again to resume"
        ),
    ):
        yield


@contextlib.contextmanager
def league_lock(store: Store) -> Iterator[None]:
    """Host the league of ``store``'s database, or raise :class:`StoreError` when another process does:
    a PostgreSQL database by an advisory lock of the store's session (seen from every machine), an
    SQLite file by a lock file beside it."""

    def refusal(holder: str) -> str:
        return (
            f"the league of {store.label} is hosted by {holder}: a ladder has one host; stop that one"
            " first (or give this one a database of its own)"
        )

    if store.path is None:
        if not store.try_session_lock("arena league host"):
            raise StoreError(refusal("another process"))
        yield  # released when the store closes
        return
    with _held(store.path.with_name(f".{store.path.name}.league.lock"), refusal):
        yield


@contextlib.contextmanager
def _held(path: Path, refusal: Callable[[str], str]) -> Iterator[None]:
    if sys.platform == "win32":  # pragma: no cover - no flock there: runs are not guarded
        yield
        return
    import fcntl

    while True:
        handle = path.open("a+", encoding="utf-8")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            handle.close()
            raise StoreError(refusal(holder)) from None
        # The last holder unlinks the file as it lets go: a file opened just before that is no
        # longer the lock file once locked (a process opening the path now would make another).
        with contextlib.suppress(FileNotFoundError):
            if os.stat(path).st_ino == os.fstat(handle.fileno()).st_ino:
                break
        handle.close()
    try:
        handle.seek(0)
        handle.truncate()
        handle.write(f"pid {os.getpid()} on {socket.gethostname()}")
        handle.flush()
        yield
    finally:
        with contextlib.suppress(OSError):
            path.unlink()
        handle.close()
