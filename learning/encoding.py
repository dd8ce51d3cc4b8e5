"""Fixed-size numpy observations, built from one seat's own observation (the game's observation class).

A :class:`Layout` is a list of :class:`Part` s, one per observation field (nested fields by dotted name):
each part owns a slice of the vector and fills it from the field's value. A game declares the parts
whose meaning the types do not tell (a seat index, a text from a known vocabulary, a list of seats) in
:mod:`learning.schemas`; every other field is derived from its type hint and its value in the match's
first observation (:func:`derive`):

- ``bool`` and ``int``/``float``: one number;
- a tuple of fixed arity (``tuple[int, int, int]``): one number each;
- a tuple of any length (``tuple[int, ...]``, a row per hex, corner or seat): as many numbers as it
  holds in the first observation (at least :data:`MIN_ITEMS`), padded with zeros or cut;
- a nested dataclass, or ``X | None``: its fields (with a 0/1 flag for None);
- a text (``str``) or texts: hashed into :data:`HASH_BUCKETS` buckets (a declared vocabulary is better).

Seat-relative: every seat in a declared part is counted from the observer (0 = itself, 1 = the next
seat in turn order, ...), and per-seat rows are rotated the same way, so that one policy plays any seat.
Nothing else enters the vector: it is a function of the observation alone (``tests/learning`` re-deals
what the seat cannot see and compares).
"""

from __future__ import annotations

import dataclasses
import itertools
import types
import typing
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

MIN_ITEMS = 8
"""Slots of a variable-length tuple that is empty (or shorter) in the first observation."""
HASH_BUCKETS = 16
"""Buckets of a text field without a declared vocabulary."""

Fill = Callable[[Any, np.ndarray, "Context"], None]


@dataclass(frozen=True, slots=True)
class Context:
    """What a part needs besides the value: the observer's seat and the number of seats."""

    seat: int
    players: int

    def relative(self, seat: int) -> int:
        """``seat`` counted from the observer (0 = itself); -1 for no seat."""
        return -1 if seat < 0 else (seat - self.seat) % self.players


@dataclass(frozen=True, slots=True)
class Part:
    """One slice of the vector: the field it encodes, its size and what it holds."""

    name: str
    size: int
    fill: Fill
    doc: str
    derived: bool = False
    """Derived from the type (``True``) rather than declared by the game."""


class Layout:
    """The encoding of one game configuration: parts laid end to end."""

    def __init__(self, parts: Sequence[Part], players: int) -> None:
        self.parts = tuple(p for p in parts if p.size > 0)
        self.players = players
        self.size = sum(p.size for p in self.parts)
        offsets = np.cumsum([0] + [p.size for p in self.parts])
        self.slices = tuple(slice(int(a), int(b)) for a, b in itertools.pairwise(offsets))
        self._getters = tuple(_getter(p.name) for p in self.parts)

    def encode(self, observation: Any, seat: int | None = None, out: np.ndarray | None = None) -> np.ndarray:
        """The vector of ``observation`` (as seen by its own seat, or ``seat``)."""
        vec = np.zeros(self.size, dtype=np.float32) if out is None else out
        if out is not None:
            vec[:] = 0.0
        ctx = Context(observation.seat if seat is None else seat, self.players)
        for part, where, get in zip(self.parts, self.slices, self._getters, strict=True):
            value = get(observation)
            if value is not _MISSING and value is not None:  # None (absent): the slice stays 0
                part.fill(value, vec[where], ctx)
        return vec

    def describe(self) -> list[tuple[str, int, int, str]]:
        """``(field, start, size, what it holds)`` per part: the documented slices."""
        return [(p.name, s.start, p.size, p.doc) for p, s in zip(self.parts, self.slices, strict=True)]


_MISSING = object()


def _getter(name: str) -> Callable[[Any], Any]:
    path = name.rstrip("?").split(".")  # "offer?": the presence flag of the field "offer"

    def get(obj: Any) -> Any:
        for key in path:
            if obj is None:
                return _MISSING
            obj = getattr(obj, key, _MISSING)
            if obj is _MISSING:
                return _MISSING
        return obj

    return get


# -- parts a game declares ----------------------------------------------------------------------------


def number(name: str, scale: float = 1.0, doc: str = "") -> Part:
    def fill(v: Any, out: np.ndarray, ctx: Context) -> None:
        out[0] = float(v) / scale

    return Part(name, 1, fill, doc or (f"value / {scale:g}" if scale != 1 else "value"))


