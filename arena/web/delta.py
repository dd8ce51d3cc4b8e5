"""Patches between JSON values: what changed from one position of a replay to the next.

A patch is either a one-element array ``[value]`` (the new value, whole), an empty array ``[]`` (the
key is gone), or an object whose keys name the members that changed (object keys, or array indices
written as strings) and whose values are patches of those members. The smaller of a member-wise patch
and the whole value is kept. The viewer applies patches in ``arena/web/static/viewer.js``
(``applyPatch``); :func:`apply_patch` is the same in Python. The format is ``docs/replay-format.md``.
"""

from __future__ import annotations

from typing import Any

import orjson

Patch = list[Any] | dict[str, Any]
_SCALARS = frozenset({int, float, str, bool, type(None)})


def _size(value: Any) -> int:
    return len(orjson.dumps(value))


def diff(old: Any, new: Any) -> Patch | None:
    """The patch that turns ``old`` into ``new``, or None when they are equal."""
    if old == new and type(old) is type(new):
        return None
    inner: dict[str, Any] | None = None
    if isinstance(old, dict) and isinstance(new, dict) and old.keys() == new.keys():
        inner = {}
        for key, value in new.items():
            sub = diff(old[key], value)
            if sub is not None:
                inner[key] = sub
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new) and old:
        if all(type(v) in _SCALARS for v in old) and all(type(v) in _SCALARS for v in new):
            inner = {
                str(i): [b]
                for i, (a, b) in enumerate(zip(old, new, strict=True))
                if a != b or type(a) is not type(b)
            }
            return inner if _size(inner) < _size(new) else [new]
        inner = {}
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            sub = diff(a, b)
            if sub is not None:
                inner[str(i)] = sub
    if inner is not None and _size(inner) < _size(new):
        return inner
    return [new]


def apply_patch(value: Any, patch: Patch) -> Any:
    """``value`` with ``patch`` applied, as a new value (``value`` is not changed)."""
    if isinstance(patch, list):
        return patch[0]
    if isinstance(value, list):
        out_list = list(value)
        for key, sub in patch.items():
            out_list[int(key)] = apply_patch(out_list[int(key)], sub)
        return out_list
    out = dict(value)
    for key, sub in patch.items():
        if sub == []:
            out.pop(key, None)
        else:
            out[key] = apply_patch(out.get(key), sub)
    return out
