"""Decision requests as wire bytes, assembled from cached pieces (the referee's hot path).

:func:`decision_request_bytes` writes the same bytes as
``convert.decision_request(...).SerializeToString()`` (a test checks it over whole matches), but reuses
the serialized form of each legal action and family, and writes the observation JSON and the small
fields directly, so a request costs a fraction of building the message.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.core.action import Action, ActionFamily
from engine.core.observation import Observation
from engine.referee.convert import (
    MAX_CACHED_ACTIONS,
    ActionCodec,
    codec_for,
    event_to_pb,
    family_to_pb,
    observation_to_pb,
)
from engine.referee.games import wire_for
from engine.referee.json_encoders import JsonMemo, observation_utf8
from engine.referee.jsontext import dumps_utf8


def _varint(value: int) -> bytes:
    """The protobuf base-128 varint of a non-negative integer.

    Design detail: a request's deadline and time bank (5,000 and 30,000 ms by default) are past the
    table, so the two- and three-byte forms are written directly rather than in a loop."""
    if value < _SMALL:
        return _SMALL_VARINTS[value]
    if value < 0x4000:
        return bytes((value & 0x7F | 0x80, value >> 7))
    if value < 0x200000:
        return bytes((value & 0x7F | 0x80, value >> 7 & 0x7F | 0x80, value >> 14))
    return _encode_varint(value)


def _encode_varint(value: int) -> bytes:
    out = bytearray()
    while value >= 0x80:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


_SMALL = 1 << 12
_SMALL_VARINTS = [_encode_varint(n) for n in range(_SMALL)]
"""Varints of 0..4095: every index and most lengths of a request."""


def _len_field(tag: bytes, payload: bytes) -> bytes:
    """A length-delimited field (string, bytes or message) with its tag byte."""
    return tag + _varint(len(payload)) + payload


def _str_field(tag: bytes, text: str) -> bytes:
    return _len_field(tag, text.encode()) if text else b""


def _int_field(tag: bytes, value: int) -> bytes:
    return tag + _varint(value) if value else b""


_LEGAL_BODIES: dict[str, dict[Action, bytes]] = {}
"""Serialized ``LegalAction.action`` fields (tag, length, ``Action``) by game id, then by action."""
_MAX_LEGAL_BODIES = MAX_CACHED_ACTIONS
"""At most this many actions are cached per game (a bound on memory)."""
_FAMILIES: dict[ActionFamily, bytes] = {}
_LISTS: dict[str, dict[tuple[Action, ...], bytes]] = {}
"""The serialized ``legal`` fields of a whole list of legal actions, by game id, then by the list."""
_MAX_LISTS = 4096
"""At most this many lists are kept per game; a full cache starts over (a bound on memory)."""
_FAMILY_LISTS: dict[tuple[ActionFamily, ...], bytes] = {}


def _legal_body(action: Action, codec: ActionCodec | None, bodies: dict[Action, bytes]) -> bytes:
    """The serialized ``LegalAction.action`` field of ``action``, remembered in ``bodies`` (its game's)."""
    data = (
        codec.to_pb(action).SerializeToString() if codec is not None else _str_field(b"\x0a", action.text())
    )
    body = _len_field(b"\x12", data)
    if len(bodies) < _MAX_LEGAL_BODIES:
        bodies[action] = body
    return body


def _family_bytes(family: ActionFamily) -> bytes:
    data = _FAMILIES.get(family)
    if data is None:
        data = _FAMILIES[family] = family_to_pb(family).SerializeToString()
    return data


def _legal_list(game_id: str, legal: tuple[Action, ...]) -> bytes:
    """The ``legal`` fields of a request listing ``legal``, in order.

    Design detail: a seat is offered the same few lists again and again (the roles, pass and the same
    builds; the same corners and edges), so a whole list's fields are kept by the list, and a request
    that repeats one costs a single lookup instead of one per action. The bytes are a function of
    the actions alone, whoever is asked.
    """
    lists = _LISTS.get(game_id)
    if lists is None:
        lists = _LISTS[game_id] = {}
    listed = lists.get(legal)
    if listed is not None:
        return listed
    codec = codec_for(game_id)
    bodies = _LEGAL_BODIES.get(game_id)
    if bodies is None:
        bodies = _LEGAL_BODIES[game_id] = {}
    parts = []
    for index, action in enumerate(legal):
        body = bodies.get(action) or _legal_body(action, codec, bodies)
        parts.append(_len_field(b"\x3a", b"\x08" + _varint(index) + body if index else body))
    listed = b"".join(parts)
    if len(lists) >= _MAX_LISTS:
        lists.clear()
    lists[legal] = listed
    return listed


def _family_list(families: tuple[ActionFamily, ...]) -> bytes:
    """The ``families`` fields of a request offering ``families``, kept by the list as
    :func:`_legal_list` keeps the actions'."""
    listed = _FAMILY_LISTS.get(families)
    if listed is None:
        listed = b"".join(_len_field(b"\x42", _family_bytes(f)) for f in families)
        if len(_FAMILY_LISTS) >= _MAX_LISTS:
            _FAMILY_LISTS.clear()
        _FAMILY_LISTS[families] = listed
    return listed


_KIND_FIELDS: dict[str, bytes] = {}
"""The serialized ``Event.kind`` field of each event kind seen (a game has a few dozen kinds)."""
_MAX_KINDS = 1024


def events_fields(events: Iterable[Mapping[str, Any]]) -> bytes:
    """The ``events`` fields of a request: ``event_to_pb(e).SerializeToString()`` of each event ``e``,
    tagged and length-prefixed.

    Design detail: a Catan request carries eight events on average, so each is written in one step
    (its kind's field taken from a table, one JSON encoding, the lengths prefixed) rather than through
    a helper per field.
    """
    out: list[bytes] = []
    for event in events:
        kind = event.get("kind", "")
        head = _KIND_FIELDS.get(kind) if type(kind) is str else None
        if head is None:
            kind = str(kind)
            head = _str_field(b"\x0a", kind)
            if len(_KIND_FIELDS) < _MAX_KINDS:
                _KIND_FIELDS[kind] = head
        body = dumps_utf8(event)
        size = len(body)
        length = _SMALL_VARINTS[size] if size < _SMALL else _encode_varint(size)
        inner = len(head) + 1 + len(length) + size
        out += (
            b"\x32",
            _SMALL_VARINTS[inner] if inner < _SMALL else _encode_varint(inner),
            head,
            b"\x12",
            length,
            body,
        )
    return b"".join(out)


def decision_request_bytes(
    *,
    match_id: str,
    request_id: int,
    seat: int,
    ply: int,
    game_id: str,
    observation: Observation | None,
    events: Iterable[Mapping[str, Any]],
    legal: Sequence[Action],
    families: Sequence[ActionFamily],
    deadline_ms: int,
    time_bank_ms: int,
    forced: bool,
    typed_observation: bool = False,
    typed_events: bool = False,
    memo: JsonMemo | None = None,
    observation_json: bytes | None = None,
) -> bytes:
    """:func:`decision_request` serialized, written field by field from cached parts.

    Design detail: a request is mostly the same few lists of actions and families again and again, so
    their serialized forms are cached and the message is concatenated (protobuf fields may be written in
    any order; these go in field-number order, as the protobuf library writes them). The bytes parse
    to a message equal to :func:`decision_request`'s (a test checks it on whole matches). ``memo`` is
    the match's :class:`JsonMemo`: the observation's unchanged parts are not written again;
    ``observation_json`` is the observation's text when the game wrote it straight from the position
    (:meth:`~engine.core.view.DecisionView.observation_json`; ``observation`` is then None). The
    pieces are gathered in one list and joined once, the lengths of the nested messages (the request,
    its observation) summed from them rather than from a joined copy.
    """
    varint = _varint
    if observation_json is not None:
        data = observation_json
        length = varint(len(data))
        obs = [b"\x2a", varint(1 + len(length) + len(data)), b"\x0a", length, data]
    elif typed_observation and wire_for(game_id) is not None:
        assert observation is not None
        data = observation_to_pb(observation, game_id, True).SerializeToString()
        obs = [b"\x2a", varint(len(data)), data]
    else:
        assert observation is not None
        data = observation_utf8(observation, memo)
        length = varint(len(data))
        obs = [b"\x2a", varint(1 + len(length) + len(data)), b"\x0a", length, data]
    head = _MATCH_FIELDS.get(match_id)
    if head is None:
        head = _str_field(b"\x0a", match_id)
        if len(_MATCH_FIELDS) >= _MAX_LISTS:
            _MATCH_FIELDS.clear()
        _MATCH_FIELDS[match_id] = head
    parts = [b"", b"", head]
    if request_id:
        parts += (b"\x10", varint(request_id))
    if seat:
        parts += (b"\x18", varint(seat))
    if ply:
        parts += (b"\x20", varint(ply))
    parts += obs
    if typed_events:
        for e in events:
            parts.append(_len_field(b"\x32", event_to_pb(e, game_id, True).SerializeToString()))
    elif events:
        parts.append(events_fields(events))
    parts.append(_legal_list(game_id, legal if type(legal) is tuple else tuple(legal)))
    if families:
        parts.append(_family_list(families if type(families) is tuple else tuple(families)))
    if deadline_ms:
        parts += (b"\x48", varint(deadline_ms))
    if time_bank_ms:
        parts += (b"\x50", varint(time_bank_ms))
    if forced:
        parts.append(b"\x58\x01")
    parts[0] = b"\x1a"
    parts[1] = varint(sum(map(len, parts)) - 1)
    return b"".join(parts)


_MATCH_FIELDS: dict[str, bytes] = {}
"""The serialized ``match_id`` field of each match id seen (a bound on memory: starts over when full)."""
