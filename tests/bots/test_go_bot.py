"""The Go example bot (bots/examples/go): built with its own Makefile from Debian's Go packages alone,
played in real matches.

The build needs Debian's Go toolchain and libraries, which ``make go-bot`` (part of ``make test``)
installs where apt-get runs as root; without them these tests are skipped and say why. The test runs
the bot's Makefile itself, so it always plays the current source (an up-to-date build costs nothing).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bots.example_bots import GAMES, play_two_copies

ROOT = Path(__file__).resolve().parents[2]
GO_DIR = ROOT / "bots" / "examples" / "go"
BINARY = GO_DIR / "build" / "random_bot"
TOOLS = ("go", "make", "protoc", "protoc-gen-go", "protoc-gen-go-grpc", "dpkg")
LIBRARIES = ("golang-google-grpc-dev", "golang-google-protobuf-dev", "golang-github-golang-protobuf-1-5-dev")

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("go-bot")]


def missing_toolchain() -> list[str]:
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if "dpkg" not in missing:
        for package in LIBRARIES:
            found = subprocess.run(["dpkg", "-s", package], capture_output=True, check=False)
            if found.returncode != 0:
                missing.append(package)
    return missing


@pytest.fixture(scope="module")
def go_bot() -> Path:
    missing = missing_toolchain()
    if missing:
        pytest.skip(
            f"the Go example bot is not built: {', '.join(missing)} not found "
            "(`make go-bot` installs Debian's packages where apt-get runs as root)"
        )
    build = subprocess.run(
        ["make", "-s", "-C", str(GO_DIR)], capture_output=True, text=True, timeout=900, check=False
    )
    assert build.returncode == 0, f"the Go bot does not build:\n{build.stdout}\n{build.stderr}"
    return BINARY


@pytest.mark.parametrize("game_id", GAMES)
def test_the_go_bot_plays_a_whole_match(go_bot: Path, tmp_path: Path, game_id: str) -> None:
    record = play_two_copies(go_bot, "go-two", game_id, tmp_path)
    assert record.log.header["seats"][1:4:2] == ["go-random", "go-two"]


def test_arena_play_with_the_go_bot_replays_from_its_seed(go_bot: Path) -> None:
    """Same seed, same match: the bot draws its choices from ARENA_BOT_SEED."""
    bots = f"random,random,random,cmd:{go_bot}"
    outs = []
    for _ in range(2):
        proc = subprocess.run(
            [sys.executable, "-m", "arena", "play", "catan", "--bots", bots, "--seed", "5", "--json"],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=ROOT,
            check=False,
        )
        assert proc.returncode == 0, proc.stderr
        outs.append(json.loads(proc.stdout))
    out = outs[0]
    assert out["termination"] == "victory" and out["faults"] == []
    assert out["bots"][3] == "go-random"
    assert outs[1]["places"] == out["places"] and outs[1]["plies"] == out["plies"]


def test_the_go_bot_without_an_address_says_what_it_needs(go_bot: Path) -> None:
    env = {"PATH": "/usr/bin:/bin"}
    proc = subprocess.run([str(go_bot)], capture_output=True, text=True, timeout=30, env=env, check=False)
    assert proc.returncode == 2
    assert "ARENA_ADDRESS" in proc.stderr and "ARENA_TOKEN" in proc.stderr
