"""The static facts of a Cities & Knights match as a bot receives them once at match start: the base
game's board (:func:`engine.games.catan.board_tables.board_tables`) and the expansion's tables, copied
from :mod:`engine.games.catan_ck.tables` (cities_and_knights.md §2, §5.1, §6). Field names are those of
the ``CatanCkTables`` message of ``catan_ck.proto``; the referee converts the value.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from engine.games.catan.board_tables import BoardTables
from engine.games.catan_ck.card_args import CARD_ARGS
from engine.games.catan_ck.tables import (
    ABILITY_LEVEL,
    ACTIVATE_COST,
    CARD_DECK,
    CARD_NAMES,
    CITY_COST,
    CITY_YIELD,
    DECK_COUNTS,
    DISCARD_LIMIT,
    EVENT_NAMES,
    FULL_BANK,
    KIND_NAMES,
    KNIGHT_COST,
    KNIGHT_LEVELS,
    KNIGHTS_PER_LEVEL,
    MAX_LEVEL,
    METROPOLIS_LEVEL,
    METROPOLIS_VP,
    PROGRESS_LIMIT,
    ROAD_COST,
    SETTLEMENT_COST,
    TRACK_COMMODITY,
    TRACK_NAMES,
    VP_CARDS,
    WALL_BONUS,
    WALL_COST,
    WALLS,
    Card,
    Hand,
)

ABILITIES = ("trading_house", "fortress", "aqueduct")
"""§6.4: the level-3 ability of the trade, politics and science track."""


@dataclass(frozen=True, slots=True)
class CostEntry:
    name: str
    cards: Hand


@dataclass(frozen=True, slots=True)
class TrackEntry:
    id: int
    name: str
    commodity: int
    level_costs: tuple[int, ...]
    """§6.2: level n costs n commodities of the track's kind."""
    ability: str


@dataclass(frozen=True, slots=True)
class CityYieldEntry:
    terrain: int
    cards: Hand


@dataclass(frozen=True, slots=True)
class CardEntry:
    id: int
    name: str
    deck: int
    copies: int
    vp: bool
    args: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CkTables:
    """What ``MatchStart.board.catan_ck`` carries."""

    board: BoardTables
    kinds: tuple[str, ...]
    supply: Hand
    costs: tuple[CostEntry, ...]
    tracks: tuple[TrackEntry, ...]
    ability_level: int
    metropolis_level: int
    city_yield: tuple[CityYieldEntry, ...]
    knight_strength: tuple[int, ...]
    knights_per_level: int
    walls: int
    wall_bonus: int
    discard_limit: int
    progress_limit: int
    barbarian_track: int
    event_faces: tuple[str, ...]
    cards: tuple[CardEntry, ...]
    metropolis_vp: int
    vp_to_win: int


def _hand(pairs: tuple[tuple[int, int], ...]) -> Hand:
    out = [0] * 8
    for kind, n in pairs:
        out[kind] += n
    return (out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7])


@functools.cache
def _fixed(
    spies: int,
) -> tuple[tuple[CostEntry, ...], tuple[TrackEntry, ...], tuple[CityYieldEntry, ...], tuple[CardEntry, ...]]:
    costs = (
        CostEntry("road", ROAD_COST),
        CostEntry("settlement", SETTLEMENT_COST),
        CostEntry("city", CITY_COST),
        CostEntry("wall", WALL_COST),
        CostEntry("knight", KNIGHT_COST),
        CostEntry("activate", ACTIVATE_COST),
    )
    tracks = tuple(
        TrackEntry(t, TRACK_NAMES[t], TRACK_COMMODITY[t], tuple(range(1, MAX_LEVEL + 1)), ABILITIES[t])
        for t in range(3)
    )
    yields = tuple(
        CityYieldEntry(int(terrain), _hand(pairs)) for terrain, pairs in sorted(CITY_YIELD.items())
    )
    copies = dict(DECK_COUNTS)
    cards = tuple(
        CardEntry(
            int(card),
            CARD_NAMES[card],
            int(CARD_DECK[card]),
            spies if card == Card.SPY else copies[card],
            card in VP_CARDS,
            CARD_ARGS.get(card, ()),
        )
        for card in Card
    )
    return costs, tracks, yields, cards


def static_tables(board: BoardTables, spies: int, barbarian_track: int, vp_to_win: int) -> CkTables:
    """The tables of one match (its board and the options that change a table)."""
    costs, tracks, yields, cards = _fixed(spies)
    return CkTables(
        board=board,
        kinds=KIND_NAMES,
        supply=FULL_BANK,
        costs=costs,
        tracks=tracks,
        ability_level=ABILITY_LEVEL,
        metropolis_level=METROPOLIS_LEVEL,
        city_yield=yields,
        knight_strength=tuple(range(KNIGHT_LEVELS + 1)),
        knights_per_level=KNIGHTS_PER_LEVEL,
        walls=WALLS,
        wall_bonus=WALL_BONUS,
        discard_limit=DISCARD_LIMIT,
        progress_limit=PROGRESS_LIMIT,
        barbarian_track=barbarian_track,
        event_faces=EVENT_NAMES,
        cards=cards,
        metropolis_vp=METROPOLIS_VP,
        vp_to_win=vp_to_win,
    )
