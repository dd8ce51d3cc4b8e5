"""The decision stack as one seat may know it (cities_and_knights.md §12, §12.8): every frame of
:mod:`engine.games.catan_ck.decisions` (and base Catan's reused ones) as a :class:`Frame` of public
values, and back.

A frame tells what is pending and what follows it: the steps of a roll still to run (``Resume``), the
seats still to answer and the seats asked after them, and for a progress card in resolution the card,
its step, the seat that played it and the step's public values (a road's edge, a knight's level, the
seat targeted). What a seat may not see is left out: the card another seat just drew (``Overflow``),
the resource a Commercial Harbor offers (told to the two seats of the exchange only) and the answers
to an offer before all are in. :func:`decision_of` rebuilds a frame the state can run from a
:class:`Frame` and the observation's offer and answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.decisions import Decision
from engine.games.catan.decisions import PlaceRobber, SetupRoad, SetupSettle, TurnPhase
from engine.games.catan_ck.actions import Offer
from engine.games.catan_ck.decisions import (
    AqueductAsk,
    CardStep,
    Declare,
    DiscardCards,
    KnightRobber,
    MetropolisCity,
    Overflow,
    Pillage,
    Relocate,
    Resume,
    SetupCity,
    TieReward,
    TradeAnswers,
    TradeConfirm,
)
from engine.games.catan_ck.tables import CARD_DECK, Card, Hand
from engine.games.frozen import maker

if TYPE_CHECKING:
    from engine.games.catan_ck.state import CkState

UNSEEN = -1
"""A value the seat may not see."""

NO_CARDS: Hand = (0,) * 8
HIDDEN_DATA: dict[tuple[int, str], tuple[int, ...]] = {(Card.COMMERCIAL_HARBOR, "give"): (0,)}
"""Positions in ``CardStep.data`` that only the card's player and the seats asked may see (the
resource a Commercial Harbor offers, cities_and_knights.md §2.9)."""


@dataclass(frozen=True, slots=True)
class Frame:
    """One frame of the decision stack, public values only.

    ``values`` by ``kind``: ``SetupSettle``/``SetupCity`` (placement index), ``SetupRoad`` (placement
    index, corner of the settlement), ``Resume`` (the stage's data: the deck and the seats still to draw
    for ``draws``), ``DiscardCards`` (cards owed per seat), ``Declare`` (knights declared so far),
    ``Overflow`` (deck of the card just drawn, 1 on the seat's own turn, the card itself or -1 for
    other seats), ``MetropolisCity`` (track), ``Relocate`` (corner left, knight level, active,
    turn activated, turn promoted), ``CardStep`` (the step's data: an edge, a seat, a level; -1 where
    hidden from this seat); empty for the others.
    """

    kind: str
    """The decision kind (``TurnPhase``, ``Resume``, ``CardStep``...)."""
    seats: tuple[int, ...]
    """The seats to act on it now (none for ``Resume``)."""
    name: str
    """``TurnPhase``: the phase; ``Resume``: the stage of the roll still to run; ``DiscardCards``: the
    cause (``seven``/``saboteur``); ``CardStep``: the card's step; else empty."""
    card: int
    """``CardStep``: the progress card in resolution; else -1."""
    player: int
    """``CardStep``: the seat that played the card; else -1."""
    rest: tuple[int, ...]
    """Seats asked after ``seats``, in order (``AqueductAsk``, ``Declare``, ``TieReward``)."""
    values: tuple[int, ...]
    """The frame's other public values (see the class docstring)."""


_make = maker(Frame)


