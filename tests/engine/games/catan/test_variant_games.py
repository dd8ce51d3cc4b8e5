"""Whole random games of the 5-6 extension and the helpers (catan.md §2.2, §6, §7): seeded random play
without an error, conserving at every step the cards (24 or 19 of each resource between supply and
hands), the development cards (34 or 25 between deck, hands, table, box and Candamir's draw), the pieces
(5, 4, 15 per seat) and the helpers (one per seat after setup; stack, display and seats hold the ten);
the conformance suite (HS-15) for the turn structures the registry-wide suite does not play.

``GAMES_PER_CONFIG`` random games per configuration run in the suite, in chunks that parallel workers
share; a run of 1,000 per configuration is ``python -m tests.engine.games.catan.test_variant_games 1000``
plays (measured: in every configuration all 1,000 games ended in a victory, none at the turn cap).
"""

from __future__ import annotations

import sys
import time

import pytest

import engine
from engine.core.conformance import check_playout
from engine.core.rng import Stream
from engine.games.catan.decisions import CandamirPick, TradeAnswers, TurnPhase
from engine.games.catan.helper_actions import UseVincent
from engine.games.catan.state import CatanState
from engine.games.catan.tables import N_HELPERS, DevCard

from .test_games import PROGRESS, random_offer

CONFIGS: list[tuple[str, int, dict[str, object]]] = [
    ("extended", 5, {}),
    ("extended", 6, {}),
    ("extended", 5, {"turn_structure": "paired"}),
    ("extended", 6, {"turn_structure": "paired"}),
    ("helpers", 3, {}),
    ("helpers", 4, {}),
    ("helpers", 5, {}),
    ("helpers", 6, {}),
    ("helpers", 5, {"turn_structure": "paired"}),
    ("helpers", 6, {"turn_structure": "paired"}),
]
IDS = [f"{v}-p{p}-{o.get('turn_structure', 'sbp')}" for v, p, o in CONFIGS]
GAMES_PER_CONFIG = 80
CHUNK = 40


def check_step(st: CatanState, gone: int) -> None:
    """Cards, development cards, pieces and helpers after one action (``gone``: development cards out of
    the game, progress cards played and knights Vincent discarded)."""
    counts = st.game.spec.counts(st.n)
    full = [counts.bank_per_resource] * 5
    assert list(map(sum, zip(st.bank, *st.hands, strict=True))) == full, (st.bank, st.hands)
    assert min(st.bank) >= 0 and min(map(min, st.hands)) >= 0
    top = st.decisions[-1] if st.decisions else None
    drawn = len(top.cards) if isinstance(top, CandamirPick) else 0
    cards = len(st.deck) + sum(map(sum, st.devs)) + sum(st.knights) + gone + drawn
    assert cards == sum(counts.dev_deck) == (34 if counts.is_large else 25)
    for s in range(st.n):
        buildings = st.buildings_of[s]
        cities = sum(st.level[c] for c in buildings) - len(buildings)
        assert len(buildings) - cities + st.settlements_left[s] == 5 and cities + st.cities_left[s] == 4
        assert st.road_owner.count(s) + st.roads_left[s] == 15 == len(st.roads_of[s]) + st.roads_left[s]
    if st.helpers_on:
        held = [h for h in st.helper if h >= 0]
        pool = held + st.display + st.helper_stack
        assert sorted(pool) == list(range(N_HELPERS)), (st.helper, st.display, st.helper_stack)
        assert st.turn == 0 or len(held) == st.n


def play_random(variant: str, players: int, options: dict[str, object], seed: int) -> CatanState:
    game = engine.load_game("catan", variant, players, **options)  # type: ignore[arg-type]
    st = game.new_state(seed)
    assert isinstance(st, CatanState)
    rng = Stream(seed)
    gone = 0
    trading = seed % 4 == 0
    while not st.over:
        seats = st.decisions[-1].seats
        seat = seats[rng.below(len(seats))]
        legal = st.legal_actions(seat)
        action = legal[rng.below(len(legal))]
        if trading and st.families(seat) and rng.below(4) == 0:
            top = st.decisions[-1]
            if isinstance(top, TradeAnswers) or (isinstance(top, TurnPhase) and seat == st.active):
                action = random_offer(st, seat, rng) or action
        st.apply(seat, action)
        gone += type(action) in PROGRESS or type(action) is UseVincent
        check_step(st, gone)
    assert st.turn <= game.turn_cap
    if not st.capped:
        assert st.result().places[st.winner] == 1 and st.scores()[st.winner] >= st.vp_to_win
        assert st.winner == st.active and st.devs[st.winner][DevCard.VICTORY_POINT] >= 0
    return st


@pytest.mark.slow
@pytest.mark.parametrize("first", range(0, GAMES_PER_CONFIG, CHUNK))
@pytest.mark.parametrize(("variant", "players", "options"), CONFIGS, ids=IDS)
def test_random_games_conserve_everything(
    variant: str, players: int, options: dict[str, object], first: int
) -> None:
    """Seeded random games of every configuration end without an error (catan.md §2.2, §6, §7); one in
    four also makes random domestic offers and counter-offers."""
    for seed in range(first, first + CHUNK):
        play_random(variant, players, options, seed)


