"""What one seat may know (catan.md §5.12): built, not redacted (HS-8); and re-dealt copies for search.

Public: the board and every piece on it, the robber, hand sizes, counts of unplayed development cards,
played knights, the supply, the deck size, the special cards, road lengths, public VP, the pending offer
and, once all are in, the answers; in the Helpers scenario (catan.md §7) every seat's helper and side,
the turns each was received and last used, the stack, the display and this turn's Jean rate; in the
Jungle every seat's discovery tokens, in the Big River the River and the gold mine's first builder
(seafarers.md §7.6, §8.5). Private
to the seat: its own cards, its own development cards (and which were bought this turn), its maritime
rates, and while it decides, the cards Candamir drew for it and the hand Hilde shows it. Never another
seat's cards or the deck order.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

import orjson

from engine.core.observation import Observation
from engine.core.rng import MatchRng, Stream
from engine.games.catan.actions import Bundle, Offer
from engine.games.catan.decisions import (
    PARTNER,
    SPECIAL_BUILD,
    CandamirPick,
    DiscardHalf,
    FreeRoads,
    HildeTake,
    LouisRoad,
    NassirReturn,
    SeanAsk,
    SpecialBuild,
    TradeAnswers,
    TradeConfirm,
    TurnPhase,
    WilliamRoad,
)
from engine.games.catan.rules.scoring import public_points, victory_points
from engine.games.catan.rules.trade import rates_of
from engine.games.catan.tables import PARTNER_OFFSET
from engine.games.frozen import maker

if TYPE_CHECKING:
    from engine.games.catan.state import CatanState


@dataclass(frozen=True, slots=True)
class CatanObservation(Observation):
    """One seat's view of a Catan position."""

    decision: str
    """Kind of the pending decision (``TurnPhase``, ``DiscardHalf``, ``TradeAnswers``...)."""
    phase: str
    """Phase of the turn (``pre_roll``, ``trade_build``, ``trade``, ``build``, ``partner`` (paired
    players' Settler 2), ``special_build`` after the turn; empty in setup)."""
    turn: int
    active: int
    """The seat whose turn it is (-1 during setup; Settler 2 in the ``partner`` phase; in the Special
    Building Phase still the seat whose turn has just ended)."""
    settler: int
    """The seat that rolled the dice this turn (-1 during setup)."""
    rolled: int
    """The dice sum of this turn, 0 before the roll."""
    terrain: tuple[int, ...]
    tokens: tuple[int, ...]
    harbor_edges: tuple[int, ...]
    harbor_types: tuple[int, ...]
    robber: int
    owner: tuple[int, ...]
    """Seat owning each corner's building, or -1."""
    level: tuple[int, ...]
    """1 settlement, 2 city, 0 empty, per corner."""
    road_owner: tuple[int, ...]
    """Seat owning each edge's road, or -1."""
    hand: Bundle
    """This seat's cards by resource."""
    hand_sizes: tuple[int, ...]
    devs: Bundle
    """This seat's unplayed development cards by kind (knight, road building, plenty, monopoly, VP)."""
    new_devs: Bundle
    """Of those, the ones bought this turn."""
    dev_counts: tuple[int, ...]
    """Unplayed development cards of every seat."""
    knights: tuple[int, ...]
    bank: Bundle
    deck_size: int
    longest_road: int
    largest_army: int
    road_lengths: tuple[int, ...]
    public_vp: tuple[int, ...]
    vp: int
    """This seat's VP including its hidden VP cards."""
    vp_to_win: int
    pieces_left: tuple[tuple[int, int, int], ...]
    """(settlements, cities, roads) left per seat."""
    rates: Bundle
    """This seat's maritime rate per resource (4, 3 or 2)."""
    dev_played: bool
    offers_made: int
    offer_limit: int
    offer: Offer | None
    """The pending domestic offer, if any."""
    answers: tuple[tuple[int, str, Bundle, Bundle], ...]
    """Answers to the offer once all are in: (seat, kind, seat gives, seat gets)."""
    discard_owed: tuple[int, ...]
    """Cards each seat must still discard (all zero outside a discard)."""
    free_roads: int
    helpers: tuple[int, ...]
    """Each seat's helper (catan.md §7.5, ``engine.games.catan.tables.Helper``), -1 before setup gives one."""
    helper_sides: tuple[int, ...]
    """Each seat's helper side: 0 A, 1 B."""
    helper_received: tuple[int, ...]
    """The turn each seat received its helper (0: setup); it is usable from the next turn on."""
    helper_used: tuple[int, ...]
    """The turn each seat last used its helper (-1: never)."""
    helper_stack: tuple[int, ...]
    """Helpers still in the starting stack, top first (empty once setup is over)."""
    display: tuple[int, ...]
    """Helpers in the display, ascending."""
    jean_seat: int
    """The seat that named a type with Jean this turn, or -1."""
    jean_type: int
    """The resource it trades at 2:1 for the rest of the turn (when ``jean_seat`` >= 0)."""
    candamir_cards: tuple[int, ...]
    """The development cards Candamir drew, to keep one: only for the buyer while it chooses."""
    hilde_hand: tuple[int, ...]
    """The hand Hilde shows (a bundle): only for the seat taking a card, while it chooses."""
    nassir_to: tuple[int, ...]
    """Seats still owed a card back for Nassir, first one first."""
    moving_road: int
    """The edge of the road Louis lifted, while it is rebuilt elsewhere, or -1."""
    road_cost: tuple[int, ...]
    """The cost William set for the road being built (a bundle), or empty."""
    discovery_tokens: tuple[int, ...]
    """Jungle: the discovery tokens each seat holds (seafarers.md §7.6: public); zeros elsewhere."""
    river: tuple[int, ...]
    """Big River: the River's hexes top to bottom, the gold mine last (seafarers.md §8.2); else empty."""
    gold_mine_first: int
    """Big River: the first seat to build on a corner of the gold mine, or -1 (seafarers.md §8.4)."""


