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
made a Puerto Rico decision's JSON twice as slow, and its next observation slower too.
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


def _scalar_only(hint: Any) -> bool:
    """True when ``json`` writes values of ``hint`` as they are (scalars and tuples of scalars)."""
    if hint in _SCALARS:
        return True
    if typing.get_origin(hint) in (tuple, list, typing.Union, types.UnionType):
        return all(a is Ellipsis or _scalar_only(a) for a in typing.get_args(hint))
    return False


_BUILDERS: dict[type, Callable[[Any], Any]] = {}


def _builder(cls: type) -> Callable[[Any], Any]:
    """A compiled ``value -> dict`` for a plain dataclass: the form ``json`` writes without callbacks.

    Design detail: the generated function reads every field by name and turns nested dataclasses
    (alone, optional or in tuples) into dicts with their own compiled builders; tuples of scalars are
    left to the C encoder.
    """
    found = _BUILDERS.get(cls)
    if found is not None:
        return found
    env: dict[str, Any] = {}

    def later(value: Any) -> Any:  # a recursive dataclass: its builder is being made
        return _BUILDERS[cls](value)

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

    items = ", ".join(f"{f.name!r}: {expr(hints[f.name], f'o.{f.name}', 0)}" for f in dataclasses.fields(cls))
    exec(f"def build(o):\n    return {{{items}}}\n", env)  # the source is built from field names only
    built: Callable[[Any], Any] = env["build"]
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


def observation_json(observation: Observation) -> str:
    """``json.dumps(observation.to_json(), separators=(",", ":"))``, faster for plain observations."""
    encode = encoder_for(type(observation))
    if encode is not None:
        return encode(observation)
    return jsontext.dumps(observation.to_json())
