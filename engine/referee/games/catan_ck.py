"""Cities & Knights on the wire (catan_ck.proto): its action classes and event codecs.

The game reuses base Catan's ``settle``, ``road``, ``city``, ``roll``, ``end``, ``robber`` and trade
answer actions (:mod:`engine.games.catan.actions`) and has its own eight-kind card actions
(:mod:`engine.games.catan_ck.actions`), whose classes replace base Catan's of the same name. Card kinds,
tracks and progress cards travel as indices; the JSON form writes their names. The events of every
progress card's effect (:mod:`engine.games.catan_ck.progress`) have their messages here too.
"""

from __future__ import annotations

from typing import Any

from engine.games.catan_ck.tables import CARD_NAMES, KIND_NAMES, TRACK_NAMES
from engine.referee.fields import (
    SEAT,
    BankGive,
    BoxedList,
    CardMap,
    CardText,
    Field,
    Int,
    List,
    Name,
    NamesIfAny,
    SeatMap,
    counts_of_map,
    map_of_counts,
    same,
    set_scalar,
)
from engine.referee.games import GameWire
from engine.referee.games.catan import ANSWER_KINDS, Answer

K = KIND_NAMES
EVENT_FACES = ("ship", "trade", "politics", "science")
"""``CatanCkEvent.Dice.event`` values 0..3."""
OUTCOMES = ("defended", "pillaged")
"""``CatanCkEvent.Attack.outcome`` values 1, 2."""


def _put_cards(target: Any, pair: tuple[int, Any]) -> None:
    target[pair[0]].counts.extend(counts_of_map(K, pair[1]))


def _get_cards(item: Any) -> Any:
    return map_of_counts(K, item.counts)


def _put_answer_kind(target: Any, pair: tuple[int, Any]) -> None:
    target[pair[0]] = ANSWER_KINDS.index(pair[1]) + 1


def _get_answer_kind(item: Any) -> Any:
    return ANSWER_KINDS[item - 1]


def _kind(key: str) -> Name:
    return Name(key, K, 0)


def _track(key: str) -> Name:
    return Name(key, TRACK_NAMES, 0)


def _card(key: str = "card") -> Name:
    return Name(key, CARD_NAMES, 0)


CORNER = Int("corner")

EVENTS: dict[str, tuple[Field, ...]] = {
    "settle": (SEAT, CORNER),
    "road": (SEAT, Int("edge"), List("corners")),
    "city": (SEAT, CORNER),
    "starting_resources": (SEAT, CardMap("cards", K)),
    "turn": (SEAT, Int("turn")),
    "turn_cap": (Int("turn"),),
    "dice": (SEAT, Int("red"), Int("yellow"), Int("sum"), Name("event", EVENT_FACES, 0)),
    "barbarians": (Int("ship"), Int("track")),
    "produce": (SeatMap("paid", _put_cards, _get_cards), NamesIfAny("shortage", K, 0)),
    "aqueduct": (SEAT, _kind("card")),
    "must_discard": (SeatMap("owed", set_scalar, same),),
    "discard": (SEAT, Int("count"), Field("cause"), CardMap("cards", K, boxed=True)),
    "robber": (SEAT, Int("hex"), Int("victim"), BoxedList("victims", "seats"), _card()),
    "steal": (Int("thief"), Int("victim"), Int("count"), _kind("card")),
    "bank_trade": (SEAT, BankGive("give", K), _kind("get")),
    "offer": (SEAT, CardText("give", K), CardText("get", K), List("to")),
    "answer": (SEAT, Answer("answer", K)),
    "answers": (SeatMap("answers", _put_answer_kind, _get_answer_kind),),
    "withdraw": (SEAT,),
    "trade": (SEAT, Int("with", "partner"), CardText("gets", K), CardText("gives", K)),
    "longest_road": (SEAT, Int("previous"), Int("length")),
    "victory": (SEAT, Int("points")),
    "wall": (SEAT, CORNER),
    "knight": (SEAT, CORNER, Int("level"), _card()),
    "activate": (SEAT, CORNER),
    "promote": (SEAT, CORNER, Int("level"), _card()),
    "move_knight": (SEAT, Int("from", "src"), Int("to", "dst")),
    "displace": (SEAT, Int("from", "src"), Int("to", "dst"), Int("victim")),
    "relocate": (SEAT, Int("from", "src"), Int("to", "dst")),
    "knight_lost": (SEAT, CORNER, Int("level"), _card()),
    "chase": (SEAT, CORNER),
    "improve": (SEAT, _track("track"), Int("level"), Int("paid")),
    "metropolis": (SEAT, _track("track"), CORNER, Int("from", "previous")),
    "draw": (SEAT, _track("deck"), Int("left"), Int("empty"), _card()),
    "vp_card": (SEAT, _card(), _track("deck")),
    "drop_card": (SEAT, _card()),
    "play_card": (SEAT, _card(), Field("play")),
    "declare": (SEAT, List("knights")),
    "attack": (
        Int("barbarians"),
        Int("knights"),
        List("strength"),
        Int("first"),
        Name("outcome", OUTCOMES, 1),
    ),
    "defender": (SEAT, Int("cards")),
    "pillage": (SEAT, CORNER, Int("wall")),
    "tie_reward": (List("seats"), Int("drawn")),
    "wedding": (SEAT, List("givers")),
    "wedding_gift": (SEAT, Int("to"), Int("count"), CardMap("cards", K, boxed=True)),
    "road_removed": (SEAT, Int("edge"), List("corners")),
    "deserter": (SEAT, Int("victim")),
    "deserter_none": (SEAT,),
    "diplomat": (SEAT, Int("owner"), List("corners")),
    "harbor": (SEAT, Int("with", "partner"), _kind("offered")),
    "harbor_void": (SEAT, Int("with", "partner"), _kind("offered")),
    "harbor_exchange": (SEAT, Int("with", "partner"), _kind("gave"), _kind("got")),
    "intrigue": (SEAT, CORNER, Int("victim")),
    "inventor": (SEAT, List("hexes"), List("tokens")),
    "irrigation": (SEAT, List("hexes"), _kind("card"), Int("count"), Int("owed")),
    "mining": (SEAT, List("hexes"), _kind("card"), Int("count"), Int("owed")),
    "master_merchant": (SEAT, Int("victim")),
    "master_merchant_take": (SEAT, Int("victim"), Int("count"), CardMap("cards", K, boxed=True)),
    "merchant": (SEAT, Int("hex"), Int("from", "previous")),
    "merchant_fleet": (SEAT, _kind("card")),
    "resource_monopoly": (SEAT, _kind("card"), SeatMap("given", set_scalar, same)),
    "trade_monopoly": (SEAT, _kind("card"), SeatMap("given", set_scalar, same)),
    "saboteur": (SEAT, SeatMap("owed", set_scalar, same)),
    "spy": (SEAT, Int("victim")),
    "spy_take": (SEAT, Int("victim"), _card()),
    "warlord": (SEAT, List("corners")),
}
"""Cities & Knights event kinds and their field codecs, in ``CatanCkEvent`` order."""

WIRE = GameWire(
    typed_field="catan_ck",
    actions_modules=("engine.games.catan.actions", "engine.games.catan_ck.actions"),
    events=EVENTS,
)
