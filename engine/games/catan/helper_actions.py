"""Actions of the Helpers of Catan scenario (catan.md §7) and ``pass``, with their texts and parser.

Texts: ``helper candamir`` (buy a development card drawing three) or ``helper candamir lumber for ore``
(paying lumber in place of ore), ``choose knight``; ``helper hilde 2``, ``take ore``; ``helper jean
ore``; ``helper lin 14`` (the desert hex); ``helper louis 12-17`` (the road to move), then ``road A-B``;
``helper marianne ore``; ``helper nassir wool from 1 2`` (the opponents in any order), ``give ore``;
``helper sean ore`` or ``helper sean no-discard``; ``helper vincent settle 17`` or ``helper vincent city
17``; ``helper william wool for brick`` (paying wool in place of brick), then ``road A-B``; ``helper
keep`` and ``helper exchange jean`` after a use. ``pass`` declines a Special Building Phase (§6) or the
offer of Marianne or Sean.

Every class is interned like the base actions (see :mod:`engine.games.catan.actions`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.action import Action, ranged, read_int
from engine.core.errors import MalformedAction
from engine.games.catan.actions import interned
from engine.games.catan.tables import (
    DEV_NAMES,
    HELPER_BY_NAME,
    HELPER_NAMES,
    MAX_CORNERS,
    MAX_HEXES,
    MAX_SEATS,
    N_HELPERS,
    N_RESOURCES,
    RESOURCE_BY_NAME,
    RESOURCE_NAMES,
)

_R = RESOURCE_NAMES


@interned
@dataclass(frozen=True, slots=True, eq=False)
class Decline(Action):
    """``pass``: build nothing in one's Special Building Phase (catan.md §6), or leave Marianne or Sean
    unused (§7.5)."""

    def text(self) -> str:
        return "pass"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class UseCandamir(Action):
    """Candamir: buy a development card, paying ``paid`` in place of ``replaced`` (both -1: the usual
    cost), drawing three cards to keep one (catan.md §7.5)."""

    replaced: int = ranged(-1, N_RESOURCES - 1)
    paid: int = ranged(-1, N_RESOURCES - 1)

    def text(self) -> str:
        if self.replaced < 0:
            return "helper candamir"
        return f"helper candamir {_R[self.paid]} for {_R[self.replaced]}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class ChooseDev(Action):
    """Candamir: keep the drawn development card of this kind (catan.md §7.5)."""

    card: int = ranged(0, len(DEV_NAMES) - 1)

    def text(self) -> str:
        return f"choose {DEV_NAMES[self.card]}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class UseHilde(Action):
    """Hilde: look at the hand of ``victim``, who has more VP on the board (catan.md §7.5, §9.19.2)."""

    victim: int = ranged(0, MAX_SEATS - 1)

    def text(self) -> str:
        return f"helper hilde {self.victim}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class TakeCard(Action):
    """Hilde: take one card of this resource from the hand seen (catan.md §7.5)."""

    resource: int = ranged(0, N_RESOURCES - 1)

    def text(self) -> str:
        return f"take {_R[self.resource]}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class UseJean(Action):
    """Jean: trade ``resource`` with the supply at 2:1 for the rest of the turn (catan.md §7.5)."""

    resource: int = ranged(0, N_RESOURCES - 1)

    def text(self) -> str:
        return f"helper jean {_R[self.resource]}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class UseLin(Action):
    """Lin: move the robber to the desert ``hex`` and take a card of the vacated hex's type (§7.5)."""

    hex: int = ranged(0, MAX_HEXES - 1)

    def text(self) -> str:
        return f"helper lin {self.hex}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class UseLouis(Action):
    """Louis: lift the road ``a-b`` (one end loose) to rebuild it for free (catan.md §7.5)."""

    a: int = ranged(0, MAX_CORNERS - 1)
    b: int = ranged(0, MAX_CORNERS - 1)

    def text(self) -> str:
        return f"helper louis {self.a}-{self.b}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class UseMarianne(Action):
    """Marianne: the roll paid nothing; take one ``resource`` from the supply (catan.md §7.5)."""

    resource: int = ranged(0, N_RESOURCES - 1)

    def text(self) -> str:
        return f"helper marianne {_R[self.resource]}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class UseNassir(Action):
    """Nassir: opponents ``first`` and ``second`` (-1: none) each give one ``resource`` if they hold
    one, and get a card of choice back (catan.md §7.5)."""

    resource: int = ranged(0, N_RESOURCES - 1)
    first: int = ranged(0, MAX_SEATS - 1)
    second: int = ranged(-1, MAX_SEATS - 1)

    def text(self) -> str:
        seats = f"{self.first}" + (f" {self.second}" if self.second >= 0 else "")
        return f"helper nassir {_R[self.resource]} from {seats}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class GiveCard(Action):
    """Nassir: give one card of this resource back (catan.md §7.5, §9.19.5)."""

    resource: int = ranged(0, N_RESOURCES - 1)

    def text(self) -> str:
        return f"give {_R[self.resource]}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class UseSean(Action):
    """Sean on a 7: take one ``resource`` (7 cards or fewer), or with -1 keep every card (more than 7;
    catan.md §7.5)."""

    resource: int = ranged(-1, N_RESOURCES - 1)

    def text(self) -> str:
        return "helper sean " + (_R[self.resource] if self.resource >= 0 else "no-discard")


