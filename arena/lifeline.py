"""Processes that end with their parent: tournament workers and spawned bots.

A host that kills ``arena run`` or ``arena play`` (``kill -9``, a lost terminal, an out-of-memory kill)
must not leave workers playing on, or bots waiting, as orphans. Two mechanisms do it:

- **A parent-death signal** (Linux, ``prctl(PR_SET_PDEATHSIG, SIGKILL)``): the kernel kills the child
  the moment its parent goes. The kernel ties it to the *thread* that forked the child, not to the
  process, so it must be set only on children forked by a thread that lives as long as they do. That
  holds for bots: a bot is spawned by the thread that plays its match and waits for the bot to exit
  before it returns (the main thread of ``arena play`` and of a worker; the runner's one remote-match
  thread). A worker is forked by the pool's fork server (:mod:`arena.local_pool`), which outlives
  the runner while its workers run, so for a worker the signal only covers the server's own death.
- **A watchdog** in every worker: a daemon thread that waits for the runner to end (a pidfd where
  there is one, else the runner's pid polled twice a second; a worker the runner forked itself
  watches ``os.getppid()``) and then kills the worker's bots and exits. It is what ends a worker
  when the runner dies, and the whole mechanism where there is no parent-death signal (macOS, Windows).

A bot is any program, so its signal is set between ``fork`` and ``exec`` by :func:`launch_argv`: the
bot is started through a few lines of Python (``python -I -S -c ...``, about 10 ms) that set the signal,
check that the parent is still there, and ``exec`` the bot in the same process (same pid). Design
detail: ``subprocess``'s ``preexec_fn`` would do the same without the extra exec, but the Python
documentation warns that it is not safe in a process with threads (the child can deadlock before
``exec``), and every process that spawns bots runs gRPC's threads; it also makes ``subprocess`` use
``fork`` instead of ``vfork``/``posix_spawn``, which runs every ``pthread_atfork`` handler, gRPC's
included, in the middle of a match: gRPC's restarts its poller thread in the child, and aborts the child
("epoll_wait error: Bad file descriptor") when ``subprocess`` closes the inherited descriptors before the
``exec`` (40 of 300 forks of a process with a busy channel, against none of 300 vfork starts).
"""

from __future__ import annotations

import ctypes
import os
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence

PR_SET_PDEATHSIG = 1
"""From ``<linux/prctl.h>``."""

WATCH_INTERVAL_S = 0.5

LAUNCHER = """\
import ctypes, os, sys
parent = int(sys.argv[1])
if ctypes.CDLL(None, use_errno=True).prctl(1, 9, 0, 0, 0) != 0 or os.getppid() != parent:
    os._exit(1)
try:
    os.execvp(sys.argv[2], sys.argv[2:])
except OSError as exc:
    print(f"arena: cannot start {sys.argv[2]!r}: {exc.strerror}", file=sys.stderr, flush=True)
    os._exit(127)
"""
"""The bot launcher: ``argv`` is the parent's pid, then the bot's command (``prctl(1, 9)`` is
``PR_SET_PDEATHSIG``, ``SIGKILL``)."""

_bots: set[subprocess.Popen[bytes]] = set()
_bots_lock = threading.Lock()


def _forget_bots() -> None:
    """In a forked child: the parent's bots are not its own, and the lock may have been held."""
    global _bots_lock
    _bots.clear()
    _bots_lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_bots)


def has_death_signal() -> bool:
    return sys.platform.startswith("linux")


def set_death_signal(sig: int = signal.SIGKILL) -> bool:
    """Ask the kernel to send ``sig`` to this process when its parent (thread) ends; False if it
    cannot (not Linux)."""
    if not has_death_signal():
        return False
    libc = ctypes.CDLL(None, use_errno=True)
    return int(libc.prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0)) == 0


def launch_argv(command: Sequence[str]) -> list[str]:
    """The argv that starts ``command`` as a child killed with its parent (the command itself where the
    platform has no parent-death signal)."""
    if not has_death_signal():
        return list(command)
    return [sys.executable, "-I", "-S", "-c", LAUNCHER, str(os.getpid()), *command]


def track(proc: subprocess.Popen[bytes]) -> None:
    """Remember a spawned bot, so that the watchdog can kill it."""
    with _bots_lock:
        _bots.add(proc)


def untrack(proc: subprocess.Popen[bytes]) -> None:
    with _bots_lock:
        _bots.discard(proc)


def kill_bots() -> None:
    """Kill every tracked bot still running."""
    with _bots_lock:
        bots = list(_bots)
    for proc in bots:
        if proc.poll() is None:
            proc.kill()


def watch_parent(expected: int) -> None:
    """Make this (worker) process end with the runner, and leave SIGINT to the runner; the initializer
    of the runner's worker pool.

    ``expected`` is the runner's pid. A worker forked by the pool's fork server has that server as its
    parent, and the server outlives the runner while any of its workers runs (every worker holds the
    server's "alive" pipe open), so such a worker watches the runner itself rather than its parent.
    """
    set_death_signal()
    # Ctrl-C is the runner's to handle: it reports what is stored and ends its workers itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()
    if parent == expected:
        threading.Thread(target=_watch, args=(parent,), name="parent-watchdog", daemon=True).start()
        return
    if not _alive(expected):  # the runner died before this worker started
        os._exit(1)
    threading.Thread(target=_watch_runner, args=(expected,), name="runner-watchdog", daemon=True).start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_INTERVAL_S)
    kill_bots()
    os._exit(1)


def _watch_runner(runner: int) -> None:
    """Wait for ``runner`` (not this process's parent) to end, then kill the bots and exit.

    Design detail: a pidfd (Linux 5.3) becomes readable when its process ends and never names another
    process, so the wait needs no polling and no pid can be reused under it; elsewhere the pid is
    polled.
    """
    try:
        fd = os.pidfd_open(runner)
    except (AttributeError, OSError):
        while _alive(runner):
            time.sleep(WATCH_INTERVAL_S)
    else:
        select.select([fd], [], [])
    kill_bots()
    os._exit(1)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
