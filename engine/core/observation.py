"""Observations: what one seat may know, built from the state (never a redacted copy of it).

A game subclasses :class:`Observation` as a frozen dataclass holding only plain values (ints, strings,
tuples, nested frozen dataclasses, enums). Equality is value equality, which the conformance suite
uses to prove that re-dealing other seats' hidden cards leaves an observation unchanged.
"""

from __future__ import annotations

import dataclasses
import enum
import json
from typing import Any


@dataclasses.dataclass(frozen=True, slots=True)
class Observation:
    """Base of every observation."""

    seat: int
    """The seat this observation is for."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of every field, recursively."""
        names = field_names(type(self))
        assert names is not None
        return {name: to_jsonable(getattr(self, name)) for name in names}

    def to_text(self) -> str:
        """A compact one-line rendering for logs and golden files."""
        return json.dumps(self.to_json(), separators=(",", ":"), sort_keys=False)


def to_jsonable(value: Any) -> Any:
    """Plain JSON values from dataclasses, enums, tuples and mappings."""
    cls = type(value)
    if cls in _AS_IS:
        return value
    if isinstance(value, enum.Enum):
        return value.name.lower()
    names = field_names(cls)
    if names is not None:
        return {name: to_jsonable(getattr(value, name)) for name in names}
    if isinstance(value, list | tuple):
        return [to_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(to_jsonable(k)): to_jsonable(v) for k, v in value.items()}
    return value


_AS_IS = frozenset((int, str, float, bool, type(None)))
"""Types written as they are (exactly these: an ``IntEnum`` is an ``int`` written by its name)."""

_FIELD_NAMES: dict[type, tuple[str, ...] | None] = {}


def field_names(cls: type) -> tuple[str, ...] | None:
    """The field names of a dataclass ``cls`` in order, None for another type; looked up once per type."""
    try:
        return _FIELD_NAMES[cls]
    except KeyError:
        pass
    names = tuple(f.name for f in dataclasses.fields(cls)) if dataclasses.is_dataclass(cls) else None
    _FIELD_NAMES[cls] = names
    return names
