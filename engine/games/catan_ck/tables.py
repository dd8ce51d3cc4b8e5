"""Cities & Knights tables: card kinds, commodities, tracks, costs, knights, dice and progress decks.

Everything here is data from ``cities_and_knights.md`` (docs/rules/): §2.2-§2.8 (components and counts),
§2.10 (costs), §2.11 (victory points), §5.1 (the city production table), §6.1 (tracks and levels).
Rules code reads these tables; it never repeats a number.

Hand cards are indexed 0..7: the five resources of base Catan (brick, lumber, wool, grain, ore: the
indices of :class:`engine.games.catan.tables.Resource`), then the three commodities (paper, cloth, coin).
"""

from __future__ import annotations

import enum

from engine.games.catan.tables import RESOURCE_NAMES, Terrain

N_KINDS = 8
"""Resources (0..4) and commodities (5..7) share one hand (§2.3)."""
PAPER = 5
"""From forest cities; buys science (§2.3)."""
CLOTH = 6
"""From pasture cities; buys trade (§2.3)."""
COIN = 7
"""From mountains cities; buys politics (§2.3)."""
COMMODITIES = (PAPER, CLOTH, COIN)
KIND_NAMES: tuple[str, ...] = (*RESOURCE_NAMES, "paper", "cloth", "coin")
KIND_BY_NAME: dict[str, int] = {name: k for k, name in enumerate(KIND_NAMES)}

Hand = tuple[int, int, int, int, int, int, int, int]
"""Cards by kind: (brick, lumber, wool, grain, ore, paper, cloth, coin)."""
NO_CARDS: Hand = (0, 0, 0, 0, 0, 0, 0, 0)

BANK_RESOURCES = 19
"""§2.1: the 95 resource cards of base Catan, 19 of each."""
BANK_COMMODITIES = 12
"""§2.2: 36 commodity cards, 12 of each."""
FULL_BANK: Hand = (19, 19, 19, 19, 19, 12, 12, 12)


class Track(enum.IntEnum):
    """The three city-improvement tracks (§6.1); also the progress deck of the same colour (§2.8)."""

    TRADE = 0
    """Yellow; bought with cloth."""
    POLITICS = 1
    """Blue; bought with coin."""
    SCIENCE = 2
    """Green; bought with paper."""


TRACK_NAMES: tuple[str, ...] = ("trade", "politics", "science")
TRACK_BY_NAME: dict[str, int] = {name: t for t, name in enumerate(TRACK_NAMES)}
TRACK_COMMODITY: tuple[int, int, int] = (CLOTH, COIN, PAPER)
"""§2.3: the commodity that pays for each track."""
MAX_LEVEL = 5
"""§6.2: five levels per track."""
ABILITY_LEVEL = 3
"""§6.4: trading house, fortress and aqueduct at level 3."""
METROPOLIS_LEVEL = 4
"""§6.5: the first to level 4 takes the track's metropolis; level 5 first captures it."""

CITY_YIELD: dict[int, tuple[tuple[int, int], ...]] = {
    Terrain.FOREST: ((1, 1), (PAPER, 1)),
    Terrain.PASTURE: ((2, 1), (CLOTH, 1)),
    Terrain.MOUNTAINS: ((4, 1), (COIN, 1)),
    Terrain.FIELDS: ((3, 2),),
    Terrain.HILLS: ((0, 2),),
}
"""§5.1 city production table: (kind, count) pairs a city receives per producing hex."""

ROAD_COST: Hand = (1, 1, 0, 0, 0, 0, 0, 0)
SETTLEMENT_COST: Hand = (1, 1, 1, 1, 0, 0, 0, 0)
CITY_COST: Hand = (0, 0, 0, 2, 3, 0, 0, 0)
"""§2.10: 3 ore + 2 grain."""
WALL_COST: Hand = (2, 0, 0, 0, 0, 0, 0, 0)
"""§2.10, §9.1: 2 brick."""
KNIGHT_COST: Hand = (0, 0, 1, 0, 1, 0, 0, 0)
"""§2.10: build a basic knight, or promote one: 1 wool + 1 ore."""
ACTIVATE_COST: Hand = (0, 0, 0, 1, 0, 0, 0, 0)
"""§7.3: 1 grain."""

