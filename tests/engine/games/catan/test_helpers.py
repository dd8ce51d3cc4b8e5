"""The Helpers of Catan scenario against real dice (catan.md §7.4, §7.5): Marianne after production and
Sean before the discards, in other seats' turns; what Hilde and Candamir reveal, and to whom; Lin with
two deserts; a starting helper usable from the first roll; a seat that cannot use its helper is not
asked. The table-driven cases are in ``helper_cases.py``."""

from __future__ import annotations

from engine.core.rng import Stream
from engine.games.catan.decisions import (
    CandamirPick,
    DiscardHalf,
    HelperAfterUse,
    MarianneAsk,
    PlaceRobber,
    SeanAsk,
    TurnPhase,
)
from engine.games.catan.notation import from_text
from engine.games.catan.state import CatanState

# Beginner map: corner 12 touches M10 (hex 0), G12 (hex 3), H6 (hex 4); corner 40 touches M3, G4 and G6
# (hexes 13, 14, 17).


def roll(st: CatanState, total: int) -> list[object]:
    """Advance the dice stream until the next roll is ``total``, then roll (catan.md §5.3)."""
    for _ in range(500):
        probe = st.clone()
        probe.apply(probe.active, probe.game.parse_action("roll"))
        if probe.rolled == total:
            return list(st.apply(st.active, st.game.parse_action("roll")))
        st.rng.stream("dice").die()
        st.rng.stream("dice").die()
    raise AssertionError(f"no roll of {total}")


def test_marianne_is_offered_when_a_roll_pays_her_holder_nothing() -> None:
    """§7.5: a roll (not 7) that pays the holder nothing, in another seat's turn; offered at once."""
    st = from_text("v=helpers phase=pre_roll s0.helper=hilde s1.settle=12 s2.helper=marianne s2.settle=40")
    roll(st, 10)  # M10 pays seat 1; seat 2's hexes show 3, 4 and 6
    assert isinstance(st.decisions[-1], MarianneAsk) and st.seats_to_move() == (2,)
    assert [a.text() for a in st.legal_actions(2)][:2] == ["pass", "helper marianne brick"]
    assert st.legal_actions(0) == ()  # before the active seat (and its Hilde) acts again
    st.apply(2, st.game.parse_action("helper marianne ore"))
    assert st.hands[2][4] == 1 and isinstance(st.decisions[-1], HelperAfterUse)
    st.apply(2, st.game.parse_action("helper keep"))
    assert isinstance(st.decisions[-1], TurnPhase) and st.seats_to_move() == (0,)


def test_marianne_is_not_offered_when_paid_on_a_seven_or_unusable() -> None:
    paid = from_text("v=helpers phase=pre_roll s2.helper=marianne s2.settle=12")
    roll(paid, 10)
    assert isinstance(paid.decisions[-1], TurnPhase)
    seven = from_text("v=helpers phase=pre_roll s2.helper=marianne")
    roll(seven, 7)
    assert isinstance(seven.decisions[-1], PlaceRobber)
    fresh = from_text("v=helpers phase=pre_roll s2.helper=marianne s2.got=1")  # received this turn
    roll(fresh, 10)
    assert isinstance(fresh.decisions[-1], TurnPhase)
    used = from_text("v=helpers phase=pre_roll s2.helper=marianne s2.used=1")  # used this turn
    roll(used, 10)
    assert isinstance(used.decisions[-1], TurnPhase)


def test_a_starting_helper_is_usable_from_the_first_roll() -> None:
    """§7.4 [rec]: helpers taken in setup (turn 0) are usable in turn 1, Marianne on the first roll."""
    st = from_text("v=helpers turn=1 phase=pre_roll s3.helper=marianne")
    roll(st, 8)
    assert isinstance(st.decisions[-1], MarianneAsk)


def test_sean_chooses_before_the_discards_are_collected() -> None:
    """§7.5: on a 7 the holder of Sean decides first; with more than 7 cards it may skip its discard,
    which the others still owe."""
    st = from_text("v=helpers phase=pre_roll s1.helper=sean s1.hand=9o s3.hand=8w")
    roll(st, 7)
    top = st.decisions[-1]
    assert isinstance(top, SeanAsk) and st.seats_to_move() == (1,)
    assert top.owed == (0, 4, 0, 4)
    assert [a.text() for a in st.legal_actions(1)] == ["pass", "helper sean no-discard"]
    st.apply(1, st.game.parse_action("helper sean no-discard"))
    st.apply(1, st.game.parse_action("helper exchange vincent"))
    top = st.decisions[-1]
    assert isinstance(top, DiscardHalf) and top.seats == (3,)
    st.apply(3, st.game.parse_action("discard 4 wool"))
    assert isinstance(st.decisions[-1], PlaceRobber) and st.hands[1] == [0, 0, 0, 0, 9]