_make_observation = maker(CatanObservation)
"""Design detail: built through :func:`engine.games.frozen.maker` (half the cost of ``__init__``)."""


def observe(st: CatanState, seat: int) -> CatanObservation:
    """The observation of ``seat`` (catan.md §5.12)."""
    return _make_observation(*observe_values(st, seat))


_FIELDS = tuple(f.name for f in fields(CatanObservation))


def observe_json(st: CatanState, seat: int) -> bytes:
    """The compact JSON text (UTF-8) of ``observe(st, seat).to_json()``, written from the
    observation's values without making it (a referee needs only the text of a remote seat's)."""
    return orjson.dumps(
        dict(zip(_FIELDS, observe_values(st, seat), strict=True)), option=orjson.OPT_NON_STR_KEYS
    )


def observe_values(st: CatanState, seat: int) -> tuple[object, ...]:
    """The fields of :class:`CatanObservation` for ``seat``, in order (a variant's observation adds its
    own after them)."""
    decisions = st.decisions
    top = decisions[-1] if decisions else None
    n = st.n
    board = st.board
    offer = None
    answers: tuple[tuple[int, str, Bundle, Bundle], ...] = ()
    owed: tuple[int, ...] = (0,) * n
    free_roads = 0
    if isinstance(top, TradeAnswers):
        offer = top.offer
    elif isinstance(top, TradeConfirm):
        offer, answers = top.offer, top.answers
    elif isinstance(top, DiscardHalf):
        owed = tuple(top.owed[s] if s in top.seats else 0 for s in range(n))
    elif isinstance(top, FreeRoads):
        free_roads = top.remaining
    elif isinstance(top, SeanAsk):
        owed = top.owed
    phase = SPECIAL_BUILD if isinstance(top, SpecialBuild) else ""
    for d in reversed(decisions):
        if isinstance(d, TurnPhase):
            phase = d.phase
            break
    mine = top is not None and top.seats == (seat,)
    candamir = top.cards if mine and isinstance(top, CandamirPick) else ()
    hilde = tuple(st.hands[top.victim]) if mine and isinstance(top, HildeTake) else ()
    settler = (st.active - PARTNER_OFFSET) % n if phase == PARTNER else st.active
    # every Bundle row is a list of 5 ints, so tuple() of it is the Bundle
    return (
        seat,
        type(top).__name__ if top is not None else "",
        phase,
        st.turn,
        st.active,
        settler,
        st.rolled,
        board.terrain,
        board.tokens,
        board.harbor_edges,
        board.harbor_types,
        st.robber,
        tuple(st.owner),
        tuple(st.level),
        tuple(st.road_owner),
        tuple(st.hands[seat]),
        tuple(map(sum, st.hands)),
        tuple(st.devs[seat]),
        tuple(st.new_devs[seat]),
        tuple(map(sum, st.devs)),
        tuple(st.knights),
        tuple(st.bank),
        len(st.deck),
        st.longest,
        st.army,
        tuple(st.road_len),
        tuple([public_points(st, s) for s in range(n)]),
        victory_points(st, seat),
        st.vp_to_win,
        tuple(zip(st.settlements_left, st.cities_left, st.roads_left, strict=True)),
        tuple(rates_of(st, seat)),
        st.dev_played,
        st.offers_made,
        st.offer_limit,
        offer,
        answers,
        owed,
        free_roads,
        tuple(st.helper),
        tuple(st.helper_side),
        tuple(st.helper_got),
        tuple(st.helper_used),
        tuple(st.helper_stack),
        tuple(st.display),
        st.jean_seat,
        st.jean_type if st.jean_seat >= 0 else -1,
        candamir,
        hilde,
        top.to if isinstance(top, NassirReturn) else (),
        top.removed if isinstance(top, LouisRoad) else -1,
        top.cost if isinstance(top, WilliamRoad) else (),
        tuple(st.discovery),
        board.river,
        st.gold_first,
    )


