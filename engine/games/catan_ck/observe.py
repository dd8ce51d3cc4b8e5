"""What one seat may know of a Cities & Knights position (cities_and_knights.md §12.8): built, not
redacted (HS-8); re-dealt copies for search (the pictures are in render.py).

Public: the board and every piece on it (buildings, roads, knights with level and status, walls,
metropolises, the merchant, the robber and whether it is active), hand sizes, improvement levels, the
barbarian ship, the supply, deck sizes, each seat's progress cards counted per deck (their backs show
the deck), VP cards, Defender cards, VP, the pending offer, the decision stack with any progress card
in resolution (who played it, its step, its public targets; :mod:`.frames`) and this turn's Merchant
Fleet and Commercial Harbor. Private to the seat: its own hand cards and progress cards, and what a
progress card shows it while it decides (``shown``). Never another seat's cards, a deck's order or a
future die.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.observation import Observation
from engine.core.rng import MatchRng, Stream
from engine.games.catan.decisions import TurnPhase
from engine.games.catan_ck.actions import Offer
from engine.games.catan_ck.decisions import CardStep, DiscardCards, Overflow, TradeAnswers, TradeConfirm
from engine.games.catan_ck.frames import Frame, public_frames
from engine.games.catan_ck.progress import effects
from engine.games.catan_ck.progress.commercial_harbor import OPEN as HARBOR_OPEN
from engine.games.catan_ck.rules.scoring import victory_points
from engine.games.catan_ck.rules.trade import rates_of
from engine.games.catan_ck.tables import CARD_DECK, CARD_NAMES, COMMODITIES, PAPER, Card, Hand
from engine.games.frozen import maker

if TYPE_CHECKING:
    from engine.games.catan_ck.state import CkState


@dataclass(frozen=True, slots=True)
class CkObservation(Observation):
    """One seat's view of a Cities & Knights position."""

    decision: str
    """Kind of the pending decision (``TurnPhase``, ``DiscardCards``, ``CardStep``...)."""
    phase: str
    """``pre_roll`` or ``trade_build``; empty in setup."""
    step: str
    """For a ``CardStep``: the card and step (``wedding/give``), else empty."""
    turn: int
    active: int
    dice: tuple[int, int, int]
    """Red, yellow and event die of this turn (0 before the roll; event 0 when not rolled)."""
    terrain: tuple[int, ...]
    tokens: tuple[int, ...]
    harbor_edges: tuple[int, ...]
    harbor_types: tuple[int, ...]
    robber: int
    robber_active: bool
    owner: tuple[int, ...]
    level: tuple[int, ...]
    """1 settlement, 2 city, 0 empty, per corner."""
    walls: tuple[int, ...]
    """1 where a city has a wall, per corner."""
    metropolis: tuple[int, int, int]
    """The corner of the trade, politics and science metropolis, or -1."""
    road_owner: tuple[int, ...]
    knight_owner: tuple[int, ...]
    knight_level: tuple[int, ...]
    knight_active: tuple[int, ...]
    knight_activated: tuple[int, ...]
    """The turn each corner's knight was last activated (-1 never)."""
    knight_promoted: tuple[int, ...]
    knight_supply: tuple[tuple[int, int, int], ...]
    """Knight tokens left per seat by level."""
    hand: Hand
    """This seat's cards by kind."""
    hand_sizes: tuple[int, ...]
    progress: tuple[int, ...]
    """This seat's progress cards (card ids, ascending)."""
    progress_counts: tuple[tuple[int, int, int], ...]
    """Progress cards held by every seat, per deck (trade, politics, science)."""
    deck_sizes: tuple[int, int, int]
    improvements: tuple[tuple[int, int, int], ...]
    bank: Hand
    ship: int
    barbarian_track: int
    attacks: int
    defenders: tuple[int, ...]
    vp_cards: tuple[int, ...]
    merchant_hex: int
    merchant_owner: int
    longest_road: int
    road_lengths: tuple[int, ...]
    vp: tuple[int, ...]
    vp_to_win: int
    pieces_left: tuple[tuple[int, int, int, int], ...]
    """(settlements, cities, roads, walls) left per seat."""
    rates: Hand
    """This seat's rate with the supply per kind."""
    offers_made: int
    offer_limit: int
    offer: Offer | None
    answers: tuple[tuple[int, str, Hand, Hand], ...]
    discard_owed: tuple[int, ...]
    shown: tuple[int, ...]
    """What a progress card's step shows this seat while it decides (empty otherwise)."""
    frames: tuple[Frame, ...]
    """The decision stack, bottom first, public values only (:mod:`.frames`): what is pending, what
    follows it and any progress card in resolution."""
    fleet: tuple[int, ...]
    """Kinds the active seat trades 2:1 with the supply this turn (Merchant Fleet, §2.9)."""
    harbor_open: bool
    """A Commercial Harbor played this turn is in force (§2.9)."""
    harbor_targets: tuple[int, ...]
    """Seats the active seat forced into a Commercial Harbor exchange this turn (§11.20)."""
    knight_chased: bool
    """A knight chased the robber before this turn's roll (V3 allows one, §1.5)."""


