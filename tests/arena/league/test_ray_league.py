"""A league's house pods on the Ray backend, on the real two-node cluster of the Ray tests, while an
author's bot plays on the host's referee: matches on both nodes, each stored once, replays written by
the host. SIGTERM stops such a league at once and cleanly; an address nothing answers at stops it
before it starts; house pods whose backend fails stop for good, and the status line says so. ``make
test`` runs them with the other Ray tests (the ``ray`` group, ``-m ray``)."""

from __future__ import annotations

import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from arena.cli import app
from arena.league import pods
from arena.league.definition import from_mapping
from arena.league.host import LeagueHost
from arena.league.registry import add_bot
from engine.referee import create_server
from ladders.store import Store
from tests.arena.league.conftest import Bots, wait_for
from tests.arena.ray_cluster import RAY_ENV, ROOT, Cluster

os.environ.update(RAY_ENV)  # before Ray is imported, which reads it once
pytest.importorskip("ray")

pytestmark = [pytest.mark.ray, pytest.mark.slow, pytest.mark.xdist_group("ray")]


def test_house_pods_play_on_both_nodes_and_authors_on_the_referee(
    tmp_path: Path, bots: Bots, ray_nodes: Cluster
) -> None:
    raw = {
        "backend": "ray",
        "workers": 2,
        "ray": {"address": ray_nodes.address, "resources": {"arena": 1}},
        "site": "",
        "ladder": [
            {"id": "pr3", "game": "pr", "players": 3, "house": ["pr-greedy", "random", "first"],
             "house_pods": 2, "placement": {"pods": 0}, "waits": {"max_wait_s": 1.0},
             "time": {"deadline_ms": 1000, "join_ms": 3000}},
        ],
    }  # fmt: skip
    db = tmp_path / "league.sqlite"
    league = replace(from_mapping(raw, "test"), db=str(db), replay_dir=str(tmp_path / "replays"))
    lines: list[str] = []
    with Store(db) as store:
        server, _ = create_server("127.0.0.1:0")
        host = LeagueHost(league, store, server, announce=lines.append)
        key = add_bot(host.tables, "pr3", ("pr-greedy", "random", "first"), "author")
        host.registry.refresh()
        bots.start("author", "mix:0.5", server.address, key)
        stop = threading.Event()
        thread = threading.Thread(target=host.run, args=(stop,), daemon=True)
        thread.start()
        tournament = host.ladders["pr3"].tournament

        def played() -> tuple[int, int]:
            matches = store.tournament_matches(tournament)
            with_author = sum(1 for m in matches if "author@1" in m.bots)
            return len(matches) - with_author, with_author

        try:
            wait_for("house and author matches", lambda: played()[0] >= 12 and played()[1] >= 3, 240)
        except AssertionError:
            raise AssertionError(f"played {played()}; the host said: {lines[-30:]}") from None
        finally:
            stop.set()
            thread.join(120)
        assert not thread.is_alive()
        matches = store.tournament_matches(tournament)
    ids = [m.match_id for m in matches]
    assert len(ids) == len(set(ids))
    assert all(m.replay and Path(m.replay).is_file() for m in matches)  # written on the driver
    nodes = [line for line in lines if line.startswith("pr3: ray: ")]
    assert nodes and " on 2 nodes: " in nodes[-1], lines[-20:]
    assert not [line for line in lines if "match failed" in line]


STALL_BOT = ROOT / "tests" / "arena" / "stall_bot.py"
LEAGUE = """site = ""
listen = "127.0.0.1:0"
backend = "ray"
workers = 2
[ray]
address = "{address}"
[[ladder]]
id = "pr3"
game = "pr"
players = 3
house = {house}
house_pods = 2
[ladder.placement]
pods = 0
"""


