"""Compact JSON text for the wire: orjson where it can, the standard library where it cannot.

Observations, events and result details travel as JSON text inside protobuf messages. The text is
compact (no spaces) and means the same whichever encoder wrote it. orjson writes a Puerto Rico
observation in about a tenth of the standard encoder's time; it refuses integers beyond 64 bits and
any type outside plain JSON values, and those values go to :func:`json.dumps` instead, which writes
the same text (non-ASCII characters escaped rather than raw UTF-8, equal once parsed).
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import orjson


def _dataclass_dict(value: Any) -> dict[str, Any]:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


_STDLIB = json.JSONEncoder(separators=(",", ":"), default=_dataclass_dict)
_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps(value: Any) -> str:
    """``json.dumps(value, separators=(",", ":"))``; dataclasses are written as objects of their fields."""
    try:
        return orjson.dumps(value, option=_OPTIONS).decode()
    except (orjson.JSONEncodeError, TypeError):
        return _STDLIB.encode(value)


def dumps_utf8(value: Any) -> bytes:
    """:func:`dumps` as UTF-8 bytes (orjson's own output, not decoded and encoded again)."""
    try:
        return orjson.dumps(value, option=_OPTIONS)
    except (orjson.JSONEncodeError, TypeError):
        return _STDLIB.encode(value).encode()


def loads(text: str | bytes) -> Any:
    """Parse JSON text (any valid JSON, whoever wrote it)."""
    return orjson.loads(text)
