"""The ladder database on a PostgreSQL server: the connection, and how a database is recognised and set up.

``Store("postgresql://USER@HOST:PORT/DB")`` keeps a ladder on a server, so the host of a league, its
web front end and a Ray cluster's driver can run on different machines. It needs psycopg 3 (a
dependency of the project). The tables are those of the SQLite file (:mod:`ladders.schema`), with
PostgreSQL's types for the same values (:func:`postgres_schema`).

Design detail: recognising a database. SQLite's file header carries the application id and the schema
version; here a table ``arena_meta`` holds them (``application_id``, ``schema_version``). A database
whose current schema holds that table with this project's id is a ladder database; one holding tables
but no ``arena_meta`` belongs to another application and is refused untouched; an empty one gets the
tables, the meta rows and nothing else in one transaction. A ladder may share a database with other
applications in a schema of its own: name it with ``?options=-csearch_path%3DNAME`` in the URL.

Design detail: one writer at a time. Every write transaction first takes a transaction-scoped advisory
lock (:data:`WRITE_LOCK`), as SQLite's ``BEGIN IMMEDIATE`` takes its file's write lock: a lookup and an
insert in one transaction (``Store.open_tournament``) see no other writer between them, and two hosts
that set up one empty database at once create its tables once.

Design detail: a writer that vanished. A host killed on the server's machine, or whose kernel closes
its socket, loses its session (and the write lock of a transaction it had open) as soon as the server
reads the closed connection. A host whose machine or network vanished leaves no such trace: each
session asks the server for TCP keepalive probes (:data:`KEEPALIVE`), so that session ends, and its
lock is released, before a host started elsewhere gives up waiting for it (``lock_timeout``).

Design detail: text order. Columns are ``TEXT COLLATE "C"``, so that ``ORDER BY`` compares bytes as
SQLite does, whatever the server's locale: match ids and timestamps sort the same on both stores.
"""

from __future__ import annotations

import contextlib
import re
import threading
import time
import urllib.parse
from collections.abc import Iterator, Sequence
from typing import Any

from ladders.schema import APPLICATION_ID, SCHEMA, SCHEMA_VERSION
from ladders.sql import DbError, Rows, StoreError, first_line

WRITE_LOCK = APPLICATION_ID
"""Key of the advisory lock every write transaction holds (the application id, ``BGLD``)."""

KEEPALIVE = (10, 5, 3)
"""The server's TCP keepalive for this session: first probe after 10 s idle, then every 5 s, the session
ended after 3 unanswered (25 s, inside the default 30 s ``lock_timeout``)."""

REOPEN_S = 0.5
"""How often a session the server ended is tried again while the server does not answer."""

META_TABLE = """
CREATE TABLE arena_meta (
    key TEXT COLLATE "C" PRIMARY KEY,
    value TEXT NOT NULL
)
"""


def redact(url: str) -> str:
    """``url`` with its password replaced by ``***`` (for messages: a URL may carry one)."""
    parts = urllib.parse.urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)
    user = netloc[0].split(":", 1)[0]
    return urllib.parse.urlunsplit(parts._replace(netloc=f"{user}:***@{netloc[1]}"))


def postgres_schema(sqlite_schema: str) -> str:
    """The SQLite schema text with PostgreSQL's types for the same values: 64-bit integers, double
    precision reals and byte-ordered text."""
    text = re.sub(r"\bINTEGER\b", "BIGINT", sqlite_schema)
    text = re.sub(r"\bREAL\b", "DOUBLE PRECISION", text)
    return re.sub(r"\bTEXT\b", 'TEXT COLLATE "C"', text)


def statements(script: str) -> list[str]:
    """The statements of a schema script (split at semicolons; no semicolon inside a statement)."""
    return [s.strip() for s in script.split(";") if s.strip()]


