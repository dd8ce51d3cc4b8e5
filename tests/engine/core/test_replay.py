"""Replay logs: JSON lines that rebuild the match; divergence is reported at the first bad ply."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core.match import play_match
from engine.core.replay import ReplayDivergence, ReplayLog, game_of, replay
from tests.conformance.test_broken import HighCardGame
from tests.engine.core.test_match import First

FACTORY = "tests.conformance.toy:HighCardGame"


def test_round_trip_through_a_file(tmp_path: Path) -> None:
    record = play_match(HighCardGame("base", 3, {"rounds": 6}), [First()] * 3, seed=12)
    path = tmp_path / "m.jsonl"
    record.log.write(path)
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["seed"] == 12 and header["game"]["canonical"] == "high-card/base@1(players=3,rounds=6)"
    assert json.loads(lines[-2])["type"] == "result"
    timing = json.loads(lines[-1])
    assert timing["type"] == "timing" and len(timing["ms"]) == len(record.log.records) == len(lines) - 3
    assert all(ms >= 0 for ms in timing["ms"])
    assert any("chance" in json.loads(line) for line in lines[1:-2])
    log = ReplayLog.read(path)
    assert log.ms == timing["ms"] and log.lines() == record.log.lines()
    rebuilt = replay(log, game_of(log, FACTORY))
    assert rebuilt.fingerprint() == record.state.fingerprint()
    partial = replay(log, game_of(log, FACTORY), upto=4)
    assert partial.ply == 4


def test_a_tampered_chance_outcome_is_reported() -> None:
    record = play_match(HighCardGame("base", 3, {"rounds": 6}), [First()] * 3, seed=12)
    log = ReplayLog.parse(record.log.lines())
    entry = next(r for r in log.records if "chance" in r)
    entry["chance"][0]["card"] = 99
    with pytest.raises(ReplayDivergence, match=f"ply {entry['ply']}"):
        replay(log, game_of(log, FACTORY))


def test_a_tampered_action_is_reported() -> None:
    record = play_match(HighCardGame("base", 3, {"rounds": 6}), [First()] * 3, seed=12)
    log = ReplayLog.parse(record.log.lines())
    log.records[0]["action"] = "play 77"
    with pytest.raises(ReplayDivergence, match="ply 0: play 77"):
        replay(log, game_of(log, FACTORY))


def test_bad_logs_are_refused() -> None:
    with pytest.raises(ValueError, match="header"):
        ReplayLog.parse(['{"ply": 0}'])
    with pytest.raises(ValueError, match="format"):
        ReplayLog.parse(['{"type": "header", "format": 99}'])
