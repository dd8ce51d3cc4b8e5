"""Bad input from a host: a corrupt definition or database is one line and nothing is written; a port
in use is one line."""

from __future__ import annotations

import hashlib
import os
import signal
import socket
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app
from engine.referee import RefereeServer

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
