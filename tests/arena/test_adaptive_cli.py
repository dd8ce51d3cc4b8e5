"""``arena run --schedule adaptive`` for real: the built-in bots play Puerto Rico within the balance limit,
and a run killed with SIGKILL at random points resumes to exactly the uninterrupted results."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.arena.test_resume import count, ids, rows

ROOT = Path(__file__).resolve().parents[2]
BOTS = "pr-greedy,random,first,random-b=random"


def command(db: Path, *extra: str) -> list[str]:
    return [
        sys.executable, "-m", "arena", "run", "--game", "puerto-rico", "--players", "3", "--bots", BOTS,
        "--schedule", "adaptive", "--seed", "8", "--db", str(db), *extra,
    ]  # fmt: skip


def env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT))


@pytest.mark.slow
def test_an_adaptive_run_plays_its_budget_and_prints_its_schedule(tmp_path: Path) -> None:
    db = tmp_path / "a.sqlite"
    done = subprocess.run(
        command(db, "--pods", "2", "--workers", "2", "--balance", "1"),
        cwd=tmp_path, env=env(), capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "adaptive schedule: 8 of 8 pods played" in done.stdout  # 2 rounds of the 4 tables
    assert "24 played, 0 already done, 0 failed, 24 scheduled" in done.stdout
    with sqlite3.connect(db) as conn:
        definition = conn.execute("SELECT definition FROM tournaments").fetchone()[0]
        tables = conn.execute("SELECT pod, bots FROM matches WHERE rotation = 0 ORDER BY pod").fetchall()
    assert '"schedule":"adaptive@2"' in definition and '"balance":1' in definition
    pods = {name: 0 for name in ("pr-greedy", "random", "first", "random-b")}
    for _, bots in tables:
        for name in set(bots.strip("[]").replace('"', "").split(",")):
            pods[name] += 1
    assert max(pods.values()) - min(pods.values()) <= 1, pods  # the balance limit, 1 pod
    again = subprocess.run(command(db, "--pods", "2", "--balance", "1"), cwd=tmp_path, env=env(),
                           capture_output=True, text=True, timeout=120)  # fmt: skip
    assert again.returncode == 0 and "0 played, 24 already done" in again.stdout, again.stdout


@pytest.mark.slow
def test_a_killed_adaptive_run_resumes_to_the_same_pods_and_stop(tmp_path: Path) -> None:
    # random and random-b are the same bot, so the ranking never settles: the budget (2 rounds of the 4
    # tables) ends the run. The stop at a confidence, resumed, is tested in process (test_adaptive.py).
    args = ("--pods", "2", "--confidence", "0.99", "--workers", "2", "--quiet")
    reference = tmp_path / "reference.sqlite"
    first = subprocess.run(command(reference, *args), cwd=tmp_path, env=env(), capture_output=True, text=True,
                           timeout=600)  # fmt: skip
    assert first.returncode == 0, first.stdout + first.stderr
    expected = rows(reference)
    assert "adaptive schedule: 8 of 8 pods played; ranking confidence" in first.stdout
    assert len(expected) == 8 * 3

    db = tmp_path / "killed.sqlite"
    chaos = random.Random(12)
    kills = 0
    for _ in range(5):
        before = count(db)
        proc = subprocess.Popen(command(db, *args), cwd=tmp_path, env=env(), stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True)  # fmt: skip
        deadline = time.monotonic() + 120
        target = before + chaos.randint(1, 6)
        while proc.poll() is None and count(db) < target and time.monotonic() < deadline:
            time.sleep(0.005)
        time.sleep(chaos.random() * 0.02)
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            kills += 1
        proc.wait()
    assert kills >= 3
    done = subprocess.run(command(db, *args), cwd=tmp_path, env=env(), capture_output=True, text=True,
                          timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert rows(db) == expected
    matches, tournaments = ids(db)
    assert len(matches) == len(set(matches)) == len(expected)
    assert len(tournaments) == 1
    assert note(first.stdout) == note(done.stdout)  # the same stop, with the same confidence


def note(output: str) -> str:
    return next(line for line in output.splitlines() if line.startswith("adaptive schedule:"))
