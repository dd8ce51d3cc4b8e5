"""Helpers for the league's tests: definitions, bot processes, waiting on the database."""

from __future__ import annotations

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


def wait_for(what: str, check: Callable[[], bool], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
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
