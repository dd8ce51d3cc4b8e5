"""Positions for Cities & Knights rule tests: a match after setup, with pieces and cards set directly."""

from __future__ import annotations

import engine
from engine.games.catan.actions import ROLL
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


def knight(st: CkState, seat: int, corner: int, level: int = 1, active: bool = False) -> None:
    """Put a knight of ``seat`` on ``corner`` (activated in an earlier turn when ``active``)."""
    place_knight(st, seat, corner, (level, int(active), -1, -1))


def road_corners(st: CkState, seat: int) -> list[int]:
    """Corners at the ends of the seat's roads, ascending."""
    ends = {c for e in st.roads_of[seat] for c in st.board.topology.edge_corners[e]}
    return sorted(ends)
