"""``to_jsonable``: the plain JSON values an observation, a board or an event is written from."""

from __future__ import annotations

import dataclasses
import enum

from engine.core.observation import field_names, to_jsonable


class Kind(enum.IntEnum):
    ROAD = 1
    CITY_WALL = 2


class Mode(enum.Enum):
    FIRST_ONLY = "x"


@dataclasses.dataclass(frozen=True, slots=True)
class Inner:
    kind: Kind
    flags: tuple[bool, ...]


@dataclasses.dataclass(frozen=True)
class Outer:
    name: str
    inner: Inner | None
    parts: tuple[Inner, ...]
    by_key: dict[Kind, float]
    mode: Mode
    nothing: None = None


def test_nested_values_come_out_as_plain_json_values() -> None:
    value = Outer(
        name="board",
        inner=Inner(Kind.CITY_WALL, (True, False)),
        parts=(Inner(Kind.ROAD, ()),),
        by_key={Kind.ROAD: 0.5, 3: 1.0},  # type: ignore[dict-item]
        mode=Mode.FIRST_ONLY,
    )
    assert to_jsonable(value) == {
        "name": "board",
        "inner": {"kind": "city_wall", "flags": [True, False]},
        "parts": [{"kind": "road", "flags": []}],
        "by_key": {"road": 0.5, "3": 1.0},
        "mode": "first_only",
        "nothing": None,
    }
    # an IntEnum is written by its name, a bool as a bool, never as the int they also are
    assert to_jsonable([Kind.ROAD, True, 2]) == ["road", True, 2]
    assert to_jsonable(Inner) is Inner  # a dataclass's class is not one of its values


def test_field_names_are_a_dataclasss_fields_in_order_and_none_for_other_types() -> None:
    assert field_names(Outer) == ("name", "inner", "parts", "by_key", "mode", "nothing")
    assert field_names(Inner) == ("kind", "flags")
    assert field_names(tuple) is None
