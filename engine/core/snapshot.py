"""Structural copies and fingerprints of states, derived from ``__slots__``.

Design detail: no game keeps a hand-written list of fields to copy. :func:`clone_value` walks lists,
dicts and slotted objects; tuples, frozen dataclasses, enums and scalars are shared because they are
immutable. :func:`fingerprint` hashes a canonical rendering of every slot, so two states with equal
fingerprints are the same position whatever process or ``PYTHONHASHSEED`` produced them.
"""

from __future__ import annotations

import enum
import hashlib
import random
from typing import Any

_IMMUTABLE = (int, str, float, bool, bytes, type(None), tuple, frozenset, enum.Enum)


def slots_of(cls: type) -> tuple[str, ...]:
    """Every slot name of ``cls`` and its bases, base first, without ``__weakref__``/``__dict__``."""
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        for name in getattr(klass, "__slots__", ()):
            if name not in ("__weakref__", "__dict__") and name not in names:
                names.append(name)
    return tuple(names)


def clone_value(value: Any) -> Any:
    """A copy of ``value`` that shares nothing mutable with it."""
    if isinstance(value, _IMMUTABLE):
        return value
    if isinstance(value, list):
        if value and isinstance(value[0], _IMMUTABLE) and all(isinstance(v, _IMMUTABLE) for v in value):
            return value[:]
        return [clone_value(v) for v in value]
    if isinstance(value, dict):
        return {k: clone_value(v) for k, v in value.items()}
    if isinstance(value, set):
        return set(value)
    cloner = getattr(value, "clone", None)
    if cloner is not None:
        return cloner()
    if isinstance(value, random.Random):
        twin = type(value)()
        twin.setstate(value.getstate())
        return twin
    if hasattr(type(value), "__dataclass_params__") and type(value).__dataclass_params__.frozen:
        return value
    raise TypeError(f"cannot clone a {type(value).__name__}; give it a clone() method")


def clone_slots(obj: Any, skip: tuple[str, ...] = ()) -> Any:
    """A new instance of ``type(obj)`` with every slot cloned (slots in ``skip`` are left unset)."""
    cls: Any = type(obj)
    twin = cls.__new__(cls)
    for name in slots_of(cls):
        if name in skip or not hasattr(obj, name):
            continue
        object.__setattr__(twin, name, clone_value(getattr(obj, name)))
    return twin


def canonical(value: Any, skip: tuple[str, ...] = ()) -> Any:
    """A JSON-like rendering of ``value`` with a stable order (sets and dicts sorted)."""
    if isinstance(value, bool | int | str | float | type(None)):
        return value
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, list | tuple):
        return [canonical(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted((canonical(v) for v in value), key=repr)
    if isinstance(value, dict):
        return sorted(([canonical(k), canonical(v)] for k, v in value.items()), key=repr)
    if isinstance(value, random.Random):
        return list(value.getstate()[1])
    parts = getattr(value, "fingerprint_parts", None)
    if parts is not None:
        return [type(value).__name__, parts()]
    names = slots_of(type(value))
    if names:
        return [type(value).__name__] + [
            [n, canonical(getattr(value, n, None))] for n in names if n not in skip
        ]
    raise TypeError(f"cannot fingerprint a {type(value).__name__}")


def fingerprint(obj: Any, skip: tuple[str, ...] = ()) -> str:
    """A hex SHA-256 of :func:`canonical` of ``obj``."""
    return hashlib.sha256(repr(canonical(obj, skip)).encode()).hexdigest()
