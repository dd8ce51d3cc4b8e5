"""Merchant (cities_and_knights.md §2.9, §10 items 70-75, §11.23)."""

from __future__ import annotations

from engine.games.catan_ck.rules.scoring import victory_points
from engine.games.catan_ck.rules.trade import rates_of
from engine.games.catan_ck.tables import Card
from tests.engine.games.catan_ck.helpers import rolled
from tests.engine.games.catan_ck.progress.cards import act, hold, main_phase, refused


def test_placed_next_to_own_building_one_vp_and_two_to_one() -> None:
    """§10 items 70-71, 75: a land hex next to the player's building; 1 VP and that hex's resource at
    2:1 while it holds the merchant; item 72: another Merchant takes control."""
    st = main_phase()
    topo = st.board.topology
    hexes = sorted({h for c in st.buildings_of[0] for h in topo.corner_hexes[c]})
    h = next(x for x in hexes if st.board.hex_resource[x] >= 0)
    hold(st, 0, Card.MERCHANT)
    vp = victory_points(st, 0)
    act(st, 0, f"play merchant {h}")
    assert st.merchant_hex == h and st.merchant_owner == 0
    assert victory_points(st, 0) == vp + 1
    assert rates_of(st, 0)[st.board.hex_resource[h]] == 2
    act(st, 0, "end")
    rolled(st)
    assert st.active == 1
    hold(st, 1, Card.MERCHANT)
    theirs = victory_points(st, 1)
    h1 = min(x for c in st.buildings_of[1] for x in topo.corner_hexes[c])
    act(st, 1, f"play merchant {h1}")
    assert st.merchant_hex == h1 and st.merchant_owner == 1
    assert victory_points(st, 0) == vp and victory_points(st, 1) == theirs + 1


def test_hex_away_from_the_player_refused() -> None:
    """§10 item 70: only next to one of the player's settlements or cities."""
    st = main_phase()
    topo = st.board.topology
    near = {h for c in st.buildings_of[0] for h in topo.corner_hexes[c]}
    far = next(h for h in range(topo.n_hexes) if h not in near)
    hold(st, 0, Card.MERCHANT)
    refused(st, 0, f"play merchant {far}", f"hex {far} is not a land hex next to")