def test_sean_with_seven_or_fewer_takes_a_card_and_is_not_asked_without_a_use() -> None:
    st = from_text("v=helpers phase=pre_roll s2.helper=sean s2.hand=7o")
    roll(st, 7)
    assert [a.text() for a in st.legal_actions(2)][1:] == [
        f"helper sean {r}" for r in ("brick", "lumber", "wool", "grain", "ore")
    ]
    st.apply(2, st.game.parse_action("helper sean grain"))
    assert st.hands[2] == [0, 0, 0, 1, 7]
    used = from_text("v=helpers phase=pre_roll s2.helper=sean s2.used=1 s2.hand=9o")
    roll(used, 7)
    assert isinstance(used.decisions[-1], DiscardHalf)  # no ask: Sean was used this turn


def test_hilde_shows_the_hand_to_the_two_seats_only() -> None:
    """§7.5 Hilde: the thief sees the victim's hand in its observation and the event; nobody else."""
    st = from_text("v=helpers s0.helper=hilde s1.settle=0,2 s1.hand=2o1w s2.hand=3b")
    event = st.apply(0, st.game.parse_action("helper hilde 1"))[0]
    assert event.view(0)["hand"] == {"wool": 1, "ore": 2}  # type: ignore[index]
    assert event.view(1)["hand"] == {"wool": 1, "ore": 2}  # type: ignore[index]
    assert "hand" not in event.view(2)  # type: ignore[operator]
    assert st.observe(0).hilde_hand == (0, 0, 1, 0, 2)
    assert st.observe(2).hilde_hand == () and st.observe(1).hilde_hand == ()
    for k in range(10):  # the shown hand survives re-dealing for the thief, not for the others
        assert st.determinized_for(0, Stream(k)).hands[1] == st.hands[1]
        assert st.determinized_for(0, Stream(k)).observe(0) == st.observe(0)
        assert st.determinized_for(2, Stream(k)).observe(2) == st.observe(2)
    take = st.apply(0, st.game.parse_action("take ore"))[0]
    assert take.view(1)["resource"] == "ore" and "resource" not in take.view(3)  # type: ignore[index,operator]


def test_candamir_shows_the_drawn_cards_to_the_buyer_only_and_reshuffles() -> None:
    """§7.5 Candamir: three cards drawn, one kept, two returned and the deck reshuffled (chance)."""
    st = from_text("v=helpers s0.helper=candamir s0.hand=1w1g1o deck=kkkkkvmr")
    event = st.apply(0, st.game.parse_action("helper candamir"))[0]
    assert event.chance and event.view(0)["cards"] == ["road-building", "monopoly", "victory-point"]  # type: ignore[index]
    assert "cards" not in event.view(1) and event.view(1)["drawn"] == 3  # type: ignore[index,operator]
    assert st.observe(0).candamir_cards == (1, 3, 4) and st.observe(1).candamir_cards == ()
    top = st.decisions[-1]
    assert isinstance(top, CandamirPick)
    for k in range(10):
        twin = st.determinized_for(1, Stream(k))
        assert twin.observe(1) == st.observe(1)
        assert twin.observe(0).candamir_cards != () and len(twin.deck) == 5
    keep = st.apply(0, st.game.parse_action("choose monopoly"))[0]
    assert keep.chance and keep.view(0)["card"] == "monopoly" and "card" not in keep.view(2)  # type: ignore[index,operator]
    assert sorted(st.deck) == [0, 0, 0, 0, 0, 1, 4] and st.devs[0][3] == 1 and st.new_devs[0][3] == 1


def test_lin_chooses_between_two_deserts() -> None:
    """§9.19.4: on the 30-hex island Lin may move the robber to either desert."""
    st = from_text("v=helpers p=5 s0.helper=lin robber=0")
    deserts = st.board.deserts
    assert len(deserts) == 2
    assert [a.text() for a in st.legal_actions(0) if a.text().startswith("helper")] == [
        f"helper lin {d}" for d in deserts
    ]


def test_an_unusable_helper_lists_nothing() -> None:
    """§7.4: a helper received this turn is not listed (nor used twice, nor outside its timing)."""
    for text in ("v=helpers s0.helper=jean s0.got=1", "v=helpers s0.helper=jean s0.used=1",
                 "v=helpers phase=pre_roll s0.helper=jean"):  # fmt: skip
        st = from_text(text)
        assert not [a for a in st.legal_actions(0) if a.text().startswith("helper")], text
    st = from_text("v=helpers s0.helper=jean")
    assert [a.text() for a in st.legal_actions(0) if a.text().startswith("helper")] == [
        f"helper jean {r}" for r in ("brick", "lumber", "wool", "grain", "ore")
    ]
