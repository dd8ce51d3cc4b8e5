"""Catan on the wire (catan.proto; variants base, extended, helpers, the Seafarers scenarios, jungle
and big-river): its action classes and event codecs."""

from __future__ import annotations

from typing import Any

from engine.games.catan.tables import DEV_NAMES, HELPER_NAMES, RESOURCE_NAMES, TERRAIN_NAMES
from engine.referee.fields import (
    SEAT,
    BankGive,
    BoxedNames,
    CardMap,
    CardText,
    Field,
    Int,
    List,
    Name,
    Names,
    NamesIfAny,
    SeatMap,
    counts_of_map,
    counts_of_text,
    map_of_counts,
    same,
    set_scalar,
    text_of_counts,
)
from engine.referee.games import GameWire

R = RESOURCE_NAMES


def _put_cards(target: Any, pair: tuple[int, Any]) -> None:
    target[pair[0]].counts.extend(counts_of_map(R, pair[1]))


def _get_cards(item: Any) -> Any:
    return map_of_counts(R, item.counts)


ANSWER_KINDS = ("accept", "counter", "reject")
"""``CatanEvent.Answers.Kind`` values 1, 2, 3."""


def _put_answer_kind(target: Any, pair: tuple[int, Any]) -> None:
    target[pair[0]] = ANSWER_KINDS.index(pair[1]) + 1


def _get_answer_kind(item: Any) -> Any:
    return ANSWER_KINDS[item - 1]


def _put_counter(target: Any, pair: tuple[int, Any]) -> None:
    """``"give 1 wool get 1 ore"`` (a counter-offer as the engine writes it) into a ``Counter``."""
    give, get = pair[1].removeprefix("give").split(" get ")
    counter = target[pair[0]]
    counter.give.extend(counts_of_text(R, give))
    counter.get.extend(counts_of_text(R, get))


def _get_counter(item: Any) -> Any:
    return f"give {text_of_counts(R, item.give)} get {text_of_counts(R, item.get)}"


class Answer(Field):
    """An answer's text (``accept``, ``reject``, ``counter give ... get ...``) <-> the game's action
    message (``accept``, ``reject`` or ``counter`` set) in the field ``answer``."""

    __slots__ = ("names",)

    def __init__(self, key: str, names: tuple[str, ...]) -> None:
        super().__init__(key)
        self.names = names

    def put(self, msg: Any, value: Any) -> None:
        target = msg.answer
        if value == "accept":
            target.accept.SetInParent()
        elif value == "reject":
            target.reject.SetInParent()
        elif value.startswith("counter give "):
            give, get = value.removeprefix("counter give").split(" get ")
            target.counter.give.extend(counts_of_text(self.names, give))
            target.counter.get.extend(counts_of_text(self.names, get))
        else:
            raise ValueError(f"unknown answer {value!r}")

    def get(self, msg: Any) -> Any:
        kind = msg.answer.WhichOneof("kind")
        if kind == "counter":
            c = msg.answer.counter
            return (
                f"counter give {text_of_counts(self.names, c.give)} get {text_of_counts(self.names, c.get)}"
            )
        return str(kind)


def _resource(key: str) -> Name:
    return Name(key, R, 0)


def _helper(key: str) -> Name:
    return Name(key, HELPER_NAMES, 0)