def numbers(name: str, n: int, scale: float = 1.0, doc: str = "") -> Part:
    def fill(v: Any, out: np.ndarray, ctx: Context) -> None:
        flat = _numbers(v)[:n]
        out[: len(flat)] = flat / scale

    return Part(name, n, fill, doc or f"{n} values" + (f" / {scale:g}" if scale != 1 else ""))


def seat(name: str, players: int, doc: str = "") -> Part:
    """A seat index (or -1: none) as a one-hot of the relative seat: [none, self, next, ...]."""

    def fill(v: Any, out: np.ndarray, ctx: Context) -> None:
        out[0 if v < 0 else 1 + ctx.relative(v)] = 1.0

    return Part(name, players + 1, fill, doc or "one-hot: none, self, next seat, ...")


def seats(name: str, players: int, doc: str = "") -> Part:
    """A set of seats as a multi-hot of relative seats."""

    def fill(v: Any, out: np.ndarray, ctx: Context) -> None:
        for s in v:
            if s is not None and s >= 0:
                out[ctx.relative(s)] = 1.0

    return Part(name, players, fill, doc or "multi-hot of seats: self, next seat, ...")


def seat_rows(name: str, n: int, players: int, doc: str = "") -> Part:
    """A row of seat indices (the owner of each corner, ...) as ``n`` one-hots of relative seats."""

    rows = np.arange(n) * players

    def fill(v: Any, out: np.ndarray, ctx: Context) -> None:
        owners = np.asarray(v[:n], dtype=np.int64)
        held = owners >= 0
        out[(rows[: len(owners)] + (owners - ctx.seat) % players)[held]] = 1.0

    return Part(
        name, n * players, fill, doc or f"{n} rows: one-hot of the owning seat (self, next, ...), none all 0"
    )


def per_seat(name: str, players: int, width: int = 1, scale: float = 1.0, doc: str = "") -> Part:
    """A row with one entry (``width`` numbers) per seat, rotated to start at the observer."""

    def fill(v: Any, out: np.ndarray, ctx: Context) -> None:
        if len(v) == players:  # the usual case: the rows rotated as a tuple, assigned at once
            rotated = v[ctx.seat :] + v[: ctx.seat]
            try:
                if width == 1:
                    out[:] = rotated
                else:
                    out.reshape(players, width)[:] = rotated
            except (TypeError, ValueError):  # rows of another shape: one at a time below
                out[:] = 0.0
            else:
                if scale != 1.0:
                    out /= scale
                return
        for s, item in enumerate(v):
            r = ctx.relative(s)
            row = _numbers(item)[:width]
            out[r * width : r * width + len(row)] = row / scale

    return Part(name, players * width, fill, doc or f"per seat from self: {width} value(s) each")


def choice(name: str, vocab: Sequence[str], doc: str = "") -> Part:
    """A value from a known vocabulary (text or int) as a one-hot, with a last 'other' entry."""
    index = {v: i for i, v in enumerate(vocab)}

    def fill(v: Any, out: np.ndarray, ctx: Context) -> None:
        out[index.get(v, len(index))] = 1.0

    return Part(name, len(vocab) + 1, fill, doc or f"one-hot: {', '.join(map(str, vocab))}, other")


def counts(name: str, vocab: Sequence[str], doc: str = "") -> Part:
    """Several values from a vocabulary as counts per entry (a last 'other' entry)."""
    index = {v: i for i, v in enumerate(vocab)}

    def fill(v: Any, out: np.ndarray, ctx: Context) -> None:
        for item in v:
            out[index.get(item, len(index))] += 1.0

    return Part(name, len(vocab) + 1, fill, doc or f"count of each: {', '.join(map(str, vocab))}, other")


def categories(name: str, n: int, k: int, doc: str = "") -> Part:
    """``n`` small ints in ``0..k-1`` (terrain per hex...) as ``n`` one-hots of ``k``."""

    rows = np.arange(n) * k

    def fill(v: Any, out: np.ndarray, ctx: Context) -> None:
        kinds = np.asarray(v[:n], dtype=np.int64)
        valid = (kinds >= 0) & (kinds < k)
        out[(rows[: len(kinds)] + kinds)[valid]] = 1.0

    return Part(name, n * k, fill, doc or f"{n} one-hots of {k} kinds")


