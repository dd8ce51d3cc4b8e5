"""Gold fields (seafarers.md §5.3) and the discovery of fog spaces (seafarers.md §5.11).

Gold: New Shores for 4 seats, the gold field 41 (token 4) on the SE island. Fog: the Fog Islands for 4
seats; corner 63 is a site of the SW island whose sea edge 56-63 leads to a corner of fog space 20.
"""

from __future__ import annotations

import pytest

from engine.core.rng import MatchRng
from engine.games.catan.seafarers.rules.fog import discover
from engine.games.catan.tables import Terrain

from .sea import Map, new_shores, play, refused

M = new_shores()
GOLD_HEX = 41
GOLD_NORTH = M.corner(GOLD_HEX, "N")
GOLD_SOUTH_EAST = M.corner(GOLD_HEX, "SE")
FOG = Map("fog-islands")
SW_SITE = 63
TO_FOG = "56-63"


def seed_rolling(total: int) -> int:
    """A match seed whose first roll has this sum."""
    for k in range(1000):
        dice = MatchRng(k).stream("dice")
        if dice.die() + dice.die() == total:
            return k
    raise AssertionError(total)


def test_gold_pays_a_card_of_choice_per_settlement_and_two_per_city_in_turn_order() -> None:
    # seafarers.md §5.3: after ordinary production, one card at a time from the active seat on
    st = M.state(
        f"seed={seed_rolling(4)} phase=pre_roll active=3 s1.settle={GOLD_NORTH} s2.city={GOLD_SOUTH_EAST}"
    )
    kinds = play(st, 3, "roll")
    assert "gold_owed" in kinds
    assert st.seats_to_move() == (1,)  # seat 3 rolled: seats 0, 1, 2 follow it, seat 1 owed first
    assert {a.text() for a in st.legal_actions(1)} == {
        f"gold {r}" for r in ("brick", "lumber", "wool", "grain", "ore")
    }
    play(st, 1, "gold ore")
    assert st.seats_to_move() == (2,)
    play(st, 2, "gold wool")
    play(st, 2, "gold wool")
    assert st.seats_to_move() == (3,) and type(st.decisions[-1]).__name__ == "TurnPhase"
    assert st.hands[1][4] == 1 and st.hands[2][2] == 2


def test_the_robber_blocks_a_gold_field() -> None:
    st = M.state(f"seed={seed_rolling(4)} phase=pre_roll robber={GOLD_HEX} s1.settle={GOLD_NORTH}")
    assert "gold_owed" not in play(st, 0, "roll")


def test_gold_takes_only_what_the_supply_holds() -> None:
    st = M.state(f"s1.settle={GOLD_NORTH} bank=0,0,0,1,0 decision=gold:1:2")
    assert [a.text() for a in st.legal_actions(1)] == ["gold grain"]
    refused(st, 1, "gold ore", "the supply has no ore")
    events = st.apply(1, st.game.parse_action("gold grain"))
    assert [e.kind for e in events] == ["gold", "gold_owed"]  # the supply is empty: the rest is lost
    assert events[1].data == {"owed": {"1": 1}, "lost": True}
    assert type(st.decisions[-1]).__name__ == "TurnPhase"


def test_a_ship_next_to_a_fog_space_discovers_it_and_pays_its_card() -> None:
    st = FOG.state(f"s0.settle={SW_SITE} s0.hand=1l1w fogstack=sea,hills fogtokens=3,5")
    space = 20
    assert st.board.terrain[space] == Terrain.FOG
    kinds = play(st, 0, f"ship {TO_FOG}")
    assert kinds[0] == "ship" and "discover" in kinds and "discovery_card" in kinds
    assert (st.board.terrain[space], st.board.tokens[space]) == (Terrain.HILLS, 5)
    assert st.hands[0] == [1, 0, 0, 0, 0]  # a brick for the hills
    assert (st.fog_stack, st.fog_tokens) == ([int(Terrain.SEA)], [3])
    assert space not in st.board.fog and space in st.board.land
    assert st.observe(1).terrain[space] == Terrain.HILLS  # public once discovered