_make = maker(CkObservation)


def observe(st: CkState, seat: int) -> CkObservation:
    decisions = st.decisions
    top = decisions[-1] if decisions else None
    n = st.n
    board = st.board
    offer = None
    answers: tuple[tuple[int, str, Hand, Hand], ...] = ()
    owed: tuple[int, ...] = (0,) * n
    step = ""
    shown: tuple[int, ...] = ()
    if isinstance(top, TradeAnswers):
        offer = top.offer
    elif isinstance(top, TradeConfirm):
        offer, answers = top.offer, top.answers
    elif isinstance(top, DiscardCards):
        owed = tuple(top.owed[s] if s in top.seats else 0 for s in range(n))
    elif isinstance(top, CardStep):
        step = f"{CARD_NAMES[top.card]}/{top.step}"
        victim, what = revealed(st, seat)
        if victim >= 0:
            shown = tuple(st.hands[victim] if what == "hand" else st.progress[victim])
    phase = ""
    for d in reversed(decisions):
        if isinstance(d, TurnPhase):
            phase = d.phase
            break
    counts = []
    for s in range(n):
        row = [0, 0, 0]
        for card in st.progress[s]:
            row[CARD_DECK[card]] += 1
        counts.append((row[0], row[1], row[2]))
    rates = rates_of(st, seat)
    return _make(
        seat,
        type(top).__name__ if top is not None else "",
        phase,
        step,
        st.turn,
        st.active,
        (st.dice[0], st.dice[1], st.dice[2]),
        board.terrain,
        board.tokens,
        board.harbor_edges,
        board.harbor_types,
        st.robber,
        st.robber_active,
        tuple(st.owner),
        tuple(st.level),
        tuple(st.walls),
        (st.metropolis[0], st.metropolis[1], st.metropolis[2]),
        tuple(st.road_owner),
        tuple(st.k_owner),
        tuple(st.k_level),
        tuple(st.k_active),
        tuple(st.k_since),
        tuple(st.k_promoted),
        tuple((k[0], k[1], k[2]) for k in st.k_supply),
        tuple(st.hands[seat]),
        tuple(map(sum, st.hands)),
        tuple(st.progress[seat]),
        tuple(counts),
        (len(st.decks[0]), len(st.decks[1]), len(st.decks[2])),
        tuple((i[0], i[1], i[2]) for i in st.improvements),
        tuple(st.bank),
        st.ship,
        st.game.barbarian_track,
        st.attacks,
        tuple(st.defenders),
        tuple(st.vp_cards),
        st.merchant_hex,
        st.merchant_owner,
        st.longest,
        tuple(st.road_len),
        tuple(victory_points(st, s) for s in range(n)),
        st.vp_to_win,
        tuple(zip(st.settlements_left, st.cities_left, st.roads_left, st.walls_left, strict=True)),
        tuple(rates),
        st.offers_made,
        st.offer_limit,
        offer,
        answers,
        owed,
        shown,
        public_frames(st, seat),
        tuple(st.fleet),
        bool(st.harbor_used & HARBOR_OPEN),
        tuple(s for s in range(n) if st.harbor_used >> s & 1),
        st.chased == st.turn,
    )


