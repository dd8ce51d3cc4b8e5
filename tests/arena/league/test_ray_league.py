"""A league's house pods on the Ray backend, on the real two-node cluster of the Ray tests, while an
author's bot plays on the host's referee: matches on both nodes, each stored once, replays written by
the host. ``make test`` runs it with the other Ray tests (the ``ray`` group, ``-m ray``)."""

from __future__ import annotations

import os
import threading
from dataclasses import replace
from pathlib import Path

import pytest

from arena.league.definition import from_mapping
from arena.league.host import LeagueHost
from arena.league.registry import add_bot
from engine.referee import create_server
from ladders.store import Store
from tests.arena.league.conftest import Bots, wait_for
from tests.arena.ray_cluster import RAY_ENV, Cluster

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
