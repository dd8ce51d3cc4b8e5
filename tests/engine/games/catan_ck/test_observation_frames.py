"""The decision stack in a Cities & Knights observation (cities_and_knights.md §12, §12.8): a card in
resolution and the steps still to come are public, what only some seats may see is absent for the
others (in the observation, its JSON and its typed wire form), and a position sampled from one seat's
observation keeps what that seat knows."""

from __future__ import annotations

import orjson

from engine.core.rng import Stream
from engine.games.catan_ck.actions import Improve
from engine.games.catan_ck.decisions import CardStep, MetropolisCity, Overflow, Resume
from engine.games.catan_ck.frames import UNSEEN, Frame
from engine.games.catan_ck.state import CkState
from engine.games.catan_ck.tables import CARD_DECK, Card, Track
from engine.referee import convert
from tests.engine.games.catan_ck.helpers import after_setup, set_hand, settlement
from tests.engine.games.catan_ck.progress.cards import act, hold, main_phase
from tests.engine.games.catan_ck.test_progress_hand import gate

ORE = 4


def _top(st: CkState, seat: int) -> Frame:
    return st.observe(seat).frames[-1]


def _wire_frames(st: CkState, seat: int) -> tuple[list[object], list[list[int]]]:
    """The frames of ``seat``'s observation as the JSON and the typed wire form carry them."""
    wire = convert.observation_to_pb(st.observe(seat), "catan-ck", typed=True)
    as_json = orjson.loads(wire.json)["frames"]
    return as_json, [list(f.values) for f in wire.catan_ck.frames]


def test_a_commercial_harbor_offer_is_told_to_the_two_seats_only() -> None:
    """§2.9, §12.8: the step, the card, its player and its target are public; the resource offered
    only the player and the target see, in the observation and on the wire."""
    st = main_phase()
    set_hand(st, 0, ore=1, wool=1)
    set_hand(st, 1, paper=1, coin=2)
    set_hand(st, 2, ore=2)
    hold(st, 0, Card.COMMERCIAL_HARBOR)
    act(st, 0, "play commercial-harbor")
    assert st.observe(2).harbor_open and st.observe(2).harbor_targets == ()
    act(st, 0, "harbor 1 ore")
    for seat in (0, 1):
        assert _top(st, seat) == Frame("CardStep", (1,), "give", Card.COMMERCIAL_HARBOR, 0, (), (ORE,))
    for seat in (2, 3):
        assert _top(st, seat) == Frame("CardStep", (1,), "give", Card.COMMERCIAL_HARBOR, 0, (), (UNSEEN,))
        as_json, typed = _wire_frames(st, seat)
        assert as_json[-1]["values"] == [UNSEEN] and typed[-1] == [UNSEEN]
    assert st.observe(2).harbor_targets == (1,)
    # the target, asked, knows the offer: every sample keeps the ore in the player's hand
    for k in range(10):
        sample = st.game.state_from_observation(st.observe(1), Stream(k))
        assert sample.decisions[-1] == st.decisions[-1] and sample.hands[0][ORE] >= 1
        assert sample.observe(1) == st.observe(1)
    # so does every re-dealt copy for it, where the exchange can be answered
    for k in range(10):
        twin = st.determinized_for(1, Stream(k))
        ore = twin.hands[0][ORE]
        assert ore >= 1 and twin.decisions[-1] == st.decisions[-1]
        twin.apply(1, st.game.parse_action("choose coin"))
        assert min(twin.hands[0]) >= 0 and twin.hands[0][ORE] == ore - 1
        copy = st.determinized_for(2, Stream(k))  # for a seat outside: one of the player's resources
        top = copy.decisions[-1]
        assert isinstance(top, CardStep) and copy.hands[0][top.data[0]] >= 1
    # a seat outside the exchange gets some resource the player may hold, never a hint of which
    sample = st.game.state_from_observation(st.observe(2), Stream(3))
    top = sample.decisions[-1]
    assert isinstance(top, CardStep) and top.data[0] in range(5) and sample.hands[0][top.data[0]] >= 1


