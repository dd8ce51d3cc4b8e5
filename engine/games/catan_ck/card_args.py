"""The text syntax of ``play CARD ARGS``: the arguments each progress card takes (cities_and_knights.md
§12.6), how they read and how they print.

A :class:`engine.games.catan_ck.actions.PlayCard` carries the card and three int slots; an argument kind
uses one slot (a ``road`` two: its corners), unused slots hold -1. The kinds:

- ``die``: 1..6; ``hex``, ``corner``: board ids; ``seat``: a seat;
- ``resource`` (brick..ore), ``commodity`` (paper, cloth, coin), ``kind`` (either), ``track`` (trade,
  politics, science): by name;
- ``road``: ``A-B``, the two corners of a path (read in either order, kept lower first);
- ``corner?``: an optional corner (absent: -1).
"""

from __future__ import annotations

from engine.core.action import read_int
from engine.core.errors import MalformedAction
from engine.games.catan.tables import MAX_CORNERS, MAX_HEXES, MAX_SEATS
from engine.games.catan_ck.tables import (
    COMMODITIES,
    KIND_BY_NAME,
    KIND_NAMES,
    TRACK_BY_NAME,
    TRACK_NAMES,
    Card,
)

CARD_ARGS: dict[int, tuple[str, ...]] = {
    Card.ALCHEMIST: ("die", "die"),
    Card.CRANE: ("track",),
    Card.ENGINEER: ("corner",),
    Card.INVENTOR: ("hex", "hex"),
    Card.IRRIGATION: (),
    Card.MEDICINE: ("corner",),
    Card.MINING: (),
    Card.SMITH: ("corner", "corner?"),
    Card.ROAD_BUILDING: (),
    Card.BISHOP: ("hex",),
    Card.DESERTER: ("seat",),
    Card.DIPLOMAT: ("road",),
    Card.INTRIGUE: ("corner",),
    Card.SABOTEUR: (),
    Card.SPY: ("seat",),
    Card.WARLORD: (),
    Card.WEDDING: (),
    Card.COMMERCIAL_HARBOR: (),
    Card.MASTER_MERCHANT: ("seat",),
    Card.MERCHANT: ("hex",),
    Card.MERCHANT_FLEET: ("kind",),
    Card.RESOURCE_MONOPOLY: ("resource",),
    Card.TRADE_MONOPOLY: ("commodity",),
}
"""Arguments of every card that is played by hand (Printer and Constitution never are, §2.9)."""

_WIDTH = {"road": 2}


def args_text(card: int, args: tuple[int, int, int]) -> str:
    """The argument words of ``play CARD ...`` (empty for a card without arguments)."""
    words: list[str] = []
    i = 0
    for kind in CARD_ARGS.get(card, ()):
        value = args[i]
        if kind == "road":
            words.append(f"{args[i]}-{args[i + 1]}")
        elif kind in ("resource", "commodity", "kind"):
            words.append(KIND_NAMES[value])
        elif kind == "track":
            words.append(TRACK_NAMES[value])
        elif kind != "corner?" or value >= 0:
            words.append(str(value))
        i += _WIDTH.get(kind, 1)
    return " ".join(words)


def parse_args(card: int, words: list[str], text: str) -> tuple[int, int, int]:
    """The three slots of ``play CARD`` from its argument words; ``MalformedAction`` otherwise."""
    kinds = CARD_ARGS.get(card)
    if kinds is None:
        raise MalformedAction(text, "this card is never played by hand (cities_and_knights.md §2.9)")
    slots: list[int] = []
    rest = list(words)
    for kind in kinds:
        if kind == "corner?":
            slots.append(read_int(rest.pop(0), text, 0, MAX_CORNERS - 1, "corner id") if rest else -1)
            continue
        if not rest:
            raise MalformedAction(text, f"missing argument: {' '.join(kinds)}")
        slots += _read(kind, rest.pop(0), text)
    if rest:
        raise MalformedAction(text, f"too many arguments; expected: {' '.join(kinds) or 'none'}")
    slots += [-1] * (3 - len(slots))
    return (slots[0], slots[1], slots[2])


def _read(kind: str, word: str, text: str) -> list[int]:
    if kind == "die":
        return [read_int(word, text, 1, 6, "die value")]
    if kind == "hex":
        return [read_int(word, text, 0, MAX_HEXES - 1, "hex id")]
    if kind == "corner":
        return [read_int(word, text, 0, MAX_CORNERS - 1, "corner id")]
    if kind == "seat":
        return [read_int(word, text, 0, MAX_SEATS - 1, "seat")]
    if kind == "track":
        if word not in TRACK_BY_NAME:
            raise MalformedAction(text, f"{word!r} is not a track ({', '.join(TRACK_NAMES)})")
        return [TRACK_BY_NAME[word]]
    if kind == "road":
        a, sep, b = word.partition("-")
        if not sep:
            raise MalformedAction(text, f"{word!r} is not a path A-B")
        ends = [
            read_int(a, text, 0, MAX_CORNERS - 1, "corner id"),
            read_int(b, text, 0, MAX_CORNERS - 1, "corner id"),
        ]
        return sorted(ends)
    k = KIND_BY_NAME.get(word, -1)
    allowed = {"resource": range(5), "commodity": COMMODITIES, "kind": range(8)}[kind]
    if k not in allowed:
        names = ", ".join(KIND_NAMES[i] for i in allowed)
        raise MalformedAction(text, f"{word!r} is not a {kind} ({names})")
    return [k]
