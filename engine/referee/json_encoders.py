"""Compiled JSON encoders for observations and a game's tables: the text of ``to_json``, written fast.

``Observation.to_json()`` rebuilds every value in Python before it is written. For a class whose fields
hold only ints, strings, bools, tuples and nested dataclasses (checked once per class from the type
hints: "plain"), :func:`encoder_for` compiles a function that turns the dataclasses into dicts and
leaves the rest to orjson's C encoder. The text is the same (the tests compare them on whole matches).

Design detail: nested values are not kept as text between observations. Writing a shared part once
per object and splicing it in (an ``orjson.Fragment`` per object, found by ``id``) pays off only when
many observations of one position are written (every seat's, as ``bench_observe`` does), while the
referee writes one observation per decision, of a position whose parts are mostly new objects: there
the memo's lookups, its extra text and the objects it keeps alive (the garbage collector walks them)
made a Puerto Rico decision's JSON twice as slow, and its next observation slower too. What does pay
is narrower: a match's :class:`JsonMemo` keeps only the items of the tuples of frozen views (Puerto
Rico's seat views, ships and roles, which the engine hands over again while they do not change, to
every seat that sees them alike), those of the last few observations.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from typing import Any

import orjson

from engine.core.observation import Observation
from engine.referee import jsontext

_OPTIONS = orjson.OPT_NON_STR_KEYS
_SCALARS = (int, str, float, bool, type(None))


def is_plain(hint: Any, seen: set[Any] | None = None) -> bool:
    """True when values of ``hint`` need no conversion beyond dataclass -> dict for ``json.dumps``.

    Enums (``to_jsonable`` writes their lowercase names, while ``json`` would write an ``IntEnum``
    as a number), ``Any``, unknown classes and mappings (``to_jsonable`` writes their keys with
    ``str``, ``json`` writes ``True`` as ``true``) make a type not plain.
    """
    seen = set() if seen is None else seen
    if hint in seen:
        return True
    if hint in _SCALARS:
        return True
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        seen.add(hint)
        return all(is_plain(h, seen) for h in typing.get_type_hints(hint).values())
    origin = typing.get_origin(hint)
    if origin in (tuple, list, typing.Union, types.UnionType):
        return all(a is Ellipsis or is_plain(a, seen) for a in typing.get_args(hint))
    return False


def is_frozen(hint: Any) -> bool:
    """True when a value of ``hint`` cannot change: scalars, tuples and frozen dataclasses of them."""
    if hint in _SCALARS:
        return True
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        params = getattr(hint, "__dataclass_params__", None)
        return bool(getattr(params, "frozen", False)) and all(
            is_frozen(h) for h in typing.get_type_hints(hint).values()
        )
    if typing.get_origin(hint) in (tuple, typing.Union, types.UnionType):
        return all(a is Ellipsis or is_frozen(a) for a in typing.get_args(hint))
    return False


def _scalar_only(hint: Any) -> bool:
    """True when ``json`` writes values of ``hint`` as they are (scalars and tuples of scalars)."""
    if hint in _SCALARS:
        return True
    if typing.get_origin(hint) in (tuple, list, typing.Union, types.UnionType):
        return all(a is Ellipsis or _scalar_only(a) for a in typing.get_args(hint))
    return False


_BUILDERS: dict[type, Callable[[Any], Any]] = {}


def _builder(cls: type, raw: frozenset[str] = frozenset()) -> Callable[[Any], Any]:
    """A compiled ``value -> dict`` for a plain dataclass: the form ``json`` writes without callbacks.

    Design detail: the generated function reads every field by name and turns nested dataclasses
    (alone, optional or in tuples) into dicts with their own compiled builders; tuples of scalars are
    left to the C encoder.
    """
    if raw:
        return _compile(cls, raw)
    found = _BUILDERS.get(cls)
    if found is not None:
        return found
    return _compile(cls, raw)


def _compile(cls: type, raw: frozenset[str]) -> Callable[[Any], Any]:
    """The builder of :func:`_builder`; the fields named in ``raw`` are left as they are."""
    env: dict[str, Any] = {}

    def later(value: Any) -> Any:  # a recursive dataclass: its builder is being made
        return _BUILDERS[cls](value)

    if not raw:
        _BUILDERS[cls] = later
    hints = typing.get_type_hints(cls)

    def name(fn: Callable[[Any], Any]) -> str:
        label = f"_b{len(env)}"
        env[label] = fn
        return label

    def expr(hint: Any, value: str, depth: int) -> str:
        if _scalar_only(hint):
            return value
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            return f"{name(_builder(hint))}({value})"
        args = typing.get_args(hint)
        if typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis:
            item = f"_x{depth}"
            return "[" + expr(args[0], item, depth + 1) + " for " + item + " in " + value + "]"
        if typing.get_origin(hint) in (typing.Union, types.UnionType) and len(args) == 2:
            (other,) = [a for a in args if a is not type(None)] or [None]
            if other is not None and type(None) in args:
                return f"(None if {value} is None else {expr(other, value, depth)})"
        return value

    items = ", ".join(
        f"{f.name!r}: " + (f"o.{f.name}" if f.name in raw else expr(hints[f.name], f"o.{f.name}", 0))
        for f in dataclasses.fields(cls)
    )
    exec(f"def build(o):\n    return {{{items}}}\n", env)  # the source is built from field names only
    built: Callable[[Any], Any] = env["build"]
    if not raw:
        _BUILDERS[cls] = built
    return built


_ENCODERS: dict[type, Callable[[Any], str] | None] = {}


def encoder_for(cls: type) -> Callable[[Any], str] | None:
    """The compiled ``value -> JSON text`` of a plain dataclass (None when it is not plain)."""
    try:
        return _ENCODERS[cls]
    except KeyError:
        pass
    encode: Callable[[Any], str] | None = None
    try:
        if is_plain(cls):
            encode = _text_encoder(_builder(cls))
    except (NameError, TypeError, ValueError, SyntaxError):
        encode = None
    _ENCODERS[cls] = encode
    return encode


def _text_encoder(build: Callable[[Any], Any]) -> Callable[[Any], str]:
    dumps = orjson.dumps

    def encode(value: Any) -> str:
        try:
            return dumps(build(value), option=_OPTIONS).decode()
        except (orjson.JSONEncodeError, TypeError):  # beyond orjson: the standard library writes it
            return jsontext.dumps(build(value))

    return encode


def observation_json(observation: Observation, memo: JsonMemo | None = None) -> str:
    """``json.dumps(observation.to_json(), separators=(",", ":"))``, faster for plain observations.

    With ``memo`` (one per match), the parts of the match's recent observations that the engine hands
    over again are not written again (see :class:`JsonMemo`)."""
    return observation_utf8(observation, memo).decode()


def observation_utf8(observation: Observation, memo: JsonMemo | None = None) -> bytes:
    """:func:`observation_json` as UTF-8 bytes, as a request carries it."""
    cls = type(observation)
    encode = encoder_for(cls)
    if encode is None:
        return jsontext.dumps_utf8(observation.to_json())
    if memo is not None:
        data = memo.encode(observation)
        if data is not None:
            return data
    try:
        if _flat(cls):
            return orjson.dumps(observation, option=_OPTIONS)
        return orjson.dumps(_builder(cls)(observation), option=_OPTIONS)
    except (orjson.JSONEncodeError, TypeError):  # beyond orjson: the standard library writes it
        return encode(observation).encode()


_FLAT: dict[type, bool] = {}


def _flat(cls: type) -> bool:
    """True when orjson's own dataclass encoder writes ``cls`` as its compiled builder would.

    Design detail: orjson writes a dataclass's fields in order from its slots, in C, without the
    intermediate dict of :func:`_builder` (a Catan observation's 55 fields in three quarters of the
    instructions). It leaves out fields whose name starts with ``_`` and writes a class with a
    ``__dict__`` from that dict, so only classes whose every dataclass (nested ones included) is
    slotted and has no such field are written that way; and only classes without tuples of nested
    dataclasses, which it writes more slowly than the builder (a Puerto Rico observation took 2.5
    times the builder's instructions).
    """
    flat = _FLAT.get(cls)
    if flat is None:
        flat = _FLAT[cls] = _slotted(cls, set()) and not _plan(cls)[1] and not _nests_in_tuples(cls)
    return flat


def _slotted(hint: Any, seen: set[Any]) -> bool:
    if hint in seen or hint in _SCALARS:
        return True
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        seen.add(hint)
        return (
            getattr(hint, "__dictoffset__", 1) == 0
            and all(not f.name.startswith("_") for f in dataclasses.fields(hint))
            and all(_slotted(h, seen) for h in typing.get_type_hints(hint).values())
        )
    return all(a is Ellipsis or _slotted(a, seen) for a in typing.get_args(hint))


def _nests_in_tuples(cls: type) -> bool:
    """True when a field of ``cls`` is a variable-length tuple of dataclasses."""
    for hint in typing.get_type_hints(cls).values():
        args = typing.get_args(hint)
        if (
            typing.get_origin(hint) is tuple
            and len(args) == 2
            and args[1] is Ellipsis
            and isinstance(args[0], type)
            and dataclasses.is_dataclass(args[0])
        ):
            return True
    return False


_Items = dict[int, tuple[Any, Any]]
"""By ``id``: an item with its JSON text (bytes), or a whole tuple of items with its text (a
:class:`orjson.Fragment`)."""
_MEMO_LIMIT = 64
"""A memo's items are kept in two generations: once the newer holds this many, it becomes the older
and the older is dropped (the last few observations' items stay, and at most twice this many)."""


class JsonMemo:
    """The JSON of the frozen items of one match's recent observations, reused where an item is the
    same object.

    Design detail: an engine that keeps the parts of its observations that did not change (Puerto
    Rico keeps a seat's view, its ships and roles, as long as they stay the same, and hands the same
    seat view to every seat that sees it alike) hands the same objects to consecutive observations.
    For each field that is a tuple of dataclasses, the memo keeps each item's JSON text by the
    item's ``id`` (:data:`_MEMO_LIMIT`), with the item itself (so the id stays its own), and splices
    the text of an item that is the same object (``is``) into a new observation's text (an
    ``orjson.Fragment``); a whole tuple that is the same object (Puerto Rico's ships and roles while
    none changes) costs one lookup and one splice. Only items of a frozen type all the way down
    (:func:`is_frozen`) are kept, so an item's text cannot go stale. One memo serves every seat of a
    match: a text is a function of its item's value alone, and a seat is given one only for an item
    of its own observation, so nothing of another seat's view reaches it; an item that only one seat
    sees (its own VP chips) is only ever in that seat's observations.
    """

    __slots__ = ("_cls", "_fields", "_items", "_older", "_shallow")

    def __init__(self) -> None:
        self._cls: type | None = None
        self._shallow: Callable[[Any], dict[str, Any]] | None = None
        self._fields: tuple[tuple[str, Callable[[Any], Any]], ...] = ()
        self._items: _Items = {}
        self._older: _Items = {}

    def encode(self, observation: Observation) -> bytes | None:
        """The observation's JSON text (UTF-8), or None when it needs the standard library's encoder."""
        cls = type(observation)
        if cls is not self._cls:
            self._prepare(cls)
        shallow = self._shallow
        if shallow is None:
            return None
        out = shallow(observation)
        dumps = orjson.dumps
        kept = self._items
        older = self._older
        try:
            for name, build in self._fields:
                value = out[name]
                whole = kept.get(id(value))
                if whole is None or whole[0] is not value:
                    whole = older.get(id(value))
                    if whole is None or whole[0] is not value:
                        texts = []
                        for item in value:
                            entry = kept.get(id(item))
                            if entry is None or entry[0] is not item:
                                entry = older.get(id(item))
                                if entry is None or entry[0] is not item:
                                    entry = (item, dumps(build(item), option=_OPTIONS))
                                kept[id(item)] = entry
                            texts.append(entry[1])
                        whole = (value, orjson.Fragment(b"[" + b",".join(texts) + b"]"))
                    if type(value) is tuple:
                        kept[id(value)] = whole
                out[name] = whole[1]
            if len(kept) >= _MEMO_LIMIT:
                self._older, self._items = kept, {}
            return dumps(out, option=_OPTIONS)
        except (orjson.JSONEncodeError, TypeError):  # beyond orjson: the caller writes it whole
            kept.clear()
            older.clear()
            return None

    def _prepare(self, cls: type) -> None:
        self._cls = cls
        self._items = {}
        self._older = {}
        self._shallow, self._fields = _plan(cls)


_Plan = tuple["Callable[[Any], dict[str, Any]] | None", tuple[tuple[str, Callable[[Any], Any]], ...]]
_PLANS: dict[type, _Plan] = {}


def _plan(cls: type) -> _Plan:
    """For :class:`JsonMemo`: a builder leaving the kept fields as they are, and each kept field's
    item builder (None and () when the class has no field to keep)."""
    plan = _PLANS.get(cls)
    if plan is not None:
        return plan
    plan = None, ()
    try:
        if encoder_for(cls) is not None:
            hints = typing.get_type_hints(cls)
            fields = []
            for f in dataclasses.fields(cls):
                args = typing.get_args(hints[f.name])
                if (
                    typing.get_origin(hints[f.name]) is tuple
                    and len(args) == 2
                    and args[1] is Ellipsis
                    and isinstance(args[0], type)
                    and dataclasses.is_dataclass(args[0])
                    and is_frozen(args[0])
                ):
                    fields.append((f.name, _builder(args[0])))
            if fields:
                plan = _builder(cls, frozenset(name for name, _ in fields)), tuple(fields)
    except (NameError, TypeError, ValueError, SyntaxError, RecursionError):
        plan = None, ()
    _PLANS[cls] = plan
    return plan
