"""Commercial Harbor (cities_and_knights.md §2.9, §10 items 64-67, §11.20, §12.7 item 11)."""

from __future__ import annotations

from engine.core.rng import Stream
from engine.games.catan_ck.actions import Harbor
from engine.games.catan_ck.decisions import CardStep
from engine.games.catan_ck.tables import Card
from tests.engine.games.catan_ck.helpers import set_hand
from tests.engine.games.catan_ck.progress.cards import act, hold, main_phase, refused, to_move


def test_forced_exchanges_once_per_opponent_for_the_rest_of_the_turn() -> None:
    """§10 items 64-66: the player offers a resource, the opponent gives a commodity of its choice;
    each opponent once per turn (§11.20); other actions interleave."""
    st = main_phase()
    set_hand(st, 0, ore=2, wool=1)
    set_hand(st, 1, paper=1, coin=2)
    set_hand(st, 2, cloth=1)
    set_hand(st, 3, brick=3)
    refused(st, 0, "harbor 1 ore", "no Commercial Harbor was played")
    hold(st, 0, Card.COMMERCIAL_HARBOR)
    act(st, 0, "play commercial-harbor")
    assert Harbor(1, 4) in st.legal_actions(0) and Harbor(1, 0) not in st.legal_actions(0)
    act(st, 0, "harbor 1 ore")
    assert isinstance(st.decisions[-1], CardStep) and to_move(st) == (1,)
    refused(st, 1, "choose cloth", "give one commodity you hold (paper, coin)")
    act(st, 1, "choose coin")
    assert st.hands[0][4] == 1 and st.hands[0][7] == 1 and st.hands[1][4] == 1 and st.hands[1][7] == 1
    refused(st, 0, "harbor 1 wool", "seat 1 was forced into an exchange this turn already")
    act(st, 0, "harbor 2 wool")
    assert st.hands[0][6] == 1 and st.hands[2] == [0, 0, 1, 0, 0, 0, 0, 0]
    assert to_move(st) == (0,)


def test_no_commodity_makes_it_void_and_uses_the_opponent_up() -> None:
    """§10 item 67, §11.20: an opponent without a commodity: void, the player keeps its resource, and
    that opponent is used up for the turn; a second Harbor targets no opponent twice."""
    st = main_phase()
    set_hand(st, 0, ore=2)
    set_hand(st, 3, brick=3)
    hold(st, 0, Card.COMMERCIAL_HARBOR, Card.COMMERCIAL_HARBOR)
    act(st, 0, "play commercial-harbor")
    act(st, 0, "harbor 3 ore")
    assert st.hands[0][4] == 2 and st.hands[3][0] == 3
    st.hands[3][7] += 1
    st.bank[7] -= 1
    act(st, 0, "play commercial-harbor")
    refused(st, 0, "harbor 3 ore", "already")


def test_window_closes_with_the_turn() -> None:
    """§11.20: the window lasts the rest of the turn in which the card was played."""
    st = main_phase()
    set_hand(st, 0, ore=2)
    hold(st, 0, Card.COMMERCIAL_HARBOR)
    act(st, 0, "play commercial-harbor")
    act(st, 0, "end")
    assert st.harbor_used == 0
    assert not any(isinstance(a, Harbor) for a in st.legal_actions(st.active))


def test_cards_exchanged_are_told_to_the_two_seats_only() -> None:
    """cities_and_knights.md §12.8: hand cards stay hidden; the exchange shows its cards to the two
    seats involved only."""
    st = main_phase()
    set_hand(st, 0, ore=1, wool=1)
    set_hand(st, 1, coin=1)
    set_hand(st, 2)
    hold(st, 0, Card.COMMERCIAL_HARBOR)
    act(st, 0, "play commercial-harbor")
    events = act(st, 0, "harbor 1 ore") + act(st, 0, "harbor 2 wool")
    for e in events:
        assert "ore" not in str(e.data) and "wool" not in str(e.data) and "coin" not in str(e.data)
    assert [e.audience for e in events] == [(0, 1), (0, 2)]
    assert events[0].private == {"gave": "ore", "got": "coin"}


def test_a_re_dealt_copy_keeps_the_exchange_and_hides_the_offer() -> None:
    """§12.8: a copy re-dealt for any seat while the target chooses is a position the seat cannot tell
    apart: the target still holds two kinds of commodity (it was asked) and the player the resource it
    offered, so the exchange goes through with no hand below zero; for a third seat the resource
    offered (told to the two seats only) is re-drawn from the player's re-dealt hand."""
    st = main_phase()
    set_hand(st, 0, ore=1, brick=2, lumber=1)
    set_hand(st, 1, paper=1, coin=1, wool=2)
    set_hand(st, 2, wool=3, grain=4, cloth=1)
    set_hand(st, 3, brick=2, ore=2)
    hold(st, 0, Card.COMMERCIAL_HARBOR)
    act(st, 0, "play commercial-harbor")
    act(st, 0, "harbor 1 ore")
    offered_in_copies: set[int] = set()
    for seat in range(4):
        for k in range(12):
            twin = st.determinized_for(seat, Stream(k))
            assert twin.observe(seat) == st.observe(seat)
            top = twin.decisions[-1]
            assert isinstance(top, CardStep) and top.step == "give"
            offered = top.data[0]
            assert twin.hands[0][offered] >= 1 and offered < 5
            if seat in (0, 1):
                assert offered == 4
            else:
                offered_in_copies.add(offered)
            answers = twin.legal_actions(1)
            assert len(answers) >= 2
            twin.apply(1, answers[-1])
            assert min(map(min, twin.hands)) >= 0
            assert sum(twin.hands[0]) == sum(st.hands[0]) and sum(twin.hands[1]) == sum(st.hands[1])
    assert len(offered_in_copies) > 1
