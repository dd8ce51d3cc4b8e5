"""Knights (cities_and_knights.md §7, §11.6-§11.8): building, activation, promotion, the three actions,
blocking and Longest Road."""

from __future__ import annotations

import itertools

import pytest

from engine.core.errors import IllegalAction
from engine.games.catan.actions import MoveRobber, Settle
from engine.games.catan.rules.build import road_spots
from engine.games.catan_ck.actions import (
    Activate,
    BuildKnight,
    Chase,
    ChooseCorner,
    Displace,
    MoveKnight,
    Promote,
)
from engine.games.catan_ck.decisions import KnightRobber, Relocate
from engine.games.catan_ck.rules.build import settle_spots
from engine.games.catan_ck.state import CkState
from engine.games.catan_ck.tables import Track

from .helpers import after_setup, changed, knight, main_phase, road, set_hand


def board() -> CkState:
    """Seat 0: roads 17-23-29-35-30, a strong active knight on 23. Seat 1: roads 35-40-44, a basic
    knight on 35. Seat 0 rolled (a 6, a ship), in its main phase."""
    st = after_setup()
    for a, b in ((17, 23), (23, 29), (29, 35), (35, 30)):
        road(st, 0, a, b)
    for a, b in ((35, 40), (40, 44)):
        road(st, 1, a, b)
    knight(st, 0, 23, level=2, active=True)
    knight(st, 1, 35, level=1, active=True)
    main_phase(st)
    set_hand(st, 0)
    return st


def test_move_paths_stop_at_opponent_pieces() -> None:
    """§7.5 a, §11.6: along own roads, through empty corners; an opponent's knight ends the path."""
    st = board()
    moves = sorted(a.dst for a in st.legal_actions(0) if isinstance(a, MoveKnight))
    assert moves == [17, 29]  # 35 holds seat 1's knight, so 30 behind it is out of reach
    displaces = [a for a in st.legal_actions(0) if isinstance(a, Displace)]
    assert displaces == [Displace(23, 35)]


def test_a_move_leaves_the_knight_inactive() -> None:
    """§7.5: the knight acts once and turns inactive."""
    st = board()
    st.apply(0, MoveKnight(23, 29))
    assert st.k_owner[29] == 0 and st.k_owner[23] == -1 and not st.k_active[29] and st.k_level[29] == 2


def test_displace_asks_the_owner_to_relocate() -> None:
    """§7.5 b: the weaker knight's owner moves it along its own roads from there (asked out of turn)."""
    st = board()
    st.apply(0, Displace(23, 35))
    top = st.decisions[-1]
    assert isinstance(top, Relocate) and top.seats == (1,)
    assert st.seats_to_move() == (1,)
    assert st.legal_actions(1) == (ChooseCorner(40), ChooseCorner(44))
    st.apply(1, ChooseCorner(44))
    assert st.k_owner[44] == 1 and st.k_active[44] == 1  # its status is unchanged
    assert st.k_owner[35] == 0 and not st.k_active[35]


def test_a_displaced_knight_without_a_free_corner_returns_to_the_supply() -> None:
    """§7.5 b: no reachable free corner: the knight goes back to its owner."""
    st = board()
    knight(st, 1, 40, level=2)
    knight(st, 1, 44, level=1)  # seat 1's own knights fill its road; 40 and 44 are not free
    st.apply(0, Displace(23, 35))
    assert not isinstance(st.decisions[-1], Relocate)
    assert st.k_supply[1][0] == 0 + 1  # two basic on the board (40, 44), the displaced one back


def test_basic_knights_cannot_displace_and_equals_cannot_be_displaced() -> None:
    """§7.5 b: strictly weaker only; a basic knight never displaces."""
    st = board()
    st.k_level[23] = 1
    st.k_supply[0] = [1, 2, 2]
    changed(st)
    with pytest.raises(IllegalAction, match="basic knight cannot displace"):
        st.apply(0, Displace(23, 35))
    st.k_level[23], st.k_level[35] = 2, 2
    changed(st)
    with pytest.raises(IllegalAction, match="strictly weaker"):
        st.apply(0, Displace(23, 35))


def test_a_knight_activated_this_turn_cannot_act() -> None:
    """§7.3 (the issue's bad input): activated this turn, no action until a later turn; the position is
    unchanged by the refusal."""
    st = board()
    st.k_active[23] = 0
    set_hand(st, 0, grain=1)
    st.apply(0, Activate(23))
    assert not any(isinstance(a, MoveKnight) for a in st.legal_actions(0))
    before = st.fingerprint()
    with pytest.raises(IllegalAction, match=r"activated this turn .*cities_and_knights.md §7.3"):
        st.apply(0, MoveKnight(23, 29))
    assert st.fingerprint() == before


