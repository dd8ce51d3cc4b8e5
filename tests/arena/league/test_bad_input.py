"""Bad input from a host: a corrupt definition or database is one line and nothing is written; a port
in use is one line."""

from __future__ import annotations

import hashlib
import os
import signal
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app
from engine.referee import RefereeServer
from tests.arena.league.conftest import ROOT

DEFINITION = 'site = ""\nlisten = "127.0.0.1:{port}"\n[[ladder]]\nid = "pr3"\ngame = "pr"\nplayers = 3\nhouse = ["random"]\n'


def digest(folder: Path) -> dict[str, str]:
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir()) if p.is_file()
    }


def one_line_error(args: list[str]) -> str:
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 2, out.output
    text = out.output.strip()
    assert text.startswith("error:") and "\n" not in text.replace("\n  ", " "), text
    return text


def test_a_corrupt_definition_or_database_is_one_line_and_nothing_is_written(tmp_path: Path) -> None:
    good = tmp_path / "league.toml"
    good.write_text(DEFINITION.format(port=0))
    broken = tmp_path / "broken.toml"
    broken.write_text('[[ladder]]\nid = "pr3"\ngame = "pr"\nplayers = 9\n')
    text = one_line_error(["league", str(broken), "--db", str(tmp_path / "new.sqlite")])
    assert "broken.toml: ladder pr3:" in text
    assert not (tmp_path / "new.sqlite").exists()
    corrupt = tmp_path / "corrupt.sqlite"
    corrupt.write_bytes(b"SQLite format 3\x00" + b"\xa5" * 4000)
    before = digest(tmp_path)
    assert "corrupt.sqlite" in one_line_error(["league", str(good), "--db", str(corrupt)])
    assert "corrupt.sqlite" in one_line_error(
        ["league", "bot", "add", "x", "--ladder", "pr3", "--db", str(corrupt)]
    )
    assert digest(tmp_path) == before


def test_a_referee_port_in_use_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        definition = tmp_path / "league.toml"
        definition.write_text(DEFINITION.format(port=port))
        text = one_line_error(["league", str(definition), "--db", str(tmp_path / "l.sqlite")])
        assert f"127.0.0.1:{port}" in text


def test_the_referee_listens_only_once_the_host_checks_keys(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A bot that dials a host starting again after a crash is never told "unknown bot key" (a refusal
    # that ends a reconnecting bot for good): the key check is in place before the port opens.
    checks: list[bool] = []
    start = RefereeServer.start

    def start_then_stop(server: RefereeServer, address: str) -> int:
        checks.append(server.lobby.key_check is not None)
        port = start(server, address)
        os.kill(os.getpid(), signal.SIGTERM)  # `arena league` stops cleanly at once
        return port

    monkeypatch.setattr(RefereeServer, "start", start_then_stop)
    definition = tmp_path / "league.toml"
    definition.write_text(DEFINITION.format(port=0))
    out = CliRunner().invoke(app, ["league", str(definition), "--db", str(tmp_path / "l.sqlite")])
    assert out.exit_code == 0, out.output
    assert "league stopped" in out.output
    assert checks == [True]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("py:{dir}/nonexistent_bot.py:MyBot", "nonexistent_bot.py: no such file"),
        ("py:{dir}/my_bot.py:MyBott", "MyBott"),
        ("grpc:py:{dir}/my_bot.py:MyBott", "MyBott"),
        ("py:{dir}/my_bot.py:Refuses", "could not start for puerto-rico/base with 3 seats"),
        ("cmd:/no/such/bot --fast", "program '/no/such/bot' not found"),
    ],
)
def test_a_house_bot_that_cannot_play_is_one_line_before_anything_is_written(
    tmp_path: Path, spec: str, message: str
) -> None:
    (tmp_path / "my_bot.py").write_text(
        "class MyBot:\n    def act(self, observation):\n        return 0\n\n\n"
        "class Refuses(MyBot):\n    def on_match_start(self, start):\n        raise ValueError('no model')\n"
    )
    house = f'house = ["random", "{spec.format(dir=tmp_path)}"]\n[ladder.placement]\npods = 0\n'
    definition = tmp_path / "league.toml"
    definition.write_text(DEFINITION.format(port=0).replace('house = ["random"]\n', house))
    db = tmp_path / "league.sqlite"
    host = subprocess.run(  # a host that starts anyway runs until killed: the timeout fails the test
        [sys.executable, "-m", "arena", "league", str(definition), "--db", str(db)],
        cwd=ROOT, capture_output=True, text=True, timeout=30, check=False,
    )  # fmt: skip
    text = host.stderr.strip() or host.stdout.strip()
    assert host.returncode == 2 and text.startswith("error:") and "\n" not in text, text
    added = one_line_error(["league", "bot", "add", "x", "--ladder", "pr3", "--definition", str(definition),
                            "--db", str(db)])  # fmt: skip
    for line in (text, added):
        assert "league.toml: ladder pr3: house bot" in line and message in line, line
    assert not db.exists() and not (tmp_path / "league-replays").exists()
    site_only = one_line_error(["league", str(definition), "--db", str(db), "--site-only"])
    assert "--site-only needs a site address" in site_only  # the site plays nothing: no bot checked


def test_only_registering_with_the_definition_makes_a_database_of_an_empty_file(tmp_path: Path) -> None:
    empty = tmp_path / "empty.sqlite"
    empty.touch()
    definition = tmp_path / "league.toml"
    definition.write_text(DEFINITION.format(port=0) + "[ladder.placement]\npods = 0\n")
    db = ["--db", str(empty)]
    for args in (
        ["bot", "list", *db],
        ["bot", "list", "--ladder", "pr3", "-d", str(definition), *db],
        ["fairplay", "--ladder", "pr3", *db],
        ["bot", "remove", "x", "--ladder", "pr3", *db],
        ["bot", "rotate-key", "x", "--ladder", "pr3", "-d", str(definition), *db],
        ["bot", "version", "x", "2", "--ladder", "pr3", *db],
    ):
        text = one_line_error(["league", *args])
        assert "empty.sqlite: an empty file, not a ladder database; nothing was written" in text, (args, text)
        assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.sqlite", "league.toml"]
        assert empty.stat().st_size == 0
    out = CliRunner().invoke(
        app, ["league", "bot", "add", "x", "--ladder", "pr3", "-d", str(definition), *db]
    )
    assert out.exit_code == 0 and empty.stat().st_size > 0, out.output


def test_reading_a_tournament_database_adds_no_league_to_it(tmp_path: Path) -> None:
    """A read command given a ladder database that holds no league says so and writes nothing."""
    db = tmp_path / "t.sqlite"
    run = ["run", "--game", "pr", "--players", "3", "--bots", "random,first,pr-greedy", "--db", str(db)]
    assert CliRunner().invoke(app, [*run, "-q"]).exit_code == 0
    before = db.read_bytes()
    for args in (["bot", "list"], ["bot", "remove", "x", "--ladder", "pr3"], ["fairplay", "--ladder", "pr3"]):
        text = one_line_error(["league", *args, "--db", str(db)])
        assert "t.sqlite: no league here" in text, (args, text)
    with sqlite3.connect(db) as conn:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE name LIKE 'league%'")]
    assert names == [] and db.read_bytes() == before
