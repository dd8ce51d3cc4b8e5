"""Domestic trade (catan.md §5.5): offers, simultaneous answers, counter-offers, confirmation, the limit."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction, MalformedAction, NotYourTurn
from engine.games.catan.actions import Counter, Offer
from engine.games.catan.decisions import TradeAnswers, TradeConfirm
from engine.games.catan.notation import from_text, to_text
from engine.games.catan.parse import parse_action

POS = "s0.hand=2g1b s1.hand=1o1w s2.hand=2o s3.hand=1l"


def test_offer_to_all_is_answered_at_once_and_confirmed() -> None:
    st = from_text(POS)
    st.apply(0, parse_action("offer give 1 grain get 1 ore to all"))
    assert st.seats_to_move() == (1, 2, 3)
    assert {a.text() for a in st.legal_actions(3)} == {"reject"}  # seat 3 holds no ore
    assert {a.text() for a in st.legal_actions(1)} == {"reject", "accept"}
    assert [f.name for f in st.families(2)] == ["counter"]
    st.apply(2, parse_action("accept"))
    st.apply(3, parse_action("reject"))
    st.apply(1, parse_action("counter give 1 ore get 2 grain"))
    assert isinstance(st.decisions[-1], TradeConfirm)
    assert [a.text() for a in st.legal_actions(0)] == ["withdraw", "confirm 1", "confirm 2"]
    st.apply(0, parse_action("confirm 1"))
    assert st.hands[0] == [1, 0, 0, 0, 1] and st.hands[1] == [0, 0, 1, 2, 0]
    assert "offers=1" in to_text(st)


def test_withdraw_changes_nothing() -> None:
    st = from_text(POS)
    st.apply(0, parse_action("offer give 1 grain get 1 ore to 2"))
    assert st.seats_to_move() == (2,)
    st.apply(2, parse_action("accept"))
    st.apply(0, parse_action("withdraw"))
    assert st.hands[0] == [1, 0, 0, 2, 0] and st.hands[2] == [0, 0, 0, 0, 2]


def test_all_rejections_close_the_offer() -> None:
    st = from_text(POS)
    st.apply(0, parse_action("offer give 1 grain get 1 ore to 2"))
    st.apply(2, parse_action("reject"))
    assert st.seats_to_move() == (0,) and not isinstance(st.decisions[-1], TradeAnswers)


@pytest.mark.parametrize(
    ("action", "why"),
    [
        (Offer((0, 0, 0, 1, 0), (0, 0, 0, 0, 0)), "no gifts"),
        (Offer((0, 0, 0, 0, 0), (0, 0, 0, 0, 1)), "no gifts"),
        (Offer((0, 0, 0, 1, 1), (0, 0, 0, 0, 1)), "like-for-like"),
        (Offer((0, 0, 0, 3, 0), (0, 0, 0, 0, 1)), "cards not held"),
        (Offer((0, 0, 0, 1, 0), (0, 0, 0, 0, 1), 7), "another seat"),
    ],
)
def test_offer_rules(action: Offer, why: str) -> None:
    st = from_text(POS)
    before = st.fingerprint()
    with pytest.raises(IllegalAction, match=why):
        st.apply(0, action)
    assert st.fingerprint() == before


@pytest.mark.parametrize(
    ("action", "why"),
    [
        ("counter give 2 ore get 1 grain", "cards not held"),
        ("counter give 1 ore get 1 ore", "like-for-like"),
        ("accept", "cards not held"),
    ],
)
def test_answer_rules(action: str, why: str) -> None:
    st = from_text(POS)
    st.apply(0, parse_action("offer give 1 grain get 1 ore to all"))
    seat = 3 if action == "accept" else 1
    before = st.fingerprint()
    with pytest.raises(IllegalAction, match=why):
        st.apply(seat, parse_action(action))
    assert st.fingerprint() == before


def test_gift_counter_rejected() -> None:
    st = from_text(POS)
    st.apply(0, parse_action("offer give 1 grain get 1 ore to all"))
    with pytest.raises(IllegalAction, match="no gifts"):
        st.apply(1, Counter((0, 0, 0, 0, 1), (0, 0, 0, 0, 0)))


def test_only_the_active_seat_trades() -> None:
    st = from_text(POS)
    with pytest.raises(NotYourTurn):
        st.apply(1, parse_action("offer give 1 ore get 1 grain to all"))
    with pytest.raises(NotYourTurn):
        st.apply(1, parse_action("bank give 4 ore get 1 grain"))


def test_offer_limit_per_turn() -> None:
    st = from_text(POS, offer_limit=2)
    for _ in range(2):
        st.apply(0, parse_action("offer give 1 grain get 1 ore to 2"))
        st.apply(2, parse_action("reject"))
    assert not st.families(0)
    with pytest.raises(IllegalAction, match="offer limit of 2"):
        st.apply(0, parse_action("offer give 1 grain get 1 ore to 2"))
    st.apply(0, parse_action("end"))
    assert st.offers_made == 0


def test_confirm_checks_the_hands_again() -> None:
    """A counter asking for more than the active seat holds cannot be confirmed."""
    st = from_text(POS)
    st.apply(0, parse_action("offer give 1 grain get 1 ore to 1"))
    st.apply(1, parse_action("counter give 1 ore get 3 grain"))
    assert [a.text() for a in st.legal_actions(0)] == ["withdraw"]
    with pytest.raises(IllegalAction, match="does not hold"):
        st.apply(0, parse_action("confirm 1"))


def test_answers_are_hidden_until_all_are_in() -> None:
    st = from_text(POS)
    st.apply(0, parse_action("offer give 1 grain get 1 ore to all"))
    events = st.apply(2, parse_action("accept"))
    assert events[0].view(3) == {"kind": "answer", "seat": 2}
    assert st.observe(3).answers == ()


def test_malformed_trades() -> None:
    for text in ("offer give 1 grain to all", "offer give grain get 1 ore to all", "counter give 1 ore"):
        with pytest.raises(MalformedAction):
            parse_action(text)
