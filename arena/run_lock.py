"""One run of a tournament at a time: a second ``arena run`` (or ``arena sprt``) of a tournament that
is being played is refused in one line instead of playing every match again beside the first.

The lock is an advisory ``flock`` on a small file in the tournament's replay folder
(``.TOURNAMENT.lock``, holding who has it), taken without waiting and released when the run ends,
however it ends (the kernel drops it with the process). It guards the runs of one machine, the one
whose folder holds the replays; runs on other machines against one PostgreSQL database are not seen.
"""

from __future__ import annotations

import contextlib
import os
import socket
import sys
from collections.abc import Iterator
from pathlib import Path

from ladders.store import StoreError


@contextlib.contextmanager
def tournament_lock(folder: Path, tournament: str) -> Iterator[None]:
    """Hold the run of ``tournament`` (its replays in ``folder``), or raise :class:`StoreError` naming
    the process that holds it."""
    if sys.platform == "win32":  # pragma: no cover - no flock there: runs are not guarded
        yield
        return
    import fcntl

    path = folder / f".{tournament}.lock"
    handle = path.open("a+", encoding="utf-8")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.seek(0)
        holder = handle.read().strip() or "another process"
        handle.close()
        raise StoreError(
            f"tournament {tournament} is being played by {holder}: a second run would play its matches"
            " again; wait for that run to end (or stop it), then run the command again to resume"
        ) from None
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
