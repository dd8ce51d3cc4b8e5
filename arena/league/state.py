"""What the league host keeps while it runs: a :class:`Ladder` per ladder of the definition (its two
tournaments, their seeds, the game and the matchmaker's book) and a :class:`Pod` per pod under way;
opening a ladder and restoring its book from the database when the host starts.

Design detail: the book is rebuilt, never trusted to memory. Each entry's seconds of availability are
read back from ``league_availability`` and the starts of the last hour from the stored matches, so a
restarted host keeps every entry's fair share and hourly limit.
"""

from __future__ import annotations

import collections
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from arena.league.book import LadderBook, rules_of
from arena.league.definition import LadderDef
from arena.league.matchmaker import Table
from arena.league.pods import HouseQueue
from arena.schedule import MatchTask
from engine.core.rng import secret_seed
from engine.registry import load_game
from ladders.league_tables import LeagueTables
from ladders.store import Store

if TYPE_CHECKING:
    from engine.core.game import Game


@dataclass(slots=True)
class Pod:
    """A pod under way."""

    ladder: str
    tournament: str
    index: int
    table: Table
    tasks: tuple[MatchTask, ...]
    stored: int = 0
    failed: int = 0

    @property
    def key(self) -> tuple[str, int]:
        return (self.tournament, self.index)

    @property
    def ended(self) -> bool:
        return self.stored + self.failed >= len(self.tasks)


@dataclass(slots=True)
class Ladder:
    """One ladder of the running league."""

    definition: LadderDef
    tournament: str
    placement: str
    seeds: tuple[int, int]
    game: Game
    book: LadderBook
    placements: collections.Counter[str] = field(default_factory=collections.Counter)
    """Placement pods each entry finished."""
    house: HouseQueue | None = None
    new_results: int = 0
    """Rated matches stored since the last refit."""

    @property
    def key(self) -> str:
        return self.definition.ladder_key


def open_ladder(tables: LeagueTables, store: Store, lad: LadderDef) -> Ladder:
    """The running state of ``lad``: its stored ladder (recorded now with secret seeds if new), its
    game and an empty book."""
    row = tables.open_ladder(lad.id, lad.ladder_key, lad.stored(), (secret_seed(), secret_seed()))
    seeds = (store.tournament_seed(row.tournament), store.tournament_seed(row.placement))
    assert seeds[0] is not None and seeds[1] is not None
    rules = rules_of(
        lad.players,
        lad.duplicate,
        concurrent=lad.limits.concurrent,
        per_hour=lad.limits.per_hour,
        max_wait_s=lad.waits.max_wait_s,
        gather_s=lad.waits.gather_s,
        balance=lad.waits.balance,
        repeat_window=lad.waits.repeat_window,
        fill=lad.fill,
        house_pods=lad.house_pods,
    )
    game = load_game(lad.game, lad.variant, lad.players, **dict(lad.options))
    book = LadderBook(rules, lad.house_names())
    return Ladder(lad, row.tournament, row.placement, (seeds[0], seeds[1]), game, book)


def restore_book(lad: Ladder, tables: LeagueTables, store: Store, now: float) -> None:
    """Give the ladder's book the seconds each entry has been available and every start of the last
    hour (oldest first), as stored."""
    for row in tables.availability(lad.definition.id):
        lad.book.available_s[row[0]] = row[1]
    hour_ago = now - 3600
    for m in store.tournament_matches(lad.tournament):
        started = _epoch(m.started)
        if started > hour_ago:
            for name in set(m.bots):
                lad.book.starts.setdefault(name, collections.deque()).append(started)
    for times in lad.book.starts.values():
        ordered = sorted(times)
        times.clear()
        times.extend(ordered)


def replay_dir(db: str) -> Path:
    """The default replay folder of a league database: ``DB-replays`` beside it, or ``NAME-replays`` in
    the current folder for a PostgreSQL URL."""
    from ladders.sql import is_postgres_url

    if is_postgres_url(db):
        return Path(db.rsplit("/", 1)[-1].split("?", 1)[0] + "-replays")
    path = Path(db)
    return path.with_name(path.stem + "-replays")


def _epoch(stamp: str) -> float:
    import datetime as dt

    try:
        return dt.datetime.fromisoformat(stamp).timestamp()
    except ValueError:
        return 0.0
