"""Smith (cities_and_knights.md §2.9, §7.4, §10 items 26-30)."""

from __future__ import annotations

from engine.games.catan.rules import build as base
from engine.games.catan_ck.rules.knights import knight_spots
from engine.games.catan_ck.state import CkState
from engine.games.catan_ck.tables import Card, Track
from tests.engine.games.catan_ck.helpers import knight, set_hand
from tests.engine.games.catan_ck.progress.cards import act, fresh, hold, main_phase, refused, road


def _knights(st: CkState, *levels: int, active: bool = False) -> list[int]:
    spots = knight_spots(st, 0)
    while len(spots) < len(levels):
        road(st, 0, base.road_spots(st, 0)[0])
        spots = knight_spots(st, 0)
    for c, lv in zip(spots, levels, strict=False):
        knight(st, 0, c, lv, active)
    fresh(st)
    return spots[: len(levels)]


def test_two_knights_up_one_level_free_status_kept() -> None:
    """§10 items 26 and 28: two knights one level each, free, active or not, status unchanged."""
    st = main_phase()
    a, b = _knights(st, 1, 1, active=True)
    hold(st, 0, Card.SMITH)
    set_hand(st, 0)
    act(st, 0, f"play smith {a} {b}")
    assert st.k_level[a] == 2 and st.k_level[b] == 2
    assert st.k_active[a] == 1 and st.k_active[b] == 1
    assert st.k_supply[0] == [2, 0, 2]


def test_one_knight_only() -> None:
    """§2.9: up to two knights."""
    st = main_phase()
    a, _ = _knights(st, 1, 1)
    hold(st, 0, Card.SMITH)
    act(st, 0, f"play smith {a}")
    assert st.k_level[a] == 2


def test_strong_to_mighty_needs_the_fortress() -> None:
    """§10 item 29: a strong knight goes up only with politics 3; item 27: never a mighty one."""
    st = main_phase()
    strong, mighty = _knights(st, 2, 3)
    hold(st, 0, Card.SMITH)
    refused(st, 0, f"play smith {strong}", "Smith: no knight of the seat can go up")
    refused(st, 0, f"play smith {mighty}", "Smith: no knight of the seat can go up")
    st.improvements[0][Track.POLITICS] = 3
    fresh(st)
    refused(st, 0, f"play smith {mighty}", "cannot go up a level")
    act(st, 0, f"play smith {strong}")
    assert st.k_level[strong] == 3


def test_once_per_turn() -> None:
    """§10 item 30: a knight goes up at most one level per turn."""
    st = main_phase()
    (a,) = _knights(st, 1)
    hold(st, 0, Card.SMITH, Card.SMITH)
    act(st, 0, f"play smith {a}")
    refused(st, 0, f"play smith {a}", "Smith: no knight of the seat can go up")


def test_mighty_first_frees_the_strong_token() -> None:
    """§7.4: a token of the next level must be left; promoting the strong knight first frees one."""
    st = main_phase()
    basic, s1, s2 = _knights(st, 1, 2, 2)
    st.improvements[0][Track.POLITICS] = 3
    hold(st, 0, Card.SMITH)
    assert st.k_supply[0][1] == 0
    refused(st, 0, f"play smith {basic}", "cannot go up a level")
    assert basic < s1
    act(st, 0, f"play smith {basic} {s1}")
    assert st.k_level[s1] == 3 and st.k_level[basic] == 2 and st.k_level[s2] == 2


def test_no_knight_no_target() -> None:
    """§11.18: without a knight that can go up the card has no target."""
    st = main_phase()
    hold(st, 0, Card.SMITH)
    refused(st, 0, "play smith 0", "Smith: no knight of the seat can go up")