def revealed(st: CkState, seat: int) -> tuple[int, str]:
    """The seat whose cards ``seat`` is shown by the pending progress-card step, and which cards
    (``hand`` or ``progress``); (-1, "") when none."""
    top = st.decisions[-1] if st.decisions else None
    if not isinstance(top, CardStep) or seat not in top.seats:
        return -1, ""
    reveals = effects()[top.card].steps[top.step].reveals
    return reveals(st, seat, top) if reveals is not None else (-1, "")


def determinize(st: CkState, seat: int, rng: Stream) -> CkState:
    """A copy in which everything hidden from ``seat`` is re-dealt (HS-8): other seats' hand cards
    (sizes kept; the per-kind total is public) but the cards an answer to an offer commits (§4.5), the
    progress cards of other seats together with the deck of the same colour (per-deck counts kept), and
    the chance streams. While a Commercial Harbor's target chooses, the re-dealt hands keep what every
    seat knows (:func:`_harbor_needs`)."""
    twin = st.clone()
    victim, what = revealed(st, seat)
    others = [s for s in range(st.n) if s != seat and not (s == victim and what == "hand")]
    top = twin.decisions[-1] if twin.decisions else None
    dealt = {s: [0] * 8 for s in others}
    if isinstance(top, TradeConfirm):
        for s, kind, gives, _ in top.answers:
            if kind != "reject" and s in dealt:
                dealt[s] = list(gives)
    cards = [k for s in others for k, c in enumerate(twin.hands[s]) for _ in range(c - dealt[s][k])]
    rng.mix(cards)
    if isinstance(top, CardStep) and top.card == Card.COMMERCIAL_HARBOR:
        twin.decisions[-1] = _harbor_needs(top, seat, cards, dealt)
    for s in others:
        hand = dealt[s]
        for _ in range(sum(twin.hands[s]) - sum(hand)):
            hand[cards.pop()] += 1
        twin.hands[s] = hand
    others = [s for s in range(st.n) if s != seat and not (s == victim and what == "progress")]
    for track in range(3):
        pool = list(twin.decks[track])
        held = []
        for s in others:
            mine = [c for c in twin.progress[s] if CARD_DECK[c] == track]
            held.append(len(mine))
            pool += mine
        rng.mix(pool)
        for s, k in zip(others, held, strict=True):
            kept = [c for c in twin.progress[s] if CARD_DECK[c] != track]
            twin.progress[s] = sorted(kept + [pool.pop() for _ in range(k)])
        twin.decks[track] = pool
    top = twin.decisions[-1] if twin.decisions else None
    if isinstance(top, Overflow) and top.seats[0] in others:
        # the card another seat just drew is hidden too: one of its re-dealt cards of the same deck
        mine = [c for c in twin.progress[top.seats[0]] if CARD_DECK[c] == CARD_DECK[top.newest]]
        twin.decisions[-1] = Overflow(top.seats, mine[-1], top.own_turn)
    twin.rng = MatchRng(rng.getrandbits(63))
    return twin


def _harbor_needs(top: CardStep, seat: int, cards: list[int], dealt: dict[int, list[int]]) -> CardStep:
    """What every seat knows while a Commercial Harbor's target chooses (§2.9): the target holds two
    kinds of commodity (it is asked), the player the resource it offered. Cards that keep this true go
    first into the re-dealt hands (``dealt``, for the seats re-dealt), taken from the shuffled ``cards``;
    for a seat not told the resource offered, the player's is the first resource in ``cards``. The
    frame, with the resource the copy's player offers."""
    player, target, offered = top.player, top.seats[0], top.data[0]
    if target in dealt:
        first = next(i for i in range(len(cards) - 1, -1, -1) if cards[i] in COMMODITIES)
        kind = cards.pop(first)
        second = next(
            i for i in range(len(cards) - 1, -1, -1) if cards[i] in COMMODITIES and cards[i] != kind
        )
        dealt[target][kind] += 1
        dealt[target][cards.pop(second)] += 1
    if player in dealt:
        told = seat == target
        i = next(
            i for i in range(len(cards) - 1, -1, -1) if (cards[i] == offered if told else cards[i] < PAPER)
        )
        offered = cards.pop(i)
        dealt[player][offered] += 1
    return CardStep(top.seats, top.card, top.step, player, (offered,))
