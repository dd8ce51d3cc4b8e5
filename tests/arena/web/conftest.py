"""A small ladder database for the web report's tests: a Catan and a Puerto Rico tournament of the
fast built-in bots, played once per test session, with their replay logs."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app

runner = CliRunner()


def run_cli(*args: str) -> str:
    out = runner.invoke(app, list(args))
    assert out.exit_code == 0, out.output
    return out.output


@pytest.fixture(scope="session")
def ladder_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("web-db")
    db = folder / "t.sqlite"
    catan = "catan-greedy,random,first,greedy2=catan-greedy"
    run_cli(
        "run",
        "--game",
        "catan",
        "--players",
        "4",
        "--bots",
        catan,
        "--pods",
        "2",
        "--seed",
        "4",
        "--db",
        str(db),
        "-q",
    )
    pr = "pr-greedy,random,first"
    run_cli(
        "run",
        "--game",
        "pr",
        "--players",
        "3",
        "--bots",
        pr,
        "--pods",
        "2",
        "--seed",
        "4",
        "--db",
        str(db),
        "-q",
    )
    return db


@pytest.fixture()
def db_copy(ladder_db: Path, tmp_path: Path) -> Path:
    """A copy of the database and its replay folder that a test may damage."""
    target = tmp_path / "t.sqlite"
    shutil.copy(ladder_db, target)
    shutil.copytree(ladder_db.with_name("t-replays"), tmp_path / "t-replays")
    with sqlite3.connect(target) as con:  # the stored paths name the original folder
        con.execute(
            "UPDATE matches SET replay = replace(replay, ?, ?)", (str(ladder_db.parent), str(tmp_path))
        )
    con.close()
    return target
