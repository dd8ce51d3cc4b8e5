"""What one seat may know (catan.md §5.12): built, not redacted (HS-8); and re-dealt copies for search.

Public: the board and every piece on it, the robber, hand sizes, counts of unplayed development cards,
played knights, the supply, the deck size, the special cards, road lengths, public VP, the pending offer
and, once all are in, the answers. Private to the seat: its own cards, its own development cards (and
which were bought this turn) and its maritime rates. Never another seat's cards or the deck order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.observation import Observation
from engine.core.rng import MatchRng, Stream
from engine.games.catan.actions import Bundle, Offer
from engine.games.catan.decisions import DiscardHalf, FreeRoads, TradeAnswers, TradeConfirm, TurnPhase
from engine.games.catan.rules.scoring import public_points, victory_points
from engine.games.frozen import maker

if TYPE_CHECKING:
    from engine.games.catan.state import CatanState


@dataclass(frozen=True, slots=True)
class CatanObservation(Observation):
    """One seat's view of a Catan position."""

    decision: str
    """Kind of the pending decision (``TurnPhase``, ``DiscardHalf``, ``TradeAnswers``...)."""
    phase: str
    """Phase of the turn (``pre_roll``, ``trade_build``, ``trade``, ``build``; empty in setup)."""
    turn: int
    active: int
    """The seat whose turn it is (-1 during setup)."""
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


_make_observation = maker(CatanObservation)
"""Design detail: built through :func:`engine.games.frozen.maker` (half the cost of ``__init__``)."""


def observe(st: CatanState, seat: int) -> CatanObservation:
    """The observation of ``seat`` (catan.md §5.12)."""
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
    phase = ""
    for d in reversed(decisions):
        if isinstance(d, TurnPhase):
            phase = d.phase
            break
    # every Bundle row is a list of 5 ints, so tuple() of it is the Bundle
    return _make_observation(
        seat,
        type(top).__name__ if top is not None else "",
        phase,
        st.turn,
        st.active,
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
        tuple(st.rates[seat]),
        st.dev_played,
        st.offers_made,
        st.offer_limit,
        offer,
        answers,
        owed,
        free_roads,
    )


def determinize(st: CatanState, seat: int, rng: Stream) -> CatanState:
    """A copy in which everything hidden from ``seat`` is re-dealt (HS-8).

    Other seats' resource cards are pooled and re-dealt with the same hand sizes (the per-type total
    held by others is public: 19 minus the supply minus the seat's own); their unplayed development
    cards and the deck are pooled and re-dealt with the same counts (bought-this-turn counts kept); the
    chance streams are re-seeded, so future dice and steals are unknown too.
    """
    twin = st.clone()
    others = [s for s in range(st.n) if s != seat]
    cards = [r for s in others for r, k in enumerate(twin.hands[s]) for _ in range(k)]
    rng.mix(cards)
    for s in others:
        size = sum(twin.hands[s])
        hand = [0] * 5
        for _ in range(size):
            hand[cards.pop()] += 1
        twin.hands[s] = hand
    pool = list(twin.deck)
    for s in others:
        pool.extend(k for k, c in enumerate(twin.devs[s]) for _ in range(c))
    rng.mix(pool)
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
