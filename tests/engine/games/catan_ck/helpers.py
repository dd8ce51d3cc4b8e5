"""Positions for Cities & Knights rule tests: a match after setup, with pieces and cards set directly."""

from __future__ import annotations

import functools
import itertools

import engine
from engine.core.rng import Stream
from engine.games.catan.actions import ROLL
from engine.games.catan.rules.build import place_road
from engine.games.catan_ck.rules.build import place_city, place_settlement
from engine.games.catan_ck.rules.knights import place_knight
from engine.games.catan_ck.state import CkState
from engine.games.catan_ck.tables import FULL_BANK, KIND_BY_NAME


def after_setup(players: int = 4, seed: int = 1, **options: object) -> CkState:
    """A match whose setup was played with each seat's first listed placement: seat 0 before its roll."""
    game = engine.load_game("catan-ck", players=players, **options)
    st = game.new_state(seed)
    assert isinstance(st, CkState)
    while st.active < 0:
        seat = st.seats_to_move()[0]
        st.apply(seat, st.legal_actions(seat)[0])
    return st


def rolled(st: CkState) -> CkState:
    """Roll for the active seat and answer every decision the roll raises with its first listed action,
    until the active seat is in its main phase."""
    st.apply(st.active, ROLL)
    settle(st)
    return st


def settle(st: CkState) -> None:
    """Answer pending decisions of other kinds than the turn with the first listed action."""
    from engine.games.catan.decisions import TurnPhase

    while not st.is_terminal() and not isinstance(st.decisions[-1], TurnPhase):
        seat = st.seats_to_move()[0]
        st.apply(seat, st.legal_actions(seat)[0])


def set_hand(st: CkState, seat: int, **cards: int) -> None:
    """Give ``seat`` exactly these cards (by kind name), the rest to the supply."""
    hand = [0] * 8
    for name, n in cards.items():
        hand[KIND_BY_NAME[name]] = n
    st.hands[seat] = hand
    st.bank = [FULL_BANK[k] - sum(h[k] for h in st.hands) for k in range(8)]
    changed(st)


def changed(st: CkState) -> None:
    """After a test sets the position by hand: forget the legal actions listed before."""
    st._legal_cache.clear()


def knight(st: CkState, seat: int, corner: int, level: int = 1, active: bool = False) -> None:
    """Put a knight of ``seat`` on ``corner`` (activated in an earlier turn when ``active``)."""
    place_knight(st, seat, corner, (level, int(active), -1, -1))
    changed(st)


def road_corners(st: CkState, seat: int) -> list[int]:
    """Corners at the ends of the seat's roads, ascending."""
    ends = {c for e in st.roads_of[seat] for c in st.board.topology.edge_corners[e]}
    return sorted(ends)


@functools.cache
def _dice_seed(values: tuple[int, ...]) -> int:
    for x in range(200_000):
        s = Stream(x)
        if all(s.die() == v for v in values):
            return x
    raise AssertionError(f"no dice stream seed starts with {values}")


def set_dice(st: CkState, *values: int) -> None:
    """Make the next dice of the match's ``dice`` stream ``values`` (red, yellow, event, ...): the stream
    is re-seeded with a seed found to start so; every die is still drawn by the rules."""
    st.rng.stream("dice").seed(_dice_seed(values))


def road(st: CkState, seat: int, a: int, b: int) -> None:
    """Put a road of ``seat`` on the path a-b (no payment)."""
    place_road(st, seat, st.board.topology.edge_index[(min(a, b), max(a, b))])
    changed(st)


def settlement(st: CkState, seat: int, corner: int, city: bool = False) -> None:
    """Put a settlement (or a city) of ``seat`` on ``corner`` (no payment, no placement rule)."""
    (place_city if city else place_settlement)(st, seat, corner)
    changed(st)


def main_phase(st: CkState, red: int = 3, yellow: int = 3, event: int = 1) -> CkState:
    """Roll the given dice for the active seat (default: an 6, the ship) and settle what follows."""
    set_dice(st, red, yellow, event)
    return rolled(st)


def path(st: CkState, corners: list[int]) -> list[tuple[int, int]]:
    """The paths joining consecutive corners."""
    return [(min(a, b), max(a, b)) for a, b in itertools.pairwise(corners)]