EVENTS: dict[str, tuple[Field, ...]] = {
    "settle": (SEAT, Int("corner")),
    "road": (SEAT, Int("edge"), List("corners")),
    "city": (SEAT, Int("corner")),
    "starting_resources": (SEAT, CardMap("cards", R)),
    "turn": (SEAT, Int("turn")),
    "turn_cap": (Int("turn"),),
    "dice": (SEAT, List("dice"), Int("sum")),
    "produce": (SeatMap("paid", _put_cards, _get_cards), NamesIfAny("shortage", R, 0)),
    "must_discard": (SeatMap("owed", set_scalar, same),),
    "discard": (SEAT, Int("count"), CardMap("cards", R, boxed=True)),
    "robber": (SEAT, Int("hex"), Int("victim")),
    "steal": (Int("thief"), Int("victim"), Int("count"), _resource("resource")),
    "buy_dev": (SEAT, Int("deck"), Name("card", DEV_NAMES, 0), Int("tokens"), CardMap("paid", R, boxed=True)),
    "play": (SEAT, Name("card", DEV_NAMES, 0)),
    "year_of_plenty": (SEAT, Names("cards", R, 0)),
    "monopoly": (SEAT, _resource("resource"), SeatMap("given", set_scalar, same)),
    "longest_road": (SEAT, Int("previous"), Int("length")),
    "largest_army": (SEAT, Int("previous"), Int("knights")),
    "victory": (SEAT, Int("points"), Int("vp_cards")),
    "bank_trade": (SEAT, BankGive("give", R), _resource("get")),
    "offer": (SEAT, CardText("give", R), CardText("get", R), List("to")),
    "answer": (SEAT, Answer("answer", R)),
    "answers": (
        SeatMap("answers", _put_answer_kind, _get_answer_kind),
        SeatMap("details", _put_counter, _get_counter),
    ),
    "withdraw": (SEAT,),
    "trade": (SEAT, Int("with", "partner"), CardText("gets", R), CardText("gives", R)),
    "special_build": (SEAT,),
    "partner": (SEAT, Int("settler")),
    "helper_taken": (SEAT, _helper("helper")),
    "helper_display": (Names("display", HELPER_NAMES, 0),),
    "helper_keep": (SEAT, _helper("helper")),
    "helper_exchange": (SEAT, _helper("returned"), _helper("taken")),
    "candamir": (SEAT, CardMap("paid", R), Int("drawn"), BoxedNames("cards", DEV_NAMES, 0)),
    "candamir_keep": (SEAT, Int("deck"), Name("card", DEV_NAMES, 0)),
    "hilde": (SEAT, Int("victim"), Int("count"), CardMap("hand", R, boxed=True)),
    "hilde_take": (SEAT, Int("victim"), _resource("resource")),
    "jean": (SEAT, _resource("resource")),
    "lin": (SEAT, Int("vacated"), Int("hex"), _resource("resource")),
    "louis": (SEAT, Int("edge"), List("corners")),
    "marianne": (SEAT, _resource("resource")),
    "nassir": (SEAT, _resource("resource"), List("asked"), List("gave")),
    "nassir_give": (SEAT, Int("to"), _resource("resource")),
    "sean": (SEAT, _resource("resource")),
    "vincent": (SEAT, Int("knights")),
    "william": (SEAT, CardMap("paid", R)),
    "ship": (SEAT, Int("edge"), List("corners")),
    "lift_ship": (SEAT, Int("edge"), List("corners")),
    "move_ship": (SEAT, List("from", "origin"), List("to"), Int("edge")),
    "pirate": (SEAT, Int("hex"), Int("victim")),
    "discover": (SEAT, Int("hex"), Name("terrain", TERRAIN_NAMES, 0), Int("token")),
    "discovery_card": (SEAT, _resource("resource")),
    "gold_owed": (SeatMap("owed", set_scalar, same), Int("lost")),
    "gold": (SEAT, _resource("resource")),
    "island_bonus": (SEAT, Field("island"), Int("vp")),
    "discoveries": (SeatMap("paid", set_scalar, same),),
    "gold_mine": (SEAT, Int("corner"), Int("points")),
}
"""Catan event kinds and their field codecs, in ``CatanEvent`` order."""

WIRE = GameWire(
    typed_field="catan",
    actions_modules=(
        "engine.games.catan.actions",
        "engine.games.catan.helper_actions",
        "engine.games.catan.seafarers.actions",
    ),
    events=EVENTS,
)