def test_build_activate_promote() -> None:
    """§7.2-§7.4: a basic knight, inactive, on a free corner touching an own road; 1 grain to activate;
    1 wool + 1 ore to promote, once per turn, strong to mighty only with the Fortress."""
    st = board()
    set_hand(st, 0, wool=3, ore=3, grain=1)
    builds = sorted(a.corner for a in st.legal_actions(0) if isinstance(a, BuildKnight))
    assert builds == [3, 11, 17, 29, 30]  # free corners at seat 0's roads (23 and 35 hold knights)
    st.apply(0, BuildKnight(29))
    assert st.k_level[29] == 1 and not st.k_active[29] and st.k_supply[0] == [1, 1, 2]
    st.apply(0, Promote(29))
    assert st.k_level[29] == 2 and st.k_supply[0] == [2, 0, 2]
    with pytest.raises(IllegalAction, match="once per turn"):
        st.apply(0, Promote(29))
    with pytest.raises(IllegalAction, match="Fortress"):
        st.apply(0, Promote(23))
    st.improvements[0][Track.POLITICS] = 3
    changed(st)
    st.apply(0, Promote(23))
    assert st.k_level[23] == 3


def test_chase_needs_the_active_robber_next_to_the_knight() -> None:
    """§7.5 c, §4.2: refused before the first attack; then to another numbered hex, with a steal."""
    st = board()
    st.robber = st.board.topology.corner_hexes[23][0]
    changed(st)
    before = st.fingerprint()
    with pytest.raises(
        IllegalAction, match=r"before the first barbarian attack \(cities_and_knights.md §4.2\)"
    ):
        st.apply(0, Chase(23))
    assert st.fingerprint() == before
    st.robber_active = True
    changed(st)
    st.apply(0, Chase(23))
    assert isinstance(st.decisions[-1], KnightRobber) and not st.k_active[23]
    hexes = {a.hex for a in st.legal_actions(0) if isinstance(a, MoveRobber)}
    assert hexes == {h for h in range(19) if st.board.tokens[h] and h != st.robber}
    desert = st.board.desert
    with pytest.raises(IllegalAction, match="number token"):
        st.apply(0, MoveRobber(desert, -1))


def test_knights_block_opponent_roads_and_settlements() -> None:
    """§7.6: no opponent road through a knight's corner, no settlement on a knight (even one's own)."""
    st = board()
    road(st, 1, 18, 23)  # seat 1's road from 18 ends on seat 0's knight on 23: it goes on from 18 only
    spots1 = {st.board.topology.edge_corners[e] for e in road_spots(st, 1)}
    assert (13, 18) in spots1 and (18, 24) in spots1 and 18 in settle_spots(st, 1)
    knight(st, 0, 18)  # now a knight of seat 0 stands on 18 too
    spots1 = {st.board.topology.edge_corners[e] for e in road_spots(st, 1)}
    assert (13, 18) not in spots1 and (18, 24) not in spots1 and 18 not in settle_spots(st, 1)
    assert 29 in settle_spots(st, 0)
    knight(st, 0, 29)
    assert 29 not in settle_spots(st, 0)
    set_hand(st, 0, brick=1, lumber=1, wool=1, grain=1)
    with pytest.raises(IllegalAction, match="must move away first"):
        st.apply(0, Settle(29))


def test_an_opponent_knight_breaks_longest_road() -> None:
    """§7.6, §9.3: a knight splits the other seats' routes; moving it away joins them again."""
    st = after_setup()
    chain = [34, 39, 44, 40, 45, 41]
    for a, b in itertools.pairwise(chain):
        road(st, 1, a, b)
    assert st.road_len[1] == 5 and st.longest == 1
    road(st, 0, 44, 48)
    knight(st, 0, 44, active=True)
    assert st.road_len[1] == 3 and st.longest == -1
    main_phase(st)
    st.apply(0, MoveKnight(44, 48))
    assert st.road_len[1] == 5 and st.longest == 1


def test_own_knight_is_passable_for_roads() -> None:
    """§7.6: the knight's owner may build through its own knight, an opponent may not."""
    st = board()
    spots0 = {st.board.topology.edge_corners[e] for e in road_spots(st, 0)}
    assert (18, 23) in spots0  # through seat 0's own knight on 23
    st.k_owner[23] = st.occupant[23] = 1  # the same knight, seat 1's
    changed(st)
    spots0 = {st.board.topology.edge_corners[e] for e in road_spots(st, 0)}
    assert (18, 23) not in spots0


def test_a_displacement_joins_the_displacers_own_route() -> None:
    """§7.6, §9.3: the displaced knight broke the displacer's route on its corner; the displacer's own
    knight standing there now does not, so the route is measured again and Longest Road may follow."""
    st = board()
    road(st, 0, 12, 17)
    road(st, 0, 30, 36)  # seat 0: 12-17-23-29-35 and 35-30-36, split by seat 1's knight on 35
    assert st.road_len[0] == 4 and st.longest == -1
    st.apply(0, Displace(23, 35))
    assert st.road_len[0] == 6 and st.longest == 0