class PostgresConnection:
    """A :class:`ladders.sql.Connection` over a psycopg 3 connection in autocommit mode.

    Design detail: a session the server ended (a restart, a lost network) is opened again at the next
    statement, with the session's settings and the advisory locks it held (:meth:`session_lock`); a
    statement outside a transaction that met the loss is run once more on the new session (those are
    reads: every write is in a :meth:`transaction`). A transaction that met it fails, as it did on the
    server, and the next one runs on a new session. So a league outlives its database server's restart,
    losing only the writes under way then.
    """

    dialect = "postgresql"

    def __init__(self, conn: Any, label: str, url: str = "", timeout: float = 30.0) -> None:
        self.conn = conn
        self.label = label
        self.lock = threading.RLock()
        self._depth = 0
        self._sql: dict[str, str] = {}
        self._url = url
        self._timeout = timeout
        self._locks: list[str] = []
        """The names of the advisory locks this session holds (taken again on a new session)."""

    def _translate(self, sql: str) -> str:
        found = self._sql.get(sql)
        if found is None:
            found = self._sql[sql] = sql.replace("%", "%%").replace("?", "%s")
        return found

    def execute(self, sql: str, args: Sequence[Any] = ()) -> Rows:
        import psycopg

        with self.lock:
            if not self._depth:
                self._reopen()
            try:
                return self._run(sql, args)
            except psycopg.Error as exc:
                lost = isinstance(exc, psycopg.OperationalError) and self.conn.closed
                if self._depth or not lost or not self._url:
                    raise DbError(first_line(exc)) from None
            self._reopen()  # the session ended under the statement (a read): once more on a new one
            try:
                return self._run(sql, args)
            except psycopg.Error as exc:
                raise DbError(first_line(exc)) from None

    def _run(self, sql: str, args: Sequence[Any]) -> Rows:
        cursor = self.conn.execute(self._translate(sql), tuple(args))
        rows = cursor.fetchall() if cursor.description is not None else []
        return Rows([tuple(r) for r in rows], cursor.rowcount)

    def _reopen(self) -> None:
        """Open the session again if the server ended it; raises :class:`DbError` if it cannot."""
        if not self.conn.closed or not self._url:
            return
        import psycopg

        give_up = time.monotonic() + self._timeout  # a restarting server: try again until the timeout
        while True:
            try:
                conn = psycopg.connect(self._url, autocommit=True, connect_timeout=max(1, int(self._timeout)))
                break
            except psycopg.Error as exc:
                if time.monotonic() >= give_up:
                    problem = first_line(exc)
                    raise DbError(f"the connection was lost and cannot be opened again ({problem})") from None
                time.sleep(REOPEN_S)
        self.conn = conn
        try:
            _settings(self, self._timeout)
            taken = [
                self._run("SELECT pg_try_advisory_lock(hashtext(?))", (n,)).rows[0][0] for n in self._locks
            ]
        except psycopg.Error as exc:
            conn.close()
            raise DbError(f"the connection was lost and cannot be set up again ({first_line(exc)})") from None
        for name, got in zip(self._locks, taken, strict=True):
            if not got:
                conn.close()
                raise DbError(
                    f"the connection was lost, and another session has taken its lock {name!r} since"
                )

    def session_lock(self, name: str) -> bool:
        """Take the advisory lock ``name`` for the session (and any new one after a loss); False when
        another session holds it."""
        with self.lock:
            taken = bool(self.execute("SELECT pg_try_advisory_lock(hashtext(?))", (name,)).rows[0][0])
            if taken and name not in self._locks:
                self._locks.append(name)
            return taken

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        import psycopg

        if not rows:
            return
        with self.lock:
            try:
                with self.conn.cursor() as cursor:
                    cursor.executemany(self._translate(sql), [tuple(r) for r in rows])
            except psycopg.Error as exc:
                raise DbError(first_line(exc)) from None

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        import psycopg

        with self.lock:
            if self._depth:
                self._depth += 1
                try:
                    yield
                finally:
                    self._depth -= 1
                return
            for attempt in (1, 2):
                self._reopen()
                try:
                    self.conn.execute("BEGIN")
                    self.conn.execute("SELECT pg_advisory_xact_lock(%s)", (WRITE_LOCK,))
                    break
                except psycopg.Error as exc:
                    lost = isinstance(exc, psycopg.OperationalError) and self.conn.closed and self._url
                    if attempt == 2 or not lost:  # (a session found ended at BEGIN: nothing was done)
                        self._rollback()
                        raise DbError(first_line(exc)) from None
            self._depth = 1
            try:
                yield
            except BaseException:
                self._depth = 0
                self._rollback()
                raise
            self._depth = 0
            try:
                self.conn.execute("COMMIT")
            except psycopg.Error as exc:
                self._rollback()
                raise DbError(first_line(exc)) from None

    def _rollback(self) -> None:
        import psycopg

        with contextlib.suppress(psycopg.Error):
            self.conn.execute("ROLLBACK")

    def each(self, column: str, alias: str) -> str:
        return f"json_array_elements_text({column}::json) AS {alias}(value)"

    def close(self) -> None:
        with self.lock:
            self.conn.close()


