"""Positions for the progress-card tests (cities_and_knights.md §2.9): a main phase, cards in hand,
pieces placed directly, and the check that a refused action leaves the position unchanged."""

from __future__ import annotations

import pytest

from engine.core.action import Action
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.games.catan.decisions import PRE_ROLL, TurnPhase
from engine.games.catan.rules import build as base
from engine.games.catan_ck.progress.gather import hexes_next_to
from engine.games.catan_ck.rules.build import place_settlement
from engine.games.catan_ck.state import CkState
from engine.games.catan_ck.tables import CARD_DECK, CARD_NAMES
from tests.engine.games.catan_ck.helpers import after_setup, rolled, set_hand


def main_phase(players: int = 4, seed: int = 1, **options: object) -> CkState:
    """Seat 0 after its first roll, in its main phase, nothing pending."""
    st = rolled(after_setup(players, seed, **options))
    top = st.decisions[-1]
    assert st.active == 0 and isinstance(top, TurnPhase) and top.phase != PRE_ROLL
    return st


def hold(st: CkState, seat: int, *cards: int) -> None:
    """Move these cards from their decks into the seat's progress hand (conserving the 54)."""
    for card in cards:
        st.decks[CARD_DECK[card]].remove(card)
        st.progress[seat].append(int(card))
    st.progress[seat].sort()
    fresh(st)


def fresh(st: CkState) -> None:
    """Forget the listed actions after a direct change of the position."""
    st._legal_cache = {}


def act(st: CkState, seat: int, text: str) -> list[Event]:
    """Apply the action written as ``text`` (its canonical form), checking it reads back the same."""
    action = st.game.parse_action(text)
    assert action.text() == text
    return st.apply(seat, action)


def refused(st: CkState, seat: int, action: Action | str, *words: str) -> str:
    """The action is refused, not listed, with a reason containing ``words``, and nothing changed."""
    if isinstance(action, str):
        action = st.game.parse_action(action)
    before = st.fingerprint()
    assert action not in st.legal_actions(seat)
    with pytest.raises(IllegalAction) as err:
        st.apply(seat, action)
    reason = str(err.value)
    for w in words:
        assert w in reason, reason
    assert st.fingerprint() == before
    return reason


def free_corner(st: CkState, avoid: tuple[int, ...] = ()) -> int:
    """A corner where the distance rule allows a building (no knight on it), not in ``avoid``."""
    for c in range(st.board.topology.n_corners):
        if c not in avoid and st.k_owner[c] < 0 and base.why_settle_spot(st, 0, c, need_road=False) is None:
            return c
    raise AssertionError("no free corner")


def settle(st: CkState, seat: int, corner: int, city: bool = False) -> None:
    """Put a settlement (or a city) of the seat on ``corner``, free."""
    place_settlement(st, seat, corner)
    if city:
        base.place_city(st, seat, corner)
    fresh(st)


def road(st: CkState, seat: int, edge: int) -> None:
    """Put a road of the seat on ``edge``, free."""
    base.place_road(st, seat, edge, recount=True)
    fresh(st)


def to_move(st: CkState) -> tuple[int, ...]:
    return tuple(st.seats_to_move())


def extend(st: CkState, seat: int, roads: int) -> None:
    """Add ``roads`` roads to the seat's network (each on its first open path), free."""
    for _ in range(roads):
        road(st, seat, base.road_spots(st, seat)[-1])


def corner_next_to(st: CkState, terrain: int) -> int:
    """A free corner (:func:`free_corner`) next to a hex of ``terrain``."""
    corner_hexes = st.board.topology.corner_hexes
    avoid: list[int] = []
    while True:
        c = free_corner(st, tuple(avoid))
        if any(st.board.terrain[h] == terrain for h in corner_hexes[c]):
            return c
        avoid.append(c)


def harvest_for_nothing(card: int, terrain: int) -> None:
    """§11.18: a harvest (Irrigation, Mining) is playable with no ``terrain`` hex next to the seat, and
    takes nothing."""
    st = next(s for s in (main_phase(seed=seed) for seed in range(1, 40)) if not hexes_next_to(s, 0, terrain))
    hold(st, 0, card)
    before = list(st.hands[0])
    act(st, 0, f"play {CARD_NAMES[card]}")
    assert st.hands[0] == before


def harvest_robber_option(card: int, terrain: int, kind: int) -> None:
    """§11.16 (configurable): with ``robber_blocks_cards`` the robber's hex gives nothing to a harvest."""
    st = main_phase(robber_blocks_cards=True)
    settle(st, 0, corner_next_to(st, terrain))
    found = hexes_next_to(st, 0, terrain)
    hold(st, 0, card)
    set_hand(st, 0)
    st.robber = found[0]
    act(st, 0, f"play {CARD_NAMES[card]}")
    assert st.hands[0][kind] == 2 * (len(found) - 1)
