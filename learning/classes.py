"""The classes a game's package uses: its actions and decision kinds, found in the package's modules.

A game's package (``engine.games.catan`` for every Catan variant, ``engine.games.catan_ck`` for Cities &
Knights) defines or imports every action class it lists and every decision kind it stacks; a new
variant's modules under the same package are found the same way, with no list to keep here.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import pkgutil
import typing
from typing import Any, TypeVar

T = TypeVar("T")


def game_package(game: Any) -> str:
    """``engine.games.NAME``: the package of the game's class."""
    parts = type(game).__module__.split(".")
    return ".".join(parts[:3])


@functools.cache
def _modules(package: str) -> tuple[Any, ...]:
    root = importlib.import_module(package)
    found = [root]
    for info in pkgutil.walk_packages(root.__path__, package + "."):
        found.append(importlib.import_module(info.name))
    return tuple(found)


def game_classes(game: Any, base: type[T]) -> tuple[type[T], ...]:
    """The subclasses of ``base`` defined in, or imported by, the modules of the game's package (game
    classes only), sorted by module and name."""
    found: tuple[type[T], ...] = _classes(game_package(game), typing.cast(Any, base))
    return found


@functools.cache
def _classes(package: str, base: Any) -> tuple[Any, ...]:
    seen: dict[tuple[str, str], type] = {}
    for module in _modules(package):
        for value in vars(module).values():
            if (
                inspect.isclass(value)
                and issubclass(value, base)
                and value is not base
                and value.__module__.startswith("engine.games.")
                and not inspect.isabstract(value)
            ):
                seen.setdefault((value.__module__, value.__qualname__), value)
    return tuple(seen[k] for k in sorted(seen))
