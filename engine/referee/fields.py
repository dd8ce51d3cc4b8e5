"""Field codecs of typed events: one key of an event view (an ``Event.view(seat)`` dict) <-> one or more
fields of the event's message. The per-game tables in :mod:`engine.referee.games` are built from these.

A codec converts an int, a name <-> enum value or index, a card count map (``{"wool": 1}``) or a card
text (``"1 wool 2 ore"``) <-> a fixed number of counts, a ``{"seat": value}`` dict <-> a
``map<int32, ...>``. A key absent from the view leaves its field unset, and :meth:`Field.present` says
when a field stands for a key, so decoding gives back the view that was encoded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

View = Mapping[str, Any]


class Field:
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


class Int(Field):
    """An int or a float (``double`` fields), or a bool."""


class List(Field):
    """A list of scalars <-> a repeated field."""

    def put(self, msg: Any, value: Any) -> None:
        getattr(msg, self.name).extend(value)

    def get(self, msg: Any) -> Any:
        return list(getattr(msg, self.name))


class Name(Field):
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


class Names(Name):
    """A list of names <-> a repeated enum or index field."""

    def put(self, msg: Any, value: Any) -> None:
        getattr(msg, self.name).extend(self.numbers[v] for v in value)

    def get(self, msg: Any) -> Any:
        return [self.names[n - self.offset] for n in getattr(msg, self.name)]


class NamesIfAny(Names):
    """A list of names that the engine leaves out when empty (Catan's ``produce.shortage``)."""

    def present(self, msg: Any) -> bool:
        return len(getattr(msg, self.name)) > 0


class BoxedNames(Name):
    """A list of names <-> a message with one repeated index field ``cards`` (a hidden part that must
    be absent, not empty, for other seats)."""

    def put(self, msg: Any, value: Any) -> None:
        getattr(msg, self.name).cards.extend(self.numbers[v] for v in value)

    def get(self, msg: Any) -> Any:
        return [self.names[n - self.offset] for n in getattr(msg, self.name).cards]


class BoxedList(Field):
    """A list of ints <-> a message with one repeated field ``inner`` (a list that must be absent, not
    empty, when the engine leaves it out)."""

    __slots__ = ("inner",)

    def __init__(self, key: str, inner: str) -> None:
        super().__init__(key)
        self.inner = inner

    def put(self, msg: Any, value: Any) -> None:
        target = getattr(msg, self.name)
        target.SetInParent()
        getattr(target, self.inner).extend(value)

    def get(self, msg: Any) -> Any:
        return list(getattr(getattr(msg, self.name), self.inner))


def counts_of_map(names: tuple[str, ...], cards: Mapping[str, int]) -> list[int]:
    """``[0, 0, 1, 0, 0]`` for ``{"wool": 1}``: one count per name."""
    counts = [0] * len(names)
    for name, n in cards.items():
        counts[names.index(name)] = n
    return counts


def map_of_counts(names: tuple[str, ...], counts: Any) -> dict[str, int]:
    """The inverse of :func:`counts_of_map` (non-zero counts only)."""
    return {names[r]: n for r, n in enumerate(counts) if n}


def counts_of_text(names: tuple[str, ...], text: str) -> list[int]:
    """``[0, 0, 1, 0, 2]`` for ``"1 wool 2 ore"`` (the engines' card texts)."""
    counts = [0] * len(names)
    words = text.split()
    for i in range(0, len(words), 2):
        counts[names.index(words[i + 1])] += int(words[i])
    return counts


def text_of_counts(names: tuple[str, ...], counts: Any) -> str:
    """``"1 wool 2 ore"``: the non-zero counts in index order."""
    return " ".join(f"{n} {names[r]}" for r, n in enumerate(counts) if n)


class CardMap(Field):
    """``{"wool": 1}`` <-> one count per name (a repeated field, or a ``Cards`` message when ``boxed``)."""

    __slots__ = ("boxed", "names")

    def __init__(self, key: str, names: tuple[str, ...], boxed: bool = False) -> None:
        super().__init__(key)
        self.names = names
        self.boxed = boxed

    def put(self, msg: Any, value: Any) -> None:
        target = getattr(msg, self.name)
        (target.counts if self.boxed else target).extend(counts_of_map(self.names, value))

    def get(self, msg: Any) -> Any:
        target = getattr(msg, self.name)
        return map_of_counts(self.names, target.counts if self.boxed else target)


class CardText(Field):
    """``"1 wool 2 ore"`` <-> one count per name in a repeated field."""

    __slots__ = ("names",)

    def __init__(self, key: str, names: tuple[str, ...], name: str | None = None) -> None:
        super().__init__(key, name)
        self.names = names

    def put(self, msg: Any, value: Any) -> None:
        getattr(msg, self.name).extend(counts_of_text(self.names, value))

    def get(self, msg: Any) -> Any:
        return text_of_counts(self.names, getattr(msg, self.name))


class BankGive(Field):
    """A bank trade's ``"give": {"wool": 4}`` <-> the fields ``give`` (index) and ``count``."""

    __slots__ = ("names",)

    def __init__(self, key: str, names: tuple[str, ...]) -> None:
        super().__init__(key)
        self.names = names

    def put(self, msg: Any, value: Any) -> None:
        ((name, count),) = value.items()
        msg.give = self.names.index(name)
        msg.count = count

    def get(self, msg: Any) -> Any:
        return {self.names[msg.give]: msg.count}

    def proto_fields(self) -> tuple[str, ...]:
        return ("give", "count")

    def present(self, msg: Any) -> bool:
        return True


class SeatMap(Field):
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


def set_scalar(target: Any, pair: tuple[int, Any]) -> None:
    """A :class:`SeatMap` value that is a scalar."""
    target[pair[0]] = pair[1]


def same(value: Any) -> Any:
    return value


SEAT = Int("seat")
"""The ``seat`` key of most events."""
