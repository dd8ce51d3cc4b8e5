"""The ladder database's schema: its identifiers, its tables, and the upgrade from each older version.

Plain SQL text for :mod:`ladders.store`, which creates a new database from :data:`SCHEMA` and runs
:data:`MIGRATE_1_TO_2` on a version-1 file when it opens one.
"""

from __future__ import annotations

APPLICATION_ID = 0x42474C44
"""``PRAGMA application_id`` of a ladder database (ASCII ``BGLD``)."""
SCHEMA_VERSION = 3
"""``PRAGMA user_version`` written by this code; a newer file is refused, never downgraded, and an older
one is migrated when opened (version 1 to 2: tournaments gain their seed, kept apart from the
definition and filled from it; rating snapshots gain pods, one-sided bounds and the model they were
fitted with, and lose the live Elo column. Version 2 to 3: a match's replay path is stored relative
to the database's folder instead of the folder the run started in; ``ladders.store`` rewrites the
paths, which needs the files on disk, so there is no SQL for it here)."""

RATINGS_TABLE = """
CREATE TABLE ratings (
    ladder TEXT NOT NULL,
    at TEXT NOT NULL,
    bot TEXT NOT NULL,
    elo REAL NOT NULL,
    low REAL,
    high REAL,
    games INTEGER NOT NULL,
    pods INTEGER NOT NULL,
    bound TEXT NOT NULL,
    PRIMARY KEY (ladder, at, bot)
);
"""

SNAPSHOTS_TABLE = """
CREATE TABLE snapshots (
    ladder TEXT NOT NULL,
    at TEXT NOT NULL,
    model TEXT NOT NULL,
    PRIMARY KEY (ladder, at)
);
"""

SCHEMA = (
    """
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    definition TEXT NOT NULL,
    created TEXT NOT NULL,
    seed TEXT NOT NULL DEFAULT ''
);
CREATE TABLE bots (
    name TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    command TEXT NOT NULL DEFAULT ''
);
CREATE TABLE matches (
    id TEXT PRIMARY KEY,
    tournament TEXT NOT NULL REFERENCES tournaments(id),
    ladder TEXT NOT NULL,
    variant TEXT NOT NULL,
    seed INTEGER NOT NULL,
    pod INTEGER NOT NULL,
    rotation INTEGER NOT NULL,
    bots TEXT NOT NULL,
    labels TEXT NOT NULL,
    places TEXT NOT NULL,
    scores TEXT NOT NULL,
    termination TEXT NOT NULL,
    faults TEXT NOT NULL,
    forfeits TEXT NOT NULL,
    replay TEXT,
    started TEXT NOT NULL,
    finished TEXT NOT NULL,
    seconds REAL NOT NULL
);
CREATE INDEX matches_by_tournament ON matches(tournament);
CREATE INDEX matches_by_ladder ON matches(ladder, finished);
CREATE TABLE seat_ratings (
    ladder TEXT NOT NULL,
    at TEXT NOT NULL,
    seat INTEGER NOT NULL,
    elo REAL NOT NULL,
    low REAL NOT NULL,
    high REAL NOT NULL,
    PRIMARY KEY (ladder, at, seat)
);
"""
    + RATINGS_TABLE
    + SNAPSHOTS_TABLE
)

MIGRATE_1_TO_2 = (
    """
ALTER TABLE tournaments ADD COLUMN seed TEXT NOT NULL DEFAULT '';
UPDATE tournaments SET seed = COALESCE(CAST(json_extract(definition, '$.seed') AS TEXT), '');
ALTER TABLE ratings RENAME TO ratings_v1;
"""
    + RATINGS_TABLE
    + """
INSERT INTO ratings (ladder, at, bot, elo, low, high, games, pods, bound)
    SELECT ladder, at, bot, elo, low, high, games, 0, 'two-sided' FROM ratings_v1;
DROP TABLE ratings_v1;
"""
    + SNAPSHOTS_TABLE
    + """
INSERT INTO snapshots (ladder, at, model) SELECT DISTINCT ladder, at, '{}' FROM ratings;
"""
)
