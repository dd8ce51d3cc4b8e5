"""Seafarers actions and their texts (seafarers.md §10.2); the other actions are base Catan's.

Texts: ``ship 23-24`` (build a ship, in setup, with cards or for free by Road Building; or put the
ship being moved there), ``move ship 23-24`` (lift a ship with an open end to move it, the first of the
two steps of a move), ``pirate 12`` / ``pirate 12 steal 2`` / ``pirate frame`` (move the pirate after a
7 or a knight) and ``gold ore`` (take one card for gold).
Like base Catan's, listed actions are interned (:func:`engine.games.catan.actions.interned`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.action import Action, ranged, read_int
from engine.core.errors import MalformedAction
from engine.games.catan.actions import interned
from engine.games.catan.tables import (
    MAX_CORNERS,
    MAX_HEXES,
    MAX_SEATS,
    N_RESOURCES,
    RESOURCE_BY_NAME,
    RESOURCE_NAMES,
)


@interned
@dataclass(frozen=True, slots=True, eq=False)
class Ship(Action):
    """Build a ship on the edge joining corners ``a`` < ``b`` (seafarers.md §5.1, §5.4, §5.8)."""

    a: int = ranged(0, MAX_CORNERS - 1)
    b: int = ranged(0, MAX_CORNERS - 1)

    def text(self) -> str:
        return f"ship {self.a}-{self.b}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class MoveShip(Action):
    """Lift the seat's ship on edge ``a``-``b`` to move it; a ``ship`` action then puts it on its new
    edge (seafarers.md §5.5)."""

    a: int = ranged(0, MAX_CORNERS - 1)
    b: int = ranged(0, MAX_CORNERS - 1)

    def text(self) -> str:
        return f"move ship {self.a}-{self.b}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class MovePirate(Action):
    """Move the pirate to sea hex ``hex`` (-1: the frame) and steal from ``victim`` (-1: nobody
    qualifies; seafarers.md §5.6)."""

    hex: int = ranged(-1, MAX_HEXES - 1)
    victim: int = ranged(-1, MAX_SEATS - 1)

    def text(self) -> str:
        where = "frame" if self.hex < 0 else str(self.hex)
        return f"pirate {where}" + (f" steal {self.victim}" if self.victim >= 0 else "")


@interned
@dataclass(frozen=True, slots=True, eq=False)
class ChooseGold(Action):
    """Take one resource card of choice from the supply for a gold field (seafarers.md §5.3, §5.11)."""

    resource: int = ranged(0, N_RESOURCES - 1)

    def text(self) -> str:
        return f"gold {RESOURCE_NAMES[self.resource]}"


GOLD = tuple(ChooseGold(r) for r in range(N_RESOURCES))
"""``GOLD[resource]``."""


# -- parsing ------------------------------------------------------------------------------------------


def _edge(word: str, text: str) -> tuple[int, int]:
    ends = word.split("-")
    if len(ends) != 2:
        raise MalformedAction(text, f"{word!r} is not an edge: expected A-B with two corner ids")
    a = read_int(ends[0], text, 0, MAX_CORNERS - 1, "corner id")
    b = read_int(ends[1], text, 0, MAX_CORNERS - 1, "corner id")
    return min(a, b), max(a, b)


def _parse_ship(w: list[str], text: str) -> Action:
    if len(w) != 2:
        raise MalformedAction(text, "expected 'ship A-B' with two corner ids")
    return Ship(*_edge(w[1], text))


def _parse_move(w: list[str], text: str) -> Action:
    if len(w) != 3 or w[1] != "ship":
        raise MalformedAction(text, "expected 'move ship A-B' (then 'ship C-D' for where it goes)")
    return MoveShip(*_edge(w[2], text))


def _parse_pirate(w: list[str], text: str) -> Action:
    if len(w) not in (2, 4) or (len(w) == 4 and w[2] != "steal"):
        raise MalformedAction(text, "expected 'pirate HEX', 'pirate HEX steal SEAT' or 'pirate frame'")
    where = -1 if w[1] == "frame" else read_int(w[1], text, 0, MAX_HEXES - 1, "hex id")
    victim = read_int(w[3], text, 0, MAX_SEATS - 1, "seat") if len(w) == 4 else -1
    return MovePirate(where, victim)


def _parse_gold(w: list[str], text: str) -> Action:
    r = RESOURCE_BY_NAME.get(w[1]) if len(w) == 2 else None
    if r is None:
        raise MalformedAction(text, f"expected 'gold RESOURCE' ({', '.join(RESOURCE_NAMES)})")
    return GOLD[r]


PARSERS: dict[str, Callable[[list[str], str], Action]] = {
    "ship": _parse_ship,
    "move": _parse_move,
    "pirate": _parse_pirate,
    "gold": _parse_gold,
}
"""Parsers of the Seafarers action texts by first word, joined to base Catan's parser."""
PARSE_ERROR = "ship A-B | move ship A-B | pirate HEX [steal S] | pirate frame | gold R"
