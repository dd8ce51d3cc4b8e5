"""Longest Road (catan.md §5.9): hand-made positions with the expected length and the card's holder.

Beginner-map corner ids; a chain ``16-22-17-23-18-24`` runs along the top of row 3, the loop
``8-13-18-23-17-12`` circles hex 4 (H6) and the loop ``9-14-19-24-18-13`` circles hex 5 (P4).
"""

from __future__ import annotations

import pytest

import engine
from engine.core.rng import Stream
from engine.games.catan.actions import Road
from engine.games.catan.notation import from_text
from engine.games.catan.rules.scoring import road_length

CHAIN5 = "16-22,17-22,17-23,18-23,18-24"
LOOP4 = "8-13,13-18,18-23,17-23,12-17,8-12"
LOOP5 = "9-14,14-19,19-24,18-24,9-13"
BOTTOM5 = "38-43,39-43,39-44,40-44,40-45"
TOP5 = "0-4,1-4,1-5,2-5,2-6"

# (name, position, seat, expected length)
LENGTHS = [
    ("one road", "s0.road=12-17", 0, 1),
    ("a chain of five", f"s0.road={CHAIN5}", 0, 5),
    ("a fork counts one branch", "s0.road=16-22,17-22,17-23,18-23,12-17,7-12,3-7", 0, 5),
    ("a Y of three arms of two", "s0.road=7-12,12-17,16-22,17-22,17-23,18-23", 0, 4),
    ("a loop of six", f"s0.road={LOOP4}", 0, 6),
    ("a loop with a tail", f"s0.road={LOOP4},23-29,29-34", 0, 8),
    ("two loops sharing a side (11 roads, one route)", f"s0.road={LOOP4},{LOOP5}", 0, 11),
    ("broken by an opponent's settlement", f"s0.road={CHAIN5} s1.settle=17", 0, 3),
    ("broken by an opponent's city", f"s0.road={CHAIN5} s1.city=18", 0, 4),
    ("an opponent at the end does not break", f"s0.road={CHAIN5} s1.settle=24", 0, 5),
    ("one's own settlement does not break", f"s0.road={CHAIN5} s0.settle=17", 0, 5),
    ("two networks: the longer counts", "s0.road=16-22,17-22,17-23,38-43,39-43", 0, 3),
    ("a Y blocked at its centre", "s0.road=7-12,12-17,16-22,17-22,17-23,18-23 s1.settle=17", 0, 2),
    ("a zigzag of ten", "s0.road=11-16,16-22,17-22,17-23,18-23,18-24,19-24,19-25,20-25,20-26", 0, 10),
    ("a loop ending at an opponent's settlement", f"s0.road={LOOP4} s1.settle=12", 0, 6),
    ("another seat's roads are not counted", f"s0.road=12-17 s1.road={CHAIN5}", 0, 1),
]


@pytest.mark.parametrize(("name", "text", "seat", "length"), LENGTHS, ids=[x[0] for x in LENGTHS])
def test_length(name: str, text: str, seat: int, length: int) -> None:
    state = from_text(text)
    assert road_length(state, seat) == length


def test_award_at_five() -> None:
    """The first route of at least 5 takes the card (case: award)."""
    st = from_text("s0.road=16-22,17-22,17-23,18-23 s0.hand=1b1l")
    st.apply(0, st.game.parse_action("road 18-24"))
    assert (st.longest, st.road_len[0]) == (0, 5)


def test_tie_does_not_take_the_card() -> None:
    """Another seat takes it only with a strictly longer route."""
    st = from_text(f"s0.road={CHAIN5} s1.road=38-43,39-43,39-44,40-44 longest=0 s1.hand=2b2l active=1")
    st.apply(1, st.game.parse_action("road 40-45"))
    assert (st.longest, st.road_len[1]) == (0, 5)
    st.apply(1, st.game.parse_action("road 41-45"))
    assert st.longest == 1


