"""The league's tables in the ladder database: their SQL, their row types, the states of entries and pods.

A league (``arena league``) keeps, besides the matches and ratings every tournament keeps, who may play:

- ``league_ladders``: each ladder of the league's definition, with the two tournaments its matches are
  stored under (rated matches, and placement matches, kept on a ladder key of their own so that a bot
  that fails its placement never enters the ratings);
- ``league_bots``: each registered bot (per ladder) with its current version, or when it was removed;
- ``league_keys``: the SHA-256 of every key ever issued, with when it was replaced (the key itself is
  printed once and never stored);
- ``league_entries``: each version of each bot, which is its own identity on the ladder (``NAME@VERSION``)
  and goes from ``placement`` to ``admitted`` or ``rejected``, and to ``retired`` when a newer version
  or the bot's removal freezes it;
- ``league_pods``: each table the matchmaker formed, recorded before its first match starts, so that a
  host killed at any moment knows on restart which pods were under way (their missing matches are
  voided, never half-counted);
- ``league_availability``: the seconds each entry has been connected and admitted (its fair share of
  pods, kept across restarts);
- ``league_log``: every registration, removal, key rotation, version and placement verdict, appended,
  never changed.

Design detail: additive tables. They are created by ``CREATE TABLE IF NOT EXISTS`` when a league first
opens a database (:class:`ladders.league_tables.LeagueTables`), in the SQL both stores share, so a database written by a
tournament gains them without a schema upgrade and a program that knows no league reads the rest as
before. Nothing here is ever deleted: a removed bot, a replaced key and a retired entry stay, marked.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

LEAGUE_SCHEMA = """
CREATE TABLE IF NOT EXISTS league_ladders (
    id TEXT PRIMARY KEY,
    tournament TEXT NOT NULL,
    placement TEXT NOT NULL,
    ladder TEXT NOT NULL,
    definition TEXT NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS league_bots (
    ladder TEXT NOT NULL,
    name TEXT NOT NULL,
    version TEXT NOT NULL,
    created TEXT NOT NULL,
    removed TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (ladder, name)
);
CREATE TABLE IF NOT EXISTS league_keys (
    hash TEXT PRIMARY KEY,
    ladder TEXT NOT NULL,
    name TEXT NOT NULL,
    created TEXT NOT NULL,
    revoked TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS league_entries (
    ladder TEXT NOT NULL,
    entry TEXT NOT NULL,
    name TEXT NOT NULL,
    version TEXT NOT NULL,
    state TEXT NOT NULL,
    created TEXT NOT NULL,
    changed TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (ladder, entry)
);
CREATE TABLE IF NOT EXISTS league_pods (
    tournament TEXT NOT NULL,
    pod INTEGER NOT NULL,
    ladder TEXT NOT NULL,
    kind TEXT NOT NULL,
    bots TEXT NOT NULL,
    rotations INTEGER NOT NULL,
    created TEXT NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (tournament, pod)
);
CREATE TABLE IF NOT EXISTS league_availability (
    ladder TEXT NOT NULL,
    entry TEXT NOT NULL,
    seconds REAL NOT NULL,
    PRIMARY KEY (ladder, entry)
);
CREATE TABLE IF NOT EXISTS league_log (
    at TEXT NOT NULL,
    ladder TEXT NOT NULL,
    name TEXT NOT NULL,
    what TEXT NOT NULL,
    detail TEXT NOT NULL
);
"""

PLACEMENT = "placement"
ADMITTED = "admitted"
REJECTED = "rejected"
RETIRED = "retired"
ENTRY_STATES = (PLACEMENT, ADMITTED, REJECTED, RETIRED)

OPEN = "open"
DONE = "done"
VOID = "void"


def key_hash(key: str) -> str:
    """How a bot key is stored: the hex SHA-256 of its text (keys are random, 192 bits)."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def entry_id(name: str, version: str) -> str:
    """A version's identity on its ladder: ``NAME@VERSION``."""
    return f"{name}@{version}"


@dataclass(frozen=True, slots=True)
class LadderRow:
    id: str
    tournament: str
    """Tournament id of the ladder's rated matches."""
    placement: str
    """Tournament id of its placement matches."""
    ladder: str
    """Canonical game reference: the ladder key of its rated matches."""
    definition: dict[str, Any]
    created: str


@dataclass(frozen=True, slots=True)
class BotRow:
    ladder: str
    name: str
    version: str
    """The current version (the one that is matched)."""
    created: str
    removed: str
    """When the bot was removed ("" while registered)."""


@dataclass(frozen=True, slots=True)
class KeyRow:
    hash: str
    ladder: str
    name: str
    created: str
    revoked: str
    """When a newer key replaced it ("" while valid)."""


@dataclass(frozen=True, slots=True)
class EntryRow:
    ladder: str
    entry: str
    name: str
    version: str
    state: str
    created: str
    changed: str
    note: str
    """Why it was rejected (the placement's fault report) or retired."""


@dataclass(frozen=True, slots=True)
class PodRow:
    tournament: str
    pod: int
    ladder: str
    kind: str
    """``rated`` or ``placement``."""
    bots: tuple[str, ...]
    """The table: entry (or house bot) per seat of the first rotation."""
    rotations: int
    created: str
    state: str


@dataclass(frozen=True, slots=True)
class LogRow:
    at: str
    ladder: str
    name: str
    what: str
    detail: str
