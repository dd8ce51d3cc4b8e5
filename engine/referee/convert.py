"""Conversions between engine values and wire messages: the only module that imports both (HS-19).

Every game travels through the generic fields (action text, observation and events as JSON). A game
with a typed contract has a module in :mod:`engine.referee.games` (its ``GameWire``): its actions are
frozen dataclasses whose class names, field names and enum member names match the messages of its
``.proto`` file one to one
(``Ship(kind=Good.CORN, capacity=5)`` <-> ``PuertoRicoAction{ship{kind: PUERTO_RICO_GOOD_CORN,
capacity: 5}}``), so one reflective codec serves every game and a mismatch is caught by the round-trip
tests over all legal actions.

Design detail: a game whose typed codec is missing or fails on a value still works: the typed field is
left empty and the text carries the action. Typed events and result details are in
:mod:`engine.referee.typed_events`.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import importlib
import re
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from google.protobuf.message import Message

from engine.core.action import Action, ActionFamily, check_fields
from engine.core.game import Game, GameRef
from engine.core.observation import Observation, field_names, to_jsonable
from engine.core.result import Fault, FaultKind, Result, Termination
from engine.referee import jsontext
from engine.referee import typed_events as _typed
from engine.referee.games import wire_for
from engine.referee.json_encoders import encoder_for
from engine.referee.json_encoders import observation_json as observation_json  # part of this module's API
from engine.wire import common_pb2, referee_pb2

_TERMINATION_TO_PB = {
    Termination.VICTORY: common_pb2.TERMINATION_VICTORY,
    Termination.TURN_CAP: common_pb2.TERMINATION_TURN_CAP,
    Termination.FORFEIT: common_pb2.TERMINATION_FORFEIT,
    Termination.ABORTED: common_pb2.TERMINATION_ABORTED,
}
_TERMINATION_FROM_PB = {v: k for k, v in _TERMINATION_TO_PB.items()}
_FAULT_TO_PB = {
    FaultKind.TIMEOUT: common_pb2.FAULT_KIND_TIMEOUT,
    FaultKind.ILLEGAL: common_pb2.FAULT_KIND_ILLEGAL,
    FaultKind.MALFORMED: common_pb2.FAULT_KIND_MALFORMED,
    FaultKind.CRASH: common_pb2.FAULT_KIND_CRASH,
    FaultKind.DISCONNECT: common_pb2.FAULT_KIND_DISCONNECT,
}
_FAULT_FROM_PB = {v: k for k, v in _FAULT_TO_PB.items()}


# -- typed per-game codecs -----------------------------------------------------------------------------


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


MAX_CACHED_ACTIONS = 10_000
"""At most this many converted actions are kept per game. The actions a game lists are a few thousand
at most (Catan's corners, edges, trades); values of an open family (a default discard) vary without
end and would otherwise fill memory."""


@dataclass(slots=True)
class ActionCodec:
    """Reflective codec between one game's action dataclasses and its typed action message."""

    game_id: str
    typed_field: str
    classes: dict[str, type[Action]] = field(default_factory=dict)
    """Action class by oneof field name (the class name in snake_case)."""
    cache: dict[Action, common_pb2.Action] = field(default_factory=dict)
    """Converted actions: games reuse their action values, so most conversions are a lookup."""
    hints: dict[type[Action], dict[str, Any]] = field(default_factory=dict)

    @classmethod
    def load(cls, game_id: str) -> ActionCodec | None:
        spec = wire_for(game_id)
        if spec is None:
            return None
        try:
            modules = [importlib.import_module(name) for name in spec.actions_modules]
        except ImportError:
            return None
        codec = cls(game_id, spec.typed_field)
        for module in modules:
            for value in vars(module).values():
                if (
                    isinstance(value, type)
                    and issubclass(value, Action)
                    and dataclasses.is_dataclass(value)
                    and value.__module__ == module.__name__
                ):
                    codec.classes[_snake(value.__name__)] = value
        return codec

    def to_pb(self, action: Action) -> common_pb2.Action:
        """The wire form of ``action``: text, plus the typed form when the codec knows the kind."""
        cached = self.cache.get(action)
        if cached is not None:
            return cached
        out = common_pb2.Action(text=action.text())
        try:
            typed = getattr(out, self.typed_field)
            name = _snake(type(action).__name__)
            if name in typed.DESCRIPTOR.fields_by_name:
                _fill(getattr(typed, name), action)
        except (AttributeError, TypeError, ValueError, KeyError):
            out = common_pb2.Action(text=action.text())
        if len(self.cache) < MAX_CACHED_ACTIONS:
            self.cache[action] = out
        return out

    def from_pb(self, typed: Message) -> Action:
        """The action of a typed message; raises ``ValueError`` (``MalformedAction`` for a field out of
        its range) when it cannot be read."""
        kind = typed.WhichOneof("kind")
        if kind is None:
            raise ValueError("typed action with no kind set")
        cls = self.classes.get(kind)
        if cls is None:
            raise ValueError(f"action kind {kind!r} is not known to the engine")
        hints = self.hints.get(cls)
        if hints is None:
            hints = typing.get_type_hints(cls)
            self.hints[cls] = hints
        body = getattr(typed, kind)
        kwargs = {
            f.name: _read(getattr(body, f.name), hints.get(f.name), body.DESCRIPTOR.fields_by_name[f.name])
            for f in dataclasses.fields(cls)  # type: ignore[arg-type]
        }
        # Design detail: the fields are checked on a bare instance before the class's constructor
        # sees them, since a constructor may intern its values (Catan keeps one object per value):
        # a bot's arbitrary numbers must not grow that table beyond the declared ranges.
        probe: Action = object.__new__(cls)
        cls.__init__(probe, **kwargs)
        check_fields(probe)
        return cls(**kwargs)


def _fill(msg: Message, value: Any) -> None:
    """Copy a dataclass (by field name) or a tuple (by field order) into a message, recursively.

    Enums go by member name, ``None`` leaves an optional field unset, tuples of scalars fill repeated
    fields, tuples of values fill repeated messages. Fields the message lacks are skipped (the JSON
    form still carries them).
    """
    msg.SetInParent()
    fields_by_name = msg.DESCRIPTOR.fields_by_name
    names = field_names(type(value))
    if names is not None:
        pairs: Iterable[tuple[str, Any]] = ((name, getattr(value, name)) for name in names)
    elif isinstance(value, tuple | list):
        pairs = zip([f.name for f in msg.DESCRIPTOR.fields], value, strict=False)
    else:
        raise TypeError(f"cannot send a {type(value).__name__} as a message")
    for name, item in pairs:
        desc = fields_by_name.get(name)
        if desc is None or item is None:
            continue
        if _is_repeated(desc):
            target = getattr(msg, name)
            if desc.message_type is not None:
                for element in item:
                    _fill(target.add(), element)
            elif desc.enum_type is not None:
                target.extend(_enum_number(desc.enum_type, e) for e in item)
            else:
                target.extend(item)
        elif desc.message_type is not None:
            _fill(getattr(msg, name), item)
        elif isinstance(item, enum.Enum) and desc.enum_type is not None:
            setattr(msg, name, _enum_number(desc.enum_type, item))
        elif isinstance(item, enum.IntEnum):  # an index field (C&K's progress cards are an IntEnum)
            setattr(msg, name, int(item))
        else:
            setattr(msg, name, item)


def _is_repeated(desc: Any) -> bool:
    flag = getattr(desc, "is_repeated", None)
    if flag is not None:
        return bool(flag)
    return bool(desc.label == desc.LABEL_REPEATED)


_ENUM_CACHE: dict[tuple[str, str], int] = {}


def _prefix(enum_desc: Any) -> str:
    """``PUERTO_RICO_GOOD_`` for ``PuertoRicoGood``: the name of value 0 without ``UNSPECIFIED``."""
    zero: str = enum_desc.values_by_number[0].name
    return zero.removesuffix("UNSPECIFIED")


def _enum_number(enum_desc: Any, member: enum.Enum) -> int:
    key = (enum_desc.full_name, member.name)
    number = _ENUM_CACHE.get(key)
    if number is None:
        value = enum_desc.values_by_name.get(_prefix(enum_desc) + member.name)
        if value is None:
            raise ValueError(f"{enum_desc.full_name} has no value for {member.name}")
        number = int(value.number)
        _ENUM_CACHE[key] = number
    return number


def _read(value: Any, hint: Any, desc: Any) -> Any:
    if _is_repeated(desc):
        return tuple(value)
    if isinstance(hint, type) and issubclass(hint, enum.Enum) and desc.enum_type is not None:
        name = desc.enum_type.values_by_number.get(value)
        member_name = name.name.removeprefix(_prefix(desc.enum_type)) if name is not None else ""
        try:
            return hint[member_name]
        except KeyError:
            raise ValueError(f"{value} is not a value of {desc.enum_type.name}") from None
    return value


_CODECS: dict[str, ActionCodec | None] = {}


def codec_for(game_id: str) -> ActionCodec | None:
    """The typed action codec of a game, or None when the game travels as text only."""
    if game_id not in _CODECS:
        _CODECS[game_id] = ActionCodec.load(game_id)
    return _CODECS[game_id]


# -- engine -> wire ------------------------------------------------------------------------------------


def game_ref_to_pb(ref: GameRef) -> common_pb2.GameRef:
    """The wire form of a game reference."""
    out = common_pb2.GameRef(
        game=ref.game,
        variant=ref.variant,
        players=ref.players,
        rules_version=ref.rules_version,
        canonical=ref.canonical(),
    )
    for name, value in ref.options:
        option = out.options.add(name=name)
        if isinstance(value, bool):
            option.bool_value = value
        elif isinstance(value, int):
            option.int_value = value
        else:
            option.string_value = str(value)
    return out


def game_ref_from_pb(msg: common_pb2.GameRef) -> GameRef:
    """The engine's game reference from its wire form."""
    options: list[tuple[str, bool | int | str]] = []
    for option in msg.options:
        which = option.WhichOneof("value")
        value: bool | int | str = getattr(option, which) if which else ""
        options.append((option.name, value))
    return GameRef(msg.game, msg.variant, msg.players, tuple(sorted(options)), msg.rules_version)


def action_to_pb(action: Action, game_id: str) -> common_pb2.Action:
    """The wire form of an action (typed form included when the game has a codec)."""
    codec = codec_for(game_id)
    if codec is None:
        return common_pb2.Action(text=action.text())
    return codec.to_pb(action)


def family_to_pb(family: ActionFamily) -> common_pb2.ActionFamily:
    return common_pb2.ActionFamily(name=family.name, syntax=family.syntax, description=family.description)


def event_to_pb(event: Mapping[str, Any], game_id: str = "", typed: bool = False) -> common_pb2.Event:
    """An event as one seat sees it (``Event.view(seat)``) in wire form: JSON always, and the typed
    form too when asked (``Hello.typed_events``) and the kind has one (:mod:`.typed_events`)."""
    out = common_pb2.Event(kind=str(event.get("kind", "")), json=jsontext.dumps(event))
    if typed:
        _typed.typed_event(event, game_id, out)
    return out


def event_from_pb(msg: common_pb2.Event) -> dict[str, Any]:
    """The event view of a wire event: from its typed form when set, else from its JSON."""
    view = _typed.view_of_typed(msg)
    if view is not None:
        return view
    data: dict[str, Any] = jsontext.loads(msg.json) if msg.json else {"kind": msg.kind}
    return data


def observation_to_pb(observation: Observation, game_id: str, typed: bool = False) -> common_pb2.Observation:
    """An observation in wire form: JSON always, the typed form too when asked and the game has one."""
    out = common_pb2.Observation(json=observation_json(observation))
    spec = wire_for(game_id) if typed else None
    if spec is not None:
        try:
            _fill(getattr(out, spec.typed_field), observation)
        except (AttributeError, TypeError, ValueError, KeyError):
            out.ClearField("typed")
    return out


@functools.lru_cache(maxsize=64)
def board_to_pb(tables: object | None, game_id: str) -> common_pb2.Board:
    """A match's static tables (``State.static_tables()``, hashable frozen dataclasses) in wire form:
    JSON always, and the typed form when the game has one (``MatchStart.board``). None (a game without
    tables) gives ``{}``. The message is shared between calls with equal tables: copy it, never change
    it. (Seat rotations of one seed and every Puerto Rico match of a player count share their tables.)"""
    if tables is None:
        return common_pb2.Board(json="{}")
    encode = encoder_for(type(tables))
    out = common_pb2.Board(json=encode(tables) if encode is not None else jsontext.dumps(to_jsonable(tables)))
    spec = wire_for(game_id)
    if spec is not None:
        try:
            _fill(getattr(out, spec.typed_field), tables)
        except (AttributeError, TypeError, ValueError, KeyError):
            out.ClearField("typed")
    return out


def fault_to_pb(fault: Fault) -> common_pb2.Fault:
    return common_pb2.Fault(
        seat=fault.seat,
        kind=_FAULT_TO_PB[fault.kind],
        message=fault.message,
        ply=fault.ply,
        strike=fault.strike,
    )


def fault_from_pb(msg: common_pb2.Fault) -> Fault:
    return Fault(msg.seat, _FAULT_FROM_PB[msg.kind], msg.message, msg.ply, msg.strike)


def result_to_pb(result: Result, game_id: str = "") -> common_pb2.Result:
    """The wire form of a result; the typed breakdown too when the game (``game_id``) has one."""
    details = dict(result.details)
    out = common_pb2.Result(
        places=list(result.places),
        scores=list(result.scores),
        termination=_TERMINATION_TO_PB[result.termination],
        forfeits=list(result.forfeits),
        faults=[fault_to_pb(f) for f in result.faults],
        details_json=jsontext.dumps(details),
    )
    if details:
        _typed.typed_details(details, game_id, out)
    return out


def result_from_pb(msg: common_pb2.Result) -> Result:
    """The engine's result from its wire form (equal to the original)."""
    details = jsontext.loads(msg.details_json) if msg.details_json else {}
    return Result(
        places=tuple(msg.places),
        scores=tuple(msg.scores),
        termination=_TERMINATION_FROM_PB[msg.termination],
        forfeits=tuple(msg.forfeits),
        faults=tuple(fault_from_pb(f) for f in msg.faults),
        details=tuple(details.items()),
    )


def decision_request(
    *,
    match_id: str,
    request_id: int,
    seat: int,
    ply: int,
    game_id: str,
    observation: Observation,
    events: Iterable[Mapping[str, Any]],
    legal: Sequence[Action],
    families: Sequence[ActionFamily],
    deadline_ms: int,
    time_bank_ms: int,
    forced: bool,
    typed_observation: bool = False,
    typed_events: bool = False,
) -> referee_pb2.RefereeMessage:
    """A decision request message for one seat."""
    msg = referee_pb2.RefereeMessage()
    req = msg.decision
    req.match_id = match_id
    req.request_id = request_id
    req.seat = seat
    req.ply = ply
    req.observation.CopyFrom(observation_to_pb(observation, game_id, typed_observation))
    req.events.extend(event_to_pb(e, game_id, typed_events) for e in events)
    codec = codec_for(game_id)
    for index, action in enumerate(legal):
        item = req.legal.add(index=index)
        if codec is None:
            item.action.text = action.text()
        else:
            item.action.CopyFrom(codec.to_pb(action))
    req.families.extend(family_to_pb(f) for f in families)
    req.deadline_ms = deadline_ms
    req.time_bank_ms = time_bank_ms
    req.forced = forced
    return msg


MAX_FAILURE_TEXT = 300
"""How much of a bot's own failure text (``Answer.failure``) a fault keeps."""


class BotFailure(Exception):
    """A bot's answer that says it has none (``Answer.failure``): its code raised (a CRASH fault) or
    gave something that is not an answer (MALFORMED)."""

    def __init__(self, failure: referee_pb2.Failure) -> None:
        self.kind = FaultKind.CRASH if failure.raised else FaultKind.MALFORMED
        text = " ".join(failure.message.split())[:MAX_FAILURE_TEXT] or "(no reason given)"
        super().__init__(f"the bot could not answer: {text}")


def answer_to_engine(answer: referee_pb2.Answer, game: Game) -> Action | str | int:
    """What a bot answered, as the match loop takes it: an index, an action, or an action text.

    The loop validates it: an index out of range or an unreadable text becomes a MALFORMED fault,
    a refused action an ILLEGAL one. Raises :class:`BotFailure` for the bot's own failure and
    ``ValueError`` for an answer with nothing in it.
    """
    which = answer.WhichOneof("choice")
    if which == "index":
        return int(answer.index)
    if which == "action":
        action = answer.action
        typed = action.WhichOneof("typed")
        if typed is not None:
            codec = codec_for(game.ref.game)
            if codec is None or typed != codec.typed_field:
                raise ValueError(f"a {typed} action does not belong to {game.ref.game}")
            return codec.from_pb(getattr(action, typed))
        if action.text:
            return action.text
        raise ValueError("the answer's action has neither a typed form nor a text")
    if which == "failure":
        raise BotFailure(answer.failure)
    raise ValueError("the answer has neither an index nor an action")
