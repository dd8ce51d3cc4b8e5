"""Every benchmark script runs on a fresh checkout with tiny settings and prints its figures.

The figures themselves are measured with ``make bench``; these runs only keep the scripts working.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

CASES = {
    "bench_puerto_rico.py": (["--games", "3", "--players", "3"], "games/s"),
    "bench_catan.py": (["--games", "2", "--clock", "cpu"], "games/s"),
    "bench_catan_ck.py": (["--games", "2"], "vs base"),
    "bench_observe.py": (["--games", "1", "--passes", "1"], "puerto-rico"),
    "bench_mcts.py": (
        ["--decisions", "2", "--spec", "mcts:iterations=20", "--game", "puerto-rico"],
        "iter/s",
    ),
    "bench_catan_bots.py": (["--decisions", "2", "--spec", "random"], "dec/s"),
    "bench_roundtrip.py": (
        ["--reps", "1", "--matches", "1", "--transports", "unix", "--streams", "1", "--match-modes", "skip"],
        "echo floor",
    ),
    "bench_throughput.py": (["--levels", "1,2", "--bot", "python"], "p99 decision latency under 50 ms"),
    "profile_wire.py": (["--matches", "1"], "SDK bot, thread CPU per decision"),
    "match_split.py": (
        ["--matches", "1", "--rebuild"],
        ("the request's bytes built twice", "the referee's beyond the echo's: user"),
    ),
    "echo_handover.py": (["--messages", "60", "--reps", "1", "--work-us", "20"], "hand-over median"),
    "bench_neighbour.py": (["--reps", "1", "--matches", "1"], "p50 / alone"),
    "soak_referee.py": (["--game", "puerto-rico", "--matches", "4", "--every", "2"], "RSS MiB"),
    "bench_report.py": (["--matches", "8", "--pages", "1", "--workers", "1"], "first render"),
    "adaptive_study.py": (
        ["--runs", "1", "--configs", "5x3", "--rounds", "1", "--gap", "300", "--workers", "1"],
        "/ round robin (95 % interval)",
    ),
    "ratings_edges.py": (["--only", "shared", "--shares", "0.7", "--reps", "2"], "Few pods at 3 seats"),
    "league_ranking.py": (["--runs", "1", "--bots", "6", "--hours", "0.02"], "neighbour pairs ordered right"),
    "league_throughput.py": (
        ["--levels", "1", "--seconds", "0.5", "--stores", "sqlite", "--out", "runs/league-throughput-test"],
        "p99 decision latency under 50 ms",
    ),
    "bench_learning.py": (["--steps", "40", "--only", "Puerto Rico 3"], "steps/s"),
    "seafarers_matches.py": (
        ["record", "runs/seafarers-matches-test.json", "--seeds", "1"],
        "recorded 12 matches",
    ),
    "seafarers_parts.py": (["--games", "1"], "the rest"),
    "bench_arena.py": (
        [
            *(
                "--game",
                "puerto-rico",
                "--players",
                "3",
                "--rounds",
                "1",
                "--repeat",
                "1",
                "--backends",
                "local",
            ),
            *("--bots", "pr-greedy,random,grpc:first"),
        ],
        "matches/s",
    ),
}


@pytest.mark.parametrize("script", sorted(CASES))
def test_benchmark_runs(script: str) -> None:
    args, expected = CASES[script]
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    for line in (expected,) if isinstance(expected, str) else expected:
        assert line in done.stdout, done.stdout[-2000:]


def test_bench_catan_paired_times_a_variant_by_turns_with_the_base_game() -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "bench_catan.py"),
            "--paired",
            "--games",
            "2",
            "--only",
            "jungle 3",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    rows = [line for line in done.stdout.splitlines() if "[jungle 3]" in line]
    assert [row.split()[1:3] for row in rows] == [["engine", "loop"], ["play_match", "[jungle"]], done.stdout
    for row in rows:
        # the figures are times on a shared machine: the test checks how they are put together, not
        # their size (a loaded suite has shown a 3.6x ratio for one game of each)
        *_, base, variant, ratio, first, slash, second = row.split()
        assert slash == "/", row
        assert float(base) > 0 and float(variant) > 0, row
        expected = float(variant) / float(base)
        assert float(ratio.rstrip("x")) == pytest.approx(expected, rel=0.01, abs=0.01), row
        assert float(first) > 0 and float(second) > 0, row  # one game of each in each half


def test_profile_wire_untimed_plays_on_the_referees_own_loop_and_counts_the_decisions() -> None:
    """The run whose instructions callgrind counts: no timers, the product's event loop (uvloop here)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "profile_wire.py"), "--untimed", "--matches", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={k: v for k, v in os.environ.items() if k != "ARENA_EVENT_LOOP"},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert re.search(r"puerto-rico, 1 matches, decisions \d{3}, on uvloop$", done.stdout.strip()), done.stdout
