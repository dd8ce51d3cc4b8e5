"""Fixtures shared by the arena's test folders."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.arena.ray_cluster import Cluster, two_nodes


@pytest.fixture(scope="session")
def ray_nodes() -> Iterator[Cluster]:
    """One two-node Ray cluster for every Ray test of the session (a cluster takes seconds to start).

    Its folder is short and under /tmp: Ray's socket paths must stay under 108 bytes."""
    short = Path(tempfile.mkdtemp(prefix="arl-"))
    try:
        with two_nodes(short) as started:
            yield started
    finally:
        shutil.rmtree(short, ignore_errors=True)