def open_postgres(url: str, *, timeout: float = 30.0) -> PostgresConnection:
    """Connect to the ladder database at ``url``, creating its tables in an empty database.

    Raises :class:`StoreError` (one line, the password redacted) when the server cannot be reached, or
    the database belongs to another application, or holds a newer schema; nothing is written then.
    """
    label = redact(url)
    try:
        import psycopg
    except ImportError:  # pragma: no cover - a dependency of the project
        raise StoreError(f"{label}: PostgreSQL needs psycopg 3: pip install 'psycopg[binary]'") from None
    try:
        raw = psycopg.connect(url, autocommit=True, connect_timeout=max(1, int(timeout)))
    except (psycopg.Error, ValueError) as exc:
        raise StoreError(f"{label}: cannot connect ({first_line(exc)})") from None
    conn = PostgresConnection(raw, label, url, timeout)
    try:
        _settings(conn, timeout)
        _prepare(conn, label)
    except (DbError, psycopg.Error) as exc:
        conn.close()
        raise StoreError(f"{label}: cannot use the database ({first_line(exc)})") from None
    except StoreError:
        conn.close()
        raise
    return conn


def _settings(conn: PostgresConnection, timeout: float) -> None:
    """The session's settings: how long a lock is waited for, and the server's keepalive probes."""
    conn._run(
        "SELECT set_config('lock_timeout', ?, false), set_config('tcp_keepalives_idle', ?, false),"
        " set_config('tcp_keepalives_interval', ?, false), set_config('tcp_keepalives_count', ?, false)",
        (f"{int(timeout * 1000)}ms", *(str(v) for v in KEEPALIVE)),
    )


def _meta(conn: PostgresConnection) -> dict[str, str] | None:
    """The meta rows, or None when the current schema has no ``arena_meta`` table."""
    # Design detail: information_schema, not to_regclass(): the catalog cache may predate the write
    # lock, and a host that waited for another's set-up must see its tables.
    (found,) = conn.execute(
        "SELECT count(*) > 0 FROM information_schema.tables"
        " WHERE table_schema = current_schema() AND table_name = 'arena_meta'"
    ).rows[0]
    if not found:
        return None
    return {str(k): str(v) for k, v in conn.execute("SELECT key, value FROM arena_meta").rows}


def _prepare(conn: PostgresConnection, label: str) -> None:
    meta = _meta(conn)
    if meta is None:
        with conn.transaction():
            meta = _meta(conn)  # another host may have set it up meanwhile
            if meta is None:
                (tables,) = conn.execute(
                    "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()"
                ).rows[0]
                if tables:
                    raise StoreError(
                        f"{label}: a PostgreSQL database of another application ({tables} tables, no "
                        "arena_meta); refusing to touch it"
                    )
                conn.execute(META_TABLE)
                for statement in statements(postgres_schema(SCHEMA)):
                    conn.execute(statement)
                conn.executemany(
                    "INSERT INTO arena_meta (key, value) VALUES (?, ?)",
                    [("application_id", str(APPLICATION_ID)), ("schema_version", str(SCHEMA_VERSION))],
                )
                return
    _check_meta(meta, label)


def _check_meta(meta: dict[str, str], label: str) -> None:
    app = meta.get("application_id", "")
    if app != str(APPLICATION_ID):
        raise StoreError(
            f"{label}: arena_meta names another application (application_id {app or 'missing'}, expected "
            f"{APPLICATION_ID}); refusing to touch it"
        )
    version_text = meta.get("schema_version", "")
    if not version_text.isdigit():
        raise StoreError(f"{label}: arena_meta has no schema version; refusing to touch it")
    version = int(version_text)
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"{label}: ladder schema version {version} is newer than this program's {SCHEMA_VERSION}; "
            "upgrade boardgame-arena to use it"
        )
    if version < SCHEMA_VERSION:
        raise StoreError(
            f"{label}: ladder schema version {version} has no upgrade on PostgreSQL to {SCHEMA_VERSION}"
        )
