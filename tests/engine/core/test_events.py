"""Events are values: equal by their fields, printed by them, pickled whole, and never assigned to
(``Final`` fields: ``mypy --strict`` refuses an assignment)."""

from __future__ import annotations

import dataclasses
import pickle
import textwrap
from pathlib import Path

import pytest
from mypy import api

from engine.core.events import Event

ROOT = Path(__file__).resolve().parents[3]


def test_equal_by_fields() -> None:
    a = Event("road", {"seat": 1, "edge": 7})
    assert a == Event("road", {"seat": 1, "edge": 7})
    assert a != Event("road", {"seat": 1, "edge": 8})
    assert a != Event("road", {"seat": 1, "edge": 7}, chance=True)


def test_each_event_has_its_own_data() -> None:
    a, b = Event("end"), Event("end")
    assert a.data == {} and a.data is not b.data


def test_repr_fields_and_pickle() -> None:
    event = Event("steal", {"thief": 0, "victim": 2}, {"card": "ore"}, audience=(0, 2), hidden=False)
    assert repr(event) == (
        "Event(kind='steal', data={'thief': 0, 'victim': 2}, private={'card': 'ore'}, audience=(0, 2), "
        "chance=False, hidden=False)"
    )
    assert [f.name for f in dataclasses.fields(event)] == [
        "kind",
        "data",
        "private",
        "audience",
        "chance",
        "hidden",
    ]
    assert pickle.loads(pickle.dumps(event)) == event


def test_views_per_seat() -> None:
    event = Event("steal", {"thief": 0, "victim": 2}, {"card": "ore"}, audience=(0, 2))
    assert event.view(0) == {"kind": "steal", "thief": 0, "victim": 2, "card": "ore"}
    assert event.view(1) == {"kind": "steal", "thief": 0, "victim": 2}
    assert event.view(None) == event.view(2)
    assert Event("drop", {"seat": 3}, {"card": "spy"}, audience=(3,), hidden=True).view(1) is None
    assert event.text(1) == "steal thief=0 victim=2"


def test_mypy_refuses_an_assignment_to_a_field(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # where mypy finds the engine package
    probe = tmp_path / "probe.py"
    probe.write_text(
        textwrap.dedent(
            """
            from engine.core.events import Event

            event = Event("turn", {"seat": 0})
            event.kind = "other"
            event.chance = True
            """
        )
    )
    out, _, status = api.run(["--strict", "--no-incremental", "--follow-imports=silent", str(probe)])
    assert status == 1
    assert out.count("Cannot assign to final attribute") == 2, out
