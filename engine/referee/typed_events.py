"""Typed events and result details: event views (``Event.view(seat)`` dicts) <-> ``Event.typed``.

Split from :mod:`engine.referee.convert` (which calls it) to keep both modules short (HS-11); like it,
this module is the only kind of place that imports both the engine and the wire code (HS-19).

Each event kind of a game maps to one message of the game's ``*Event`` oneof (the oneof field is named
after the kind), and each key of the event's dict to one field through a small field codec: an int,
a name <-> enum value or index, a bundle (``{"wool": 1}`` or ``"1 wool"``) <-> five counts, a
``{"seat": value}`` dict <-> a ``map<int32, ...>``. A key absent from the view (a hidden part, or a
field the engine writes only sometimes) leaves its field unset, and an unset optional field gives no
key back, so :func:`view_of_typed` gives back the view :func:`typed_event` was given (the tests check
it over whole matches).

Design detail: an event kind without a typed message, a key without a typed field, or a value the
codec cannot read leaves the typed field unset (never half filled): the event still travels as JSON,
and the tests, which require every event of whole matches to round-trip, fail.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from google.protobuf.message import Message

from engine.games.catan.actions import bundle_text
from engine.games.catan.tables import DEV_NAMES, HELPER_NAMES, RESOURCE_NAMES
from engine.games.puerto_rico.tables import BUILDINGS, GOOD_NAMES, ROLE_TILE_NAMES, TILE_NAMES
from engine.wire import common_pb2, puerto_rico_pb2

View = Mapping[str, Any]


class _Field:
    """One key of an event dict <-> one field of its message (subclasses: how the value converts)."""

    __slots__ = ("key", "name")

    def __init__(self, key: str, name: str | None = None) -> None:
        self.key = key
        self.name = name or key

    def put(self, msg: Any, value: Any) -> None:
        setattr(msg, self.name, value)

    def get(self, msg: Any) -> Any:
        return getattr(msg, self.name)

    def proto_fields(self) -> tuple[str, ...]:
        """The message fields this key fills."""
        return (self.name,)

    def present(self, msg: Any) -> bool:
        """True when the key belongs in the dict (optional and message fields: when set)."""
        desc = msg.DESCRIPTOR.fields_by_name[self.name]
        return not desc.has_presence or msg.HasField(self.name)


class _Int(_Field):
    """An int or a float (``double`` fields), or a bool."""


class _List(_Field):
    """A list of scalars <-> a repeated field."""

    def put(self, msg: Any, value: Any) -> None:
        getattr(msg, self.name).extend(value)

    def get(self, msg: Any) -> Any:
        return list(getattr(msg, self.name))


class _Name(_Field):
    """A name <-> a number: ``names[i]`` is ``i + offset`` (offset 1 for enums, 0 for indices)."""

    __slots__ = ("names", "numbers", "offset")

    def __init__(self, key: str, names: tuple[str, ...], offset: int, name: str | None = None) -> None:
        super().__init__(key, name)
        self.names = names
        self.offset = offset
        self.numbers = {n: i + offset for i, n in enumerate(names)}

    def put(self, msg: Any, value: Any) -> None:
        setattr(msg, self.name, self.numbers[value])

    def get(self, msg: Any) -> Any:
        return self.names[getattr(msg, self.name) - self.offset]


class _Names(_Name):
    """A list of names <-> a repeated enum or index field."""

    def put(self, msg: Any, value: Any) -> None:
        getattr(msg, self.name).extend(self.numbers[v] for v in value)

    def get(self, msg: Any) -> Any:
        return [self.names[n - self.offset] for n in getattr(msg, self.name)]


def _counts_of_map(cards: Mapping[str, int]) -> list[int]:
    counts = [0] * 5
    for name, n in cards.items():
        counts[RESOURCE_NAMES.index(name)] = n
    return counts


def _map_of_counts(counts: Any) -> dict[str, int]:
    return {RESOURCE_NAMES[r]: n for r, n in enumerate(counts) if n}


def _counts_of_text(text: str) -> list[int]:
    """``[0, 0, 1, 0, 2]`` for ``"1 wool 2 ore"`` (the engine's ``bundle_text``)."""
    counts = [0] * 5
    words = text.split()
    for i in range(0, len(words), 2):
        counts[RESOURCE_NAMES.index(words[i + 1])] += int(words[i])
    return counts


class _NamesIfAny(_Names):
    """A list of names that the engine leaves out when empty (Catan's ``produce.shortage``)."""

    def present(self, msg: Any) -> bool:
        return len(getattr(msg, self.name)) > 0


class _CardMap(_Field):
    """``{"wool": 1}`` <-> five counts (a repeated field, or a ``Cards`` message when ``boxed``)."""

    __slots__ = ("boxed",)

    def __init__(self, key: str, boxed: bool = False) -> None:
        super().__init__(key)
        self.boxed = boxed

    def put(self, msg: Any, value: Any) -> None:
        target = getattr(msg, self.name)
        (target.counts if self.boxed else target).extend(_counts_of_map(value))

    def get(self, msg: Any) -> Any:
        target = getattr(msg, self.name)
        return _map_of_counts(target.counts if self.boxed else target)


class _BoxedNames(_Name):
    """A list of names <-> a message with one repeated index field ``cards`` (a hidden part that must
    be absent, not empty, for other seats)."""

    def put(self, msg: Any, value: Any) -> None:
        getattr(msg, self.name).cards.extend(self.numbers[v] for v in value)

    def get(self, msg: Any) -> Any:
        return [self.names[n - self.offset] for n in getattr(msg, self.name).cards]


class _CardText(_Field):
    """``"1 wool 2 ore"`` <-> five counts in a repeated field."""

    def put(self, msg: Any, value: Any) -> None:
        getattr(msg, self.name).extend(_counts_of_text(value))

    def get(self, msg: Any) -> Any:
        return bundle_text(getattr(msg, self.name))


class _SeatMap(_Field):
    """``{"2": value}`` (seat keys as text) <-> ``map<int32, ...>`` through ``to_pb`` / ``from_pb``."""

    __slots__ = ("from_pb", "to_pb")

    def __init__(self, key: str, to_pb: Callable[[Any, Any], Any], from_pb: Callable[[Any], Any]) -> None:
        super().__init__(key)
        self.to_pb = to_pb
        self.from_pb = from_pb

    def put(self, msg: Any, value: Any) -> None:
        target = getattr(msg, self.name)
        for seat, item in value.items():
            self.to_pb(target, (int(seat), item))

    def get(self, msg: Any) -> Any:
        return {str(seat): self.from_pb(item) for seat, item in sorted(getattr(msg, self.name).items())}


def _set_scalar(target: Any, pair: tuple[int, Any]) -> None:
    target[pair[0]] = pair[1]


def _same(value: Any) -> Any:
    return value


def _put_cards(target: Any, pair: tuple[int, Any]) -> None:
    target[pair[0]].counts.extend(_counts_of_map(pair[1]))


def _get_cards(item: Any) -> Any:
    return _map_of_counts(item.counts)


_ANSWER_KINDS = ("accept", "counter", "reject")
"""``CatanEvent.Answers.Kind`` values 1, 2, 3."""


def _put_answer_kind(target: Any, pair: tuple[int, Any]) -> None:
    target[pair[0]] = _ANSWER_KINDS.index(pair[1]) + 1


def _get_answer_kind(item: Any) -> Any:
    return _ANSWER_KINDS[item - 1]


def _put_counter(target: Any, pair: tuple[int, Any]) -> None:
    """``"give 1 wool get 1 ore"`` (a counter-offer as the engine writes it) into a ``Counter``."""
    give, get = pair[1].removeprefix("give").split(" get ")
    counter = target[pair[0]]
    counter.give.extend(_counts_of_text(give))
    counter.get.extend(_counts_of_text(get))


def _get_counter(item: Any) -> Any:
    return f"give {bundle_text(item.give)} get {bundle_text(item.get)}"


class _ShipOn(_Field):
    """Puerto Rico's ``"on": "5"`` or ``"wharf"`` <-> the oneof ``on {capacity, wharf}``."""

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


class _BankGive(_Field):
    """Catan's bank trade ``"give": {"wool": 4}`` <-> the fields ``give`` (index) and ``count``."""

    def put(self, msg: Any, value: Any) -> None:
        ((name, count),) = value.items()
        msg.give = RESOURCE_NAMES.index(name)
        msg.count = count

    def get(self, msg: Any) -> Any:
        return {RESOURCE_NAMES[msg.give]: msg.count}

    def proto_fields(self) -> tuple[str, ...]:
        return ("give", "count")

    def present(self, msg: Any) -> bool:
        return True


class _CatanAnswer(_Field):
    """An answer's text (``accept``, ``reject``, ``counter give ... get ...``) <-> a ``CatanAction``."""

    def put(self, msg: Any, value: Any) -> None:
        target = msg.answer
        if value == "accept":
            target.accept.SetInParent()
        elif value == "reject":
            target.reject.SetInParent()
        elif value.startswith("counter give "):
            _put_counter({0: target.counter}, (0, value.removeprefix("counter ")))
        else:
            raise ValueError(f"unknown answer {value!r}")

    def get(self, msg: Any) -> Any:
        kind = msg.answer.WhichOneof("kind")
        if kind == "counter":
            return "counter " + _get_counter(msg.answer.counter)
        return str(kind)


_PR_TILES = TILE_NAMES
_PR_GOODS = GOOD_NAMES
_PR_BUILDINGS = tuple(b.name for b in BUILDINGS)
_PR_ROLES = ROLE_TILE_NAMES
"""Role tile names by tile id (the engine's table; the ``role`` event carries the tile id)."""


def _good(key: str = "good") -> _Name:
    return _Name(key, _PR_GOODS, 1)


def _tile() -> _Name:
    return _Name("tile", _PR_TILES, 1)


def _building() -> _Name:
    return _Name("building", _PR_BUILDINGS, 1)


def _resource(key: str) -> _Name:
    return _Name(key, RESOURCE_NAMES, 0)


def _helper(key: str) -> _Name:
    return _Name(key, HELPER_NAMES, 0)


SEAT = _Int("seat")

PUERTO_RICO: dict[str, tuple[_Field, ...]] = {
    "role": (SEAT, _Name("role", _PR_ROLES, 0), _Int("doubloons")),
    "round": (_Int("round"), _Int("governor")),
    "game_over": (_Int("round"), _List("scores")),
    "settle": (SEAT, _tile()),
    "hacienda": (SEAT, _tile()),
    "hospice": (SEAT, _tile()),
    "row": (_Names("row", _PR_TILES, 1),),
    "reshuffle": (_Int("deck"),),
    "privilege": (SEAT,),
    "colonists": (_List("received"),),
    "ship_refill": (_Int("colonists"),),
    "build": (SEAT, _building(), _Int("paid")),
    "university": (SEAT, _building()),
    "produce": (SEAT, _List("goods"), _Int("factory")),
    "extra": (SEAT, _good()),
    "sell": (SEAT, _good(), _Int("doubloons")),
    "house_emptied": (),
    "ship": (SEAT, _good(), _Int("barrels"), _ShipOn("on"), _Int("vp")),
    "warehouse": (SEAT, _good()),
    "keep": (SEAT, _good()),
    "ships_emptied": (_List("ships"),),
    "prospector": (SEAT, _Int("doubloons")),
    "end_trigger": (
        _Name("reason", ("city", "vp_chips", "colonists"), 1),
        SEAT,
        _Int("supply"),
        _Int("needed"),
    ),
}
"""Puerto Rico event kinds and their field codecs, in ``PuertoRicoEvent`` order."""

CATAN: dict[str, tuple[_Field, ...]] = {
    "settle": (SEAT, _Int("corner")),
    "road": (SEAT, _Int("edge"), _List("corners")),
    "city": (SEAT, _Int("corner")),
    "starting_resources": (SEAT, _CardMap("cards")),
    "turn": (SEAT, _Int("turn")),
    "turn_cap": (_Int("turn"),),
    "dice": (SEAT, _List("dice"), _Int("sum")),
    "produce": (_SeatMap("paid", _put_cards, _get_cards), _NamesIfAny("shortage", RESOURCE_NAMES, 0)),
    "must_discard": (_SeatMap("owed", _set_scalar, _same),),
    "discard": (SEAT, _Int("count"), _CardMap("cards", boxed=True)),
    "robber": (SEAT, _Int("hex"), _Int("victim")),
    "steal": (_Int("thief"), _Int("victim"), _Int("count"), _resource("resource")),
    "buy_dev": (SEAT, _Int("deck"), _Name("card", DEV_NAMES, 0)),
    "play": (SEAT, _Name("card", DEV_NAMES, 0)),
    "year_of_plenty": (SEAT, _Names("cards", RESOURCE_NAMES, 0)),
    "monopoly": (SEAT, _resource("resource"), _SeatMap("given", _set_scalar, _same)),
    "longest_road": (SEAT, _Int("previous"), _Int("length")),
    "largest_army": (SEAT, _Int("previous"), _Int("knights")),
    "victory": (SEAT, _Int("points"), _Int("vp_cards")),
    "bank_trade": (SEAT, _BankGive("give"), _resource("get")),
    "offer": (SEAT, _CardText("give"), _CardText("get"), _List("to")),
    "answer": (SEAT, _CatanAnswer("answer")),
    "answers": (
        _SeatMap("answers", _put_answer_kind, _get_answer_kind),
        _SeatMap("details", _put_counter, _get_counter),
    ),
    "withdraw": (SEAT,),
    "trade": (SEAT, _Int("with", "partner"), _CardText("gets"), _CardText("gives")),
    "special_build": (SEAT,),
    "partner": (SEAT, _Int("settler")),
    "helper_taken": (SEAT, _helper("helper")),
    "helper_display": (_Names("display", HELPER_NAMES, 0),),
    "helper_keep": (SEAT, _helper("helper")),
    "helper_exchange": (SEAT, _helper("returned"), _helper("taken")),
    "candamir": (SEAT, _CardMap("paid"), _Int("drawn"), _BoxedNames("cards", DEV_NAMES, 0)),
    "candamir_keep": (SEAT, _Int("deck"), _Name("card", DEV_NAMES, 0)),
    "hilde": (SEAT, _Int("victim"), _Int("count"), _CardMap("hand", boxed=True)),
    "hilde_take": (SEAT, _Int("victim"), _resource("resource")),
    "jean": (SEAT, _resource("resource")),
    "lin": (SEAT, _Int("vacated"), _Int("hex"), _resource("resource")),
    "louis": (SEAT, _Int("edge"), _List("corners")),
    "marianne": (SEAT, _resource("resource")),
    "nassir": (SEAT, _resource("resource"), _List("asked"), _List("gave")),
    "nassir_give": (SEAT, _Int("to"), _resource("resource")),
    "sean": (SEAT, _resource("resource")),
    "vincent": (SEAT, _Int("knights")),
    "william": (SEAT, _CardMap("paid")),
}
"""Catan event kinds and their field codecs, in ``CatanEvent`` order."""


EVENT_KINDS: dict[str, tuple[str, dict[str, tuple[_Field, ...]]]] = {
    "puerto-rico": ("puerto_rico", PUERTO_RICO),
    "catan": ("catan", CATAN),
}
"""Per game id: the field of ``Event.typed`` and the kinds it knows."""

FORCED = (SEAT, _Field("action"))
"""The referee's own ``forced`` event (``ForcedEvent``), in every game."""


_Kind = tuple[tuple[_Field, ...], frozenset[str]]
"""An event kind's field codecs, and the keys they know with ``kind`` (a view with any other key stays
untyped)."""


def _kind(fields: tuple[_Field, ...]) -> _Kind:
    return fields, frozenset(f.key for f in fields) | {"kind"}


_FORCED_KIND = _kind(FORCED)
_TO_TYPED: dict[str, tuple[str, dict[str, _Kind]]] = {
    game_id: (typed_field, {kind: _kind(fields) for kind, fields in kinds.items()})
    for game_id, (typed_field, kinds) in EVENT_KINDS.items()
}
""":data:`EVENT_KINDS` with each kind's keys, for :func:`typed_event`."""
_FROM_TYPED: dict[str, dict[str, tuple[_Field, ...]]] = {
    typed_field: kinds for typed_field, kinds in EVENT_KINDS.values()
}
"""The kinds of :data:`EVENT_KINDS` by field of ``Event.typed``, for :func:`view_of_typed`."""


def typed_event(view: View, game_id: str, out: common_pb2.Event) -> None:
    """Fill ``out.typed`` from an event view; ``out.typed`` stays unset when the view has no typed form."""
    kind = view.get("kind")
    try:
        if kind == "forced":
            _put(out.forced, _FORCED_KIND, view)
            return
        spec = _TO_TYPED.get(game_id)
        if spec is None or kind not in spec[1]:
            return
        _put(getattr(getattr(out, spec[0]), str(kind)), spec[1][str(kind)], view)
    except (AttributeError, TypeError, ValueError, KeyError, IndexError):
        out.ClearField("typed")


def _put(msg: Message, codecs: _Kind, view: View) -> None:
    fields, keys = codecs
    if not keys.issuperset(view):
        raise KeyError(f"{sorted(set(view) - keys)}: keys without a typed field")
    msg.SetInParent()
    for f in fields:
        value = view.get(f.key)
        if value is not None:
            f.put(msg, value)


def view_of_typed(event: common_pb2.Event) -> dict[str, Any] | None:
    """The event view a typed event stands for (the inverse of :func:`typed_event`); None if untyped."""
    which = event.WhichOneof("typed")
    if which is None:
        return None
    if which == "forced":
        return _get("forced", event.forced, FORCED)
    game = getattr(event, which)
    kind = game.WhichOneof("kind")
    if kind is None:
        return None
    return _get(kind, getattr(game, kind), _FROM_TYPED[which][kind])


def _get(kind: str, msg: Message, fields: tuple[_Field, ...]) -> dict[str, Any]:
    view: dict[str, Any] = {"kind": kind}
    for f in fields:
        if f.present(msg):
            view[f.key] = f.get(msg)
    return view


_PR_DETAIL_KEYS = ("tiebreak", "chips", "building_vp", "bonus_vp", "rounds")


def typed_details(details: Mapping[str, Any], game_id: str, out: common_pb2.Result) -> None:
    """Fill ``out.typed_details`` for a game with a typed breakdown, when the details are complete."""
    if game_id != "puerto-rico" or set(details) != set(_PR_DETAIL_KEYS):
        return
    target: puerto_rico_pb2.PuertoRicoResultDetails = out.puerto_rico
    try:
        for key in _PR_DETAIL_KEYS[:4]:
            getattr(target, key).extend(details[key])
        target.rounds = details["rounds"]
    except (TypeError, ValueError):
        out.ClearField("typed_details")


def details_of_typed(msg: common_pb2.Result) -> dict[str, Any] | None:
    """The details dict a typed breakdown stands for, or None when there is none."""
    if msg.WhichOneof("typed_details") != "puerto_rico":
        return None
    pr = msg.puerto_rico
    details: dict[str, Any] = {key: list(getattr(pr, key)) for key in _PR_DETAIL_KEYS[:4]}
    details["rounds"] = pr.rounds
    return details
