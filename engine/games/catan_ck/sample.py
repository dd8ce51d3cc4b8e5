"""A full Cities & Knights position built from one seat's observation, for search bots
(cities_and_knights.md §12.8).

Kept as observed: the board and every piece on it (buildings, walls, metropolises, roads, knights with
level, status and turns), the robber, the merchant, the barbarian ship and attacks, improvements,
Defender and VP cards, road lengths, pieces and knight tokens left, the supply, the dice and the
turn's Merchant Fleet and Commercial Harbor, the seat's own cards and progress cards, the pending offer
and its answers, and the whole decision stack with any progress card in resolution
(:mod:`engine.games.catan_ck.frames`). Sampled from ``rng``, consistently with what the seat knows:

* the other seats' resource and commodity cards: the cards no one can see (the full supply of §2.3
  less the supply and the hands known) dealt to them at random with their observed hand sizes; a hand
  Master Merchant shows the seat is kept, and so are the cards an answer to an offer committed (§4.5)
  and the resource a Commercial Harbor offers the seat (§2.9);
* the progress decks and the other seats' progress cards: per deck, the cards not seen (the deck of
  §2.8 less the seat's own, the cards a Spy shows it and the VP card once it is out, §2.9) dealt to
  the others with their observed counts per deck, the rest in a random order with the observed size;
  the card another seat just drew (``Overflow``) is one of its dealt cards of that deck;
* the values of the stack the seat may not see: answers to an offer not all in (rejections), the
  resource another seat's Commercial Harbor offers (one of its dealt resources);
* the chance streams: a fresh match seed, so future dice and draws are unknown too.

The observation must be one of a seat that is to move (the search bots' case). The result, observed by
that seat, gives back the same observation. What a seat remembers from earlier positions and the
observation no longer shows (the cards played to the bottom of a deck, a hand Master Merchant showed
earlier) is not used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.rng import MatchRng, Stream
from engine.games.catan.sample import place_island
from engine.games.catan.tables import GENERIC_HARBOR, NO_HARBOR
from engine.games.catan_ck.decisions import CardStep, Overflow, TradeConfirm
from engine.games.catan_ck.frames import UNSEEN, decision_of
from engine.games.catan_ck.observe import CkObservation, revealed
from engine.games.catan_ck.progress.commercial_harbor import OPEN as HARBOR_OPEN
from engine.games.catan_ck.tables import CARD_DECK, FULL_BANK, VP_CARDS, Card, deck_cards

if TYPE_CHECKING:
    from engine.games.catan_ck.game import CkGame
    from engine.games.catan_ck.state import CkState

RESOURCES = range(5)


def state_from_observation(game: CkGame, obs: CkObservation, rng: Stream) -> CkState:
    """A position ``obs.seat`` cannot tell apart from the one it observed (see the module docstring)."""
    st = game.new_state(0)
    place_island(game, st, obs)
    _pieces(st, obs)
    _public(st, obs)
    st.decisions[:] = [decision_of(f, st.n, obs.active, obs.offer, obs.answers) for f in obs.frames]
    _deal_hands(st, obs, rng)
    _deal_progress(st, game, obs, rng)
    st.over = not obs.frames
    st.rng = MatchRng(rng.getrandbits(63))
    return st


def _pieces(st: CkState, obs: CkObservation) -> None:
    """Buildings, roads and knights, with what the rules derive from them (rates, occupancy)."""
    n, board = st.n, st.board
    st.owner, st.level, st.walls = list(obs.owner), list(obs.level), list(obs.walls)
    st.road_owner = list(obs.road_owner)
    st.buildings_of = [[] for _ in range(n)]
    st.roads_of = [[] for _ in range(n)]
    st.building_vp = [0] * n
    st.rates = [[4] * 5 for _ in range(n)]
    st.harbor3 = [False] * n
    st.occupant = [-1] * len(st.owner)
    for c, s in enumerate(st.owner):
        if s < 0:
            continue
        st.occupant[c] = s
        st.buildings_of[s].append(c)
        st.building_vp[s] += st.level[c]
        kind = board.corner_harbor[c]
        if kind == GENERIC_HARBOR:
            st.rates[s] = [min(r, 3) for r in st.rates[s]]
            st.harbor3[s] = True
        elif kind != NO_HARBOR:
            st.rates[s][kind] = 2
    for e, s in enumerate(st.road_owner):
        if s >= 0:
            st.roads_of[s].append(e)
    st.k_owner, st.k_level = list(obs.knight_owner), list(obs.knight_level)
    st.k_active, st.k_since = list(obs.knight_active), list(obs.knight_activated)
    st.k_promoted = list(obs.knight_promoted)
    st.k_supply = [list(k) for k in obs.knight_supply]
    st.k_corners = [[] for _ in range(n)]
    for c, s in enumerate(st.k_owner):
        if s >= 0:
            st.occupant[c] = s
            st.k_corners[s].append(c)
    st.settlements_left = [p[0] for p in obs.pieces_left]
    st.cities_left = [p[1] for p in obs.pieces_left]
    st.roads_left = [p[2] for p in obs.pieces_left]
    st.walls_left = [p[3] for p in obs.pieces_left]
    st.metropolis = list(obs.metropolis)


def _public(st: CkState, obs: CkObservation) -> None:
    """The counters, tracks and this turn's state, as observed."""
    st.road_len = list(obs.road_lengths)
    st.longest = obs.longest_road
    st.bank = list(obs.bank)
    st.robber, st.robber_active = obs.robber, obs.robber_active
    st.turn, st.active = obs.turn, obs.active
    st.dice = list(obs.dice)
    st.rolled = obs.dice[0] + obs.dice[1]
    st.offers_made = obs.offers_made
    st.improvements = [list(i) for i in obs.improvements]
    st.defenders = list(obs.defenders)
    st.vp_cards = list(obs.vp_cards)
    st.ship, st.attacks = obs.ship, obs.attacks
    st.merchant_hex, st.merchant_owner = obs.merchant_hex, obs.merchant_owner
    st.fleet = list(obs.fleet)
    st.harbor_used = (HARBOR_OPEN if obs.harbor_open else 0) | sum(1 << s for s in obs.harbor_targets)
    st.chased = st.turn if obs.knight_chased else -1


