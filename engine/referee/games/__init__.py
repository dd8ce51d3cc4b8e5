"""The typed wire form of each game, one module per game: ``engine/referee/games/<field>.py``, where
``<field>`` is the game id with ``-`` written ``_`` and names the game's field in the ``typed`` oneofs
of ``common.proto`` (``catan-ck`` -> ``catan_ck.py``, ``Action.catan_ck``).

Each module defines ``WIRE``, a :class:`GameWire`: where the game's action classes live and how each of
its event kinds maps to its typed message. Nothing lists the games: :func:`wire_for` imports the module
named after the game, so adding a game adds a module here and grows no module that every game shares.
A game without a module travels as text and JSON only.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.referee.fields import Field

EventTable = Mapping[str, tuple[Field, ...]]
"""Event kind -> the codecs of its keys, in the order of the game's ``*Event`` oneof."""


@dataclass(frozen=True, slots=True)
class GameWire:
    """Where one game's typed wire form lives."""

    typed_field: str
    """Name of the game's field in the ``typed`` oneofs of ``Action``, ``Observation``, ``Board`` and
    ``Event`` (the module's own name)."""
    actions_modules: tuple[str, ...]
    """Modules holding the game's action dataclasses; a class of a later module replaces an earlier
    one of the same name (a game that reuses another's actions lists that game's module first)."""
    events: EventTable
    """The game's event kinds and their field codecs."""
    details_to_pb: Callable[[Mapping[str, Any], Any], None] | None = None
    """Fills ``Result.typed_details`` from a result's details (games with a typed breakdown)."""
    details_from_pb: Callable[[Any], dict[str, Any] | None] | None = None
    """The details dict a ``Result``'s typed breakdown stands for."""


def field_of(game_id: str) -> str:
    """``catan_ck`` for ``catan-ck``: the game's typed field and module name."""
    return game_id.replace("-", "_")


@functools.cache
def wire_by_field(typed_field: str) -> GameWire | None:
    """The :class:`GameWire` of the module ``typed_field``, or None when there is none."""
    if not typed_field.isidentifier():
        return None
    name = f"{__name__}.{typed_field}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return None
    wire = getattr(module, "WIRE", None)
    return wire if isinstance(wire, GameWire) else None


def wire_for(game_id: str) -> GameWire | None:
    """The typed wire form of a game, or None when the game travels as text and JSON only."""
    return wire_by_field(field_of(game_id))