@interned
@dataclass(frozen=True, slots=True, eq=False)
class UseVincent(Action):
    """Vincent: discard a played knight to build a settlement (``level`` 1) or a city (2) on
    ``corner`` at the reduced cost (catan.md §7.5)."""

    corner: int = ranged(0, MAX_CORNERS - 1)
    level: int = ranged(1, 2)

    def text(self) -> str:
        return f"helper vincent {'settle' if self.level == 1 else 'city'} {self.corner}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class UseWilliam(Action):
    """William: build a road paying ``paid`` in place of ``replaced`` (0 brick or 1 lumber; §7.5)."""

    replaced: int = ranged(0, 1)
    paid: int = ranged(0, N_RESOURCES - 1)

    def text(self) -> str:
        return f"helper william {_R[self.paid]} for {_R[self.replaced]}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class KeepHelper(Action):
    """After a use on the A side: flip the helper to its B side and keep it (catan.md §7.3)."""

    def text(self) -> str:
        return "helper keep"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class ExchangeHelper(Action):
    """After a use: return the helper to the display and take ``helper`` from it (catan.md §7.3)."""

    helper: int = ranged(0, N_HELPERS - 1)

    def text(self) -> str:
        return f"helper exchange {HELPER_NAMES[self.helper]}"


DECLINE = Decline()
KEEP_HELPER = KeepHelper()
EXCHANGE = tuple(ExchangeHelper(h) for h in range(N_HELPERS))
TAKE = tuple(TakeCard(r) for r in range(N_RESOURCES))
GIVE = tuple(GiveCard(r) for r in range(N_RESOURCES))
CHOOSE = tuple(ChooseDev(k) for k in range(len(DEV_NAMES)))
JEAN = tuple(UseJean(r) for r in range(N_RESOURCES))
MARIANNE = tuple(UseMarianne(r) for r in range(N_RESOURCES))
SEAN = tuple(UseSean(r) for r in range(-1, N_RESOURCES))
"""``SEAN[resource + 1]``."""
CANDAMIR = tuple(tuple(UseCandamir(a, b) for b in range(-1, N_RESOURCES)) for a in range(-1, N_RESOURCES))
"""``CANDAMIR[replaced + 1][paid + 1]``."""
WILLIAM = tuple(tuple(UseWilliam(a, b) for b in range(N_RESOURCES)) for a in range(2))
"""``WILLIAM[replaced][paid]``."""
HILDE = tuple(UseHilde(s) for s in range(MAX_SEATS))
LIN = tuple(UseLin(h) for h in range(MAX_HEXES))
VINCENT = tuple(tuple(UseVincent(c, level) for c in range(MAX_CORNERS)) for level in (1, 2))
"""``VINCENT[level - 1][corner]``."""
NASSIR = tuple(
    tuple(tuple(UseNassir(r, a, b) for b in range(-1, MAX_SEATS)) for a in range(MAX_SEATS))
    for r in range(N_RESOURCES)
)
"""``NASSIR[resource][first][second + 1]``."""

HELPER_PARSE_ERROR = (
    "helper candamir [R for R] | helper hilde S | helper jean R | helper lin H | helper louis A-B | "
    "helper marianne R | helper nassir R from S [S] | helper sean R|no-discard | "
    "helper vincent settle|city C | helper william R for brick|lumber | helper keep | "
    "helper exchange NAME | choose CARD | take R | give R | pass"
)


def _resource(word: str, text: str) -> int:
    r = RESOURCE_BY_NAME.get(word)
    if r is None:
        raise MalformedAction(text, f"{word!r} is not a resource ({', '.join(RESOURCE_NAMES)})")
    return int(r)


def _seat(word: str, text: str) -> int:
    return read_int(word, text, 0, MAX_SEATS - 1, "seat")


def _corner(word: str, text: str) -> int:
    return read_int(word, text, 0, MAX_CORNERS - 1, "corner id")


def _swap(w: list[str], text: str) -> tuple[int, int]:
    """``PAID for REPLACED`` as (replaced, paid)."""
    if len(w) != 3 or w[1] != "for":
        raise MalformedAction(text, "expected 'RESOURCE for RESOURCE' (the card paid for the one replaced)")
    return _resource(w[2], text), _resource(w[0], text)