def test_sea_pays_nothing_and_takes_no_token() -> None:
    st = FOG.state(f"s0.settle={SW_SITE} s0.hand=1l1w fogstack=hills,sea fogtokens=3,5")
    play(st, 0, f"ship {TO_FOG}")
    assert st.board.terrain[20] == Terrain.SEA and st.board.tokens[20] == 0
    assert st.hands[0] == [0] * 5 and st.fog_tokens == [3, 5]


def test_a_gold_field_discovered_pays_a_card_of_choice() -> None:
    st = FOG.state(f"s0.settle={SW_SITE} s0.hand=1l1w fogstack=hills,gold fogtokens=3,9")
    play(st, 0, f"ship {TO_FOG}")
    assert st.board.terrain[20] == Terrain.GOLD and st.board.tokens[20] == 9
    assert type(st.decisions[-1]).__name__ == "GoldChoice" and st.seats_to_move() == (0,)
    play(st, 0, "gold ore")
    assert st.hands[0][4] == 1


def test_an_empty_supply_pays_no_discovery_card() -> None:
    st = FOG.state(f"s0.settle={SW_SITE} s0.hand=1l1w fogstack=sea,hills fogtokens=3,5 bank=0,18,18,19,19")
    play(st, 0, f"ship {TO_FOG}")
    assert st.board.terrain[20] == Terrain.HILLS and st.hands[0] == [0] * 5


def test_every_space_at_either_end_is_discovered_in_ascending_order() -> None:
    # an edge at corner 19, which touches the fog spaces 1, 6 and 7; the stacks' tops are their ends
    st = FOG.state("fogstack=sea,forest,hills,fields,mountains,pasture fogtokens=3,4,8,6,9,10")
    topo = st.board.topology
    edge = topo.corner_edges[19][0]
    spaces = sorted({h for c in topo.edge_corners[edge] for h in st.board.corner_fog[c]})
    assert {1, 6, 7} <= set(spaces)
    events, gold = discover(st, 0, edge)
    found = [(e.data["hex"], e.data["terrain"], e.data["token"]) for e in events if e.kind == "discover"]
    kinds = ["pasture", "mountains", "fields", "hills", "forest", "sea"][: len(spaces)]
    tokens = [10, 9, 6, 8, 4, 0][: len(spaces)]
    assert found == list(zip(spaces, kinds, tokens, strict=True)) and gold == 0


@pytest.mark.parametrize(("reward", "cards"), [(True, [1, 0, 0, 0, 0]), (False, [0] * 5)])
def test_setup_discoveries_pay_unless_the_option_says_no(reward: bool, cards: list[int]) -> None:
    # seafarers.md §5.1 step 6, §9.8: seat 0's first settlement, then its ship into the fog
    st = FOG.state(
        f"s0.settle={SW_SITE} decision=setup_road:0:{SW_SITE} fogstack=sea,hills fogtokens=3,5",
        setup_discovery_reward=reward,
    )
    play(st, 0, f"ship {TO_FOG}")
    assert st.board.terrain[20] == Terrain.HILLS and st.hands[0] == cards


def test_roads_discover_too() -> None:
    # seafarers.md §9.6: once fog space 20 shows land, a road along it reaches the next fog spaces
    st = FOG.state("fog=20:hills:5")
    board = st.board
    topo = board.topology
    site, edge = next(
        (c, e)
        for c in topo.hex_corners[20]
        for e in topo.corner_edges[c]
        if board.road_edges[e] and any(board.corner_fog[x] for x in topo.edge_corners[e])
    )
    a, b = topo.edge_corners[edge]
    st = FOG.state(f"fog=20:hills:5 s0.settle={site} s0.hand=1b1l")
    assert "discover" in play(st, 0, f"road {a}-{b}")
