"""Catan decisions: the frames of the decision stack (HS-6), one per kind of step.

The bottom frame of a regular turn is a :class:`TurnPhase` naming the phase of the variant's phase
tuple (``pre_roll``, then ``trade_build``, or ``trade`` and ``build`` in strict order). Steps that
interrupt it are pushed on top: :class:`DiscardHalf` (every seat over the limit at once),
:class:`PlaceRobber`, :class:`FreeRoads`, :class:`TradeAnswers` (all addressed seats at once) and
:class:`TradeConfirm`. Setup uses :class:`SetupSettle` and :class:`SetupRoad`.

With 5-6 seats the turn frame is followed by :class:`SpecialBuild` frames, one seat at a time (catan.md
§6), or the turn has a ``partner`` phase (paired players). The helpers of §7 push their own steps:
:class:`HelperAfterUse` (keep or exchange), :class:`MarianneAsk` and :class:`SeanAsk` (offered to the
holder in any seat's turn), and the second steps of Candamir, Hilde, Nassir, Louis and William.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.decisions import Decision
from engine.games.catan.actions import Bundle, Offer
from engine.games.catan.tables import MAX_SEATS

PRE_ROLL = "pre_roll"
"""catan.md §5.2: before the roll; only a development card or the roll."""
TRADE_BUILD = "trade_build"
"""catan.md §5.1: the combined trade/build phase (the default)."""
TRADE = "trade"
"""catan.md §5.1 strict order: trading (building is allowed and ends this phase)."""
BUILD = "build"
"""catan.md §5.1 strict order: building only, after the first build of the turn."""
SPECIAL_BUILD = "special_build"
"""catan.md §6: after each turn every other seat may build in turn, with the cards in hand only."""
PARTNER = "partner"
"""catan.md §6 paired players: the second seat of the turn trades with the supply and builds."""


@dataclass(frozen=True, slots=True)
class SetupSettle(Decision):
    """catan.md §4: the seat places a settlement of setup round ``round`` (1 or 2)."""

    step: int
    """Index in the snake order of placements (0 .. 2n-1)."""


@dataclass(frozen=True, slots=True)
class SetupRoad(Decision):
    """catan.md §4: the seat places the road touching the settlement it just placed."""

    step: int
    corner: int
    """The settlement just placed."""


@dataclass(frozen=True, slots=True)
class TurnPhase(Decision):
    """The active seat's turn, in the named phase."""

    phase: str


@dataclass(frozen=True, slots=True)
class DiscardHalf(Decision):
    """catan.md §5.4 step 1: ``seats`` still owe a discard; ``owed[s]`` is how many cards seat s owes."""

    owed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlaceRobber(Decision):
    """catan.md §5.4 steps 2-3 (after a 7 or a knight): move the robber and choose the victim."""


@dataclass(frozen=True, slots=True)
class FreeRoads(Decision):
    """catan.md §5.7 road building: ``remaining`` free roads to place."""

    remaining: int


@dataclass(frozen=True, slots=True)
class TradeAnswers(Decision):
    """catan.md §5.5: the addressed seats in ``seats`` have not answered ``offer`` yet."""

    offer: Offer
    answers: tuple[tuple[int, str, Bundle, Bundle], ...]
    """Answers in so far: (seat, ``accept``/``reject``/``counter``, gives, gets) from the answerer's side."""


@dataclass(frozen=True, slots=True)
class TradeConfirm(Decision):
    """catan.md §5.5: the active seat confirms one acceptance or counter-offer, or withdraws."""

    offer: Offer
    answers: tuple[tuple[int, str, Bundle, Bundle], ...]


@dataclass(frozen=True, slots=True)
class SpecialBuild(Decision):
    """catan.md §6: the seat builds with the cards in hand or passes; the active seat's turn is over."""


@dataclass(frozen=True, slots=True)
class HelperAfterUse(Decision):
    """catan.md §7.3: the seat keeps its helper (A side: flip to B) or exchanges it for one in the
    display."""


@dataclass(frozen=True, slots=True)
class MarianneAsk(Decision):
    """catan.md §7.5 Marianne: the roll (not a 7) paid the holder nothing; take a card or pass."""


@dataclass(frozen=True, slots=True)
class SeanAsk(Decision):
    """catan.md §7.5 Sean: a 7 was rolled; the holder keeps its cards or takes one, or passes. The
    discards owed (``owed[s]`` per seat) are collected after it."""

    owed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CandamirPick(Decision):
    """catan.md §7.5 Candamir: keep one of the development cards drawn (``cards``, by kind)."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HildeTake(Decision):
    """catan.md §7.5 Hilde: take one card of the ``victim``'s hand, which the seat now sees."""

    victim: int


@dataclass(frozen=True, slots=True)
class NassirReturn(Decision):
    """catan.md §7.5 Nassir: give one card of choice back to each seat in ``to``, first one first."""

    to: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LouisRoad(Decision):
    """catan.md §7.5 Louis: rebuild the road lifted from ``removed`` (an edge) on another path."""

    removed: int


@dataclass(frozen=True, slots=True)
class WilliamRoad(Decision):
    """catan.md §7.5 William: build a road, paying ``cost`` (a bundle) in place of brick and lumber."""

    cost: tuple[int, int, int, int, int]


TURN_FRAMES: dict[str, tuple[TurnPhase, ...]] = {
    phase: tuple(TurnPhase((s,), phase) for s in range(MAX_SEATS))
    for phase in (PRE_ROLL, TRADE_BUILD, TRADE, BUILD, PARTNER)
}
"""``TURN_FRAMES[phase][seat]``: the turn frames, built once (frames are immutable values)."""

ROBBER_FRAMES: tuple[PlaceRobber, ...] = tuple(PlaceRobber((s,)) for s in range(MAX_SEATS))
"""``ROBBER_FRAMES[seat]``."""
SPECIAL_BUILD_FRAMES: tuple[SpecialBuild, ...] = tuple(SpecialBuild((s,)) for s in range(MAX_SEATS))
"""``SPECIAL_BUILD_FRAMES[seat]``."""
