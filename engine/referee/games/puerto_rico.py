"""Puerto Rico on the wire (puerto_rico.proto): its action classes, event codecs and typed result
details."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games.puerto_rico.tables import BUILDINGS, GOOD_NAMES, ROLE_TILE_NAMES, TILE_NAMES
from engine.referee.fields import SEAT, Field, Int, List, Name, Names
from engine.referee.games import GameWire
from engine.wire import common_pb2, puerto_rico_pb2

TILES = TILE_NAMES
GOODS = GOOD_NAMES
BUILDING_NAMES = tuple(b.name for b in BUILDINGS)
ROLES = ROLE_TILE_NAMES
"""Role tile names by tile id (the engine's table; the ``role`` event carries the tile id)."""


class ShipOn(Field):
    """``"on": "5"`` or ``"wharf"`` <-> the oneof ``on {capacity, wharf}``."""

    def put(self, msg: Any, value: Any) -> None:
        if value == "wharf":
            msg.wharf = True
        else:
            msg.capacity = int(value)

    def get(self, msg: Any) -> Any:
        return "wharf" if msg.WhichOneof("on") == "wharf" else str(msg.capacity)

    def proto_fields(self) -> tuple[str, ...]:
        return ("capacity", "wharf")

    def present(self, msg: Any) -> bool:
        return msg.WhichOneof("on") is not None


def _good(key: str = "good") -> Name:
    return Name(key, GOODS, 1)


def _tile() -> Name:
    return Name("tile", TILES, 1)


def _building() -> Name:
    return Name("building", BUILDING_NAMES, 1)


EVENTS: dict[str, tuple[Field, ...]] = {
    "role": (SEAT, Name("role", ROLES, 0), Int("doubloons")),
    "round": (Int("round"), Int("governor")),
    "game_over": (Int("round"), List("scores")),
    "settle": (SEAT, _tile()),
    "hacienda": (SEAT, _tile()),
    "hospice": (SEAT, _tile()),
    "row": (Names("row", TILES, 1),),
    "reshuffle": (Int("deck"),),
    "privilege": (SEAT,),
    "colonists": (List("received"),),
    "ship_refill": (Int("colonists"),),
    "build": (SEAT, _building(), Int("paid")),
    "university": (SEAT, _building()),
    "produce": (SEAT, List("goods"), Int("factory")),
    "extra": (SEAT, _good()),
    "sell": (SEAT, _good(), Int("doubloons")),
    "house_emptied": (),
    "ship": (SEAT, _good(), Int("barrels"), ShipOn("on"), Int("vp")),
    "warehouse": (SEAT, _good()),
    "keep": (SEAT, _good()),
    "ships_emptied": (List("ships"),),
    "prospector": (SEAT, Int("doubloons")),
    "end_trigger": (
        Name("reason", ("city", "vp_chips", "colonists"), 1),
        SEAT,
        Int("supply"),
        Int("needed"),
    ),
}
"""Puerto Rico event kinds and their field codecs, in ``PuertoRicoEvent`` order."""

DETAIL_KEYS = ("tiebreak", "chips", "building_vp", "bonus_vp", "rounds")


def details_to_pb(details: Mapping[str, Any], out: common_pb2.Result) -> None:
    """Fill ``out.puerto_rico`` when the details are complete."""
    if set(details) != set(DETAIL_KEYS):
        return
    target: puerto_rico_pb2.PuertoRicoResultDetails = out.puerto_rico
    try:
        for key in DETAIL_KEYS[:4]:
            getattr(target, key).extend(details[key])
        target.rounds = details["rounds"]
    except (TypeError, ValueError):
        out.ClearField("typed_details")


def details_from_pb(msg: common_pb2.Result) -> dict[str, Any] | None:
    pr = msg.puerto_rico
    details: dict[str, Any] = {key: list(getattr(pr, key)) for key in DETAIL_KEYS[:4]}
    details["rounds"] = pr.rounds
    return details


WIRE = GameWire(
    typed_field="puerto_rico",
    actions_modules=("engine.games.puerto_rico.actions",),
    events=EVENTS,
    details_to_pb=details_to_pb,
    details_from_pb=details_from_pb,
)
