"""Cities & Knights actions and their canonical texts (cities_and_knights.md §12); ``parse.py`` reads
them back.

Shared with base Catan (:mod:`engine.games.catan.actions`): ``settle N``, ``road A-B``, ``city N``
(also the setup city, §3), ``roll``, ``end``, ``robber H [steal S]``, ``accept``, ``reject``, ``confirm
S``, ``withdraw``. Hand cards are eight kinds (:data:`engine.games.catan_ck.tables.KIND_NAMES`), so the
card-counting actions are this game's own: ``discard 1 ore 2 paper``, ``bank give 4 coin get 1 ore``,
``offer give 1 cloth get 1 ore to all``, ``counter give ... get ...``, ``give 1 ore 1 cloth``, ``take 1
wool 1 coin``.

New: ``wall N``; ``knight N`` (build), ``activate N``, ``promote N``, ``move A B``, ``displace A B``,
``chase N`` (then ``robber H [steal S]``); ``improve TRACK``; ``play CARD ARGS`` (see
:mod:`.card_args`), ``drop CARD`` (the fifth progress card); ``choose N`` (a corner: a pillaged city, a
metropolis, a knight's new place), ``choose KIND`` (a card kind), ``deck TRACK`` (a progress deck),
``defend N ...`` or ``defend none`` (V2), ``take-card CARD`` (a progress card), ``harbor SEAT
RESOURCE`` (a Commercial Harbor exchange) and ``pass``.

Listed actions are interned, as in base Catan, so membership tests are identity scans.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass

from engine.core.action import Action, ranged
from engine.games.catan.actions import interned
from engine.games.catan.tables import MAX_CORNERS, MAX_COUNT, MAX_SEATS
from engine.games.catan_ck.card_args import args_text
from engine.games.catan_ck.tables import CARD_NAMES, KIND_NAMES, N_CARDS, N_KINDS, TRACK_NAMES, Hand

MAX_KNIGHTS = 6
"""§2.6: six knights per seat (the most a V2 declaration names)."""


def hand_text(cards: Hand) -> str:
    """``1 ore 2 paper``: the non-zero counts in kind order."""
    return " ".join(f"{n} {KIND_NAMES[k]}" for k, n in enumerate(cards) if n)


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Return cards to the supply: after a 7 (§5.2) or for a Saboteur (§2.9); an open family."""

    cards: Hand = ranged(0, MAX_COUNT)

    def text(self) -> str:
        return "discard " + hand_text(self.cards)


@dataclass(frozen=True, slots=True)
class GiveCards(Action):
    """Give cards of one's choice to the seat that asks (Wedding, §2.9); an open family."""

    cards: Hand = ranged(0, MAX_COUNT)

    def text(self) -> str:
        return "give " + hand_text(self.cards)


@dataclass(frozen=True, slots=True)
class TakeCards(Action):
    """Take cards of one's choice from a hand one was shown (Master Merchant, §2.9); an open family."""

    cards: Hand = ranged(0, MAX_COUNT)

    def text(self) -> str:
        return "take " + hand_text(self.cards)


@interned
@dataclass(frozen=True, slots=True, eq=False)
class BankTrade(Action):
    """Trade ``count`` cards of ``give`` to the supply for one ``get`` (4:1, 3:1, 2:1; §4.5)."""

    give: int = ranged(0, N_KINDS - 1)
    count: int = ranged(2, 4)
    get: int = ranged(0, N_KINDS - 1)

    def text(self) -> str:
        return f"bank give {self.count} {KIND_NAMES[self.give]} get 1 {KIND_NAMES[self.get]}"


@dataclass(frozen=True, slots=True)
class Offer(Action):
    """A domestic offer of the active seat (§4.5, the protocol of base Catan); an open family."""

    give: Hand = ranged(0, MAX_COUNT)
    get: Hand = ranged(0, MAX_COUNT)
    to: int = dataclasses.field(default=-1, metadata={"range": (-1, MAX_SEATS - 1)})

    def text(self) -> str:
        target = "all" if self.to < 0 else str(self.to)
        return f"offer give {hand_text(self.give)} get {hand_text(self.get)} to {target}"