def _deal_hands(st: CkState, obs: CkObservation, rng: Stream) -> None:
    """The seat's hand as observed, the cards others are known to hold, the rest dealt at random."""
    n, me = st.n, obs.seat
    known = [[0] * 8 for _ in range(n)]
    known[me] = list(obs.hand)
    victim, what = revealed(st, me)
    shown = victim if what == "hand" else -1
    if shown >= 0:
        known[shown] = list(obs.shown)
    top = st.decisions[-1] if st.decisions else None
    if isinstance(top, TradeConfirm):
        for s, kind, gives, _ in top.answers:
            if kind != "reject" and s not in (me, shown):
                known[s] = list(gives)  # §4.5: an answer commits the cards it gives
    harbor = _harbor_step(st)
    if harbor is not None and harbor.data[0] != UNSEEN and harbor.player not in (me, shown):
        known[harbor.player][harbor.data[0]] += 1  # §2.9: the resource it offers is still in its hand
    unseen = [FULL_BANK[k] - obs.bank[k] - sum(h[k] for h in known) for k in range(8)]
    if min(unseen) < 0:
        raise ValueError("the known hands hold more cards than the supply of cities_and_knights.md §2.3")
    cards = [k for k in range(8) for _ in range(unseen[k])]
    rng.mix(cards)
    if harbor is not None and harbor.data[0] == UNSEEN:
        # another seat's offer, unseen: one resource of the cards no one sees goes in its hand
        resources = [i for i, k in enumerate(cards) if k in RESOURCES]
        if not resources:
            raise ValueError("a Commercial Harbor offer, but no resource card is unseen")
        r = cards.pop(resources[rng.below(len(resources))])
        known[harbor.player][r] += 1
        st.decisions[-1] = CardStep(harbor.seats, harbor.card, harbor.step, harbor.player, (r,))
    st.hands = known
    for s in range(n):
        if s in (me, shown):
            continue
        owed = obs.hand_sizes[s] - sum(known[s])
        if owed < 0 or owed > len(cards):
            raise ValueError(f"seat {s}'s observed hand size does not fit the cards it is known to hold")
        for _ in range(owed):
            known[s][cards.pop()] += 1
    if cards:
        raise ValueError(f"{len(cards)} cards are neither in the supply nor in a hand")


def _harbor_step(st: CkState) -> CardStep | None:
    top = st.decisions[-1] if st.decisions else None
    if isinstance(top, CardStep) and top.card == Card.COMMERCIAL_HARBOR:
        return top
    return None


def _deal_progress(st: CkState, game: CkGame, obs: CkObservation, rng: Stream) -> None:
    """The three decks and the others' progress cards from the cards the seat has not seen."""
    n, me = st.n, obs.seat
    victim, what = revealed(st, me)
    spied = victim if what == "progress" else -1
    st.progress = [[] for _ in range(n)]
    st.progress[me] = list(obs.progress)
    if spied >= 0:
        st.progress[spied] = sorted(obs.shown)
    others = [s for s in range(n) if s not in (me, spied)]
    spies = int(game.options["spies"])
    st.decks = []
    for track in range(3):
        pool = deck_cards(track, spies)
        for s in (me, spied):
            for c in st.progress[s] if s >= 0 else ():
                if CARD_DECK[c] == track:
                    pool.remove(c)
        out = len(pool) - obs.deck_sizes[track] - sum(obs.progress_counts[s][track] for s in others)
        for card in sorted(VP_CARDS):
            if CARD_DECK[card] == track and out > 0 and card in pool:
                pool.remove(card)  # §2.9: a VP card is revealed when drawn and stays out of the deck
                out -= 1
        if out:
            raise ValueError(
                f"the observed progress cards of deck {track} do not add up to the deck of cities_and_knights.md §2.8"
            )
        rng.mix(pool)
        for s in others:
            for _ in range(obs.progress_counts[s][track]):
                st.progress[s].append(pool.pop())
        st.decks.append(pool)
    for s in others:
        st.progress[s].sort()
    for i, d in enumerate(st.decisions):
        if isinstance(d, Overflow) and d.newest == UNSEEN:  # another seat's card: one of its dealt ones
            deck = obs.frames[i].values[0]
            mine = [c for c in st.progress[d.seats[0]] if CARD_DECK[c] == deck]
            if not mine:
                raise ValueError(f"seat {d.seats[0]} must let a card of deck {deck} go but holds none")
            st.decisions[i] = Overflow(d.seats, mine[rng.below(len(mine))], d.own_turn)