def test_the_card_another_seat_just_drew_is_absent_but_its_deck_is_public() -> None:
    """§4.4, §12.8: seat 1 draws a fifth card; the others see an ``Overflow`` of the politics deck and
    the rest of the roll still to come, not the card."""
    st = after_setup(strict_fifth_card=True)
    st.improvements[1][Track.POLITICS] = 5
    st.progress[1] = [Card.BISHOP, Card.DESERTER, Card.SPY, Card.WARLORD]
    for card in st.progress[1]:
        st.decks[Track.POLITICS].remove(card)
    st.decks[Track.POLITICS].remove(Card.WEDDING)
    st.decks[Track.POLITICS].append(Card.WEDDING)  # on top
    gate(st, Track.POLITICS, 2)
    top = st.decisions[-1]
    assert isinstance(top, Overflow) and top.seats == (1,) and top.newest == Card.WEDDING
    assert any(isinstance(d, Resume) for d in st.decisions)  # production waits under it
    assert _top(st, 1).values == (Track.POLITICS, 0, Card.WEDDING)
    for seat in (0, 2, 3):
        assert _top(st, seat).values == (Track.POLITICS, 0, UNSEEN)
        assert [f.kind for f in st.observe(seat).frames] == [type(d).__name__ for d in st.decisions]
        assert _wire_frames(st, seat)[1][-1] == [Track.POLITICS, 0, UNSEEN]
    sample = st.game.state_from_observation(st.observe(1), Stream(1))
    assert sample.decisions == st.decisions and sample.progress[1] == st.progress[1]
    assert set(sample.legal_actions(1)) == set(st.legal_actions(1))


def test_a_spied_hand_is_kept_and_every_other_card_is_re_dealt() -> None:
    """§2.9 Spy, §12.8: while seat 0 chooses, it sees seat 2's progress cards; a sample for seat 0 keeps
    them, re-deals seat 1's and seat 3's with their counts per deck, and the decks keep their sizes."""
    st = main_phase()
    hold(st, 0, Card.SPY)
    hold(st, 2, Card.BISHOP, Card.SMITH)
    hold(st, 1, Card.WEDDING, Card.CRANE)
    hold(st, 3, Card.MERCHANT)
    act(st, 0, "play spy 2")
    assert st.observe(0).shown == tuple(st.progress[2]) and st.observe(1).shown == ()
    decks = set()
    for k in range(20):
        sample = st.game.state_from_observation(st.observe(0), Stream(k))
        assert sample.progress[2] == st.progress[2] and sample.progress[0] == st.progress[0]
        assert [len(d) for d in sample.decks] == [len(d) for d in st.decks]
        for s in (1, 3):
            assert sorted(CARD_DECK[c] for c in sample.progress[s]) == sorted(
                CARD_DECK[c] for c in st.progress[s]
            )
        assert sample.observe(0) == st.observe(0)
        decks.add(tuple(sample.decks[Track.POLITICS]))
    assert len(decks) > 1


def test_a_metropolis_to_place_is_rebuilt_from_the_observation() -> None:
    """§6.5: the seat first at level 4 with several cities chooses one; the track is public."""
    st = main_phase()
    settlement(st, 0, 29, city=True)
    settlement(st, 0, 41, city=True)
    st.improvements[0] = [0, 3, 0]
    set_hand(st, 0, coin=4)
    st.apply(0, Improve(Track.POLITICS))
    assert isinstance(st.decisions[-1], MetropolisCity)
    for seat in range(4):
        assert _top(st, seat) == Frame("MetropolisCity", (0,), "", -1, -1, (), (Track.POLITICS,))
    sample = st.game.state_from_observation(st.observe(0), Stream(2))
    assert sample.decisions == st.decisions and sample.observe(0) == st.observe(0)
    assert sample.legal_actions(0) == st.legal_actions(0)
