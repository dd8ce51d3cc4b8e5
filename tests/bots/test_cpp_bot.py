"""The C++ example bot (bots/examples/cpp): built with its own Makefile, played in real matches.

The build needs Debian's grpc++ toolchain, which ``make cpp-bot`` (part of ``make test``) installs
where apt-get runs as root; without it these tests are skipped and say why. The test runs the bot's
Makefile itself, so it always plays the current source (a build that is up to date costs nothing).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from arena.spawn import play_specs
from engine.games.catan.actions import Settle
from tests.bots.example_bots import GAMES, play_two_copies

ROOT = Path(__file__).resolve().parents[2]
CPP_DIR = ROOT / "bots" / "examples" / "cpp"
BINARY = CPP_DIR / "build" / "random_bot"
TOOLS = ("g++", "make", "pkg-config", "protoc", "grpc_cpp_plugin")

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("cpp-bot")]


def missing_toolchain() -> list[str]:
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if "pkg-config" not in missing:
        found = subprocess.run(["pkg-config", "--exists", "grpc++", "protobuf"], check=False)
        if found.returncode != 0:
            missing.append("the grpc++ and protobuf development files")
    return missing


@pytest.fixture(scope="module")
def cpp_bot() -> Path:
    missing = missing_toolchain()
    if missing:
        pytest.skip(
            f"the C++ example bot is not built: {', '.join(missing)} not found "
            "(`make cpp-bot` installs Debian's packages where apt-get runs as root)"
        )
    build = subprocess.run(
        ["make", "-s", "-C", str(CPP_DIR), "-j2"], capture_output=True, text=True, timeout=900, check=False
    )
    assert build.returncode == 0, f"the C++ bot does not build:\n{build.stdout}\n{build.stderr}"
    return BINARY


@pytest.mark.parametrize("game_id", GAMES)
def test_the_cpp_bot_plays_a_whole_match(cpp_bot: Path, tmp_path: Path, game_id: str) -> None:
    play_two_copies(cpp_bot, "cpp-two", game_id, tmp_path)


def test_the_cpp_bot_settles_where_the_board_says_production_is_highest(
    cpp_bot: Path, tmp_path: Path
) -> None:
    """The bot reads the board: each settlement it chose is on a listed corner with the most pips."""
    game = engine.load_game("catan", players=3, layout="random")
    record = play_specs(
        game, ["random", f"cmd:{cpp_bot}", "random"], 8, log_dir=tmp_path, announce=lambda line: None
    )
    state = game.new_state(8)
    board = state.static_tables()
    pips = [
        sum(6 - abs(7 - board.hexes[h].token) if board.hexes[h].token else 0 for h in c.hexes)
        for c in board.corners
    ]
    chosen = []
    for entry in record.log.records:
        seat, action = entry["seat"], game.parse_action(entry["action"])
        if seat == 1 and isinstance(action, Settle):
            best = max(pips[a.corner] for a in state.legal_actions(seat) if isinstance(a, Settle))
            chosen.append((pips[action.corner], best))
        state.apply(seat, action)
    assert len(chosen) >= 2 and all(got == best for got, best in chosen), chosen


def test_arena_play_with_the_cpp_bot(cpp_bot: Path) -> None:
    bots = f"random,random,random,cmd:{cpp_bot}"
    proc = subprocess.run(
        [sys.executable, "-m", "arena", "play", "catan", "--bots", bots, "--seed", "5", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["termination"] == "victory" and out["faults"] == []
    assert len(out["places"]) == 4


def test_the_cpp_bot_without_an_address_says_what_it_needs(cpp_bot: Path) -> None:
    env = {"PATH": "/usr/bin:/bin"}
    proc = subprocess.run([str(cpp_bot)], capture_output=True, text=True, timeout=30, env=env, check=False)
    assert proc.returncode == 2
    assert "ARENA_ADDRESS" in proc.stderr and "ARENA_TOKEN" in proc.stderr
