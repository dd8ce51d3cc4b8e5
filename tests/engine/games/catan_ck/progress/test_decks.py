"""The three progress decks (cities_and_knights.md §2.8, §11.2): 54 cards, 18 per deck with three
Spies (the default), the ``spies`` option 2 as in the seed; each deck shuffled from its own cards."""

from __future__ import annotations

from collections import Counter

import pytest

import engine
from engine.core.errors import UnknownChoice
from engine.games.catan_ck.state import CkState
from engine.games.catan_ck.tables import CARD_NAMES, Track

SCIENCE = {
    "alchemist": 2,
    "crane": 2,
    "engineer": 1,
    "inventor": 2,
    "irrigation": 2,
    "medicine": 2,
    "mining": 2,
    "smith": 2,
    "printer": 1,
    "road-building": 2,
}
POLITICS = {
    "bishop": 2,
    "constitution": 1,
    "deserter": 2,
    "diplomat": 2,
    "intrigue": 2,
    "saboteur": 2,
    "spy": 3,
    "warlord": 2,
    "wedding": 2,
}
TRADE = {
    "commercial-harbor": 2,
    "master-merchant": 2,
    "merchant": 6,
    "merchant-fleet": 2,
    "resource-monopoly": 4,
    "trade-monopoly": 2,
}


def _decks(**options: object) -> list[Counter[str]]:
    st = engine.load_game("catan-ck", players=4, **options).new_state(7)
    assert isinstance(st, CkState)
    return [Counter(CARD_NAMES[c] for c in deck) for deck in st.decks]


def test_every_card_in_its_deck_with_its_copies() -> None:
    """§2.8: the copies of each card per deck, Spy x3 by default (§11.2): 18 + 18 + 18."""
    decks = _decks()
    assert decks[Track.SCIENCE] == Counter(SCIENCE)
    assert decks[Track.POLITICS] == Counter(POLITICS)
    assert decks[Track.TRADE] == Counter(TRADE)
    assert [sum(d.values()) for d in decks] == [18, 18, 18]


def test_two_spies_as_in_the_seed() -> None:
    """§2.8, §11.2: the ``spies`` option; 2 leave the politics deck at 17, the other decks alike."""
    decks = _decks(spies=2)
    assert decks[Track.POLITICS] == Counter({**POLITICS, "spy": 2})
    assert sum(decks[Track.POLITICS].values()) == 17
    assert decks[Track.SCIENCE] == Counter(SCIENCE) and decks[Track.TRADE] == Counter(TRADE)


@pytest.mark.parametrize("spies", [1, 4])
def test_other_spy_counts_refused(spies: int) -> None:
    """§11.2: 2 (the seed) or 3 (the official count), nothing else."""
    with pytest.raises(UnknownChoice, match="spies"):
        engine.load_game("catan-ck", players=4, spies=spies)


def test_decks_are_shuffled_by_the_seed() -> None:
    """§3 step 5: each deck is shuffled separately; two seeds give two orders."""
    orders = set()
    for seed in (1, 2):
        st = engine.load_game("catan-ck", players=4).new_state(seed)
        assert isinstance(st, CkState)
        orders.add(tuple(st.decks[Track.TRADE]))
    assert len(orders) == 2
