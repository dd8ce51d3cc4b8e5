"""Catan decisions: the frames of the decision stack (HS-6), one per kind of step.

The bottom frame of a regular turn is a :class:`TurnPhase` naming the phase of the variant's phase
tuple (``pre_roll``, then ``trade_build``, or ``trade`` and ``build`` in strict order). Steps that
interrupt it are pushed on top: :class:`DiscardHalf` (every seat over the limit at once),
:class:`PlaceRobber`, :class:`FreeRoads`, :class:`TradeAnswers` (all addressed seats at once) and
:class:`TradeConfirm`. Setup uses :class:`SetupSettle` and :class:`SetupRoad`.
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


TURN_FRAMES: dict[str, tuple[TurnPhase, ...]] = {
    phase: tuple(TurnPhase((s,), phase) for s in range(MAX_SEATS))
    for phase in (PRE_ROLL, TRADE_BUILD, TRADE, BUILD)
}
"""``TURN_FRAMES[phase][seat]``: the turn frames, built once (frames are immutable values)."""

ROBBER_FRAMES: tuple[PlaceRobber, ...] = tuple(PlaceRobber((s,)) for s in range(MAX_SEATS))
"""``ROBBER_FRAMES[seat]``."""