def committed_cards(top: object, n: int) -> list[list[int]]:
    """Cards every seat is known to hold: once all answers to an offer are in (a
    :class:`TradeConfirm`), each seat that accepted or countered holds what it offered to give
    (catan.md §5.5)."""
    held = [[0] * 5 for _ in range(n)]
    if isinstance(top, TradeConfirm):
        for s, kind, gives, _ in top.answers:
            if kind != "reject":
                held[s] = list(gives)
    return held


def determinize(st: CatanState, seat: int, rng: Stream) -> CatanState:
    """A copy in which everything hidden from ``seat`` is re-dealt (HS-8).

    Other seats' resource cards are pooled and re-dealt with the same hand sizes (the per-type total
    held by others is public: the full supply minus the supply minus the seat's own), except a hand
    Hilde is showing the seat and the cards an answer to an offer committed (:func:`committed_cards`); their unplayed development cards, the deck and cards Candamir drew for
    another seat are pooled and re-dealt with the same counts (bought-this-turn counts kept); the
    chance streams are re-seeded, so future dice and steals are unknown too.
    """
    twin = st.clone(MatchRng(0))  # streams re-seeded below, not copied
    top = twin.decisions[-1] if twin.decisions else None
    shown = top.victim if isinstance(top, HildeTake) and top.seats == (seat,) else -1
    others = [s for s in range(st.n) if s != seat and s != shown]  # Hilde shows the seat a hand
    held = committed_cards(top, st.n)
    cards = [r for s in others for r, k in enumerate(twin.hands[s]) for _ in range(k - held[s][r])]
    rng.mix(cards)
    for s in others:
        size = sum(twin.hands[s]) - sum(held[s])
        hand = list(held[s])
        for _ in range(size):
            hand[cards.pop()] += 1
        twin.hands[s] = hand
    others = [s for s in range(st.n) if s != seat]
    pool = list(twin.deck)
    for s in others:
        pool.extend(k for k, c in enumerate(twin.devs[s]) for _ in range(c))
    drawn = isinstance(top, CandamirPick) and top.seats != (seat,)
    if drawn:  # the cards Candamir drew for another seat are hidden too
        assert isinstance(top, CandamirPick)
        pool.extend(top.cards)
    rng.mix(pool)
    if drawn:
        assert isinstance(top, CandamirPick)
        twin.decisions[-1] = CandamirPick(top.seats, tuple(pool.pop() for _ in top.cards))
    for s in others:
        fresh, total = sum(twin.new_devs[s]), sum(twin.devs[s])
        devs, new = [0] * 5, [0] * 5
        for i in range(total):
            card = pool.pop()
            devs[card] += 1
            if i < fresh:
                new[card] += 1
        twin.devs[s], twin.new_devs[s] = devs, new
    twin.deck = pool
    twin.rng = MatchRng(rng.getrandbits(63))
    return twin
