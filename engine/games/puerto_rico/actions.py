"""Puerto Rico actions: frozen values, their canonical texts, pre-built instances and the parser.

Texts (puerto_rico.md §9): ``role captain``, ``role prospector 2``, ``hacienda``, ``hacienda-quarry``,
``plantation coffee``, ``quarry``, ``hospice``, ``privilege``, ``place corn``, ``place small-market``,
``build small-market``, ``university``, ``produce``, ``extra sugar``, ``sell tobacco``, ``ship corn 5``,
``wharf corn``, ``warehouse sugar`` (keep every barrel of a kind), ``keep sugar`` (keep one barrel),
``decline`` and ``pass``.

Design detail: every action value the engine can list is built once at import time and reused, so
building a legal-action tuple allocates nothing but the tuple.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.action import Action, action_words, ranged, read_int
from engine.core.errors import MalformedAction
from engine.games.puerto_rico.tables import (
    BUILDING_BY_NAME,
    BUILDINGS,
    GOOD_BY_NAME,
    GOOD_NAMES,
    ROLE_TILE_NAMES,
    TILE_NAMES,
    Building,
    Good,
    Tile,
)


@dataclass(frozen=True, slots=True)
class ChooseRole(Action):
    """DP-ROLE: take a role tile (``tile`` 7 is the second prospector)."""

    tile: int = ranged(0, len(ROLE_TILE_NAMES) - 1)

    def text(self) -> str:
        return f"role {ROLE_TILE_NAMES[self.tile]}"


@dataclass(frozen=True, slots=True)
class HaciendaDraw(Action):
    """DP-SET0: draw the hacienda's face-down plantation."""

    def text(self) -> str:
        return "hacienda"


@dataclass(frozen=True, slots=True)
class HaciendaQuarry(Action):
    """DP-SET0 with ``hacienda_slot_allows_quarry``: a quarry in the hacienda slot."""

    def text(self) -> str:
        return "hacienda-quarry"


@dataclass(frozen=True, slots=True)
class TakePlantation(Action):
    """DP-SET1: take a face-up plantation of this kind."""

    kind: Good

    def text(self) -> str:
        return f"plantation {GOOD_NAMES[self.kind]}"


@dataclass(frozen=True, slots=True)
class TakeQuarry(Action):
    """DP-SET1: take a quarry (Settler privilege or construction hut)."""

    def text(self) -> str:
        return "quarry"


@dataclass(frozen=True, slots=True)
class HospiceColonist(Action):
    """DP-SET2: put a colonist on the tile just placed."""

    def text(self) -> str:
        return "hospice"


@dataclass(frozen=True, slots=True)
class MayorPrivilege(Action):
    """DP-MAY0: the Mayor takes one colonist from the supply."""

    def text(self) -> str:
        return "privilege"


@dataclass(frozen=True, slots=True)
class PlaceTile(Action):
    """DP-MAY1: put one colonist from the pool on an unoccupied tile of this kind."""

    kind: Tile

    def text(self) -> str:
        return f"place {TILE_NAMES[self.kind]}"


@dataclass(frozen=True, slots=True)
class PlaceBuilding(Action):
    """DP-MAY1: put one colonist from the pool on a free circle of this building."""

    building: Building

    def text(self) -> str:
        return f"place {BUILDINGS[self.building].name}"


@dataclass(frozen=True, slots=True)
class Build(Action):
    """DP-BLD: buy and place this building."""

    building: Building

    def text(self) -> str:
        return f"build {BUILDINGS[self.building].name}"


@dataclass(frozen=True, slots=True)
class UniversityColonist(Action):
    """DP-BLD2: put a colonist on the building just built."""

    def text(self) -> str:
        return "university"


@dataclass(frozen=True, slots=True)
class Produce(Action):
    """A9 option: produce everything (the alternative is ``decline``)."""

    def text(self) -> str:
        return "produce"


@dataclass(frozen=True, slots=True)
class Extra(Action):
    """DP-CRF: the Craftsman's extra barrel of a kind he received."""

    kind: Good

    def text(self) -> str:
        return f"extra {GOOD_NAMES[self.kind]}"


@dataclass(frozen=True, slots=True)
class Sell(Action):
    """DP-TRD: sell one barrel to the trading house."""

    kind: Good

    def text(self) -> str:
        return f"sell {GOOD_NAMES[self.kind]}"


@dataclass(frozen=True, slots=True)
class Ship(Action):
    """DP-CAP1: load every barrel that fits of ``kind`` on the cargo ship of this capacity."""

    kind: Good
    capacity: int = ranged(4, 8)

    def text(self) -> str:
        return f"ship {GOOD_NAMES[self.kind]} {self.capacity}"


@dataclass(frozen=True, slots=True)
class Wharf(Action):
    """DP-CAP1: ship every barrel of ``kind`` on the seat's wharf."""

    kind: Good

    def text(self) -> str:
        return f"wharf {GOOD_NAMES[self.kind]}"


