"""The ladder database: tournaments, bots, match results and rating snapshots in one SQLite file
(its file header and replay paths: :mod:`ladders.store_files`).

Every finished match is committed on its own, idempotently by match id, in WAL mode, so a run killed at
any point loses nothing that finished and resumes by skipping :meth:`Store.finished_match_ids`.

Design detail: tournaments and their secret seeds. A tournament is found by its definition (the
arena's mapping of game, bots, rounds, given seed or none...): :meth:`Store.open_tournament` returns the
stored ``(id, seed)`` of the definition, or records the caller's fresh id and seed for it in the same
transaction, so a second run of one definition resumes the first with the same seed. The seed is stored
as decimal text (a drawn secret seed has 128 bits; an SQLite INTEGER holds 63), apart from the
definition, so that nothing derived from the definition reveals it.

Design detail: upgrades. A file of an older schema version (``ladders.schema``) is upgraded when it is
opened, in one transaction that also sets the new version, so a killed upgrade leaves the old file as it
was; if the upgrade cannot run (another process holds the write lock past the timeout, a read-only file),
:class:`StoreError` says so in one line and nothing changes.

Design detail: idempotent results. ``record_match`` inserts with ``ON CONFLICT DO NOTHING``; a second
insert of the same id is checked against the stored row (who sat where, seed, places, scores,
termination, forfeits) and raises :class:`MatchConflict` when they differ. Timings, fault messages and
the replay path are not compared: they may legitimately differ when a match is replayed.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from ladders.records import (
    LadderSummary,
    MatchRecord,
    RatingRow,
    SeatRow,
    Snapshot,
    canonical_json,
    utc_now,
)
from ladders.schema import APPLICATION_ID as APPLICATION_ID  # re-exported
from ladders.schema import MIGRATE_1_TO_2, SCHEMA
from ladders.schema import SCHEMA_VERSION as SCHEMA_VERSION  # re-exported
from ladders.snapshots import read_snapshot, write_snapshot
from ladders.sql import Connection, DbError, Rows, SqliteConnection, is_postgres_url, location_problem
from ladders.sql import MatchConflict as MatchConflict  # re-exported
from ladders.sql import StoreError as StoreError  # re-exported
from ladders.store_files import (
    MATCH_COLUMNS,
    HeldFiles,
    check_file,
    match_record,
    migrated_replay,
    stored_replay,
)

if TYPE_CHECKING:
    from ladders.records import RatedMatch


class Store:
    """An open ladder database. Use as a context manager, or call :meth:`close`.

    ``path`` is an SQLite file, or a ``postgresql://`` URL (:mod:`ladders.postgres`); every method is
    the same on both, and safe to call from several threads.
    """

    def __init__(self, path: str | os.PathLike[str], *, timeout: float = 30.0, create: bool = True) -> None:
        """Open ``path``, creating a new database if it does not exist (or is an empty file or database).

        Raises :class:`StoreError` (and leaves the database untouched) when it exists and is not a usable
        ladder database, and, with ``create=False`` (a command that only reads), when an SQLite file
        does not exist or is empty: nothing is created then.
        """
        self._db: Connection
        self._held: tuple[int, int] | None = None
        """This store's count in :class:`~ladders.store_files.HeldFiles` (an SQLite file)."""
        problem = location_problem(str(path))
        if problem is not None:
            raise StoreError(problem)
        if is_postgres_url(path):
            from ladders.postgres import open_postgres, redact

            self.path: Path | None = None
            """The SQLite file (None for a PostgreSQL database)."""
            self.label = redact(str(path))
            """How messages name the database: its path, or its URL without a password."""
            self.folder = Path(Path.cwd().anchor)
            self._db = open_postgres(str(path), timeout=timeout)
            return
        self.path = Path(path)
        self.label = str(self.path)
        self.folder = self.path.absolute().parent
        """The database's folder, absolute: stored replay paths are relative to it (the file system's
        root for a PostgreSQL database, whose replay paths are stored whole)."""
        with HeldFiles.lock:  # the header is read only while no store of this process has the file open
            exists = True if HeldFiles.is_held(self.path) else check_file(self.path)
            if not exists and not create:
                problem = "an empty file" if self.path.is_file() else "no such file"
                raise StoreError(f"{self.path}: {problem}, not a ladder database; nothing was written")
            if not exists and not self.path.parent.is_dir():
                raise StoreError(f"{self.path}: cannot create, folder {self.path.parent} does not exist")
            # A database in a folder this process cannot write (a read-only mount, another user's) is
            # read as it is, when nothing is left in its write-ahead log: SQLite cannot make the log
            # and index files beside it, and no writer can be at work there either.
            frozen = exists and not create and not os.access(self.path.parent, os.W_OK)
            if frozen and Path(f"{self.path}-wal").exists():
                raise StoreError(
                    f"{self.path}: its folder is not writable and its write-ahead log holds recent matches;"
                    " open it once where it can be written (or copy the folder) to read it"
                )
            try:
                self._raw = sqlite3.connect(
                    f"{self.path.absolute().as_uri()}?immutable=1" if frozen else self.path,
                    timeout=timeout,
                    isolation_level=None,
                    check_same_thread=False,
                    uri=frozen,
                )
            except sqlite3.Error as exc:
                raise StoreError(f"{self.path}: cannot open ({exc})") from None
            self._held = HeldFiles.hold(self.path)
        try:
            if exists:
                self._verify()
            else:
                self._create()
            mode = self._raw.execute(
                "PRAGMA journal_mode" if frozen else "PRAGMA journal_mode=WAL"
            ).fetchone()[0]
            if str(mode).lower() != "wal" and not frozen:
                raise StoreError(f"{self.path}: cannot switch to WAL mode (got {mode!r})")
            self._raw.execute("PRAGMA synchronous=FULL")
            self._raw.execute("PRAGMA foreign_keys=ON")
        except sqlite3.DatabaseError as exc:
            self._raw.close()
            self._release()
            raise StoreError(
                f"{self.path}: corrupt or unreadable database ({exc}); refusing to touch it"
            ) from None
        except StoreError:
            self._raw.close()
            self._release()
            raise
        self._db = SqliteConnection(self._raw)

    @property
    def dialect(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self._db.dialect

    def _verify(self) -> None:
        version = int(self._raw.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path}: ladder schema version {version} is newer than this program's "
                f"{SCHEMA_VERSION}; upgrade boardgame-arena to use it"
            )
        if int(self._raw.execute("PRAGMA application_id").fetchone()[0]) != APPLICATION_ID:
            raise StoreError(f"{self.path}: an SQLite database of another application; refusing to touch it")
        problems = [str(row[0]) for row in self._raw.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise StoreError(f"{self.path}: corrupt database ({problems[0]}); refusing to touch it")
        if version < 1:
            raise StoreError(f"{self.path}: ladder database without a schema (version {version})")
        if version < SCHEMA_VERSION:
            self._migrate()

    def _migrate(self) -> None:
        """Bring an older database to this schema in one transaction (a concurrent opener waits, then
        finds it done)."""
        try:
            self._raw.execute("BEGIN IMMEDIATE")
            try:
                version = int(self._raw.execute("PRAGMA user_version").fetchone()[0])
                if version == 1:
                    for statement in MIGRATE_1_TO_2.split(";"):
                        if statement.strip():
                            self._raw.execute(statement)
                if version <= 2:
                    rows = self._raw.execute("SELECT id, replay FROM matches WHERE replay IS NOT NULL")
                    self._raw.executemany(
                        "UPDATE matches SET replay = ? WHERE id = ?",
                        [(migrated_replay(str(p), self.folder), i) for i, p in rows.fetchall()],
                    )
                if version < SCHEMA_VERSION:
                    self._raw.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
                self._raw.execute("COMMIT")
            except BaseException:
                if self._raw.in_transaction:
                    self._raw.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise StoreError(
                f"{self.path}: cannot upgrade the ladder schema to version {SCHEMA_VERSION} ({exc}); "
                "the file is unchanged"
            ) from None

    def _create(self) -> None:
        self._raw.execute("BEGIN IMMEDIATE")
        try:
            app_id = int(self._raw.execute("PRAGMA application_id").fetchone()[0])
            tables = self._raw.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if app_id == APPLICATION_ID:  # another process created it meanwhile
                self._raw.execute("COMMIT")
                self._verify()
                return
            if app_id != 0 or tables:
                raise StoreError(
                    f"{self.path}: appeared as another database while opening; refusing to touch it"
                )
            self._raw.execute(f"PRAGMA application_id={APPLICATION_ID}")
            self._raw.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    self._raw.execute(statement)
            self._raw.execute("COMMIT")
        except BaseException:
            if self._raw.in_transaction:
                self._raw.execute("ROLLBACK")
            raise

    # -- lifecycle ---------------------------------------------------------------------------------

    def close(self) -> None:
        self._db.close()
        self._release()

    def _release(self) -> None:
        held, self._held = self._held, None
        HeldFiles.release(held)

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def try_session_lock(self, name: str) -> bool:
        """PostgreSQL: take the advisory lock ``name`` for this store's session, held until the store
        closes (or its connection is lost), seen by every machine using the database; False when
        another session holds it. SQLite has no such lock: True (a caller locks a file instead)."""
        from ladders.postgres import PostgresConnection

        if not isinstance(self._db, PostgresConnection):
            return True
        try:
            return self._db.session_lock(name)
        except DbError as exc:
            raise StoreError(f"{self.label}: read failed ({exc})") from None

    @property
    def journal_mode(self) -> str:
        """SQLite's journal mode (``wal``); ``postgresql`` for a PostgreSQL database."""
        if self._db.dialect != "sqlite":
            return self._db.dialect
        return str(self._read("PRAGMA journal_mode").rows[0][0])

    def _write(self, sql: str, args: Sequence[Any]) -> int:
        try:
            with self._db.transaction():
                return self._db.execute(sql, args).rowcount
        except DbError as exc:
            raise StoreError(f"{self.label}: write failed ({exc})") from None

    def _read(self, sql: str, args: Sequence[Any] = ()) -> Rows:
        try:
            return self._db.execute(sql, args)
        except DbError as exc:
            raise StoreError(f"{self.label}: read failed ({exc})") from None

    # -- tournaments and bots ----------------------------------------------------------------------

    def add_tournament(
        self,
        tournament_id: str,
        definition: Mapping[str, Any],
        created: str | None = None,
        *,
        seed: int | None = None,
    ) -> bool:
        """Record a tournament and its seed; True if new, False if already stored with the same definition.

        Raises :class:`StoreError` if the id is stored with a different definition.
        """
        text = canonical_json(dict(definition))
        if self._write(
            "INSERT INTO tournaments (id, definition, created, seed) VALUES (?, ?, ?, ?)"
            " ON CONFLICT(id) DO NOTHING",
            (tournament_id, text, created or utc_now(), "" if seed is None else str(seed)),
        ):
            return True
        stored = self.tournament(tournament_id)
        if stored is None or canonical_json(stored) != text:
            raise StoreError(
                f"{self.label}: tournament {tournament_id} is stored with a different definition"
            )
        return False

    def open_tournament(
        self, definition: Mapping[str, Any], *, new_id: str, seed: int, created: str | None = None
    ) -> tuple[str, int]:
        """The ``(id, seed)`` of the tournament stored with ``definition`` (the oldest, should there be
        several); if there is none, the tournament is recorded now as ``new_id`` with ``seed``.

        Lookup and insert are one transaction, so two runs of one definition started at once agree.
        """
        text = canonical_json(dict(definition))
        try:
            with self._db.transaction():
                row = self._read(
                    "SELECT id, seed FROM tournaments WHERE definition = ? ORDER BY created, id LIMIT 1",
                    (text,),
                ).fetchone()
                if row is None:
                    self._db.execute(
                        "INSERT INTO tournaments (id, definition, created, seed) VALUES (?, ?, ?, ?)",
                        (new_id, text, created or utc_now(), str(seed)),
                    )
                    return new_id, seed
        except DbError as exc:
            raise StoreError(f"{self.label}: write failed ({exc})") from None
        if not str(row[1]).lstrip("-").isdigit():
            raise StoreError(f"{self.label}: tournament {row[0]} has no stored seed; refusing to guess one")
        return str(row[0]), int(row[1])

    def find_tournament(self, definition: Mapping[str, Any]) -> tuple[str, int] | None:
        """The ``(id, seed)`` of the tournament stored with ``definition`` (the oldest), or None."""
        row = self._read(
            "SELECT id, seed FROM tournaments WHERE definition = ? ORDER BY created, id LIMIT 1",
            (canonical_json(dict(definition)),),
        ).fetchone()
        if row is None:
            return None
        if not str(row[1]).lstrip("-").isdigit():
            raise StoreError(f"{self.label}: tournament {row[0]} has no stored seed; refusing to guess one")
        return str(row[0]), int(row[1])

    def dealt_with_seed(self, ladder: str, seed: int) -> list[tuple[str, int]]:
        """``(tournament, matches)`` of the tournaments with tournament seed ``seed`` and matches on
        ``ladder``: a new tournament with that seed would deal their pods again."""
        rows = self._read(
            "SELECT m.tournament, COUNT(*) FROM matches m JOIN tournaments t ON t.id = m.tournament"
            " WHERE m.ladder = ? AND t.seed = ? GROUP BY m.tournament ORDER BY m.tournament",
            (ladder, str(seed)),
        ).fetchall()
        return [(str(t), int(n)) for t, n in rows]

    def tournament(self, tournament_id: str) -> dict[str, Any] | None:
        """The stored definition of a tournament, or None."""
        row = self._read("SELECT definition FROM tournaments WHERE id = ?", (tournament_id,)).fetchone()
        return None if row is None else dict(json.loads(row[0]))

    def tournament_seed(self, tournament_id: str) -> int | None:
        """The seed a tournament's schedule derives from (given by the host or drawn), or None."""
        row = self._read("SELECT seed FROM tournaments WHERE id = ?", (tournament_id,)).fetchone()
        return None if row is None or not str(row[0]).lstrip("-").isdigit() else int(row[0])

    def tournaments(self) -> list[tuple[str, str]]:
        """Every tournament as ``(id, created)``, oldest first."""
        rows = self._read("SELECT id, created FROM tournaments ORDER BY created, id").fetchall()
        return [(str(a), str(b)) for a, b in rows]

    def add_bot(self, name: str, kind: str, command: str = "") -> None:
        """Record (or update) how a bot is run: ``kind`` is ``builtin``, ``cmd`` or ``remote``."""
        self._write(
            "INSERT INTO bots (name, kind, command) VALUES (?, ?, ?) "
            "ON CONFLICT(name) DO UPDATE SET kind = excluded.kind, command = excluded.command",
            (name, kind, command),
        )

    def bots(self) -> dict[str, tuple[str, str]]:
        """Every stored bot: name -> (kind, command)."""
        rows = self._read("SELECT name, kind, command FROM bots ORDER BY name").fetchall()
        return {str(n): (str(k), str(c)) for n, k, c in rows}

    # -- matches -----------------------------------------------------------------------------------

    def record_match(self, record: MatchRecord) -> bool:
        """Commit one finished match; True if stored now, False if it was already stored identically.

        Raises :class:`MatchConflict` if the id is stored with a different result.
        """
        r = record
        inserted = self._write(
            "INSERT INTO matches (id, tournament, ladder, variant, seed, pod, rotation, bots, labels, places,"
            " scores, termination, faults, forfeits, replay, started, finished, seconds)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING",
            (
                r.match_id,
                r.tournament_id,
                r.ladder,
                r.variant,
                r.seed,
                r.pod_index,
                r.rotation,
                canonical_json(list(r.bots)),
                canonical_json(list(r.labels)),
                canonical_json(list(r.places)),
                canonical_json([float(s) for s in r.scores]),
                r.termination,
                canonical_json([dict(f) for f in r.faults]),
                canonical_json(list(r.forfeits)),
                None if r.replay is None else stored_replay(r.replay, self.folder),
                r.started,
                r.finished or utc_now(),
                r.seconds,
            ),
        )
        if inserted:
            return True
        stored = self.match(r.match_id)
        if stored is None or stored._outcome() != r._outcome():
            raise MatchConflict(f"{self.label}: match {r.match_id} is already stored with a different result")
        return False

    def match(self, match_id: str) -> MatchRecord | None:
        """One stored match, or None."""
        row = self._read(f"SELECT {MATCH_COLUMNS} FROM matches WHERE id = ?", (match_id,)).fetchone()
        return None if row is None else match_record(row, self.folder)

    def replay_file(self, replay: str | None) -> Path | None:
        """The replay log a record names (``MatchRecord.replay``) as found on disk: where it is stored, or
        else beside the database, in a folder of the same name or alone (a database moved or copied
        with its replay folder); None when no log was recorded or none of these is a file."""
        if not replay:
            return None
        stored = Path(replay)
        for candidate in (stored, self.folder / stored.parent.name / stored.name, self.folder / stored.name):
            if candidate.is_file():
                return candidate
        return None

    def finished_match_ids(self, tournament_id: str) -> set[str]:
        """Ids of the matches of a tournament already stored (to skip when resuming)."""
        rows = self._read("SELECT id FROM matches WHERE tournament = ?", (tournament_id,))
        return {str(row[0]) for row in rows}

    def tournament_matches(self, tournament_id: str) -> list[MatchRecord]:
        """Every stored match of a tournament, in schedule order (pod, rotation)."""
        rows = self._read(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE tournament = ? ORDER BY pod, rotation, id",
            (tournament_id,),
        )
        return [match_record(row, self.folder) for row in rows]

    def ladder_matches(self, ladder: str) -> list[MatchRecord]:
        """Every stored match of a ladder (aborted ones too), in finish order."""
        rows = self._read(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE ladder = ? ORDER BY finished, id", (ladder,)
        ).fetchall()
        return [match_record(row, self.folder) for row in rows]

    def matches(self, *, ladder: str | None = None, bot: str | None = None) -> list[MatchRecord]:
        """Stored matches in finish order: all of them, or those of one ladder and/or with one bot."""
        where, args = [], []
        if ladder is not None:
            where.append("ladder = ?")
            args.append(ladder)
        if bot is not None:
            where.append(f"EXISTS (SELECT 1 FROM {self._db.each('matches.bots', 'j')} WHERE j.value = ?)")
            args.append(bot)
        sql = f"SELECT {MATCH_COLUMNS} FROM matches" + (" WHERE " + " AND ".join(where) if where else "")
        return [match_record(row, self.folder) for row in self._read(sql + " ORDER BY finished, id", args)]

    def rated_matches(self, ladder: str) -> list[RatedMatch]:
        """The input of :func:`ladders.fit.fit_ladder` and :class:`ladders.live.LiveRatings`: every match
        of the ladder that is not aborted, in finish order."""
        return [m.rated() for m in self.ladder_matches(ladder) if m.is_rated]

    def ladders(self) -> list[LadderSummary]:
        """Every ladder with stored matches, by key."""
        rows = self._read(
            "SELECT ladder, MIN(variant), COUNT(*), MAX(finished) FROM matches"
            " GROUP BY ladder ORDER BY ladder"
        ).fetchall()
        out = []
        for ladder, variant, count, last in rows:
            names = self._read(
                f"SELECT DISTINCT j.value FROM matches, {self._db.each('matches.bots', 'j')}"
                " WHERE ladder = ?",
                (ladder,),
            )
            bots = tuple(sorted(str(n[0]) for n in names))  # code point order on both stores
            out.append(LadderSummary(str(ladder), str(variant), int(count), bots, str(last)))
        return out

    # -- rating snapshots --------------------------------------------------------------------------

    def save_snapshot(
        self,
        ladder: str,
        bots: Sequence[RatingRow],
        seats: Sequence[SeatRow] = (),
        model: Mapping[str, Any] | None = None,
        at: str | None = None,
    ) -> str:
        """Store the ratings of a ladder at ``at`` (default now) with the description of the model they
        come from (:func:`ladders.records.snapshot_rows`); returns the timestamp used."""
        when = at or utc_now()
        write_snapshot(self._db, self.label, ladder, when, bots, seats, model)
        return when

    def latest_snapshot(self, ladder: str) -> Snapshot | None:
        """The newest rating snapshot of a ladder, or None."""
        return read_snapshot(self._read, ladder)
