"""Trading with the supply and between seats (cities_and_knights.md §4.5, §9.2, §11.30), the merchant's VP,
victory on one's own turn (§9.5) and what each seat sees (§12.8)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.rng import Stream
from engine.games.catan.actions import ACCEPT, CONFIRM, END, WITHDRAW
from engine.games.catan.decisions import TurnPhase
from engine.games.catan_ck.actions import BANK, IMPROVE, Counter, Offer
from engine.games.catan_ck.decisions import TradeAnswers, TradeConfirm
from engine.games.catan_ck.rules.trade import rates_of
from engine.games.catan_ck.tables import CLOTH, COIN, PAPER, Card, Track

from .helpers import after_setup, changed, main_phase, set_hand

ORE, WOOL = 4, 2


def test_commodities_trade_four_to_one_and_never_at_a_resource_harbor() -> None:
    """§4.5: 4 identical commodities for any card; a 2:1 harbor is for its resource only."""
    st = after_setup()
    main_phase(st)
    set_hand(st, 0, coin=4)
    st.rates[0][ORE] = 2
    changed(st)
    assert rates_of(st, 0)[COIN] == (3 if st.harbor3[0] else 4)
    assert BANK[COIN][rates_of(st, 0)[COIN]][ORE] in st.legal_actions(0)
    with pytest.raises(IllegalAction, match=r"at [34]:1"):
        st.apply(0, BANK[COIN][2][ORE])


def test_the_merchant_gives_its_holder_a_vp_and_two_to_one() -> None:
    """§9.2, §2.11: the merchant's hex resource at 2:1 and 1 VP while held (a Merchant card sets it)."""
    st = after_setup()
    main_phase(st)
    hexes = [h for h in range(19) if st.board.hex_resource[h] == WOOL]
    vp = st.scores()[0]
    st.merchant_hex, st.merchant_owner = hexes[0], 0
    set_hand(st, 0, wool=2)
    assert st.scores()[0] == vp + 1
    assert rates_of(st, 0)[WOOL] == 2 and BANK[WOOL][2][ORE] in st.legal_actions(0)
    assert rates_of(st, 1)[WOOL] >= 3


def test_merchant_fleet_kinds_trade_two_to_one_this_turn() -> None:
    """§2.9 Merchant Fleet: the named kind at 2:1 for the rest of the turn, then no more."""
    st = after_setup()
    main_phase(st)
    st.fleet.append(CLOTH)
    set_hand(st, 0, cloth=2)
    assert BANK[CLOTH][2][PAPER] in st.legal_actions(0)
    st.apply(0, END)
    assert st.fleet == []


def test_domestic_offers_carry_commodities() -> None:
    """§4.5: commodities trade between seats like resources."""
    st = after_setup()
    main_phase(st)
    set_hand(st, 0, paper=2)
    set_hand(st, 2, ore=1)
    offer = Offer((0, 0, 0, 0, 0, 2, 0, 0), (0, 0, 0, 0, 1, 0, 0, 0), 2)
    st.apply(0, offer)
    assert isinstance(st.decisions[-1], TradeAnswers) and st.seats_to_move() == (2,)
    st.apply(2, ACCEPT)
    assert isinstance(st.decisions[-1], TradeConfirm)
    st.apply(0, CONFIRM[2])
    assert st.hands[0][ORE] == 1 and st.hands[2][PAPER] == 2


def test_counter_offers_name_the_eight_kinds_and_cite_this_game() -> None:
    """Base Catan's offer protocol (catan.md §5.5) with this game's kinds (cities_and_knights.md §4.5): a
    counter-offer in commodities is named by kind, a kind on both sides is refused citing this game's
    rules, and the answers event has no terms."""
    st = after_setup()
    main_phase(st)
    set_hand(st, 0, paper=2, ore=1)
    set_hand(st, 2, coin=1, cloth=1)
    st.apply(0, Offer((0, 0, 0, 0, 0, 2, 0, 0), (0, 0, 0, 0, 0, 0, 1, 0), 2))
    with pytest.raises(
        IllegalAction, match=r"a kind on both sides \(catan.md §5.5, cities_and_knights.md §4.5\)"
    ):
        st.apply(2, Counter((0, 0, 0, 0, 0, 0, 1, 0), (0, 0, 0, 0, 0, 0, 1, 0)))
    with pytest.raises(IllegalAction, match=r"cities_and_knights.md §2.10\): missing 1 coin"):
        st.apply(2, Counter((0, 0, 0, 0, 0, 0, 0, 2), (0, 0, 0, 0, 1, 0, 0, 0)))
    events = st.apply(2, Counter((0, 0, 0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 1, 0, 0, 0)))
    answers = next(e for e in events if e.kind == "answers")
    assert answers.data == {"answers": {"2": "counter"}}
    assert st.legal_actions(0) == (WITHDRAW, CONFIRM[2])
    (trade,) = st.apply(0, CONFIRM[2])
    assert trade.data == {"seat": 0, "with": 2, "gets": "1 coin", "gives": "1 ore"}
    assert st.hands[0][COIN] == 1 and st.hands[2][ORE] == 1


def test_victory_only_on_ones_own_turn() -> None:
    """§9.5: 13 VP reached in another seat's turn wins at the start of one's own turn."""
    st = after_setup()
    st.defenders[1] = 10  # 3 VP from setup + 10
    main_phase(st)
    assert not st.is_terminal()
    st.apply(0, END)
    assert st.is_terminal() and st.result().places[1] == 1 and st.winner == 1


def test_the_active_seat_wins_the_moment_it_has_13() -> None:
    """§9.5: checked after every action of the active seat."""
    st = after_setup()
    main_phase(st)
    st.defenders[0] = 9
    st.improvements[0] = [3, 0, 0]
    set_hand(st, 0, cloth=4)
    st.apply(0, IMPROVE[Track.TRADE])
    assert st.is_terminal() and st.winner == 0  # 3 + 9 + 2 for the metropolis


def test_observations_hide_cards_and_decks() -> None:
    """§12.8: own hand and progress cards only; counts of others per deck; deck order re-dealt."""
    st = after_setup()
    main_phase(st)
    set_hand(st, 1, paper=2, ore=1)
    st.progress[1] = [Card.SPY, Card.MERCHANT]
    obs = st.observe(0)
    assert obs.hand_sizes[1] == 3 and obs.progress_counts[1] == (1, 1, 0)
    assert obs.progress == () and obs.hand == tuple(st.hands[0])
    twin = st.determinized_for(0, Stream(5))
    assert twin.observe(0) == obs
    assert sum(twin.hands[1]) == 3
    assert len(twin.progress[1]) == 2
    assert isinstance(st.decisions[-1], TurnPhase)
