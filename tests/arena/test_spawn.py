"""Seats of ``arena play`` and ``arena serve``: bot-key announcements, the spawned bots' log folder, a
``cmd:`` seat's name."""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import Any

import pytest

import arena.spawn
from arena.spawn import parse_bot_spec, play_specs, register_bot_key
from bots.sdk.cli import builtin_factory
from bots.sdk.client import play
from engine.registry import load_game


class FakeServer:
    address = "127.0.0.1:4242"

    def __init__(self) -> None:
        self.keys: dict[str, str] = {}

    def register_bot_key(self, key: str, name: str) -> None:
        self.keys[key] = name


def test_a_bot_key_is_registered_and_announced_on_one_or_two_lines() -> None:
    server: Any = FakeServer()
    lines: list[str] = []
    key = register_bot_key(
        server, "remote:alice", "k1", lines.append, intro="remote bot alice: connect with", inline=True
    )
    fresh = register_bot_key(
        server, "bob", None, lines.append, intro="seat 2: connect a bot with", inline=False
    )
    assert key == "k1" and len(fresh) >= 16 and server.keys == {"k1": "remote:alice", fresh: "bob"}
    assert lines == [
        "remote bot alice: connect with ARENA_ADDRESS=127.0.0.1:4242 ARENA_BOT_KEY=k1"
        " (e.g. python -m bots random --address 127.0.0.1:4242 --bot-key k1)",
        f"seat 2: connect a bot with ARENA_ADDRESS=127.0.0.1:4242 ARENA_BOT_KEY={fresh}\n"
        f"  e.g. python -m bots random --address 127.0.0.1:4242 --bot-key {fresh}",
    ]


def test_a_match_that_spawns_no_bot_makes_no_log_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_folder(*args: object, **kwargs: object) -> str:
        raise AssertionError("a log folder was made for a match that spawns no bot")

    monkeypatch.setattr(arena.spawn.tempfile, "mkdtemp", no_folder)
    bots: list[threading.Thread] = []

    def announce(line: str) -> None:
        if "ARENA_TOKEN=" in line:
            address = line.split("ARENA_ADDRESS=")[1].split()[0]
            token = line.split("ARENA_TOKEN=")[1].split()[0]
            bot = threading.Thread(
                target=play, args=(builtin_factory("first", 1), address), kwargs={"token": token}, daemon=True
            )
            bot.start()
            bots.append(bot)

    game = load_game("puerto-rico", players=3)
    record = play_specs(game, ["random", "remote", "first"], 4, announce=announce)
    assert record.result.faults == () and len(bots) == 1
    bots[0].join(30)


def test_a_cmd_seat_is_named_by_its_program_and_files_until_its_bot_says_its_name(tmp_path: Path) -> None:
    script = tmp_path / "raw_bot.py"
    script.write_text("pass\n", encoding="utf-8")
    named = parse_bot_spec(f'cmd:"env X=1 {sys.executable} {script} --flag a/b"')
    assert named.name == "env X=1 python3 raw_bot.py --flag a/b".replace("python3", Path(sys.executable).name)
    assert named.hello_name  # the bot's hello replaces it
    long = parse_bot_spec(f"cmd:{sys.executable} {script} --an-option-long-enough-to-be-cut value")
    assert (
        len(long.name) == 40 and long.name.endswith("…") and long.name.startswith(Path(sys.executable).name)
    )
    assert parse_bot_spec(f"me=cmd:{sys.executable} {script}").name == "me"