@dataclass(frozen=True, slots=True)
class Warehouse(Action):
    """DP-CAP2: keep every barrel of ``kind`` in a warehouse."""

    kind: Good

    def text(self) -> str:
        return f"warehouse {GOOD_NAMES[self.kind]}"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """DP-CAP2: keep one barrel of ``kind`` on the windrose."""

    kind: Good

    def text(self) -> str:
        return f"keep {GOOD_NAMES[self.kind]}"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Refuse an optional privilege or building effect."""

    def text(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """End one's turn in a phase without acting."""

    def text(self) -> str:
        return "pass"


# -- pre-built instances -------------------------------------------------------------------------------

ROLE: tuple[ChooseRole, ...] = tuple(ChooseRole(t) for t in range(len(ROLE_TILE_NAMES)))
PLANTATION: tuple[TakePlantation, ...] = tuple(TakePlantation(g) for g in Good)
PLACE_TILE: tuple[PlaceTile, ...] = tuple(PlaceTile(t) for t in Tile)
PLACE_BUILDING: tuple[PlaceBuilding, ...] = tuple(PlaceBuilding(b) for b in Building)
BUILD: tuple[Build, ...] = tuple(Build(b) for b in Building)
EXTRA: tuple[Extra, ...] = tuple(Extra(g) for g in Good)
SELL: tuple[Sell, ...] = tuple(Sell(g) for g in Good)
SHIP: tuple[tuple[Ship | None, ...], ...] = tuple(
    tuple(Ship(g, c) if c >= 4 else None for c in range(9)) for g in Good
)
"""``SHIP[kind][capacity]`` for capacities 4-8."""
WHARF: tuple[Wharf, ...] = tuple(Wharf(g) for g in Good)
WAREHOUSE: tuple[Warehouse, ...] = tuple(Warehouse(g) for g in Good)
KEEP: tuple[Keep, ...] = tuple(Keep(g) for g in Good)
HACIENDA = HaciendaDraw()
HACIENDA_QUARRY = HaciendaQuarry()
QUARRY = TakeQuarry()
HOSPICE = HospiceColonist()
PRIVILEGE = MayorPrivilege()
UNIVERSITY = UniversityColonist()
PRODUCE = Produce()
DECLINE = Decline()
PASS = Pass()

_BARE: dict[str, Action] = {
    a.text(): a
    for a in (HACIENDA, HACIENDA_QUARRY, QUARRY, HOSPICE, PRIVILEGE, UNIVERSITY, PRODUCE, DECLINE, PASS)
}
_ROLE_BY_NAME: dict[str, int] = {name: t for t, name in enumerate(ROLE_TILE_NAMES)}


def _good(word: str, text: str) -> Good:
    kind = GOOD_BY_NAME.get(word)
    if kind is None:
        raise MalformedAction(text, f"unknown good {word!r}; goods: {', '.join(GOOD_NAMES)}")
    return kind


def _building(word: str, text: str) -> Building:
    building = BUILDING_BY_NAME.get(word)
    if building is None:
        raise MalformedAction(text, f"unknown building {word!r}; names are kebab-case, e.g. small-market")
    return building


def _parse_role(args: list[str], text: str) -> Action:
    name = " ".join(args)
    if name == "prospector 1":
        name = "prospector"
    tile = _ROLE_BY_NAME.get(name)
    if tile is None:
        raise MalformedAction(text, f"unknown role {name!r}; roles: {', '.join(ROLE_TILE_NAMES)}")
    return ROLE[tile]


def _parse_place(args: list[str], text: str) -> Action:
    if args[0] in TILE_NAMES:
        return PLACE_TILE[TILE_NAMES.index(args[0])]
    return PLACE_BUILDING[_building(args[0], text)]


def _parse_ship(args: list[str], text: str) -> Action:
    kind = _good(args[0], text)
    ship = SHIP[kind][read_int(args[1], text, 4, 8, "ship capacity")]
    assert ship is not None
    return ship


_ONE_ARG: dict[str, Callable[[list[str], str], Action]] = {
    "role": _parse_role,
    "plantation": lambda a, t: PLANTATION[_good(a[0], t)],
    "place": _parse_place,
    "build": lambda a, t: BUILD[_building(a[0], t)],
    "extra": lambda a, t: EXTRA[_good(a[0], t)],
    "sell": lambda a, t: SELL[_good(a[0], t)],
    "ship": _parse_ship,
    "wharf": lambda a, t: WHARF[_good(a[0], t)],
    "warehouse": lambda a, t: WAREHOUSE[_good(a[0], t)],
    "keep": lambda a, t: KEEP[_good(a[0], t)],
}
_ARITY: dict[str, tuple[int, int]] = {"role": (1, 2), "ship": (2, 2)}


def parse_action(text: str) -> Action:
    """The action whose canonical text is ``text`` (puerto_rico.md §9); raises ``MalformedAction``."""
    words = action_words(text)
    if not words:
        raise MalformedAction(text, "empty action text")
    head, args = words[0], words[1:]
    if not args and head in _BARE:
        return _BARE[head]
    parser = _ONE_ARG.get(head)
    if parser is None:
        verbs = sorted([*_ONE_ARG, *_BARE])
        raise MalformedAction(text, f"unknown action {head!r}; actions: {', '.join(verbs)}")
    low, high = _ARITY.get(head, (1, 1))
    if not low <= len(args) <= high:
        raise MalformedAction(text, f"'{head}' takes {low if low == high else f'{low}-{high}'} argument(s)")
    return parser(args, text)
