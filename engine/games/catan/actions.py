"""Catan actions: frozen values and their canonical texts (catan.md §10); ``parse.py`` reads them back.

Texts: ``settle 17``, ``road 23-24``, ``city 17``, ``buy dev``, ``buy dev tokens wool grain`` (Jungle:
a discovery token in place of each resource named, seafarers.md §7.5), ``roll``, ``end``, ``play knight``,
``play road-building``, ``play year-of-plenty brick ore``, ``play monopoly ore``, ``robber 9``,
``robber 9 steal 2``, ``discard 2 brick 1 ore``, ``bank give 4 grain get 1 ore``,
``offer give 1 wool get 1 ore to all`` (or ``to 2``), ``accept``, ``reject``,
``counter give 1 ore get 2 wool`` (the answering seat gives ore and gets wool), ``confirm 2`` and
``withdraw``.

Design detail: the actions a state lists are *interned*: building ``Settle(17)`` twice returns the same
object, so value equality is identity equality and checking that an action is among the listed ones is a
C-level identity scan (10x faster than dataclass ``__eq__``). Open-family actions (discards, offers,
counter-offers) keep ordinary value equality; they are validated by the rules, not looked up.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.core.action import Action, ranged
from engine.games.catan.tables import (
    MAX_CORNERS,
    MAX_COUNT,
    MAX_HEXES,
    MAX_SEATS,
    MAX_TOKENS_PER_CARD,
    N_RESOURCES,
    RESOURCE_NAMES,
)

A = TypeVar("A")

Bundle = tuple[int, int, int, int, int]
"""Cards by resource: (brick, lumber, wool, grain, ore)."""
EMPTY: Bundle = (0, 0, 0, 0, 0)


def interned(cls: type[A]) -> type[A]:
    """Make equal-valued instances of a frozen dataclass one object (see the module docstring)."""
    names = tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]
    cache: dict[tuple[Any, ...], Any] = {}

    def __new__(klass: type[A], *args: Any, **kwargs: Any) -> A:
        key = args + tuple(kwargs[n] for n in names[len(args) :])
        inst = cache.get(key)
        if inst is None:
            inst = object.__new__(klass)
            cache[key] = inst
        return inst

    cls.__new__ = __new__  # type: ignore[assignment,method-assign]
    return cls


def bundle_text(bundle: Bundle) -> str:
    """``1 wool 2 ore``: the non-zero counts in resource order."""
    return " ".join(f"{n} {RESOURCE_NAMES[r]}" for r, n in enumerate(bundle) if n)


@interned
@dataclass(frozen=True, slots=True, eq=False)
class Settle(Action):
    """Build a settlement on a corner, in setup or in the build phase (catan.md §4, §5.6)."""

    corner: int = ranged(0, MAX_CORNERS - 1)

    def text(self) -> str:
        return f"settle {self.corner}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class Road(Action):
    """Build a road on the edge joining corners ``a`` < ``b`` (catan.md §4, §5.6, §5.7)."""

    a: int = ranged(0, MAX_CORNERS - 1)
    b: int = ranged(0, MAX_CORNERS - 1)

    def text(self) -> str:
        return f"road {self.a}-{self.b}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class City(Action):
    """Upgrade an own settlement to a city (catan.md §5.6)."""

    corner: int = ranged(0, MAX_CORNERS - 1)

    def text(self) -> str:
        return f"city {self.corner}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class BuyDev(Action):
    """Buy the top development card (catan.md §5.6)."""

    def text(self) -> str:
        return "buy dev"


@dataclass(frozen=True, slots=True)
class BuyDevTokens(Action):
    """Jungle: buy the top development card paying a discovery token in place of each resource of
    ``replaced`` (1 for each of wool, grain, ore replaced), the rest in cards (seafarers.md §7.5).

    Not interned: a bot may send any counts up to 3 (the most tokens a card takes), which the rules
    then refuse naming the rule.
    """

    replaced: Bundle = ranged(0, MAX_TOKENS_PER_CARD)

    def text(self) -> str:
        names = [RESOURCE_NAMES[r] for r, k in enumerate(self.replaced) for _ in range(k)]
        return " ".join(["buy dev tokens", *names])


@interned
@dataclass(frozen=True, slots=True, eq=False)
class Roll(Action):
    """Roll the dice for production (catan.md §5.3)."""

    def text(self) -> str:
        return "roll"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class End(Action):
    """End the turn and pass the dice to the left (catan.md §5.1)."""

    def text(self) -> str:
        return "end"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class PlayKnight(Action):
    """Play a knight: move the robber and steal, no discards (catan.md §5.7)."""

    def text(self) -> str:
        return "play knight"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class PlayRoadBuilding(Action):
    """Play road building: place up to two roads for free (catan.md §5.7, §9.17)."""

    def text(self) -> str:
        return "play road-building"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class PlayYearOfPlenty(Action):
    """Play year of plenty: take two resources (same type allowed; ``second`` -1 when the supply
    holds only one card; catan.md §5.7, §9.17)."""

    first: int = ranged(0, N_RESOURCES - 1)
    second: int = ranged(-1, N_RESOURCES - 1)

    def text(self) -> str:
        names = [RESOURCE_NAMES[self.first]] + ([RESOURCE_NAMES[self.second]] if self.second >= 0 else [])
        return "play year-of-plenty " + " ".join(names)


@interned
@dataclass(frozen=True, slots=True, eq=False)
class PlayMonopoly(Action):
    """Play monopoly: every other seat gives all cards of one type (catan.md §5.7)."""

    resource: int = ranged(0, N_RESOURCES - 1)

    def text(self) -> str:
        return f"play monopoly {RESOURCE_NAMES[self.resource]}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class MoveRobber(Action):
    """Move the robber to ``hex`` and steal from ``victim`` (-1: nobody qualifies; catan.md §5.4)."""

    hex: int = ranged(0, MAX_HEXES - 1)
    victim: int = ranged(-1, MAX_SEATS - 1)

    def text(self) -> str:
        return f"robber {self.hex}" + (f" steal {self.victim}" if self.victim >= 0 else "")


@interned
@dataclass(frozen=True, slots=True, eq=False)
class BankTrade(Action):
    """Maritime trade: ``count`` cards of ``give`` for one ``get`` (4:1, 3:1 or 2:1; catan.md §5.5)."""

    give: int = ranged(0, N_RESOURCES - 1)
    count: int = ranged(2, 4)
    get: int = ranged(0, N_RESOURCES - 1)

    def text(self) -> str:
        return f"bank give {self.count} {RESOURCE_NAMES[self.give]} get 1 {RESOURCE_NAMES[self.get]}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Return cards to the supply after a 7 (catan.md §5.4); an open family."""

    cards: Bundle = ranged(0, MAX_COUNT)

    def text(self) -> str:
        return "discard " + bundle_text(self.cards)


