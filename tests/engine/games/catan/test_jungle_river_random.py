"""Whole random games of the Jungle and Big River variants (seafarers.md §7, §8): seeded random play,
checking after every action that nothing is created or lost.

Conserved at every step (every fourth game also makes random offers and counter-offers): the resource
cards (19 of each between supply and hands, none negative); the development cards (deck, hands, knights
played and progress cards played make 25); the discovery tokens
(each seat holds what the ``discoveries`` events gave it less what its purchases spent, never fewer
than 0; the supply is unlimited); the pieces (5 settlements, 4 cities, 15 roads per seat); the VP (each
seat's building VP and gold-mine VP as its buildings give them); route lengths and Longest Road as the
board gives them. During setup no settlement stands on the riverbank (§8.3). Every game ends by a
victory before the turn cap, which these games raise to its largest value (10,000 turns): uniformly
random play now and then runs past the default 1,000 turns (a seat one VP short that rarely holds a
city's cards once the deck is empty) and the full run counts those games.

``GAMES`` random games per configuration run in the suite; ``python -m
tests.engine.games.catan.test_jungle_river_random 1000`` plays 1,000 per configuration and prints the
figures, and ``... --conformance`` runs the conformance checks (HS-15) on whole games of each
configuration with the two seeds of tests/conformance/test_games.py, which plays them only in part.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field

import pytest

import engine
from engine.core.conformance import check_playout
from engine.core.rng import Stream
from engine.games.catan.decisions import TradeAnswers, TurnPhase
from engine.games.catan.rules.river import gold_mine_points
from engine.games.catan.rules.scoring import road_length
from engine.games.catan.state import CatanState
from engine.games.catan.tables import DEV_NAMES, LONGEST_ROAD_MIN
from tests.conformance.test_games import SEEDS

from .test_games import check_conservation, random_offer

CONFIGS: tuple[tuple[str, int, dict[str, object]], ...] = (
    ("jungle", 3, {}),
    ("jungle", 4, {}),
    ("big-river", 3, {}),
    ("big-river", 4, {}),
)
"""The configurations of the full run: each variant at 3 and 4 seats with its default options."""
SUITE: tuple[tuple[str, int, dict[str, object]], ...] = (
    *CONFIGS,
    ("jungle", 4, {"layout": "beginner", "robber_start": "jungle", "jungle_token": 6}),
    ("big-river", 3, {"river_position": "random", "gold_mine_bonus": "first_only"}),
)
GAMES = 3
TURN_CAP = 10_000
"""The largest ``turn_cap``: a random game ends by a victory, however long it takes."""
DEFAULT_CAP = 1000
PROGRESS = {DEV_NAMES[k] for k in (1, 2, 3)}


@dataclass
class Tally:
    """What the events of one game add up to."""

    earned: list[int]
    spent: list[int]
    progress_played: int = 0
    token_purchases: int = 0
    gold_events: int = 0
    counts: dict[str, int] = field(default_factory=dict)


def check_step(st: CatanState, tally: Tally) -> None:
    """Every conservation law after one action (the base game's cards, pieces and development deck,
    then what the two variants add)."""
    check_conservation(st, tally.progress_played)
    assert st.discovery == [e - s for e, s in zip(tally.earned, tally.spent, strict=True)]
    assert min(st.discovery) >= 0
    for s in range(st.n):
        assert st.building_vp[s] == sum(st.level[c] for c in st.buildings_of[s])
    assert st.gold_vp == gold_mine_points(st)
    if st.turn == 0:
        assert not any(st.owner[c] >= 0 for c in st.board.riverbank)
    assert st.road_len == [road_length(st, s) for s in range(st.n)]
    best = max(st.road_len)
    if st.longest >= 0:
        assert st.road_len[st.longest] == best >= LONGEST_ROAD_MIN
    else:
        assert best < LONGEST_ROAD_MIN or st.road_len.count(best) > 1


def play_random(variant: str, players: int, seed: int, check: bool = True, **options: object) -> Tally:
    """One random game, checked after every action; returns the tally of its events. Families are
    answered with their listed representative, except in every fourth game, where a seat that may
    offer or counter does so one time in four with cards it holds (trades among the tokens)."""
    game = engine.load_game("catan", variant, players, **{"turn_cap": TURN_CAP, **options})
    st = game.new_state(seed)
    assert isinstance(st, CatanState)
    pick = Stream(seed * 7 + players)
    tally = Tally([0] * players, [0] * players)
    trading = seed % 4 == 0
    while not st.is_terminal():
        seat = pick.pick(st.seats_to_move())
        action = pick.pick(st.legal_actions(seat))
        if trading and st.families(seat) and pick.below(4) == 0:
            top = st.decisions[-1]
            if isinstance(top, TradeAnswers) or (isinstance(top, TurnPhase) and seat == st.active):
                action = random_offer(st, seat, pick) or action
        for event in st.apply(seat, action):
            data = event.data
            tally.counts[event.kind] = tally.counts.get(event.kind, 0) + 1
            if event.kind == "discoveries":
                for who, k in data["paid"].items():
                    tally.earned[int(who)] += k
            elif event.kind == "buy_dev" and "tokens" in data:
                tally.spent[data["seat"]] += data["tokens"]
                tally.token_purchases += 1
            elif event.kind == "play" and data["card"] in PROGRESS:
                tally.progress_played += 1
            elif event.kind == "gold_mine":
                tally.gold_events += 1
        if check:
            check_step(st, tally)
    assert not st.capped, f"{variant} p{players} seed {seed} reached the turn cap"
    tally.counts["turns"] = st.turn
    return tally


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "players", "options"), SUITE, ids=[f"{v}-p{n}-{len(o)}" for v, n, o in SUITE]
)
def test_random_games_conserve(variant: str, players: int, options: dict[str, object]) -> None:
    for seed in range(GAMES):
        play_random(variant, players, seed, **options)


def main(games: int) -> None:
    for variant, players, options in CONFIGS:
        started = time.perf_counter()
        turns: list[int] = []
        purchases = gold = tokens = 0
        for seed in range(games):
            tally = play_random(variant, players, seed, **options)
            turns.append(tally.counts["turns"])
            purchases += tally.token_purchases
            gold += tally.gold_events
            tokens += sum(tally.earned)
        turns.sort()
        took = time.perf_counter() - started
        print(
            f"{variant} {players} seats: {games} games in {took:.0f} s, every step conserved, 0 at the turn"
            f" cap of {TURN_CAP}, {sum(t > DEFAULT_CAP for t in turns)} past {DEFAULT_CAP} turns; turns"
            f" median {turns[len(turns) // 2]} max {turns[-1]}; {tokens} discovery tokens earned,"
            f" {purchases} cards bought with tokens, {gold} gold-mine bonuses",
            flush=True,
        )


def conformance() -> None:
    for variant, players, options in CONFIGS:
        for seed in SEEDS:
            started = time.perf_counter()
            report = check_playout(
                engine.load_game("catan", variant, players, **options), seed * 1000 + players
            )
            took = time.perf_counter() - started
            print(
                f"{variant} {players} seats, seed {seed}: conforms, {report.plies} plies, {report.turns} turns,"
                f" {took:.0f} s",
                flush=True,
            )


if __name__ == "__main__":
    if sys.argv[1:] == ["--conformance"]:
        conformance()
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