def test_sigterm_stops_a_league_on_ray_at_once_and_cleanly(tmp_path: Path, ray_nodes: Cluster) -> None:
    """SIGTERM while a house match is under way (stalled for a minute): no stack dump of Ray's, the
    league stops within seconds (the match under way ends unstored, its pod void) and says what it
    stored."""
    marker = tmp_path / "stalled"
    stall = f"cmd:{sys.executable} {STALL_BOT} {marker}"
    house = f'["random", "first", {{name = "stall", spec = "{stall}"}}]'
    definition = tmp_path / "league.toml"
    definition.write_text(LEAGUE.format(address=ray_nodes.address, house=house))
    db = tmp_path / "league.sqlite"
    host = subprocess.Popen(
        [sys.executable, "-m", "arena", "league", str(definition), "--db", str(db)],
        cwd=tmp_path, env=ray_nodes.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        wait_for("a stalled house match", marker.exists, 120)
        signalled = time.monotonic()
        host.send_signal(signal.SIGTERM)
        out, _ = host.communicate(timeout=60)
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()
    took = time.monotonic() - signalled
    assert host.returncode == 0, out
    assert "SIGTERM received" not in out and "Traceback" not in out, out
    assert took < 8, f"stopped {took:.1f} s after SIGTERM: {out}"  # a stalled match is not waited for
    stopped = [line for line in out.splitlines() if line.startswith("league stopped: ")]
    with sqlite3.connect(db) as conn:
        stored = conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
        states = {str(r[0]) for r in conn.execute("SELECT state FROM league_pods")}
    assert stopped and stopped[0].startswith(f"league stopped: {stored} match"), out
    assert "open" not in states


def test_a_ray_address_nothing_answers_at_stops_the_league_before_it_starts(tmp_path: Path) -> None:
    with socket.socket() as s:  # a port that was free a moment ago: nothing listens on it
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    definition = tmp_path / "league.toml"
    definition.write_text(
        LEAGUE.format(address=f"127.0.0.1:{port}", house='["random", "first", "pr-greedy"]')
    )
    db = tmp_path / "league.sqlite"
    out = CliRunner().invoke(app, ["league", str(definition), "--db", str(db)])
    assert out.exit_code == 2, out.output
    assert out.output.strip() == (
        f"error: {definition}: ray.address 127.0.0.1:{port}: no Ray cluster answers there (Connection refused)"
    )
    assert not db.exists()


def test_house_pods_whose_backend_fails_stop_and_the_status_line_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The backend fails under a house pod (as Ray does when its cluster is lost): the pod is void, no
    house pod starts again, the status line says they stopped, and the league goes on."""

    def lost(config: Any, game: Any, house: pods.HouseQueue, announce: Any) -> Iterator[dict[str, Any]]:
        assert house.take() is not None  # a match under way
        raise ConnectionError(
            "--backend ray: lost the Ray cluster at 10.0.0.5:6379 (its head does not answer)"
        )
        yield {}

    monkeypatch.setattr(pods, "house_outcomes", lost)
    raw = {
        "site": "", "status_s": 0.2,
        "ladder": [{"id": "pr3", "game": "pr", "players": 3, "house": ["pr-greedy", "random", "first"],
                    "house_pods": 1, "placement": {"pods": 0}}],
    }  # fmt: skip
    league = replace(from_mapping(raw, "test"), db=str(tmp_path / "league.sqlite"))
    lines: list[str] = []
    with Store(league.db) as store:
        server, _ = create_server("127.0.0.1:0")
        host = LeagueHost(league, store, server, announce=lines.append)
        stop = threading.Event()
        thread = threading.Thread(target=host.run, args=(stop,), daemon=True)
        thread.start()
        try:
            wait_for(
                "a status line after the failure", lambda: any("house pods stopped," in x for x in lines), 30
            )
            time.sleep(0.5)  # ticks in which a house pod would start again
        finally:
            stop.set()
            thread.join(30)
        pods_opened = host.tables.pods(ladder="pr3")
    assert "pr3: house pods stopped: --backend ray: lost the Ray cluster at 10.0.0.5:6379" in "\n".join(lines)
    assert any(x.endswith(": house pods stopped; the rest of the pod is void") for x in lines), lines
    assert len(pods_opened) == 1 and pods_opened[0].state == "void"
    status = [x for x in lines if " | " in x]
    assert "house pods stopped, " in status[-1] and not re.search(r"\d house pods?,", status[-1]), status
