"""The wire's JSON text: the same text as the standard library's compact form, whichever encoder ran."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from engine.referee import jsontext


def compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


@pytest.mark.parametrize(
    "value",
    [
        {"kind": "ship", "seat": 2, "goods": (1, 0, 3), "vp": None, "done": True},
        [1, -2, 3.5, 'a"b\\c\nd', [], {}],
        {"nested": {"list": [{"x": 1}, {"y": [True, False]}]}},
        {1: "int key", 2: "another"},
        0.1,
    ],
)
def test_same_text_as_json_dumps(value: object) -> None:
    assert jsontext.dumps(value) == compact(value)


def test_integers_beyond_64_bits_fall_back_to_the_standard_encoder() -> None:
    value = {"big": 1 << 70, "small": -(1 << 65)}
    assert jsontext.dumps(value) == compact(value)


def test_non_ascii_text_parses_to_the_same_value() -> None:
    value = {"name": "Bötchen ☃"}
    assert jsontext.loads(jsontext.dumps(value)) == value
    assert json.loads(jsontext.dumps(value)) == value


@dataclass(frozen=True, slots=True)
class Point:
    x: int
    y: tuple[int, ...]


def test_dataclasses_are_written_as_objects_of_their_fields() -> None:
    assert jsontext.dumps({"p": Point(1, (2, 3))}) == '{"p":{"x":1,"y":[2,3]}}'


def test_values_outside_json_are_refused() -> None:
    with pytest.raises(TypeError):
        jsontext.dumps({"s": {1, 2}})
