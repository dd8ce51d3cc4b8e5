"""The local pool's workers start clean: a runner that has gRPC running (the referee of its remote-bot
matches, a caller's own referee) still gets workers whose referees serve their spawned bots.

A worker forked from such a process would inherit gRPC's poller state and wait forever (or fail a gRPC
core check and die); the pool forks its workers from a fork server instead (:mod:`arena.local_pool`).
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from arena.config_loading import from_mapping
from arena.local_pool import worker_context
from arena.runner import RunSummary, run_tournament
from engine.referee import create_server


@pytest.mark.slow
def test_workers_play_spawned_bots_while_the_runner_has_a_referee_running(tmp_path: Path) -> None:
    config = from_mapping(
        {"game": "pr", "players": 3, "bots": "random,first,grpc:first", "seed": 3, "workers": 2,
         "db": str(tmp_path / "t.sqlite")}
    )  # fmt: skip
    server, _port = create_server()  # gRPC's poller thread is now live in this process
    summaries: list[RunSummary] = []
    try:
        runner = threading.Thread(
            target=lambda: summaries.append(run_tournament(config, announce=lambda line: None)),
            daemon=True,  # a hung pool must fail the test, not hold pytest at exit
        )
        runner.start()
        runner.join(120)
        assert not runner.is_alive(), "the workers never finished their matches"
    finally:
        server.stop()
    (summary,) = summaries
    assert summary.played == 3 and not summary.failed, summary.failed


def test_the_pool_never_forks_the_runner_itself() -> None:
    assert worker_context().get_start_method() in ("forkserver", "spawn")