def public_frame(d: Decision, seat: int) -> Frame:
    """``d`` as ``seat`` may know it."""
    kind = type(d).__name__
    name, card, player = "", -1, -1
    rest: tuple[int, ...] = ()
    values: tuple[int, ...] = ()
    if isinstance(d, SetupSettle | SetupCity):
        values = (d.step,)
    elif isinstance(d, SetupRoad):
        values = (d.step, d.corner)
    elif isinstance(d, TurnPhase):
        name = d.phase
    elif isinstance(d, Resume):
        name, values = d.stage, d.data
    elif isinstance(d, DiscardCards):
        name, values = d.cause, d.owed
    elif isinstance(d, AqueductAsk | TieReward):
        rest = d.rest
    elif isinstance(d, Declare):
        rest, values = d.rest, d.declared
    elif isinstance(d, Overflow):
        values = (CARD_DECK[d.newest], int(d.own_turn), d.newest if seat in d.seats else UNSEEN)
    elif isinstance(d, MetropolisCity):
        values = (d.track,)
    elif isinstance(d, Relocate):
        values = (d.origin, *d.knight)
    elif isinstance(d, CardStep):
        name, card, player, values = d.step, d.card, d.player, d.data
        hidden = HIDDEN_DATA.get((d.card, d.step))
        if hidden and seat != d.player and seat not in d.seats:
            values = tuple(UNSEEN if i in hidden else v for i, v in enumerate(values))
    # Plain ints: a card, a deck or a kind is a number in every encoding of the frame (catan_ck.proto),
    # never an enum member that ``to_json`` would write by name.
    return _make(kind, d.seats, name, int(card), player, rest, tuple(int(v) for v in values))


def public_frames(st: CkState, seat: int) -> tuple[Frame, ...]:
    """The decision stack, bottom first, as ``seat`` may know it."""
    return tuple(public_frame(d, seat) for d in st.decisions)


def decision_of(
    f: Frame, n: int, active: int, offer: Offer | None, answers: tuple[tuple[int, str, Hand, Hand], ...]
) -> Decision:
    """A decision the state can run that ``f`` describes (the inverse of :func:`public_frame` for the
    values the seat sees). Answers to an offer not all in are taken as rejections, an ``Overflow``
    card not seen must be filled in by the caller, and so must a hidden ``CardStep`` value."""
    kind, seats, v = f.kind, f.seats, f.values
    if kind == "SetupSettle":
        return SetupSettle(seats, v[0])
    if kind == "SetupCity":
        return SetupCity(seats, v[0])
    if kind == "SetupRoad":
        return SetupRoad(seats, v[0], v[1])
    if kind == "TurnPhase":
        return TurnPhase(seats, f.name)
    if kind == "Resume":
        return Resume(seats, f.name, v)
    if kind == "DiscardCards":
        return DiscardCards(seats, v, f.name)
    if kind == "AqueductAsk":
        return AqueductAsk(seats, f.rest)
    if kind == "TieReward":
        return TieReward(seats, f.rest)
    if kind == "Declare":
        return Declare(seats, f.rest, v)
    if kind == "Overflow":
        return Overflow(seats, v[2], bool(v[1]))
    if kind == "MetropolisCity":
        return MetropolisCity(seats, v[0])
    if kind == "Relocate":
        return Relocate(seats, v[0], (v[1], v[2], v[3], v[4]))
    if kind == "CardStep":
        return CardStep(seats, f.card, f.name, f.player, v)
    if kind == "PlaceRobber":
        return PlaceRobber(seats)
    if kind == "KnightRobber":
        return KnightRobber(seats)
    if kind == "Pillage":
        return Pillage(seats)
    if kind in ("TradeAnswers", "TradeConfirm"):
        if offer is None:
            raise ValueError(f"a {kind} frame without an offer in the observation")
        if kind == "TradeConfirm":
            return TradeConfirm(seats, offer, answers)
        asked = tuple(s for s in range(n) if s != active) if offer.to < 0 else (offer.to,)
        given = tuple((s, "reject", NO_CARDS, NO_CARDS) for s in asked if s not in seats)
        return TradeAnswers(seats, offer, given)
    raise ValueError(f"unknown Cities & Knights decision {kind!r}")
