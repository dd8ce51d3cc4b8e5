"""Throughput of one league host: decisions per second and concurrent matches at p99 decision latency
under 50 ms, with the ladder on SQLite and on PostgreSQL.

Run ``nice -n 10 python benchmarks/league_throughput.py [--levels 1,2,4,8,16] [--seconds 40]
[--stores sqlite,postgresql]``. For each store and each level ``N``, a league host (this process: the
referee, the registry's key check, the matchmaker, a thread per pod, every match committed at once,
refits) runs one 4-seat Catan ladder whose four registered bots may each play ``N`` pods at once, so
``N`` matches are under way; the bots are four SDK processes (``python -m bots random``) that stay
connected across levels. A decision's latency is the referee's own (from the match loop's asking to the
checked answer, :mod:`benchmarks.decision_timer`), over the ``--seconds`` after a level's first match ended.
Each line gives matches stored, decisions, p50 and p99 latency, decisions/s and matches/s; the last
line per store names the most concurrent matches whose p99 stayed under 50 ms. PostgreSQL runs on a
throwaway server (``tests/pgcluster.py``) when one can be started.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from arena.league.definition import from_mapping  # noqa: E402
from arena.league.host import LeagueHost  # noqa: E402
from arena.league.registry import add_bot  # noqa: E402
from benchmarks.decision_timer import decision_times  # noqa: E402
from engine.core.rng import secret_seed  # noqa: E402
from engine.referee import create_server  # noqa: E402
from engine.referee.seats import RemoteSeat  # noqa: E402
from ladders.league_tables import LeagueTables  # noqa: E402
from ladders.store import Store  # noqa: E402
from tests.pgcluster import Cluster, find_bindir, free_port  # noqa: E402

BOUND_S = 0.050


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def definition(level: int, port: int) -> Any:
    raw = {
        "listen": f"127.0.0.1:{port}",
        "site": "",
        "status_s": 3600,
        "refit_s": 10,
        "max_matches": 256,
        "ladder": [
            {"id": "catan4", "game": "catan", "players": 4, "placement": {"pods": 0},
             "time": {"deadline_ms": 5000, "join_ms": 10000},
             "waits": {"gather_s": 0.0}, "limits": {"concurrent": level, "per_hour": 1_000_000}},
        ],
    }  # fmt: skip
    return from_mapping(raw, "throughput")


def register(db: str) -> dict[str, str]:
    """The ladder and its four bots, as ``arena league bot add`` records them: their keys."""
    lad = definition(1, 0).ladders[0]
    with Store(db) as store:
        tables = LeagueTables(store)
        tables.open_ladder(lad.id, lad.ladder_key, lad.stored(), (secret_seed(), secret_seed()))
        return {f"bot{k}": add_bot(tables, lad.id, (), f"bot{k}") for k in range(4)}


def run_level(db: str, level: int, port: int, seconds: float) -> tuple[list[float], float, int]:
    """One level on a fresh host (the bots reconnect to it): latencies, wall seconds, matches stored."""
    replays = str(Path(db).parent / "replays") if "://" not in db else "runs/league-throughput/replays"
    league = replace(definition(level, port), db=db, replay_dir=replays)
    times: list[float] = []
    measuring = threading.Event()

    def measured(_seat: RemoteSeat, view: Any) -> bool:
        return not view.forced and measuring.is_set()

    with decision_times(times, measured), Store(db) as store:
        server, _ = create_server(league.listen)
        host = LeagueHost(league, store, server, announce=lambda line: None, match_lines=False)
        stop = threading.Event()
        thread = threading.Thread(target=host.run, args=(stop,), daemon=True)
        thread.start()
        tournament = host.ladders["catan4"].tournament
        before = len(store.tournament_matches(tournament))
        while len(store.tournament_matches(tournament)) < before + level:  # warmed up: N matches ended
            time.sleep(0.2)
        first = len(store.tournament_matches(tournament))
        measuring.set()
        begin = time.perf_counter()
        time.sleep(seconds)
        wall = time.perf_counter() - begin
        done = len(store.tournament_matches(tournament)) - first
        stop.set()
        thread.join(120)
    return times, wall, done


def one_store(name: str, db: str, levels: list[int], seconds: float) -> None:
    port = free_port()
    keys = register(db)
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bots",
                "random",
                "--skip-forced",
                "--reconnect",
                "--address",
                f"127.0.0.1:{port}",
                "--bot-key",
                key,
                "--seed",
                str(k),
            ],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for k, key in enumerate(keys.values())
    ]
    print(f"\n{name}: one league host, 4-seat Catan, 4 SDK random bots with bot keys, N matches at once")
    print(
        f"{'N':>4}{'matches':>9}{'decisions':>11}{'p50 ms':>9}{'p99 ms':>9}{'decisions/s':>13}{'matches/s':>11}"
    )
    best = 0
    try:
        for level in levels:
            times, wall, done = run_level(db, level, port, seconds)
            p99 = pct(times, 0.99)
            print(f"{level:>4}{done:>9}{len(times):>11}{pct(times, 0.5) * 1e3:>9.2f}{p99 * 1e3:>9.2f}"
                  f"{len(times) / wall:>13.0f}{done / wall:>11.2f}", flush=True)  # fmt: skip
            if p99 >= BOUND_S:
                break
            best = level
    finally:
        for proc in procs:
            proc.kill()
            proc.wait()
    print(f"{name}: most concurrent matches with p99 decision latency under {BOUND_S * 1e3:.0f} ms: {best}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="1,2,4,8,16")
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--stores", default="sqlite,postgresql")
    parser.add_argument("--out", default="runs/league-throughput")
    args = parser.parse_args()
    levels = [int(x) for x in args.levels.split(",")]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    for name in args.stores.split(","):
        if name == "sqlite":
            db = out / "throughput.sqlite"
            for suffix in ("", "-wal", "-shm"):
                Path(f"{db}{suffix}").unlink(missing_ok=True)
            one_store("SQLite", str(db), levels, args.seconds)
        else:
            bindir, why = find_bindir()
            if bindir is None:
                print(f"PostgreSQL skipped: {why}")
                continue
            cluster = Cluster(bindir)
            try:
                one_store("PostgreSQL", cluster.new_database(), levels, args.seconds)
            finally:
                cluster.stop()


if __name__ == "__main__":
    main()
