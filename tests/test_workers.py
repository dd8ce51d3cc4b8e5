"""How `make test` shares its tests among workers: the tests of one ``xdist_group`` run on one worker
(``--dist loadgroup``), which sets up once what they share (a browser, a built bot, a tournament)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.xdist_group("workers")


def test_a_grouped_test_carries_its_group_under_loadgroup(request: pytest.FixtureRequest) -> None:
    if not hasattr(request.config, "workerinput"):
        pytest.skip("not on a pytest-xdist worker")
    if not request.config.getoption("loadgroup", False):  # a worker's own --dist is "no"
        pytest.skip("the tests were not shared with --dist loadgroup")
    # pytest-xdist sends tests to workers by id, and a group's tests by the group at the id's end
    assert request.node.nodeid.endswith("@workers"), request.node.nodeid
