"""Action texts of Cities & Knights (cities_and_knights.md §12) round-trip through the parser (HS-9), and malformed texts are
refused naming the form expected; legal-action counts at fixed positions (HS-16)."""

from __future__ import annotations

import pytest

import engine
from engine.core.errors import MalformedAction
from engine.games.catan.actions import ROLL, City, MoveRobber, Road, Settle
from engine.games.catan_ck.actions import (
    BANK,
    CHOOSE_DECK,
    CHOOSE_KIND,
    DROP,
    IMPROVE,
    PASS,
    Activate,
    BuildKnight,
    Chase,
    ChooseCorner,
    Counter,
    Discard,
    Displace,
    GiveCards,
    MoveKnight,
    Offer,
    PlayCard,
    Promote,
    TakeCard,
    TakeCards,
    Wall,
    defend,
    play,
)
from engine.games.catan_ck.card_args import CARD_ARGS
from engine.games.catan_ck.tables import Card

from .helpers import after_setup, knight, main_phase, road, set_hand

HAND = (1, 0, 0, 2, 0, 1, 0, 3)
SAMPLES = [
    Settle(3),
    City(17),
    Road(3, 7),
    ROLL,
    MoveRobber(9, 2),
    MoveRobber(9, -1),
    Discard(HAND),
    GiveCards(HAND),
    TakeCards(HAND),
    BANK[5][2][4],
    BANK[0][4][7],
    Offer(HAND, (0, 1, 0, 0, 0, 0, 0, 0), -1),
    Offer(HAND, (0, 1, 0, 0, 0, 0, 0, 0), 2),
    Counter((0, 1, 0, 0, 0, 0, 0, 0), HAND),
    Wall(17),
    BuildKnight(5),
    Activate(5),
    Promote(5),
    MoveKnight(5, 9),
    Displace(5, 9),
    Chase(5),
    *IMPROVE,
    *CHOOSE_DECK,
    *CHOOSE_KIND,
    ChooseCorner(12),
    defend([]),
    defend([3, 17, 40]),
    PASS,
    *DROP,
    TakeCard(Card.SPY),
    play(Card.ALCHEMIST, 3, 4),
    play(Card.CRANE, 2),
    play(Card.DIPLOMAT, 3, 7),
    play(Card.SMITH, 5),
    play(Card.SMITH, 5, 9),
    play(Card.MERCHANT_FLEET, 6),
    play(Card.RESOURCE_MONOPOLY, 4),
    play(Card.TRADE_MONOPOLY, 7),
    play(Card.SABOTEUR),
]


@pytest.mark.parametrize("action", SAMPLES, ids=lambda a: a.text())
def test_texts_round_trip(action: object) -> None:
    game = engine.load_game("catan-ck", players=3)
    assert game.parse_action(action.text()) == action  # type: ignore[attr-defined]


def test_every_card_with_arguments_has_a_syntax() -> None:
    """§12.6: every card but the two VP cards is played by hand."""
    assert set(CARD_ARGS) == set(Card) - {Card.PRINTER, Card.CONSTITUTION}


@pytest.mark.parametrize(
    "text, reason",
    [
        ("play printer", "never played by hand"),
        ("play alchemist 7 1", "die value"),
        ("play trade-monopoly ore", "not a commodity"),
        ("improve art", "trade|politics|science"),
        ("discard 1 gold", "not a card kind"),
        ("defend 3 3", "six different corners"),
        ("fly 3", "expected one of"),
    ],
)
def test_malformed_texts_name_the_form(text: str, reason: str) -> None:
    game = engine.load_game("catan-ck", players=4)
    with pytest.raises(MalformedAction, match=reason):
        game.parse_action(text)


def test_legal_counts_at_fixed_positions() -> None:
    """HS-16: the first setup placement (54 corners), the first turn (roll only, or with an Alchemist
    36 more), a knight move (the free corners along own roads)."""
    st = engine.load_game("catan-ck", players=4).new_state(3)
    assert len(st.legal_actions(0)) == 54
    st = after_setup(seed=3)
    assert st.legal_actions(0) == (ROLL,)
    st.progress[0] = [Card.ALCHEMIST]
    st._legal_cache.clear()
    assert len(st.legal_actions(0)) == 37
    st.progress[0] = []
    for a, b in ((17, 23), (23, 29), (29, 35), (29, 34)):
        road(st, 0, a, b)
    knight(st, 0, 23, level=1, active=True)
    main_phase(st)
    set_hand(st, 0)
    moves = [a for a in st.legal_actions(0) if isinstance(a, MoveKnight)]
    assert sorted(a.dst for a in moves) == [17, 29, 34, 35]
    assert len(st.legal_actions(0)) == 1 + 4  # end and the four moves
    assert all(isinstance(a, PlayCard) is False for a in st.legal_actions(0))
