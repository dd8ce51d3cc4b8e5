"""The compiled JSON encoders write exactly ``json.dumps(to_jsonable(value))``.

These tests share nested values between texts, change everything around them, let objects die and ids
be reused, mix in mutable parts and integers past 64 bits, and compare with the standard library's
text every time, with and without a seat's memo of its previous text. (Whole matches of every game
are compared in ``test_convert.py``.)
"""

from __future__ import annotations

import gc
import json
from dataclasses import dataclass, field

from engine.core.observation import to_jsonable
from engine.referee.json_encoders import JsonMemo, encoder_for, observation_json


@dataclass(frozen=True, slots=True)
class Tile:
    kind: str
    count: int


@dataclass(frozen=True, slots=True)
class Board:
    seat: int
    tiles: tuple[Tile, ...]
    best: Tile | None


@dataclass(slots=True)
class Scratch:
    """Mutable: never kept as text."""

    notes: list[int] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class View:
    turn: int
    boards: tuple[Board, ...]
    scratch: Scratch
    big: int = 0


def reference(value: object) -> str:
    return json.dumps(to_jsonable(value), separators=(",", ":"))


def test_shared_and_changing_parts_are_always_written_as_the_reference() -> None:
    encode = encoder_for(View)
    assert encode is not None
    board = Board(0, (Tile("corn", 2), Tile("sugar", 1)), Tile("corn", 2))
    scratch = Scratch([1])
    for turn in range(5):
        other = Board(1, (Tile("coffee", turn),), None)  # new every turn
        view = View(turn, (board, other), scratch)
        assert encode(view) == reference(view)
        scratch.notes.append(turn)  # a mutable part changes between two texts


def test_objects_that_die_and_reused_ids_are_written_as_the_reference() -> None:
    encode = encoder_for(View)
    assert encode is not None
    for n in range(300):
        view = View(n, (Board(n, (Tile("indigo", n % 7),), Tile("corn", n)),), Scratch())
        assert encode(view) == reference(view)
        del view
        if n % 100 == 0:
            gc.collect()  # ids of dead objects come back for new ones


def test_integers_beyond_64_bits_are_written_by_the_standard_library() -> None:
    encode = encoder_for(View)
    assert encode is not None
    huge = Tile("corn", 1 << 70)
    view = View(1, (Board(0, (huge,), huge),), Scratch([1 << 80]), big=-(1 << 90))
    assert encode(view) == reference(view)
    again = View(2, (Board(0, (huge,), None),), Scratch())
    assert encode(again) == reference(again)


@dataclass(frozen=True, slots=True)
class Hand:
    cards: list[int]
    """A mutable part inside a frozen item: an item that holds one is never kept as text."""


@dataclass(frozen=True, slots=True)
class Table:
    turn: int
    boards: tuple[Board, ...]
    hands: tuple[Hand, ...]

    def to_json(self) -> object:
        return to_jsonable(self)


def test_a_memo_reuses_only_what_is_the_same_frozen_object_and_never_a_changed_value() -> None:
    memo = JsonMemo()
    kept = Board(0, (Tile("corn", 2),), Tile("corn", 2))
    hand = Hand([1])
    for turn in range(120):
        boards = (kept, Board(1, (Tile("coffee", turn % 5),), None)) if turn % 3 else (Board(2, (), None),)
        table = Table(turn, boards, (hand,))
        assert observation_json(table, memo) == reference(table)  # type: ignore[arg-type]
        hand.cards.append(turn)  # the same object, a new value
        if turn % 50 == 0:
            gc.collect()  # ids of dead objects come back for new ones
    huge = Table(1, (Board(0, (Tile("corn", 1 << 70),), None),), ())
    assert observation_json(huge, memo) == reference(huge)  # type: ignore[arg-type]
    after = Table(2, (kept,), ())
    assert observation_json(after, memo) == reference(after)  # type: ignore[arg-type]
