"""Progress cards in play (cities_and_knights.md §4.3-§4.6, §11.3): gate draws, VP cards, the hand
limit and the fifth card, playing and the deck bottom; the Alchemist and the Wedding (§2.9)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.games.catan.actions import ROLL
from engine.games.catan.decisions import TurnPhase
from engine.games.catan_ck import progress
from engine.games.catan_ck.actions import DROP, GiveCards, play
from engine.games.catan_ck.decisions import CardStep, Overflow
from engine.games.catan_ck.rules.knights import knight_spots
from engine.games.catan_ck.state import CkState
from engine.games.catan_ck.tables import Card, Track

from .helpers import after_setup, changed, knight, main_phase, set_dice, set_hand

TRADE, POLITICS, SCIENCE = Track.TRADE, Track.POLITICS, Track.SCIENCE


def gate(st: CkState, track: int, red: int) -> None:
    """The active seat rolls red ``red`` and the gate of ``track`` (yellow 1 unless that makes 7)."""
    face = {TRADE: 4, POLITICS: 5, SCIENCE: 6}[track]
    set_dice(st, red, 1 if red != 6 else 2, face)
    st.apply(st.active, ROLL)


def test_gate_draws_by_level_and_red_die_in_turn_order() -> None:
    """§4.1 step 3, §4.3, §11.1: level L >= 1 and red <= L + 1 draws; level 0 never."""
    st = after_setup()
    st.improvements[1][TRADE] = 1  # red 1-2
    st.improvements[2][TRADE] = 2  # red 1-3
    st.improvements[3][TRADE] = 0
    st.decks[TRADE] = [Card.MERCHANT] * 5
    gate(st, TRADE, 3)
    assert st.progress == [[], [], [Card.MERCHANT], []]
    assert len(st.decks[TRADE]) == 4


def test_a_vp_card_is_revealed_and_scores_at_once() -> None:
    """§2.9: Printer and Constitution are never held; 1 VP each."""
    st = after_setup()
    st.improvements[2][SCIENCE] = 1
    st.decks[SCIENCE].append(Card.PRINTER)
    vp = st.scores()[2]
    gate(st, SCIENCE, 1)
    assert st.vp_cards[2] == 1 and st.progress[2] == [] and st.scores()[2] == vp + 1


def test_a_fifth_card_off_turn_is_dropped_under_its_deck() -> None:
    """§4.4: off its own turn the seat drops one card of the five, to the bottom of its deck."""
    st = after_setup()
    st.improvements[1][POLITICS] = 5
    st.progress[1] = [Card.BISHOP, Card.DESERTER, Card.SPY, Card.WARLORD]
    st.decks[POLITICS].append(Card.WEDDING)
    gate(st, POLITICS, 2)
    top = st.decisions[-1]
    assert isinstance(top, Overflow) and top.seats == (1,) and not top.own_turn
    assert st.legal_actions(1) == tuple(DROP[c] for c in sorted(st.progress[1]))
    with pytest.raises(IllegalAction, match="never played"):
        st.apply(1, play(Card.WEDDING))
    st.apply(1, DROP[Card.SPY])
    assert Card.SPY not in st.progress[1] and st.decks[POLITICS][0] == Card.SPY
    assert isinstance(st.decisions[-1], TurnPhase)


def test_a_fifth_card_on_ones_turn_may_be_played() -> None:
    """§11.3: on its own turn after the roll the seat may play a held card instead (not the Alchemist);
    with the strict option only the new card."""
    for strict in (False, True):
        st = after_setup(strict_fifth_card=strict)
        st.improvements[0][POLITICS] = 5
        st.progress[0] = [Card.ALCHEMIST, Card.WEDDING, Card.SPY, Card.WARLORD]
        st.decks[POLITICS].append(Card.WEDDING)
        gate(st, POLITICS, 2)
        top = st.decisions[-1]
        assert isinstance(top, Overflow) and top.own_turn
        legal = st.legal_actions(0)
        assert play(Card.WEDDING) in legal
        assert (play(Card.WARLORD) in legal) is not strict  # a card held before the draw
        assert not any(
            getattr(a, "card", -1) == Card.ALCHEMIST and type(a).__name__ == "PlayCard" for a in legal
        )
        st.apply(0, play(Card.WEDDING))
        assert st.progress[0] == [Card.ALCHEMIST, Card.SPY, Card.WARLORD, Card.WEDDING]


def test_the_strict_option_plays_only_the_new_card() -> None:
    """§11.3 strict: the card just drawn, nothing else, may be played instead of a drop."""
    st = after_setup(strict_fifth_card=True)
    st.improvements[0][POLITICS] = 5
    st.progress[0] = [Card.WEDDING, Card.SPY, Card.WARLORD, Card.BISHOP]
    st.decks[POLITICS].append(Card.DESERTER)
    gate(st, POLITICS, 2)
    with pytest.raises(IllegalAction, match="only the card just drawn"):
        st.apply(0, play(Card.WEDDING))


def test_alchemist_sets_the_production_dice_before_the_roll() -> None:
    """§2.9 Alchemist: red and yellow chosen (a 7 allowed), the event die rolled and resolved first;
    after the roll it is refused (the issue's bad input), the position unchanged."""
    st = after_setup()
    st.progress[0] = [Card.ALCHEMIST, Card.ALCHEMIST]
    changed(st)
    legal = st.legal_actions(0)
    assert len(legal) == 1 + 36
    set_dice(st, 1, 1, 2)
    st.apply(0, play(Card.ALCHEMIST, 3, 4))
    assert st.dice == [3, 4, 2] and st.rolled == 7 and st.ship == 1
    assert st.progress[0] == [Card.ALCHEMIST] and st.decks[SCIENCE][0] == Card.ALCHEMIST
    while not isinstance(st.decisions[-1], TurnPhase):
        seat = st.seats_to_move()[0]
        st.apply(seat, st.legal_actions(seat)[0])
    before = st.fingerprint()
    with pytest.raises(IllegalAction, match=r"Alchemist is played only before the roll"):
        st.apply(0, play(Card.ALCHEMIST, 5, 5))
    assert st.fingerprint() == before


def test_wedding_asks_every_richer_opponent_at_once() -> None:
    """§2.9 Wedding, §11.21: opponents with strictly more VP give 2 cards of their choice, at once."""
    st = after_setup()
    main_phase(st)
    st.progress[0] = [Card.WEDDING]
    st.defenders[1] = 1
    st.defenders[2] = 2
    set_hand(st, 1, ore=1)
    set_hand(st, 2, wool=2, coin=1)
    set_hand(st, 0)
    st.apply(0, play(Card.WEDDING))
    top = st.decisions[-1]
    assert isinstance(top, CardStep) and top.seats == (1, 2)
    with pytest.raises(IllegalAction, match="gives exactly 2 cards"):
        st.apply(2, GiveCards((0, 0, 1, 0, 0, 0, 0, 0)))
    st.apply(2, GiveCards((0, 0, 1, 0, 0, 0, 0, 1)))
    assert st.seats_to_move() == (1,)
    st.apply(1, GiveCards((0, 0, 0, 0, 1, 0, 0, 0)))
    assert st.hands[0] == [0, 0, 1, 0, 1, 0, 0, 1]
    assert isinstance(st.decisions[-1], TurnPhase)


def test_a_card_without_a_legal_target_is_refused_by_its_rule() -> None:
    """§11.18: a card whose effect lists no target is not listed, and its play is refused with the
    effect's rule, the position unchanged (the framework every card effect goes through): the Deserter
    while no opponent has a knight on the board; one opponent's knight makes it playable."""
    st = after_setup()
    main_phase(st)
    assert all(o < 0 for o in st.k_owner)
    st.progress[0] = [Card.DESERTER]
    changed(st)
    rule = progress.effects()[Card.DESERTER].no_target
    assert "no opponent has a knight" in rule and "cities_and_knights.md §11.18" in rule
    assert not any(getattr(a, "card", -1) == Card.DESERTER for a in st.legal_actions(0))
    before = st.fingerprint()
    for victim in (1, 2, 3):
        with pytest.raises(IllegalAction) as refused:
            st.apply(0, play(Card.DESERTER, victim))
        assert refused.value.reason == rule
        assert st.fingerprint() == before
    knight(st, 2, knight_spots(st, 2)[0])
    assert [a for a in st.legal_actions(0) if getattr(a, "card", -1) == Card.DESERTER] == [
        play(Card.DESERTER, 2)
    ]


def test_a_re_dealt_copy_hides_the_card_another_seat_just_drew() -> None:
    """§12.8: in a copy re-dealt for seat 0, seat 1's fifth card is one of its re-dealt cards of the
    same deck, so its listed answers name only cards it holds there."""
    from engine.core.rng import Stream

    st = after_setup(strict_fifth_card=True)
    st.improvements[1][POLITICS] = 5
    st.progress[1] = [Card.BISHOP, Card.DESERTER, Card.SPY, Card.WARLORD]
    st.decks[POLITICS].append(Card.WEDDING)
    gate(st, POLITICS, 2)
    for k in range(5):
        twin = st.determinized_for(0, Stream(k))
        top = twin.decisions[-1]
        assert isinstance(top, Overflow) and top.newest in twin.progress[1]
        assert all(a.card in twin.progress[1] for a in twin.legal_actions(1))  # type: ignore[attr-defined]