def test_a_few_random_games() -> None:
    for i, (variant, players, options) in enumerate(CONFIGS):
        play_random(variant, players, options, 1000 + i)


# The paired turn structure's full conformance playout at both sizes of the extension and at the Helpers'
# six seats (its random games above cover the Helpers at five).
PAIRED = [(v, p, o) for v, p, o in CONFIGS if o and (v, p) != ("helpers", 5)]


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "players", "options"), PAIRED, ids=[f"{v}-p{p}" for v, p, _ in PAIRED])
def test_paired_players_conform(variant: str, players: int, options: dict[str, object]) -> None:
    """HS-15 for ``turn_structure=paired`` (the registry-wide suite plays the default options)."""
    game = engine.load_game("catan", variant, players, **options)  # type: ignore[arg-type]
    report = check_playout(game, seed=77 + players, subprocess_replay=False)
    assert report.plies > 0


def main(argv: list[str]) -> int:
    """Play ``argv[0]`` games per configuration and print the time each configuration took."""
    games = int(argv[0]) if argv else 1000
    for (variant, players, options), ident in zip(CONFIGS, IDS, strict=True):
        started = time.perf_counter()
        capped = sum(play_random(variant, players, options, seed).capped for seed in range(games))
        print(f"{ident}: {games} games, {capped} at the turn cap, {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))


GREEDY = [("extended", 5, {}), ("extended", 6, {}), ("extended", 6, {"turn_structure": "paired"}),
          ("helpers", 4, {}), ("helpers", 6, {})]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "players", "options"),
    GREEDY,
    ids=[f"{v}-p{p}-{o.get('turn_structure', 'sbp')}" for v, p, o in GREEDY],
)
def test_greedy_beats_random(variant: str, players: int, options: dict[str, object]) -> None:
    """catan-greedy (which builds in the Special Building Phase and uses its helper) wins at least 90 %
    of seat-rotated games against random bots: 20 games per seat, match seeds 0 up. Measured: every
    game won in all five configurations (100/100, 120/120, 120/120, 80/80, 120/120), as in the base
    game (399/400, ``test_games.py``)."""
    from bots.reference.catan_greedy import CatanGreedy
    from bots.reference.simple import RandomBot
    from engine.core.match import play_match
    from tests.engine.games.helpers import wilson_low

    game = engine.load_game("catan", variant, players, **options)  # type: ignore[arg-type]
    games = 20 * players
    wins = 0
    for i in range(games):
        seat = i % players
        bots = [CatanGreedy(i) if s == seat else RandomBot(i * 8 + s) for s in range(players)]
        record = play_match(game, bots, seed=i)
        assert not record.result.faults, record.result.faults
        wins += record.result.places[seat] == 1 and record.result.termination.value == "victory"
    assert wins / games >= 0.90 and wilson_low(wins, games) >= 0.85, (wins, games)


@pytest.mark.parametrize(
    ("variant", "players", "options", "why"),
    [
        ("extended", 5, {"layout": "beginner"}, "option layout .beginner.; valid: random"),
        ("helpers", 6, {"combined_trade_build": False}, "combined_trade_build with 5-6 seats"),
        ("helpers", 4, {"turn_structure": "paired"}, "turn_structure with 4 seats"),
        ("extended", 6, {"turn_structure": "pairs"}, "valid: special_building, paired"),
        ("helpers", 4, {"helper_stack": "nassir-jean-lin-louis-william"}, "helper_stack"),
        ("helpers", 4, {"helper_stack": "jean-jean-lin-louis-william"}, "helper_stack"),
        ("helpers", 4, {"helper_stack": "jean-lin-louis-william"}, "helper_stack"),
        ("extended", 4, {}, "player count"),
    ],
)
def test_option_values_out_of_the_rules_are_refused(
    variant: str, players: int, options: dict[str, object], why: str
) -> None:
    """catan.md §3.6 (no beginner map for 30 hexes), §6 (combined phase mandatory, paired players only
    with 5-6 seats), §7.2 (five helpers under Nassir)."""
    from engine.core.errors import UnknownChoice

    with pytest.raises(UnknownChoice, match=why):
        engine.load_game("catan", variant, players, **options)  # type: ignore[arg-type]


def test_the_helper_stack_option_has_one_canonical_form() -> None:
    """Commas or dashes, any case: one ladder key (commas would split the canonical option list)."""
    a = engine.load_game("catan", "helpers", 4, helper_stack="Candamir,jean,lin,louis,william")
    b = engine.load_game("catan", "helpers", 4, helper_stack="candamir-jean-lin-louis-william")
    assert a.ref.canonical() == b.ref.canonical()
    assert "helper_stack=candamir-jean-lin-louis-william," in a.ref.canonical()
    st = a.new_state(1)
    assert isinstance(st, CatanState) and st.helper_stack == [6, 0, 2, 3, 4, 9]
