"""Fast positional constructors for frozen, slotted dataclasses (observation views).

A frozen dataclass's ``__init__`` stores each field with ``object.__setattr__(self, name, value)``,
which looks the slot up by name on every call. :func:`maker` compiles, once per class, a function
taking the fields positionally that allocates with ``object.__new__`` and stores through the slots'
own descriptors: about half the cost, and the value is the same instance of the same class (equality,
hashing, ``repr`` and immutability are the dataclass's). Only for classes whose ``__init__`` does
nothing else: every field in ``__init__``, no ``__post_init__``.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def maker(cls: type[T]) -> Callable[..., T]:
    """``maker(cls)(*values)``, equal to ``cls(*values)`` (fields in declaration order)."""
    if not dataclasses.is_dataclass(cls) or not cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        raise TypeError(f"{cls.__name__} is not a frozen dataclass")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__")
    fields = dataclasses.fields(cls)
    env: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    body: list[str] = []
    for i, f in enumerate(fields):
        if not f.init:
            raise TypeError(f"{cls.__name__}.{f.name} is not an __init__ field")
        slot = inspect.getattr_static(cls, f.name, None)
        if not inspect.ismemberdescriptor(slot):
            raise TypeError(f"{cls.__name__}.{f.name} is not a slot")
        env[f"_s{i}"] = slot.__set__
        body.append(f"    _s{i}(o, v{i})\n")
    params = ", ".join(f"v{i}" for i in range(len(fields)))
    # the source is built from field positions only
    exec(f"def make({params}):\n    o = _new(_cls)\n{''.join(body)}    return o\n", env)
    built: Callable[..., T] = env["make"]
    built.__qualname__ = built.__name__ = f"make_{cls.__name__}"
    return built
