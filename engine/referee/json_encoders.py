"""Compiled JSON encoders for observations and a game's tables: the text of ``to_json``, written fast.

``Observation.to_json()`` rebuilds every value in Python before it is written. For a class whose fields
hold only ints, strings, bools, tuples and nested dataclasses (checked once per class from the type
hints: "plain"), :func:`encoder_for` compiles a function that turns the dataclasses into dicts and
leaves the rest to orjson's C encoder. The text is the same (the tests compare them on whole matches).

Design detail: an observation is rebuilt for every decision request, but the engine shares the parts
that did not change (a Puerto Rico observation reuses the view of every seat whose board is the same,
its ships and roles). A nested value of a deeply immutable class (a frozen dataclass of scalars,
tuples and such dataclasses), and a tuple of them, is therefore written once: its JSON is kept as an
``orjson.Fragment`` by the object's ``id`` beside the object itself, so the id cannot be reused while
the entry lives, and the next observation that holds the same object splices the text in.
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
MEMO_LIMIT = 4096
"""Fragments kept per memoized class or tuple type; the memo is emptied when it is full."""


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


def _scalar_only(hint: Any) -> bool:
    """True when ``json`` writes values of ``hint`` as they are (scalars and tuples of scalars)."""
    if hint in _SCALARS:
        return True
    if typing.get_origin(hint) in (tuple, list, typing.Union, types.UnionType):
        return all(a is Ellipsis or _scalar_only(a) for a in typing.get_args(hint))
    return False


def _is_frozen(hint: Any, seen: set[Any]) -> bool:
    """True when no value of ``hint`` can change once made: scalars, tuples of such values and frozen
    dataclasses of them (a list or a mutable dataclass anywhere inside makes it false)."""
    if hint in seen or hint in _SCALARS:
        return True
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        params = getattr(hint, "__dataclass_params__", None)
        if params is None or not params.frozen:
            return False
        seen.add(hint)
        return all(_is_frozen(h, seen) for h in typing.get_type_hints(hint).values())
    origin = typing.get_origin(hint)
    if origin in (tuple, typing.Union, types.UnionType):
        return all(a is Ellipsis or _is_frozen(a, seen) for a in typing.get_args(hint))
    return False


def _memoized(build: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``build`` (value -> JSON-ready structure) for values that never change: the structure's text as
    an ``orjson.Fragment``, made once per object (see the module docstring)."""
    memo: dict[int, tuple[Any, orjson.Fragment]] = {}
    dumps = orjson.dumps
    fragment = orjson.Fragment

    def written(value: Any) -> Any:
        entry = memo.get(id(value))
        if entry is not None and entry[0] is value:
            return entry[1]
        built = build(value)
        try:
            text = fragment(dumps(built, option=_OPTIONS))
        except (orjson.JSONEncodeError, TypeError):  # beyond orjson (an int past 64 bits): not kept
            return built
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        memo[id(value)] = (value, text)
        return text

    return written


_BUILDERS: dict[tuple[type, bool], Callable[[Any], Any]] = {}


def _builder(cls: type, memoize: bool) -> Callable[[Any], Any]:
    """A compiled ``value -> dict`` for a plain dataclass: the form ``json`` writes without callbacks.

    Design detail: the generated function reads every field by name and turns nested dataclasses
    (alone, optional or in tuples) into dicts with their own compiled builders (or, with ``memoize``,
    into fragments of text kept per object when their class is deeply immutable); tuples of scalars
    are left to the C encoder.
    """
    key = (cls, memoize)
    found = _BUILDERS.get(key)
    if found is not None:
        return found
    env: dict[str, Any] = {}

    def later(value: Any) -> Any:  # a recursive dataclass: its builder is being made
        return _BUILDERS[key](value)

    _BUILDERS[key] = later
    hints = typing.get_type_hints(cls)

    def name(fn: Callable[[Any], Any]) -> str:
        label = f"_b{len(env)}"
        env[label] = fn
        return label

    def expr(hint: Any, value: str, depth: int) -> str:
        if _scalar_only(hint):
            return value
        frozen = memoize and _is_frozen(hint, set())
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            inner = _builder(hint, memoize)
            return f"{name(_memoized(inner) if frozen else inner)}({value})"
        args = typing.get_args(hint)
        if typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis:
            item = f"_x{depth}"
            each = expr(args[0], item, depth + 1)
            if not frozen:
                return "[" + each + " for " + item + " in " + value + "]"
            label = f"_t{len(env)}"
            exec(f"def {label}(_v):\n    return [" + each + " for " + item + " in _v]\n", env)
            return f"{name(_memoized(env[label]))}({value})"
        if typing.get_origin(hint) in (typing.Union, types.UnionType) and len(args) == 2:
            (other,) = [a for a in args if a is not type(None)] or [None]
            if other is not None and type(None) in args:
                return f"(None if {value} is None else {expr(other, value, depth)})"
        return value

    items = ", ".join(f"{f.name!r}: {expr(hints[f.name], f'o.{f.name}', 0)}" for f in dataclasses.fields(cls))
    exec(f"def build(o):\n    return {{{items}}}\n", env)  # the source is built from field names only
    built: Callable[[Any], Any] = env["build"]
    _BUILDERS[key] = built
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
            encode = _text_encoder(_builder(cls, True), _builder(cls, False))
    except (NameError, TypeError, ValueError, SyntaxError):
        encode = None
    _ENCODERS[cls] = encode
    return encode


def _text_encoder(fast: Callable[[Any], Any], plain: Callable[[Any], Any]) -> Callable[[Any], str]:
    dumps = orjson.dumps

    def encode(value: Any) -> str:
        try:
            return dumps(fast(value), option=_OPTIONS).decode()
        except (orjson.JSONEncodeError, TypeError):  # beyond orjson: the standard library writes it
            return jsontext.dumps(plain(value))

    return encode


def observation_json(observation: Observation) -> str:
    """``json.dumps(observation.to_json(), separators=(",", ":"))``, faster for plain observations."""
    encode = encoder_for(type(observation))
    if encode is not None:
        return encode(observation)
    return jsontext.dumps(observation.to_json())
