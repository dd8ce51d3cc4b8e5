"""Registered remote bots in a tournament: a long-lived bot connects once with its key and plays its matches."""

from __future__ import annotations

import re
import threading
from pathlib import Path

from arena.config_loading import from_mapping
from arena.runner import run_tournament
from bots.reference.simple import RandomBot
from bots.sdk.client import play
from ladders.store import Store


class Seated:
    """An SDK bot class: a fresh instance per match, answering like the built-in random bot."""

    def __init__(self) -> None:
        self.rng = RandomBot(5)

    def __call__(self, request: object) -> int:
        legal = request.legal  # type: ignore[attr-defined]
        return self.rng.rng.below(len(legal))


def test_a_remote_bot_plays_every_match_it_is_scheduled_in(tmp_path: Path) -> None:
    config = from_mapping(
        {
            "game": "pr",
            "players": 3,
            "bots": ["remote:alice", "random", "grpc:first"],
            "rounds": 1,
            "seed": 4,
            "workers": 1,
            "db": str(tmp_path / "t.sqlite"),
            "listen": "127.0.0.1:0",
            "keys": {"alice": "alice-secret"},
            "time": {"deadline_ms": 5000, "time_bank_ms": 5000},
        }
    )
    lines: list[str] = []
    announced = threading.Event()

    def announce(line: str) -> None:
        lines.append(line)
        announced.set()

    summary_box: list[object] = []
    runner = threading.Thread(target=lambda: summary_box.append(run_tournament(config, announce=announce)))
    runner.start()
    assert announced.wait(30)
    found = re.search(r"ARENA_ADDRESS=(\S+) ARENA_BOT_KEY=(\S+)", lines[0])
    assert found is not None and found.group(2) == "alice-secret"
    bot = threading.Thread(
        target=play,
        args=(lambda req: Seated()(req), found.group(1)),
        kwargs={"bot_key": "alice-secret"},
        daemon=True,
    )
    bot.start()
    runner.join(120)
    assert not runner.is_alive()
    summary = summary_box[0]
    assert summary.played == 3 and not summary.failed  # type: ignore[attr-defined]
    with Store(config.db) as store:
        records = store.tournament_matches(summary.tournament_id)  # type: ignore[attr-defined]
    assert len(records) == 3
    for record in records:
        assert "remote:alice" in record.bots
        assert record.faults == (), record.faults
        assert record.termination == "victory"


def test_a_remote_bot_that_never_connects_forfeits_its_matches(tmp_path: Path) -> None:
    config = from_mapping(
        {
            "game": "pr",
            "players": 3,
            "bots": ["remote:ghost", "random", "first"],
            "rounds": 1,
            "seed": 4,
            "workers": 1,
            "db": str(tmp_path / "t.sqlite"),
            "listen": "127.0.0.1:0",
            "time": {"deadline_ms": 50, "time_bank_ms": 0, "join_ms": 200},
            "faults": {"strike_limit": 0},
        }
    )
    summary = run_tournament(config, announce=lambda line: None)
    assert summary.played == 3
    with Store(config.db) as store:
        records = store.tournament_matches(summary.tournament_id)
    for record in records:
        ghost = record.bots.index("remote:ghost")
        assert record.forfeits == (ghost,)
        assert record.places[ghost] == 3
        assert record.faults[0]["kind"] == "disconnect"
