"""Small ladder databases for the web report's tests, played once per test session with their replay
logs: a Catan and a Puerto Rico tournament of the fast built-in bots in one database, a Cities &
Knights one in another."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app

runner = CliRunner()


def run_cli(*args: str) -> str:
    out = runner.invoke(app, list(args))
    assert out.exit_code == 0, out.output
    return out.output


def tournament(db: Path, game: str, players: int, bots: str, pods: int = 2) -> None:
    run_cli(
        "run",
        "--game",
        game,
        "--players",
        str(players),
        "--bots",
        bots,
        "--pods",
        str(pods),
        "--seed",
        "4",
        "--db",
        str(db),
        "-q",
    )


@pytest.fixture(scope="session")
def ladder_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("web-db") / "t.sqlite"
    tournament(db, "catan", 4, "catan-greedy,random,first,greedy2=catan-greedy")
    tournament(db, "pr", 3, "pr-greedy,random,first")
    return db


@pytest.fixture(scope="session")
def ck_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("web-ck") / "ck.sqlite"
    tournament(db, "catan-ck", 3, "ck-greedy,random,first", pods=1)
    return db


@pytest.fixture()
def db_copy(ladder_db: Path, tmp_path: Path) -> Path:
    """A copy of the database and its replay folder that a test may damage (the replay paths are stored
    relative to the database, so the copy names its own logs)."""
    target = tmp_path / "t.sqlite"
    shutil.copy(ladder_db, target)
    shutil.copytree(ladder_db.with_name("t-replays"), tmp_path / "t-replays")
    return target