def index(name: str, n: int, doc: str = "") -> Part:
    """An index into a board list (the robber's hex) as a one-hot of ``n`` (-1: all 0)."""

    def fill(v: Any, out: np.ndarray, ctx: Context) -> None:
        if 0 <= v < n:
            out[v] = 1.0

    return Part(name, n, fill, doc or f"one-hot of {n}")


def skip(name: str, doc: str) -> Part:
    """A field left out (``doc`` says why)."""
    return Part(name, 0, lambda v, out, ctx: None, doc)


def custom(name: str, size: int, fill: Fill, doc: str) -> Part:
    return Part(name, size, fill, doc)


# -- parts derived from the types ---------------------------------------------------------------------


def derive(cls: type, reference: Any, declared: dict[str, Part], prefix: str = "") -> list[Part]:
    """The parts of the dataclass ``cls``: the declared ones by dotted name, the others from the type
    hints and the value in ``reference`` (the match's first observation, or None)."""
    hints = typing.get_type_hints(cls)
    parts: list[Part] = []
    for f in dataclasses.fields(cls):
        if not prefix and f.name == "seat":
            continue  # the observer: every seat is counted from it
        name = prefix + f.name
        value = getattr(reference, f.name, None) if reference is not None else None
        if name in declared:
            parts.append(declared[name])
            continue
        parts.extend(_derived(name, hints[f.name], value, declared))
    return parts


def _derived(name: str, hint: Any, value: Any, declared: dict[str, Part]) -> list[Part]:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        if len(inner) == 1 and dataclasses.is_dataclass(inner[0]):
            return [_present(name), *derive(inner[0], value, declared, name + ".")]  # type: ignore[arg-type]
        if len(inner) == 1:
            return [*_derived(name, inner[0], value, declared), _present(name)]
        return [_hashed(name)]
    if dataclasses.is_dataclass(hint):
        return derive(hint, value, declared, name + ".")  # type: ignore[arg-type]
    if hint is bool or hint is int or hint is float:
        return [dataclasses.replace(number(name), derived=True)]
    if hint is str:
        return [_hashed(name)]
    if origin is tuple:
        if args and args[-1] is Ellipsis:
            item = args[0]
            if item is str or dataclasses.is_dataclass(item) or _holds_text(item):
                return [_hashed(name)]
            n = max(len(_flatten(value)) if value is not None else 0, MIN_ITEMS)
            return [dataclasses.replace(numbers(name, n, doc=f"{n} values, zero-padded"), derived=True)]
        if all(a in (int, float, bool) for a in args):
            return [dataclasses.replace(numbers(name, len(args)), derived=True)]
    return [_hashed(name)]


def _holds_text(hint: Any) -> bool:
    return hint is str or any(_holds_text(a) for a in typing.get_args(hint) if a is not Ellipsis)


def _present(name: str) -> Part:
    def fill(v: Any, out: np.ndarray, ctx: Context) -> None:
        out[0] = 1.0

    return Part(name + "?", 1, fill, "1 when present, 0 when None", derived=True)


def _hashed(name: str) -> Part:
    def fill(v: Any, out: np.ndarray, ctx: Context) -> None:
        items = [v] if isinstance(v, str) else _flatten(v)
        for item in items:
            out[zlib.crc32(str(item).encode()) % HASH_BUCKETS] += 1.0

    return Part(
        name, HASH_BUCKETS, fill, f"text hashed into {HASH_BUCKETS} buckets (no declared vocabulary)", True
    )


def _numbers(value: Any) -> np.ndarray:
    """The numbers of a value as a flat float32 array (a fast path for flat or rectangular tuples)."""
    if isinstance(value, tuple) and (not value or type(value[0]) in (int, float, bool)):
        return np.asarray(value, dtype=np.float32)
    if isinstance(value, tuple) and isinstance(value[0], tuple):
        try:
            return np.asarray(value, dtype=np.float32).ravel()
        except ValueError:
            pass
    if isinstance(value, int | float | bool):
        return np.asarray((value,), dtype=np.float32)
    return np.asarray(_flatten(value), dtype=np.float32)


def _flatten(value: Any) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, tuple | list):
        out: list[Any] = []
        for item in value:
            out.extend(_flatten(item))
        return out
    if dataclasses.is_dataclass(value):
        return _flatten(tuple(getattr(value, f.name) for f in dataclasses.fields(value)))
    if isinstance(value, str):
        return [value]
    return [0 if value is None else value]
