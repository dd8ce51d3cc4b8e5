"""``arena serve`` and the ``arena play`` seat builder, through their library functions and Typer."""

from __future__ import annotations

from pathlib import Path

import typer
from typer.testing import CliRunner

import engine
from arena.cli.serve import register, serve_matches
from arena.spawn import play_specs
from bots.sdk.cli import builtin_factory
from engine.core.result import Termination
from engine.referee import TimeControl
from tests.engine.referee.helpers import BotThread, start_bot


def test_serve_seats_a_bot_key_bot_in_every_match() -> None:
    game = engine.load_game("puerto-rico", players=3)
    bots: list[BotThread] = []
    lines: list[str] = []

    def announce(line: str) -> None:
        lines.append(line)
        if "ARENA_BOT_KEY=" in line:
            address = line.split("ARENA_ADDRESS=")[1].split()[0]
            bots.append(start_bot(builtin_factory("random", 5), address, bot_key="k1", name="dialer"))

    records = serve_matches(
        game,
        ["random", "remote", "first"],
        [1, 2],
        port=0,
        keys=["k1"],
        control=TimeControl(join_timeout_s=20),
        announce=announce,
    )
    assert [r.result.termination for r in records] == [Termination.VICTORY] * 2
    assert all(r.result.faults == () for r in records)
    assert len(bots) == 1 and len(bots[0].join().ends) == 2
    assert any(line.startswith("seed 2: places") for line in lines)


def test_serve_says_where_each_seats_faults_began() -> None:
    lines: list[str] = []
    game = engine.load_game("puerto-rico", players=3)
    (record,) = serve_matches(
        game,
        ["random", "remote", "first"],
        [3],
        port=0,
        control=TimeControl(join_timeout_s=0.2),
        announce=lines.append,
    )
    first = record.result.faults[0]
    count = len([f for f in record.result.faults if f.seat == 1])
    said = f"  seat 1: {count} faults, the first at ply {first.ply} ({first.kind.value}): {first.message}"
    assert said in lines, lines


def test_remote_seat_prints_a_token_and_waits(tmp_path: Path) -> None:
    game = engine.load_game("puerto-rico", players=3)
    bots: list[BotThread] = []

    def announce(line: str) -> None:
        if "ARENA_TOKEN=" in line:
            address = line.split("ARENA_ADDRESS=")[1].split()[0]
            token = line.split("ARENA_TOKEN=")[1].split()[0]
            bots.append(start_bot(builtin_factory("first", 1), address, token=token))

    record = play_specs(game, ["random", "remote", "first"], 4, log_dir=tmp_path, announce=announce)
    assert record.result.faults == ()
    assert bots[0].join().ends[0].termination == "victory"


def test_serve_command_is_mountable() -> None:
    app = typer.Typer()
    register(app)

    @app.command()
    def other() -> None:  # a second command, so Typer keeps sub-command names
        """Nothing."""

    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    assert "--port" in result.stdout and "--address" in result.stdout
    bad = CliRunner().invoke(app, ["serve", "no-such-game", "--port", "0"])
    assert bad.exit_code == 2
