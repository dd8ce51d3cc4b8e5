"""Whole games: 600 random games per player count with conservation checks, the longest-road search
against brute force, and the ``catan-greedy`` win rate against random bots."""

from __future__ import annotations

import pytest

import engine
from bots.reference.catan_greedy import CatanGreedy
from bots.reference.simple import RandomBot
from engine.core.match import play_match
from engine.core.rng import Stream
from engine.games.catan.actions import (
    BuyDev,
    City,
    Counter,
    Offer,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    Road,
    Settle,
)
from engine.games.catan.decisions import TradeAnswers, TurnPhase
from engine.games.catan.state import CatanState
from engine.games.catan.tables import DevCard
from tests.engine.games.helpers import wilson_low

PROGRESS = (PlayMonopoly, PlayRoadBuilding, PlayYearOfPlenty)
CHECKED = (*PROGRESS, PlayKnight, BuyDev, City, Road, Settle)
"""The actions that move pieces or development cards (every action is checked for resource cards)."""


def brute_length(st: CatanState, seat: int) -> int:
    """Longest route by trying every corner as a start (the slow reference)."""
    topo = st.board.topology
    best = 0

    def walk(c: int, used: frozenset[int], n: int) -> None:
        nonlocal best
        best = max(best, n)
        if n and st.owner[c] >= 0 and st.owner[c] != seat:
            return
        for e in topo.corner_edges[c]:
            if e not in used and st.road_owner[e] == seat:
                a, b = topo.edge_corners[e]
                walk(b if a == c else a, used | {e}, n + 1)

    for c in range(topo.n_corners):
        walk(c, frozenset(), 0)
    return best


FULL = [19] * 5


def check_cards(st: CatanState) -> None:
    """19 cards of each resource between supply and hands, none negative (checked after every action)."""
    assert list(map(sum, zip(st.bank, *st.hands, strict=True))) == FULL, (st.bank, st.hands)
    assert min(st.bank) >= 0 and min(map(min, st.hands)) >= 0, (st.bank, st.hands)


def check_conservation(st: CatanState, progress_played: int) -> None:
    """Cards; pieces on the board plus in supply; the 25-card development deck."""
    check_cards(st)
    level = st.level
    for s in range(st.n):
        buildings = st.buildings_of[s]
        cities = sum(level[c] for c in buildings) - len(buildings)  # a settlement is level 1, a city 2
        assert len(buildings) - cities + st.settlements_left[s] == 5 and cities + st.cities_left[s] == 4
        assert st.road_owner.count(s) + st.roads_left[s] == 15
    cards = len(st.deck) + sum(map(sum, st.devs)) + sum(st.knights) + progress_played
    assert cards == 25


def random_offer(st: CatanState, seat: int, rng: Stream) -> Offer | Counter | None:
    """A random offer or counter-offer of cards the seat holds (exercises the trade families)."""
    hand = st.hands[seat]
    held = [r for r in range(5) if hand[r]]
    if not held:
        return None
    give_r = rng.pick(held)
    get_r = rng.pick([r for r in range(5) if r != give_r])
    give = [0] * 5
    get = [0] * 5
    give[give_r] = 1 + rng.below(hand[give_r])
    get[get_r] = 1 + rng.below(2)
    g, w = (give[0], give[1], give[2], give[3], give[4]), (get[0], get[1], get[2], get[3], get[4])
    if isinstance(st.decisions[-1], TradeAnswers):
        return Counter(g, w)
    return Offer(g, w, -1 if rng.below(2) else rng.pick([s for s in range(st.n) if s != seat]))


def play_random(players: int, seed: int, trading: bool) -> CatanState:
    game = engine.load_game("catan", "base", players, layout="random" if seed % 3 else "beginner")
    st = game.new_state(seed)
    assert isinstance(st, CatanState)
    rng = Stream(seed)
    progress = 0
    while not st.over:
        seat = st.decisions[-1].seats[rng.below(len(st.decisions[-1].seats))]
        legal = st.legal_actions(seat)
        action = legal[rng.below(len(legal))]
        if trading and st.families(seat) and rng.below(4) == 0:
            top = st.decisions[-1]
            if isinstance(top, TradeAnswers) or (isinstance(top, TurnPhase) and seat == st.active):
                action = random_offer(st, seat, rng) or action
        st.apply(seat, action)
        if type(action) in PROGRESS:
            progress += 1
        if type(action) in CHECKED:
            check_conservation(st, progress)
        else:
            check_cards(st)
        if seed % 50 == 0 and st.ply % 40 == 0:
            for s in range(players):
                assert st.road_len[s] == brute_length(st, s)
    assert st.turn <= game.turn_cap
    result = st.result()
    if not st.capped:
        assert result.places[st.winner] == 1 and st.scores()[st.winner] >= 10
        assert st.devs[st.winner][DevCard.VICTORY_POINT] >= 0
    return st


@pytest.mark.slow
@pytest.mark.parametrize("first", range(0, 600, 300))
@pytest.mark.parametrize("players", [3, 4])
def test_six_hundred_random_games(players: int, first: int) -> None:
    """600 random games per player count (in two chunks, so parallel workers share them) end
    without error, every step conserving cards and pieces; every fourth game also makes random offers
    and counter-offers."""
    for seed in range(first, first + 300):
        play_random(players, seed, trading=seed % 4 == 0)


def test_a_few_random_games() -> None:
    for seed in range(8):
        play_random(3 + seed % 2, seed * 50, trading=True)


@pytest.mark.slow
def test_greedy_beats_random() -> None:
    """catan-greedy wins at least 90 % of seat-rotated 4-seat games against three random bots.

    400 games (100 per seat), match seeds 0-399, random layout. Measured: 399/400 wins (99.75 %),
    Wilson 95 % interval [0.986, 0.9996].
    """
    game = engine.load_game("catan", "base", 4)
    games = 400
    wins = 0
    for i in range(games):
        seat = i % 4
        bots = [CatanGreedy(i) if s == seat else RandomBot(i * 8 + s) for s in range(4)]
        record = play_match(game, bots, seed=i)
        assert not record.result.faults, record.result.faults
        wins += record.result.places[seat] == 1 and record.result.termination.value == "victory"
    low = wilson_low(wins, games)
    assert wins / games >= 0.90, (wins, games)
    assert low >= 0.85, (wins, games, low)
