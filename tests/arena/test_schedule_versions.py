"""Schedule versions: a tournament stored before the balanced schedule resumes with its own tables, a new
one records the version it plays, and a definition names a schedule this program can build."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from arena.config import ConfigError, TournamentConfig
from arena.config_loading import from_mapping
from arena.runner import resume_tournament, run_tournament, schedule
from arena.schedule import LEGACY_SCHEDULE, round_tables
from ladders.store import Store

BOTS = ["random", "first", "pr-greedy", "grpc:random", "grpc:first"]


def config_for(db: Path, bots: list[str] = BOTS) -> TournamentConfig:
    return from_mapping({"game": "pr", "players": 3, "bots": bots, "seed": 4, "workers": 1, "db": str(db)})


def test_a_tournament_stored_without_a_schedule_version_resumes_with_version_1(tmp_path: Path) -> None:
    config = config_for(tmp_path / "old.sqlite")
    old = replace(config, schedule=LEGACY_SCHEDULE)  # what an earlier arena recorded and played
    assert "schedule" not in old.definition()
    with Store(config.db) as store:
        tid, seed = store.open_tournament(old.definition(), new_id="legacy", seed=4)
        resumed, again, same_seed = resume_tournament(config, store)  # today's default: round-robin@2
        assert (again, same_seed) == (tid, seed) and resumed.schedule == LEGACY_SCHEDULE
        version_1 = [p.table for p in schedule(resumed, tid, seed)]
        assert version_1 == list(round_tables(BOTS, 3, 1, version=1)[0])
        assert version_1 != [p.table for p in schedule(config, tid, seed)]  # the test would notice
        # A definition of today is a new tournament, and resumes as itself.
        fresh = replace(config, rounds=2)
        new, new_id, _ = resume_tournament(fresh, store)
        assert new == fresh and new_id != tid
        assert resume_tournament(fresh, store)[1] == new_id
        assert store.tournament(new_id) == fresh.definition()
        assert fresh.definition()["schedule"] == "round-robin@2"
        # An explicit version-2 tournament is never taken for the old one.
        assert len(store.tournaments()) == 2


def test_a_new_tournament_records_its_schedule(tmp_path: Path) -> None:
    config = config_for(tmp_path / "new.sqlite", ["random", "first", "pr-greedy"])
    summary = run_tournament(config, announce=lambda line: None)
    assert summary.played == 3
    with Store(config.db) as store:
        definition = store.tournament(summary.tournament_id)
    assert definition is not None and definition["schedule"] == "round-robin@2"


def test_schedule_names_are_checked() -> None:
    base = {"game": "pr", "players": 3, "bots": BOTS}
    assert from_mapping(base | {"schedule": "round-robin@1"}).schedule == LEGACY_SCHEDULE
    with pytest.raises(ConfigError, match="schedule must be round-robin or adaptive, got 'swiss'"):
        from_mapping(base | {"schedule": "swiss"})
    with pytest.raises(ConfigError, match=r"round-robin@1, round-robin@2"):
        from_mapping(base | {"schedule": "round-robin@7"})
