"""Fixtures shared by the packages' tests: the ladder database on both of its stores."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.pgcluster import Cluster, find_bindir


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """A throwaway PostgreSQL server for the session (the tests that need it are skipped, with the
    reason, where PostgreSQL is not installed)."""
    bindir, why = find_bindir()
    if bindir is None:
        pytest.skip(why)
    try:
        cluster = Cluster(bindir)
    except (RuntimeError, OSError, subprocess.CalledProcessError) as exc:
        pytest.skip(f"cannot start a PostgreSQL server: {exc}")
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a new, empty ladder database lives: an SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "ladder.db")
    cluster: Cluster = request.getfixturevalue("pg_cluster")
    return cluster.new_database()