def _candamir(w: list[str], text: str) -> Action:
    if not w:
        return UseCandamir(-1, -1)
    replaced, paid = _swap(w, text)
    return UseCandamir(replaced, paid)


def _william(w: list[str], text: str) -> Action:
    replaced, paid = _swap(w, text)
    if replaced > 1:
        raise MalformedAction(text, "William replaces the brick or the lumber of a road")
    return UseWilliam(replaced, paid)


def _louis(w: list[str], text: str) -> Action:
    ends = w[0].split("-") if len(w) == 1 else []
    if len(ends) != 2:
        raise MalformedAction(text, "expected 'helper louis A-B' with two corner ids")
    a, b = _corner(ends[0], text), _corner(ends[1], text)
    return UseLouis(min(a, b), max(a, b))


def _nassir(w: list[str], text: str) -> Action:
    if len(w) not in (3, 4) or w[1] != "from":
        raise MalformedAction(text, "expected 'helper nassir RESOURCE from SEAT [SEAT]'")
    seats = sorted(_seat(x, text) for x in w[2:])  # the opponents in either order
    if len(seats) == 2 and seats[0] == seats[1]:
        raise MalformedAction(text, "Nassir names two different opponents")
    return UseNassir(_resource(w[0], text), seats[0], seats[1] if len(seats) == 2 else -1)


def _sean(w: list[str], text: str) -> Action:
    if len(w) != 1:
        raise MalformedAction(text, "expected 'helper sean RESOURCE' or 'helper sean no-discard'")
    return SEAN[0] if w[0] == "no-discard" else SEAN[_resource(w[0], text) + 1]


def _vincent(w: list[str], text: str) -> Action:
    if len(w) != 2 or w[0] not in ("settle", "city"):
        raise MalformedAction(text, "expected 'helper vincent settle CORNER' or 'helper vincent city CORNER'")
    return UseVincent(_corner(w[1], text), 1 if w[0] == "settle" else 2)


def _exchange(w: list[str], text: str) -> Action:
    helper = HELPER_BY_NAME.get(w[0]) if len(w) == 1 else None
    if helper is None:
        raise MalformedAction(text, f"expected 'helper exchange NAME' ({', '.join(HELPER_NAMES)})")
    return EXCHANGE[helper]


def _one(make: Callable[[list[str], str], Action]) -> Callable[[list[str], str], Action]:
    def parse(w: list[str], text: str) -> Action:
        if len(w) != 1:
            raise MalformedAction(text, f"expected one word after the helper's name: {HELPER_PARSE_ERROR}")
        return make(w, text)

    return parse


def _keep(w: list[str], text: str) -> Action:
    if w:
        raise MalformedAction(text, "expected just 'helper keep'")
    return KEEP_HELPER


_HELPERS: dict[str, Callable[[list[str], str], Action]] = {
    "candamir": _candamir,
    "hilde": _one(lambda w, t: UseHilde(_seat(w[0], t))),
    "jean": _one(lambda w, t: JEAN[_resource(w[0], t)]),
    "lin": _one(lambda w, t: UseLin(read_int(w[0], t, 0, MAX_HEXES - 1, "hex id"))),
    "louis": _louis,
    "marianne": _one(lambda w, t: MARIANNE[_resource(w[0], t)]),
    "nassir": _nassir,
    "sean": _sean,
    "vincent": _vincent,
    "william": _william,
    "keep": _keep,
    "exchange": _exchange,
}


def parse_helper(words: list[str], text: str) -> Action:
    """``helper NAME ...`` (``words`` includes ``helper``)."""
    parse = _HELPERS.get(words[1]) if len(words) > 1 else None
    if parse is None:
        raise MalformedAction(text, f"expected one of: {HELPER_PARSE_ERROR}")
    return parse(words[2:], text)


def _named(
    table: tuple[Action, ...], names: tuple[str, ...], what: str
) -> Callable[[list[str], str], Action]:
    def parse(w: list[str], text: str) -> Action:
        if len(w) != 2 or w[1] not in names:
            raise MalformedAction(text, f"expected '{w[0]} {what}' ({', '.join(names)})")
        return table[names.index(w[1])]

    return parse


def _pass(w: list[str], text: str) -> Action:
    if len(w) != 1:
        raise MalformedAction(text, "expected just 'pass'")
    return DECLINE


PARSERS: dict[str, Callable[[list[str], str], Action]] = {
    "helper": parse_helper,
    "choose": _named(CHOOSE, DEV_NAMES, "CARD"),
    "take": _named(TAKE, RESOURCE_NAMES, "RESOURCE"),
    "give": _named(GIVE, RESOURCE_NAMES, "RESOURCE"),
    "pass": _pass,
}
"""Parsers of the first words this module owns, merged into :mod:`engine.games.catan.parse`."""