@dataclass(frozen=True, slots=True)
class Counter(Action):
    """A counter-offer: the answering seat gives ``give`` and gets ``get``; an open family."""

    give: Hand = ranged(0, MAX_COUNT)
    get: Hand = ranged(0, MAX_COUNT)

    def text(self) -> str:
        return f"counter give {hand_text(self.give)} get {hand_text(self.get)}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class Wall(Action):
    """Build a city wall under an own city (§9.1)."""

    corner: int = ranged(0, MAX_CORNERS - 1)

    def text(self) -> str:
        return f"wall {self.corner}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class BuildKnight(Action):
    """Build a basic knight, inactive, on a free corner touching an own road (§7.2)."""

    corner: int = ranged(0, MAX_CORNERS - 1)

    def text(self) -> str:
        return f"knight {self.corner}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class Activate(Action):
    """Activate an own inactive knight for 1 grain (§7.3)."""

    corner: int = ranged(0, MAX_CORNERS - 1)

    def text(self) -> str:
        return f"activate {self.corner}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class Promote(Action):
    """Promote an own knight one level (§7.4)."""

    corner: int = ranged(0, MAX_CORNERS - 1)

    def text(self) -> str:
        return f"promote {self.corner}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class MoveKnight(Action):
    """Move an active knight along own roads to a free corner (§7.5 a)."""

    src: int = ranged(0, MAX_CORNERS - 1)
    dst: int = ranged(0, MAX_CORNERS - 1)

    def text(self) -> str:
        return f"move {self.src} {self.dst}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class Displace(Action):
    """Move an active knight onto a weaker opponent knight, which its owner relocates (§7.5 b)."""

    src: int = ranged(0, MAX_CORNERS - 1)
    dst: int = ranged(0, MAX_CORNERS - 1)

    def text(self) -> str:
        return f"displace {self.src} {self.dst}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class Chase(Action):
    """An active knight next to the robber chases it to another numbered hex (§7.5 c)."""

    corner: int = ranged(0, MAX_CORNERS - 1)

    def text(self) -> str:
        return f"chase {self.corner}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class Improve(Action):
    """Buy the next level of a city-improvement track (§6.2)."""

    track: int = ranged(0, 2)

    def text(self) -> str:
        return f"improve {TRACK_NAMES[self.track]}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class PlayCard(Action):
    """Play a progress card from the hand with its arguments (§4.6, §12.6; see :mod:`.card_args`)."""

    card: int = ranged(0, N_CARDS - 1)
    args: tuple[int, int, int] = ranged(-1, MAX_CORNERS - 1)

    def text(self) -> str:
        words = args_text(self.card, self.args)
        return f"play {CARD_NAMES[self.card]}" + (f" {words}" if words else "")


@interned
@dataclass(frozen=True, slots=True, eq=False)
class DropCard(Action):
    """Put a progress card of the hand under its deck: the fifth-card rule (§4.4, §11.3)."""

    card: int = ranged(0, N_CARDS - 1)

    def text(self) -> str:
        return f"drop {CARD_NAMES[self.card]}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class TakeCard(Action):
    """Take this progress card from a hand one was shown (Spy, §2.9)."""

    card: int = ranged(0, N_CARDS - 1)

    def text(self) -> str:
        return f"take-card {CARD_NAMES[self.card]}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class Harbor(Action):
    """Commercial Harbor (§2.9): offer one own ``resource`` to ``seat``, which gives one commodity of its
    choice back; open for the rest of the turn in which the card was played, once per opponent."""

    seat: int = ranged(0, MAX_SEATS - 1)
    resource: int = ranged(0, 4)

    def text(self) -> str:
        return f"harbor {self.seat} {KIND_NAMES[self.resource]}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class ChooseCorner(Action):
    """Name a corner: the city pillaged (§8.3), the city of a metropolis (§6.5), a knight's new place
    (§7.5 b, Intrigue, Deserter) or the knight removed (Deserter)."""

    corner: int = ranged(0, MAX_CORNERS - 1)

    def text(self) -> str:
        return f"choose {self.corner}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class ChooseKind(Action):
    """Name a card kind: the Aqueduct's resource (§6.4), the commodity given to a Commercial Harbor."""

    kind: int = ranged(0, N_KINDS - 1)

    def text(self) -> str:
        return f"choose {KIND_NAMES[self.kind]}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class ChooseDeck(Action):
    """Draw the tie reward from this progress deck (§8.4 step 2)."""

    track: int = ranged(0, 2)

    def text(self) -> str:
        return f"deck {TRACK_NAMES[self.track]}"


@interned
@dataclass(frozen=True, slots=True, eq=False)
class Defend(Action):
    """V2: the active knights (by corner, ascending, -1 padding) that defend against the barbarians."""

    corners: tuple[int, int, int, int, int, int] = ranged(-1, MAX_CORNERS - 1)

    def text(self) -> str:
        named = [str(c) for c in self.corners if c >= 0]
        return "defend " + (" ".join(named) if named else "none")


@interned
@dataclass(frozen=True, slots=True, eq=False)
class Pass(Action):
    """Decline: the Aqueduct's card, a Deserter's free knight, a follow-up that may be skipped."""

    def text(self) -> str:
        return "pass"


PASS = Pass()
IMPROVE = tuple(Improve(t) for t in range(3))
CHOOSE_DECK = tuple(ChooseDeck(t) for t in range(3))
CHOOSE_KIND = tuple(ChooseKind(k) for k in range(N_KINDS))
DROP = tuple(DropCard(c) for c in range(N_CARDS))
BANK = tuple(
    tuple(tuple(BankTrade(give, count, get) for get in range(N_KINDS)) for count in range(5))
    for give in range(N_KINDS)
)
"""``BANK[give][count][get]``."""


@functools.cache
def play(card: int, a: int = -1, b: int = -1, c: int = -1) -> PlayCard:
    """``PlayCard(card, (a, b, c))`` (kept: the card effects list their plays at every decision)."""
    return PlayCard(int(card), (a, b, c))


def defend(corners: list[int] | tuple[int, ...]) -> Defend:
    """A :class:`Defend` of these corners (ascending, padded)."""
    return _defend(tuple(sorted(corners)))


@functools.lru_cache(maxsize=4096)
def _defend(corners: tuple[int, ...]) -> Defend:
    """:func:`defend` of ascending corners, kept (V2 lists every subset of a seat's active knights)."""
    padded = list(corners) + [-1] * (MAX_KNIGHTS - len(corners))
    return Defend((padded[0], padded[1], padded[2], padded[3], padded[4], padded[5]))