def test_broken_holder_still_tied_keeps_it() -> None:
    """Case 1: broken, but still tied for longest: the holder keeps the card."""
    st = from_text(
        "s0.road=11-16,16-22,17-22,17-23,18-23,18-24,19-24 longest=0 "
        f"s1.road=28-33,22-28,{BOTTOM5} s1.hand=1b1l1w1g active=1"
    )
    st.apply(1, st.game.parse_action("settle 22"))
    assert st.road_len[0] == 5 and st.road_len[1] == 5
    assert st.longest == 0


def test_broken_holder_loses_to_unique_longest() -> None:
    """Case 2: exactly one seat now has the longest route of 5 or more: it takes the card."""
    st = from_text(f"s0.road={CHAIN5} longest=0 s1.road=7-12,12-17,{BOTTOM5} s1.hand=1b1l1w1g active=1")
    st.apply(1, st.game.parse_action("settle 17"))
    assert st.road_len[0] == 3
    assert st.longest == 1


def test_broken_holder_with_a_tie_sets_the_card_aside() -> None:
    """Case 3: two seats tie for the new longest: the card is set aside."""
    st = from_text(
        f"s0.road={CHAIN5} longest=0 s1.road=7-12,12-17,{BOTTOM5} s2.road={TOP5} s1.hand=1b1l1w1g active=1"
    )
    st.apply(1, st.game.parse_action("settle 17"))
    assert st.longest == -1


def test_nobody_at_five_sets_the_card_aside() -> None:
    """Case 4: nobody has 5 or more after the break: the card is set aside (the holder needs 5 too)."""
    st = from_text(f"s0.road={CHAIN5} longest=0 s1.road=7-12,12-17 s1.hand=1b1l1w1g active=1")
    st.apply(1, st.game.parse_action("settle 17"))
    assert st.longest == -1


def test_set_aside_card_returns_to_a_unique_longest() -> None:
    """Case 5: a set-aside card returns only when exactly one seat has the longest route of 5+."""
    st = from_text(f"s0.road={CHAIN5} s1.road={BOTTOM5} longest=-1 s0.hand=1b1l")
    assert st.longest == -1
    st.apply(0, st.game.parse_action("road 19-24"))
    assert st.longest == 0


def test_regaining_the_card() -> None:
    """A seat that lost the card to a break wins it back by building past everyone."""
    st = from_text(f"s0.road={CHAIN5} longest=0 s1.road=7-12,12-17,{BOTTOM5} s1.hand=1b1l1w1g active=1")
    st.apply(1, st.game.parse_action("settle 17"))
    assert st.longest == 1
    st.apply(1, st.game.parse_action("end"))
    st2 = from_text(
        "s0.road=16-22,17-22,17-23,18-23,18-24,19-24,19-25,20-25 s1.settle=17 "
        f"s1.road=7-12,12-17,{BOTTOM5} longest=1 s0.hand=1b1l"
    )
    assert st2.road_len[0] == 6  # 17-23-18-24-19-25-20 after the break at 17
    st2.apply(0, st2.game.parse_action("road 20-26"))
    assert st2.longest == 0


def test_incremental_length_matches_a_full_search() -> None:
    """After every road of 60 random games (both layouts, 3 and 4 seats), the length kept by searching
    only the new road's network (or measuring a tree's diameter) equals a search of all the seat's roads."""
    roads = 0
    for seed in range(60):
        game = engine.load_game("catan", "base", 3 + seed % 2, layout="random" if seed % 3 else "beginner")
        st = game.new_state(seed)
        pick = Stream(seed)
        while not st.is_terminal():
            seat = st.seats_to_move()[0]
            legal = st.legal_actions(seat)
            action = legal[pick.below(len(legal))]
            st.apply(seat, action)
            if isinstance(action, Road):
                roads += 1
                assert st.road_len == [road_length(st, s) for s in range(st.n)], (seed, st.ply)
    assert roads > 2000
