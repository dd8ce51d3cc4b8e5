"""Full matches over a real referee: SDK bots, spawned processes, the Node bot; results equal in process."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import engine
from arena.spawn import parse_bot_spec, play_specs, split_bot_specs
from bots.builtin import bot_seed, make_bot
from bots.sdk.cli import builtin_factory
from engine.core.match import FirstLegal, play_match
from engine.core.result import Termination
from engine.referee import Remote
from engine.referee.server import RefereeServer
from tests.conformance.toy import HighCardGame
from tests.engine.referee.helpers import WAIT_S, first, recorder, start_bot

ROOT = Path(__file__).resolve().parents[3]
NODE_DIR = ROOT / "bots" / "examples" / "node"


def test_toy_match_with_sdk_bots_and_an_in_process_seat(referee: RefereeServer) -> None:
    game = HighCardGame("base", 3, {"rounds": 6})
    session = referee.open_match(game, [Remote("a"), Remote("b"), FirstLegal()], seed=1)
    bots = [start_bot(first, referee.address, token=session.tokens[s], name=f"bot{s}") for s in (0, 1)]
    record = session.start().wait(WAIT_S)
    assert record.result.termination is Termination.VICTORY
    assert record.result == play_match(game, [FirstLegal()] * 3, seed=1).result
    for seat, bot in enumerate(bots):
        played = bot.join()
        assert played.decisions == 6
        assert played.welcome is not None and played.welcome.protocol_version == 1
        (end,) = played.ends
        assert end.seat == seat and end.places == record.result.places


@pytest.mark.parametrize(("game_id", "seed"), [("puerto-rico", 3), ("puerto-rico", 4), ("catan", 3)])
def test_results_over_grpc_equal_in_process(referee: RefereeServer, game_id: str, seed: int) -> None:
    game = engine.load_game(game_id, players=4)
    names = ["random", "first", "random", "random"] if game_id == "puerto-rico" else ["random"] * 4
    session = referee.open_match(game, [Remote(n) for n in names], seed)
    bots = [
        start_bot(
            builtin_factory(n, bot_seed(n, seed, s)),
            referee.address,
            token=session.tokens[s],
            want_forced=True,
        )
        for s, n in enumerate(names)
    ]
    remote = session.start().wait(WAIT_S)
    local = play_match(game, [make_bot(n, game_id, s, seed) for s, n in enumerate(names)], seed)
    assert remote.result == local.result
    assert remote.log.records == local.log.records
    for bot in bots:
        bot.join()


def test_forced_decisions_are_applied_by_the_referee_and_reported(referee: RefereeServer) -> None:
    game = engine.load_game("puerto-rico", players=3)
    session = referee.open_match(game, [Remote("skips"), Remote("sees"), FirstLegal()], seed=5)
    requests: dict[int, list[Any]] = {0: [], 1: []}
    skips = start_bot(recorder(requests, 0), referee.address, token=session.tokens[0])
    sees = start_bot(recorder(requests, 1), referee.address, token=session.tokens[1], want_forced=True)
    record = session.start().wait(WAIT_S)
    skips.join()
    sees.join()
    assert record.result == play_match(game, [FirstLegal()] * 3, seed=5).result
    assert not any(r.forced for r in requests[0])
    assert any(r.forced for r in requests[1])
    forced_events = [e for r in requests[0] for e in r.events if e["kind"] == "forced"]
    assert forced_events and all(e["seat"] == 0 for e in forced_events)


def test_no_message_to_a_seat_carries_another_seats_hidden_cards(referee: RefereeServer) -> None:
    """High Card hands are hidden, and Puerto Rico VP chips (hidden_vp): check every message sent."""
    sent: list[tuple[int, Any]] = []
    referee.log = lambda direction, match_id, seat, msg: (
        sent.append((seat, msg)) if direction == "->" else None
    )
    toy = HighCardGame("base", 3, {"rounds": 6})
    pr = engine.load_game("puerto-rico", players=3)
    for game in (toy, pr):
        sent.clear()
        session = referee.open_match(game, [Remote("a"), Remote("b"), Remote("c")], seed=6)
        bots = [start_bot(first, referee.address, token=session.tokens[s]) for s in range(3)]
        record = session.start().wait(WAIT_S)
        for bot in bots:
            bot.join()
        assert sent
        for seat, msg in sent:
            kind = msg.WhichOneof("kind")
            if kind == "decision":
                obs = json.loads(msg.decision.observation.json)
                assert obs["seat"] == seat
                events = [json.loads(e.json) for e in msg.decision.events]
            elif kind == "match_end":
                events = [json.loads(e.json) for e in msg.match_end.events]
                obs = None
            else:
                continue
            for event in events:
                if event["kind"] in ("played", "draw"):
                    assert event["seat"] == seat or "card" not in event, (seat, event)
            if obs is not None and game is pr:
                for other in obs["seats"]:
                    assert (other["vp"] is None) == (other["seat"] != seat)
        assert record.result.termination is Termination.VICTORY


def test_bot_specs_are_split_and_parsed() -> None:
    specs = split_bot_specs('random,cmd:"node a.js --x=1,2",remote,grpc:first')
    assert specs == ["random", 'cmd:"node a.js --x=1,2"', "remote", "grpc:first"]
    assert [parse_bot_spec(s).kind for s in specs] == ["builtin", "cmd", "remote", "grpc"]
    assert parse_bot_spec(specs[1]).command == ("node", "a.js", "--x=1,2")


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["puerto-rico", "catan", "catan-ck"])
def test_full_match_with_python_processes_and_the_node_bot(tmp_path: Path, game_id: str) -> None:
    if shutil.which("node") is None or not (NODE_DIR / "node_modules" / "@grpc" / "grpc-js").is_dir():
        pytest.fail("the Node bot needs `npm ci` in bots/examples/node (make test runs it)")
    game = engine.load_game(game_id, players=4)
    lines: list[str] = []
    specs = [
        "grpc:random",
        'cmd:"node bots/examples/node/random_bot.js"',
        "grpc:first",
        "cmd:node bots/examples/node/random_bot.js",
    ]
    record = play_specs(game, specs, 21, log="short", log_dir=tmp_path, announce=lines.append)
    assert record.result.termination is Termination.VICTORY
    assert record.result.faults == ()
    assert any(re.match(r"-> m-[0-9a-f]{16} seat 1 decision #\d+ ply \d+: \d+ legal", line) for line in lines)
    assert any(re.match(r"<- m-[0-9a-f]{16} seat 1 answer #\d+: \[\d+\] .* ms\)$", line) for line in lines)
    logs = sorted(tmp_path.glob("*.log"))
    assert len(logs) == 4
    node_log = logs[1].read_text()
    assert "placed" in node_log
    assert {
        "catan": "board of 19 hexes, 54 corners",
        "catan-ck": "Cities & Knights board of 19 hexes, 54 corners, 25 kinds of progress card",
        "puerto-rico": "tables of 23 buildings",
    }[game_id] in node_log


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game_id", "greedy"),
    [("puerto-rico", "pr-greedy"), ("catan", "catan-greedy"), ("catan-ck", "ck-greedy")],
)
def test_processes_replay_the_in_process_match_exactly(tmp_path: Path, game_id: str, greedy: str) -> None:
    game = engine.load_game(game_id, players=4)
    names = [greedy, "random", "first", greedy]
    record = play_specs(game, [f"grpc:{n}" for n in names], 8, log_dir=tmp_path, announce=lambda s: None)
    local = play_match(game, [make_bot(n, game_id, s, 8) for s, n in enumerate(names)], 8)
    assert record.result.faults == ()
    assert record.result == local.result


@pytest.mark.slow
def test_python_m_bots_name_runs_a_builtin(referee: RefereeServer) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bots.first", "--address", referee.address, "--token", "wrong"],
        capture_output=True,
        text=True,
        timeout=WAIT_S,
        cwd=ROOT,
    )
    assert proc.returncode == 1 and "UNAUTHENTICATED" in proc.stderr
