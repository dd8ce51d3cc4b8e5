"""Structural copies and fingerprints of states, derived from ``__slots__``.

Design detail: no game keeps a hand-written list of fields to copy. :func:`clone_value` walks lists,
dicts and slotted objects; tuples, frozen dataclasses, enums and scalars are shared because they are
immutable. :func:`fingerprint` hashes a canonical rendering of every slot, so two states with equal
fingerprints are the same position whatever process or ``PYTHONHASHSEED`` produced them.
"""

from __future__ import annotations

import enum
import functools
import hashlib
import random
from typing import Any

_IMMUTABLE = (int, str, float, bool, bytes, type(None), tuple, frozenset, enum.Enum)
_PLAIN: frozenset[type] = frozenset({int, str, float, bool, bytes, type(None), tuple, frozenset})
"""Exact types shared as they are (subclasses such as enums take the slower path)."""


@functools.cache
def slots_of(cls: type) -> tuple[str, ...]:
    """Every slot name of ``cls`` and its bases, base first, without ``__weakref__``/``__dict__``."""
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        for name in getattr(klass, "__slots__", ()):
            if name not in ("__weakref__", "__dict__") and name not in names:
                names.append(name)
    return tuple(names)


def clone_value(value: Any) -> Any:
    """A copy of ``value`` that shares nothing mutable with it.

    Design detail: exact plain types are tested first with one set lookup, and a list of them is
    recognised by mapping ``type`` over it in C (most of a state is lists of ints), so a clone costs
    little more than its list copies.
    """
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is list:
        if _PLAIN.issuperset(map(type, value)):
            return value[:]
        if all(isinstance(v, _IMMUTABLE) for v in value):
            return value[:]
        return [clone_value(v) for v in value]
    if isinstance(value, _IMMUTABLE):
        return value
    if isinstance(value, list):
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


_UNSET = object()


@functools.cache
def _cloned_slots(cls: type, skip: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(name for name in slots_of(cls) if name not in skip)


def clone_slots(obj: Any, skip: tuple[str, ...] = ()) -> Any:
    """A new instance of ``type(obj)`` with every slot cloned (slots in ``skip`` are left unset)."""
    cls: Any = type(obj)
    twin = cls.__new__(cls)
    setattr_ = object.__setattr__
    for name in _cloned_slots(cls, skip):
        value = getattr(obj, name, _UNSET)
        if value is not _UNSET:
            setattr_(twin, name, clone_value(value))
    return twin


_SCALARS: frozenset[type] = frozenset({int, str, float, bool, type(None)})
"""Exact types that render as themselves (an enum, a subclass of int, does not)."""
_SCALAR_BASES: tuple[type, ...] = tuple(_SCALARS)
"""The same, for ``isinstance``: their subclasses render as values too (before the enum check)."""


def canonical(value: Any, skip: tuple[str, ...] = ()) -> Any:
    """A JSON-like rendering of ``value`` with a stable order (sets and dicts sorted).

    Design detail: a list or tuple of plain scalars (most of a state: lists of ints) renders as a
    list of the same values; that is recognised by mapping ``type`` over it in C, instead of a call
    per item. The rendering is the same either way. Exact plain types are told by one set lookup of
    their type before any ``isinstance`` (a state holds thousands of them).
    """
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is not list and kind is not tuple:  # subclasses of the scalars, of list and of tuple too
        if isinstance(value, _SCALAR_BASES):
            return value
        if isinstance(value, enum.Enum):
            return f"{type(value).__name__}.{value.name}"
        if not isinstance(value, (list, tuple)):
            return _canonical_other(value, skip)
    if _SCALARS.issuperset(map(type, value)):
        return list(value)
    return [canonical(v) for v in value]


def _canonical_other(value: Any, skip: tuple[str, ...]) -> Any:
    """:func:`canonical` of a value that is no scalar, enum member, list or tuple."""
    if isinstance(value, (set, frozenset)):
        return sorted((canonical(v) for v in value), key=repr)
    if isinstance(value, dict):
        return sorted(([canonical(k), canonical(v)] for k, v in value.items()), key=repr)
    if isinstance(value, random.Random):
        return list(value.getstate()[1])
    parts = getattr(value, "fingerprint_parts", None)
    if parts is not None:
        return [type(value).__name__, parts()]
    kind: type = type(value)
    names = slots_of(kind)
    if names:
        return [type(value).__name__] + [
            [n, canonical(getattr(value, n, None))] for n in names if n not in skip
        ]
    raise TypeError(f"cannot fingerprint a {type(value).__name__}")


def fingerprint(obj: Any, skip: tuple[str, ...] = ()) -> str:
    """A hex SHA-256 of :func:`canonical` of ``obj``."""
    return hashlib.sha256(repr(canonical(obj, skip)).encode()).hexdigest()