WALLS = 3
"""§2.7, §9.1: three city walls per seat on the board at most."""
WALL_BONUS = 2
"""§5.2: each wall raises the 7-roll hand limit by 2."""
DISCARD_LIMIT = 7
"""§5.2: more than 7 + 2 x walls cards in hand: discard half, rounded down."""
KNIGHT_LEVELS = 3
"""§2.6: basic (1), strong (2), mighty (3)."""
KNIGHTS_PER_LEVEL = 2
"""§2.6: two tokens of each level per seat."""
KNIGHT_NAMES: tuple[str, ...] = ("", "basic", "strong", "mighty")

BARBARIAN_TRACK = 7
"""§2.5, §11.4: advances from the start space to the attack (the ``barbarian_track`` option)."""
DEFENDER_CARDS = 6
"""§2.2: Defender of Catan cards; §11.12: the VP keeps being awarded once they are gone."""
VP_TO_WIN = 13
"""§9.5."""
METROPOLIS_VP = 2
"""§2.11: a metropolis adds 2 to its city."""
LONGEST_ROAD_VP = 2
MERCHANT_VP = 1
PROGRESS_LIMIT = 4
"""§4.4: progress cards in hand (VP cards are never in hand)."""

SHIP = -1
"""Event die: the barbarian ship face (three of six, §2.4)."""
EVENT_FACES: tuple[int, ...] = (SHIP, SHIP, SHIP, Track.TRADE, Track.POLITICS, Track.SCIENCE)
"""§2.4: the event die face by die value 1..6 (index value - 1): a ship or a city gate of a track."""
EVENT_NAMES: tuple[str, ...] = ("ship", "ship", "ship", "trade", "politics", "science")


class Card(enum.IntEnum):
    """The 25 kinds of progress card (§2.8); the value is the card id in decks and hands."""

    ALCHEMIST = 0
    CRANE = 1
    ENGINEER = 2
    INVENTOR = 3
    IRRIGATION = 4
    MEDICINE = 5
    MINING = 6
    SMITH = 7
    PRINTER = 8
    ROAD_BUILDING = 9
    BISHOP = 10
    CONSTITUTION = 11
    DESERTER = 12
    DIPLOMAT = 13
    INTRIGUE = 14
    SABOTEUR = 15
    SPY = 16
    WARLORD = 17
    WEDDING = 18
    COMMERCIAL_HARBOR = 19
    MASTER_MERCHANT = 20
    MERCHANT = 21
    MERCHANT_FLEET = 22
    RESOURCE_MONOPOLY = 23
    TRADE_MONOPOLY = 24


N_CARDS = len(Card)
CARD_NAMES: tuple[str, ...] = tuple(c.name.lower().replace("_", "-") for c in Card)
CARD_BY_NAME: dict[str, int] = {name: c for c, name in enumerate(CARD_NAMES)}
VP_CARDS: frozenset[int] = frozenset({Card.PRINTER, Card.CONSTITUTION})
"""§2.9: revealed when drawn, 1 VP each, never held in hand."""

CARD_DECK: tuple[int, ...] = (
    *(Track.SCIENCE,) * 10,
    *(Track.POLITICS,) * 9,
    *(Track.TRADE,) * 6,
)
"""The deck (track) of each card kind, by card id."""

DECK_COUNTS: tuple[tuple[int, int], ...] = (
    (Card.ALCHEMIST, 2),
    (Card.CRANE, 2),
    (Card.ENGINEER, 1),
    (Card.INVENTOR, 2),
    (Card.IRRIGATION, 2),
    (Card.MEDICINE, 2),
    (Card.MINING, 2),
    (Card.SMITH, 2),
    (Card.PRINTER, 1),
    (Card.ROAD_BUILDING, 2),
    (Card.BISHOP, 2),
    (Card.CONSTITUTION, 1),
    (Card.DESERTER, 2),
    (Card.DIPLOMAT, 2),
    (Card.INTRIGUE, 2),
    (Card.SABOTEUR, 2),
    (Card.SPY, 3),
    (Card.WARLORD, 2),
    (Card.WEDDING, 2),
    (Card.COMMERCIAL_HARBOR, 2),
    (Card.MASTER_MERCHANT, 2),
    (Card.MERCHANT, 6),
    (Card.MERCHANT_FLEET, 2),
    (Card.RESOURCE_MONOPOLY, 4),
    (Card.TRADE_MONOPOLY, 2),
)
"""§2.8 copies of each card (Spy x3 by default, §11.2: the ``spies`` option changes it)."""


def deck_cards(track: int, spies: int) -> list[int]:
    """The cards of one progress deck, by card id in card order (shuffled by the state)."""
    out: list[int] = []
    for card, copies in DECK_COUNTS:
        if CARD_DECK[card] == track:
            out += [int(card)] * (spies if card == Card.SPY else copies)
    return out
