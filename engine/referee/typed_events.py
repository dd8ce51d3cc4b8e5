"""Typed events and result details: event views (``Event.view(seat)`` dicts) <-> ``Event.typed``.

Split from :mod:`engine.referee.convert` (which calls it) to keep both modules short (HS-11). Each game's
table lives in its own module of :mod:`engine.referee.games` (``GameWire.events``): each event kind
maps to one message of the game's ``*Event`` oneof (the oneof field is named after the kind), and each
key of the event's dict to one field through a field codec (:mod:`engine.referee.fields`). A key absent
from the view (a hidden part, or a field the engine writes only sometimes) leaves its field unset, and
an unset optional field gives no key back, so :func:`view_of_typed` gives back the view
:func:`typed_event` was given (the tests check it over whole matches).

Design detail: an event kind without a typed message, a key without a typed field, or a value the
codec cannot read leaves the typed field unset (never half filled): the event still travels as JSON,
and the tests, which require every event of whole matches to round-trip, fail.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from google.protobuf.message import Message

from engine.referee.fields import SEAT, Field, View
from engine.referee.games import wire_by_field, wire_for
from engine.wire import common_pb2

FORCED = (SEAT, Field("action"))
"""The referee's own ``forced`` event (``ForcedEvent``), in every game."""


_Kind = tuple[tuple[Field, ...], frozenset[str]]
"""An event kind's field codecs, and the keys they know with ``kind`` (a view with any other key stays
untyped)."""


def _kind(fields: tuple[Field, ...]) -> _Kind:
    return fields, frozenset(f.key for f in fields) | {"kind"}


_FORCED_KIND = _kind(FORCED)


@functools.cache
def _kinds_of(game_id: str) -> tuple[str, dict[str, _Kind]] | None:
    """The game's typed field and its event kinds with their keys, or None for an untyped game."""
    wire = wire_for(game_id)
    if wire is None:
        return None
    return wire.typed_field, {kind: _kind(fields) for kind, fields in wire.events.items()}


def typed_event(view: View, game_id: str, out: common_pb2.Event) -> None:
    """Fill ``out.typed`` from an event view; ``out.typed`` stays unset when the view has no typed form."""
    kind = view.get("kind")
    try:
        if kind == "forced":
            _put(out.forced, _FORCED_KIND, view)
            return
        spec = _kinds_of(game_id)
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
    wire = wire_by_field(which)
    if kind is None or wire is None or kind not in wire.events:
        return None
    return _get(kind, getattr(game, kind), wire.events[kind])


def _get(kind: str, msg: Message, fields: tuple[Field, ...]) -> dict[str, Any]:
    view: dict[str, Any] = {"kind": kind}
    for f in fields:
        if f.present(msg):
            view[f.key] = f.get(msg)
    return view


def typed_details(details: Mapping[str, Any], game_id: str, out: common_pb2.Result) -> None:
    """Fill ``out.typed_details`` for a game with a typed breakdown, when the details are complete."""
    wire = wire_for(game_id)
    if wire is not None and wire.details_to_pb is not None:
        wire.details_to_pb(details, out)


def details_of_typed(msg: common_pb2.Result) -> dict[str, Any] | None:
    """The details dict a typed breakdown stands for, or None when there is none."""
    which = msg.WhichOneof("typed_details")
    wire = wire_by_field(which) if which is not None else None
    if wire is None or wire.details_from_pb is None:
        return None
    return wire.details_from_pb(msg)
