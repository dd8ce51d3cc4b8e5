"""Small ladder databases for the web report's tests, played once per test session with their replay
logs: a Catan and a Puerto Rico tournament of the fast built-in bots in one database, a Cities &
Knights one in another."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from arena.cli import app

runner = CliRunner()
LONG_NAME = "a-rather-long-bot-name-as-cmd-bots-get-from-their-command-line"
"""A bot of the Cities & Knights ladder, named as long as a name may be, nearly."""

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "web"


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
    tournament(db, "catan-ck", 3, f"ck-greedy,random,{LONG_NAME}=first", pods=1)
    return db


@pytest.fixture()
def db_copy(ladder_db: Path, tmp_path: Path) -> Path:
    """A copy of the database and its replay folder that a test may damage (the replay paths are stored
    relative to the database, so the copy names its own logs)."""
    target = tmp_path / "t.sqlite"
    shutil.copy(ladder_db, target)
    shutil.copytree(ladder_db.with_name("t-replays"), tmp_path / "t-replays")
    return target


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright (no browser download).

    One per module, not per session: while Playwright's synchronous API is open, the worker's thread
    has a running event loop, and a later test's ``asyncio.run`` would fail on that worker."""
    if not CHROMIUM.is_file():
        pytest.skip("Debian's chromium is not installed (make test installs it)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    """A tab 1,400 px wide; a script error on any page it opens fails the test."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda exc: errors.append(str(exc)))
    opened.errors = errors
    yield opened
    context.close()
    assert not errors, errors


def shot(page: Any, name: str) -> None:
    """A screenshot of the whole page in ``tests/artifacts/web/`` (git-ignored), for people to look at."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
