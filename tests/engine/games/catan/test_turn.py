"""Production and the bank shortage (catan.md §5.3, §9.2), the 7 (§5.4), the steal's visibility (§5.12),
observations and determinization (HS-8), and the conformance suite for 3 and 4 seats (HS-15)."""

from __future__ import annotations

import pytest

import engine
from engine.core.conformance import check_playout
from engine.core.rng import Stream
from engine.games.catan.decisions import DiscardHalf, PlaceRobber
from engine.games.catan.notation import from_text
from engine.games.catan.rules.dice import produce

# corner 12 touches M10 (hex 0), G12 (hex 3), H6 (hex 4); corner 8 touches M10, P2, H6.


def test_production_settlement_and_city() -> None:
    """§5.3: a settlement earns 1, a city 2; the robber's hex produces nothing."""
    st = from_text("s0.settle=12 s1.city=8")
    produce(st, 10)
    assert st.hands[0][4] == 1 and st.hands[1][4] == 2 and st.bank[4] == 16
    st.robber = 0
    produce(st, 10)
    assert st.hands[0][4] == 1 and st.hands[1][4] == 2


def test_shortage_withholds_the_type_from_everyone() -> None:
    """§9.2: the supply cannot pay all seats owed ore: nobody gets ore."""
    st = from_text("s0.settle=12 s1.city=8 bank=19,19,19,19,2")
    events = produce(st, 10)
    assert st.hands[0][4] == 0 and st.hands[1][4] == 0 and st.bank[4] == 2
    assert events[0].data.get("shortage") == ["ore"]


def test_shortage_single_seat_takes_the_rest() -> None:
    """§9.2: only one seat is owed ore: it takes what is left."""
    st = from_text("s1.city=8 bank=19,19,19,19,1")
    produce(st, 10)
    assert st.hands[1][4] == 1 and st.bank[4] == 0


def test_shortage_is_per_type() -> None:
    """§9.2: other types are unaffected (a 6 pays brick from H6 while ore is short)."""
    st = from_text("s0.settle=12 s1.city=8 bank=19,19,19,19,0")
    produce(st, 6)
    assert st.hands[0][0] == 1 and st.hands[1][0] == 2


def _roll_until(st: object, total: int) -> None:
    for _ in range(200):
        clone = st.clone()  # type: ignore[attr-defined]
        clone.apply(clone.active, clone.game.parse_action("roll"))
        if clone.rolled == total:
            return
        st.rng.stream("dice").die()  # type: ignore[attr-defined]
        st.rng.stream("dice").die()  # type: ignore[attr-defined]
    raise AssertionError("no such roll")


def test_seven_asks_all_discards_at_once_then_the_robber() -> None:
    """§5.4: every seat over 7 cards discards together (the roller too), then the robber moves."""
    st = from_text("phase=pre_roll s0.hand=8o s1.hand=7o s2.hand=11w s3.hand=3b")
    _roll_until(st, 7)
    st.apply(0, st.game.parse_action("roll"))
    top = st.decisions[-1]
    assert isinstance(top, DiscardHalf) and top.seats == (0, 2)
    assert top.owed == (4, 0, 5, 0)
    assert [f.name for f in st.families(2)] == ["discard"]
    st.apply(2, st.legal_actions(2)[0])
    st.apply(0, st.game.parse_action("discard 4 ore"))
    assert isinstance(st.decisions[-1], PlaceRobber)


def test_steal_seen_only_by_thief_and_victim() -> None:
    st = from_text("decision=robber s1.settle=12 s1.hand=1o")
    events = st.apply(0, st.game.parse_action("robber 4 steal 1"))
    steal = next(e for e in events if e.kind == "steal")
    assert steal.chance
    assert steal.view(0)["resource"] == "ore" and steal.view(1)["resource"] == "ore"  # type: ignore[index]
    assert "resource" not in steal.view(2)  # type: ignore[operator]


def test_bought_card_hidden_from_others() -> None:
    st = from_text("s0.hand=1w1g1o deck=kk")
    event = st.apply(0, st.game.parse_action("buy dev"))[0]
    assert event.view(0)["card"] == "knight"  # type: ignore[index]
    assert "card" not in event.view(1)  # type: ignore[operator]
    assert st.observe(1).dev_counts[0] == 1 and st.observe(1).devs == (0, 0, 0, 0, 0)


def test_observation_is_unchanged_by_redealing_hidden_cards() -> None:
    st = from_text("s0.hand=2o1b s1.hand=3w2g s2.hand=1l s0.dev=1k1v s1.dev=2m s1.new=1m deck=kvyr")
    for seat in range(4):
        for k in range(10):
            twin = st.determinized_for(seat, Stream(k))
            assert twin.observe(seat) == st.observe(seat)
            assert twin.hands[seat] == st.hands[seat]
            assert [sum(h) for h in twin.hands] == [sum(h) for h in st.hands]


@pytest.mark.slow
def test_conformance_strict_beginner() -> None:
    """The registry-wide suite (tests/conformance) plays the default options; this plays the others."""
    game = engine.load_game("catan", "base", 3, layout="beginner", combined_trade_build=False)
    check_playout(game, seed=5, subprocess_replay=False)