@dataclass(frozen=True, slots=True)
class Offer(Action):
    """A domestic offer of the active seat: give ``give``, get ``get``, to seat ``to`` or -1 for all
    (catan.md §5.5); an open family."""

    give: Bundle = ranged(0, MAX_COUNT)
    get: Bundle = ranged(0, MAX_COUNT)
    to: int = dataclasses.field(default=-1, metadata={"range": (-1, MAX_SEATS - 1)})

    def text(self) -> str:
        target = "all" if self.to < 0 else str(self.to)
        return f"offer give {bundle_text(self.give)} get {bundle_text(self.get)} to {target}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class Accept(Action):
    """Accept the pending offer as it stands (catan.md §5.5)."""

    def text(self) -> str:
        return "accept"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class Reject(Action):
    """Decline the pending offer (catan.md §5.5)."""

    def text(self) -> str:
        return "reject"


@dataclass(frozen=True, slots=True)
class Counter(Action):
    """A counter-offer to the active seat: the answering seat gives ``give`` and gets ``get``
    (catan.md §5.5); an open family."""

    give: Bundle = ranged(0, MAX_COUNT)
    get: Bundle = ranged(0, MAX_COUNT)

    def text(self) -> str:
        return f"counter give {bundle_text(self.give)} get {bundle_text(self.get)}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class Confirm(Action):
    """The active seat executes the trade with one seat that accepted or countered (catan.md §5.5)."""

    seat: int = ranged(0, MAX_SEATS - 1)

    def text(self) -> str:
        return f"confirm {self.seat}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class Withdraw(Action):
    """The active seat withdraws its offer (catan.md §5.5)."""

    def text(self) -> str:
        return "withdraw"


ROLL = Roll()
END = End()
BUY_DEV = BuyDev()
PLAY_KNIGHT = PlayKnight()
PLAY_ROAD_BUILDING = PlayRoadBuilding()
ACCEPT = Accept()
REJECT = Reject()
WITHDRAW = Withdraw()
MONOPOLY = tuple(PlayMonopoly(r) for r in range(N_RESOURCES))
BANK = tuple(
    tuple(tuple(BankTrade(give, count, get) for get in range(N_RESOURCES)) for count in range(5))
    for give in range(N_RESOURCES)
)
"""``BANK[give][count][get]``: every maritime trade, built once."""
YEAR_OF_PLENTY = tuple(
    tuple(PlayYearOfPlenty(a, b) for b in range(-1, N_RESOURCES)) for a in range(N_RESOURCES)
)
"""``YEAR_OF_PLENTY[a][b + 1]``."""
CONFIRM = tuple(Confirm(s) for s in range(MAX_SEATS))
"""``CONFIRM[seat]``."""
TOKEN_BUYS = tuple(BuyDevTokens((0, 0, mask & 1, mask >> 1 & 1, mask >> 2 & 1)) for mask in range(8))
"""``TOKEN_BUYS[mask]``: the purchase with tokens replacing wool (bit 0), grain (bit 1) and ore (bit 2);
``TOKEN_BUYS[0]`` replaces nothing and is never legal."""
