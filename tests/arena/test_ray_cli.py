"""``arena run --backend ray`` before any match: a missing extra or a wrong flag is one line, exit 2."""

from __future__ import annotations

import socket
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app

FLAGS = ["run", "--game", "pr", "--players", "3", "--bots", "random,first,pr-greedy", "--seed", "1"]


def run(tmp_path: Path, *more: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, [*FLAGS, "--db", str(tmp_path / "t.sqlite"), *more])
    return result.exit_code, result.output


def test_without_the_extra_the_cli_says_how_to_install_ray(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # what an interpreter without the package finds
    code, output = run(tmp_path, "--backend", "ray")
    assert code == 2
    assert output.strip().splitlines() == [
        "error: --backend ray: the Ray backend needs the ray extra: pip install 'boardgame-arena[ray]'"
        " (in a checkout: pip install -e '.[ray]')"
    ]
    assert not (tmp_path / "t.sqlite").exists()


def test_a_ray_address_needs_the_ray_backend_and_backends_are_named(tmp_path: Path) -> None:
    code, output = run(tmp_path, "--ray-address", "127.0.0.1:6379")
    assert (code, output.strip()) == (2, "error: --ray-address joins a Ray cluster: it needs --backend ray")
    code, output = run(tmp_path, "--backend", "slurm")
    assert code == 2
    assert output.strip() == "error: flags: 'backend' must be \"local\" or \"ray\", got 'slurm'"
    assert not (tmp_path / "t.sqlite").exists()


def test_an_address_where_no_cluster_answers_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as s:  # a port that was free a moment ago: nothing listens on it
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code, output = run(tmp_path, "--backend", "ray", "--ray-address", f"127.0.0.1:{port}")
    assert code == 2
    assert (
        output.strip()
        == f"error: --ray-address 127.0.0.1:{port}: no Ray cluster answers there (Connection refused)"
    )
    assert not (tmp_path / "t.sqlite").exists()
