"""``arena league`` killed with SIGKILL at any moment restarts from its database: every match stored
once, pods under way voided (never half-counted), keys and registrations intact; SIGTERM stops it
cleanly; a PostgreSQL server restarted under it costs it the writes under way, not its run; started with
house bots added to its definition, it serves them."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from arena.league.definition import load_definition
from arena.league.registry import add_bot
from engine.core.rng import secret_seed
from ladders.league_schema import DONE, OPEN, VOID
from ladders.league_tables import LeagueTables
from ladders.store import Store
from tests.arena.league.conftest import FAST, ROOT, Bots, service_port, wait_for
from tests.pgcluster import Cluster

WAIT_S = 90.0
"""How long each step waits for its rated matches (they take a few seconds)."""


def start_host(definition: Path, db: str, log: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "arena", "league", str(definition), "--db", db],
        cwd=ROOT, stdout=log.open("ab"), stderr=subprocess.STDOUT,
    )  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("db_location", ["sqlite", "postgresql"], indirect=True)
def test_sigkill_loses_nothing_and_counts_nothing_twice(
    db_location: str, tmp_path: Path, bots: Bots, request: pytest.FixtureRequest
) -> None:
    port = service_port()
    definition = tmp_path / "league.toml"
    # No placement here (the host's tests play it): rated pods from the start.
    definition.write_text(FAST.format(port=port).replace("pods = 1", "pods = 0"), encoding="utf-8")
    league = load_definition(definition)
    with Store(db_location) as store:  # as `arena league bot add NAME --ladder pr3 -d FILE` does
        tables = LeagueTables(store)
        lad = league.ladders[0]
        rated = tables.open_ladder(
            lad.id, lad.ladder_key, lad.stored(), (secret_seed(), secret_seed())
        ).tournament
        keys = {name: add_bot(tables, "pr3", (), name) for name in ("a", "b", "c", "d")}
    watch = Store(db_location)  # one connection for the polls: reads only, no lock the host could wait on

    def stored() -> list[str]:
        return [m.match_id for m in watch.tournament_matches(rated)]

    log = tmp_path / "host.log"
    host = start_host(definition, db_location, log)
    address = f"127.0.0.1:{port}"
    for name, kind in zip(keys, ("mix:0", "mix:0.3", "mix:0.6", "mix:1"), strict=True):
        bots.start(name, kind, address, keys[name])

    def seen() -> str:
        host_tail = "\n".join(log.read_text(errors="replace").splitlines()[-25:])
        state = "running" if host.poll() is None else f"exited {host.returncode}"
        return f"{len(stored())} matches stored\n--- host ({state}):\n{host_tail}\n{bots.tails()}"

    try:
        for round_ in range(2):  # killed twice, inside a pod: one of its matches stored, the next under way
            target = len(stored()) + 1
            wait_for("a rated match", lambda target=target: len(stored()) >= target, WAIT_S, seen)
            if round_ == 0:  # a second host of the database (another port) is refused before it writes
                second = tmp_path / "second.toml"
                second.write_text(FAST.format(port=service_port()).replace("pods = 1", "pods = 0"))
                other = subprocess.run(
                    [sys.executable, "-m", "arena", "league", str(second), "--db", db_location],
                    cwd=ROOT, capture_output=True, text=True, timeout=60,
                )  # fmt: skip
                assert other.returncode == 2 and "is hosted by" in other.stderr, other.stdout + other.stderr
                assert "a previous run" not in other.stdout, other.stdout  # it voided none of the host's pods
            time.sleep(0.15 * round_)
            host.send_signal(signal.SIGKILL)
            host.wait()
            printed = [ln.split()[1].rstrip(":") for ln in log.read_text().splitlines() if ln.startswith("pr3 ")
                       and " placement " not in ln and ln.split()[1].count("-") == 2]  # fmt: skip
            assert set(printed) <= set(stored())  # nothing announced is lost
            host = start_host(definition, db_location, log)
        target = len(stored()) + 3
        wait_for("rated matches after the restarts", lambda: len(stored()) >= target, WAIT_S, seen)
        if db_location.startswith("postgresql"):  # the server restarted under the running host
            cluster: Cluster = request.getfixturevalue("pg_cluster")
            cluster.restart()
            target = len(stored()) + 3
            wait_for(
                "rated matches after the server's restart", lambda: len(stored()) >= target, WAIT_S, seen
            )
            assert host.poll() is None, seen()
    finally:
        watch.close()
        host.send_signal(signal.SIGTERM)
        host.wait(60)
    assert host.returncode == 0
    text = log.read_text()
    assert "league stopped" in text and "resume with the same command" in text
    with Store(db_location) as store:
        tables = LeagueTables(store)
        ladder = tables.ladder("pr3")
        assert ladder is not None
        ids = [m.match_id for m in store.tournament_matches(ladder.tournament)]
        assert len(ids) == len(set(ids))
        pods = tables.pods(ladder="pr3")
        assert not [p for p in pods if p.state == OPEN]
        by_pod: dict[int, int] = {}
        for match_id in ids:
            pod = int(match_id.split("-")[1])
            by_pod[pod] = by_pod.get(pod, 0) + 1
        rated_pods = [p for p in pods if p.tournament == ladder.tournament]
        assert [p for p in rated_pods if p.state == VOID]  # the kills came inside pods
        for pod in rated_pods:
            if pod.state == DONE:
                assert by_pod.get(pod.pod, 0) == 3
            else:
                assert pod.state == VOID and by_pod.get(pod.pod, 0) < 3
        assert {b.name for b in tables.bots("pr3")} == {"a", "b", "c", "d"}  # registrations intact
    assert all(bots.procs[n].poll() is None for n in keys), bots.tails()  # the bots reconnected each time
    for name in keys:  # each outage is a line when it starts and one when it ends, not one per attempt
        log = bots.log(name)
        again = log.count("connected again after")
        assert again >= 2 and again <= log.count("connecting again every second") <= again + 1, log
        assert log.count("Connection refused") <= again + 1, log  # the outage's first line only


def test_a_restarted_host_serves_the_house_bots_of_its_current_definition(tmp_path: Path) -> None:
    definition = tmp_path / "league.toml"
    text = FAST.format(port=service_port()).replace('site = ""', f'site = "127.0.0.1:{service_port()}"')
    definition.write_text(text, encoding="utf-8")
    db = str(tmp_path / "league.sqlite")
    added = subprocess.run(
        [sys.executable, "-m", "arena", "league", "bot", "add", "a", "--ladder", "pr3", "-d", str(definition),
         "--db", db],
        cwd=ROOT, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert added.returncode == 0, added.stderr
    text = text.replace('house = ["pr-greedy", "random"]', 'house = ["pr-greedy", "random", "first"]')
    definition.write_text(text, encoding="utf-8")
    log = tmp_path / "host.log"
    host = start_host(definition, db, log)
    site = text.split('site = "', 1)[1].split('"', 1)[0]
    served: list[Any] = []

    def house() -> bool:
        try:
            with urllib.request.urlopen(f"http://{site}/api/ladders", timeout=5) as reply:
                served[:] = [json.load(reply)[0]["house"]]
        except OSError:
            return False
        return served[0] == ["pr-greedy", "random", "first"]

    try:
        wait_for("the site's house bots", house, 60, lambda: f"served {served}\n{log.read_text()}")
    finally:
        host.send_signal(signal.SIGTERM)
        host.wait(60)
    assert "house bots: pr-greedy, random, first" in log.read_text()
