"""Fixtures: a real referee on a free loopback port, stopped after the test (HS-18)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.referee import RefereeServer, TimeControl, create_server


@pytest.fixture
def referee() -> Iterator[RefereeServer]:
    server, _port = create_server(
        "127.0.0.1:0", control=TimeControl(deadline_ms=5_000, time_bank_ms=5_000, join_timeout_s=20)
    )
    yield server
    server.stop(grace=0)
