"""Helpers for the league's tests: definitions, bot processes, waiting on the database."""

from __future__ import annotations

import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

FAST = """
name = "test league"
listen = "127.0.0.1:{port}"
site = ""
replay_dir = "replays"
status_s = 2
refit_s = 1

[[ladder]]
id = "pr3"
game = "pr"
players = 3
house = ["pr-greedy", "random"]
anchor = {{bot = "pr-greedy", rating = 1500}}
[ladder.time]
deadline_ms = 1000
time_bank_ms = 2000
join_ms = 3000
[ladder.waits]
max_wait_s = 3
gather_s = 0.3
[ladder.placement]
pods = 1
max_faults = 0
"""


def service_port() -> int:
    """A free loopback port below the kernel's ephemeral range, for a host that is killed and started
    again on the same port.

    Design detail: a port from ``bind(0)`` lies in the ephemeral range, and while its host is down
    (between a kill and the restart) the kernel may hand it to anything: another test's ``bind(0)``, or
    an outgoing connection as its source port (a bot dialling the dead port can even connect to itself),
    whose socket (or its TIME_WAIT, for a minute) then keeps the restarted host from listening. The
    kernel never gives out a port below the range by itself.
    """
    try:
        low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        low = 32768
    for _ in range(100):
        port = 10000 + secrets.randbelow(max(1, low - 10000))
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port between 10000 and {low}")


def wait_for(
    what: str, check: Callable[[], bool], timeout: float = 60.0, seen: Callable[[], str] | None = None
) -> None:
    """Poll ``check`` until it holds; after ``timeout`` seconds fail saying what was awaited and, with
    ``seen``, what the test saw (the processes' logs)."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(
                f"timed out after {timeout:.0f} s waiting for {what}" + (f"\n{seen()}" if seen else "")
            )
        time.sleep(0.2)


class Bots:
    """Bot processes of a test (``tests/arena/league/league_bot.py``), killed at the end."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.procs: dict[str, subprocess.Popen[bytes]] = {}

    def start(self, name: str, kind: str, address: str, key: str, *extra: str) -> subprocess.Popen[bytes]:
        log = (self.folder / f"bot-{name}.log").open("wb")
        proc = subprocess.Popen(
            [sys.executable, "-m", "tests.arena.league.league_bot", kind, "--address", address,
             "--bot-key", key, "--reconnect", "--name", name, *extra],
            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        self.procs[name] = proc
        return proc

    def log(self, name: str) -> str:
        return (self.folder / f"bot-{name}.log").read_text(errors="replace")

    def tails(self, lines: int = 15) -> str:
        """The last lines of each bot's log and whether it still runs (for a failing test's message)."""
        out = []
        for name, proc in self.procs.items():
            state = "running" if proc.poll() is None else f"exited {proc.returncode}"
            tail = self.log(name).splitlines()[-lines:]
            out.append(f"--- bot {name} ({state}):\n" + "\n".join(tail))
        return "\n".join(out)

    def stop(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.kill()
            proc.wait()


@pytest.fixture
def bots(tmp_path: Path) -> Iterator[Bots]:
    b = Bots(tmp_path)
    yield b
    b.stop()
