"""One connection interface over the two databases a ladder lives in: SQLite (embedded) and PostgreSQL.

:mod:`ladders.store` writes its queries once, in the SQL both understand, with ``?`` placeholders;
a :class:`Connection` runs them. :class:`SqliteConnection` wraps :mod:`sqlite3`;
:class:`ladders.postgres.PostgresConnection` wraps psycopg 3 and turns the placeholders into psycopg's.
Both hand back whole result sets (:class:`Rows`), serialize their calls with a lock (so a store may be
shared by threads: a host's match threads and its web front end), and raise :class:`DbError` for any
failure of the database, whose message is the driver's first line.

The few places where the two dialects differ are methods of the connection: :meth:`Connection.each`
(the elements of a JSON array column, as a table) and :meth:`Connection.transaction` (a write
transaction that holds the database's one write lock, as SQLite's ``BEGIN IMMEDIATE`` does).
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from typing import Any, Protocol


class DbError(Exception):
    """The database refused or failed a statement (a constraint, a lost connection, a full disk)."""


class Rows:
    """The rows a statement returned (all of them, fetched), and how many rows it changed."""

    __slots__ = ("_at", "rowcount", "rows")

    def __init__(self, rows: list[tuple[Any, ...]], rowcount: int) -> None:
        self.rows = rows
        self.rowcount = rowcount
        self._at = 0

    def fetchone(self) -> tuple[Any, ...] | None:
        if self._at >= len(self.rows):
            return None
        self._at += 1
        return self.rows[self._at - 1]

    def fetchall(self) -> list[tuple[Any, ...]]:
        rest = self.rows[self._at :]
        self._at = len(self.rows)
        return rest

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return iter(self.fetchall())


class Connection(Protocol):
    """What :class:`ladders.store.Store` needs of a database connection."""

    dialect: str
    """``"sqlite"`` or ``"postgresql"``."""

    def execute(self, sql: str, args: Sequence[Any] = ()) -> Rows:
        """Run one statement (``?`` placeholders) in its own transaction, or in the open one."""
        ...

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement for each row of arguments."""
        ...

    def transaction(self) -> contextlib.AbstractContextManager[None]:
        """A write transaction holding the database's write lock: committed when the block ends,
        rolled back when it raises. Nested blocks join the outer one."""
        ...

    def each(self, column: str, alias: str) -> str:
        """A FROM item listing the text elements of the JSON array in ``column``, named ``alias``,
        whose elements are ``alias.value``."""
        ...

    def close(self) -> None: ...


class SqliteConnection:
    """A :class:`Connection` over an open :class:`sqlite3.Connection` (in autocommit mode)."""

    dialect = "sqlite"

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.lock = threading.RLock()
        self._depth = 0

    def execute(self, sql: str, args: Sequence[Any] = ()) -> Rows:
        with self.lock:
            try:
                cursor = self.db.execute(sql, tuple(args))
                return Rows(cursor.fetchall(), cursor.rowcount)
            except sqlite3.Error as exc:
                raise DbError(first_line(exc)) from None

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self.lock:
            try:
                self.db.executemany(sql, [tuple(r) for r in rows])
            except sqlite3.Error as exc:
                raise DbError(first_line(exc)) from None

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        with self.lock:
            if self._depth:
                self._depth += 1
                try:
                    yield
                finally:
                    self._depth -= 1
                return
            try:
                self.db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise DbError(first_line(exc)) from None
            self._depth = 1
            try:
                yield
            except BaseException:
                self._depth = 0
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise
            self._depth = 0
            try:
                self.db.execute("COMMIT")
            except sqlite3.Error as exc:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise DbError(first_line(exc)) from None

    def each(self, column: str, alias: str) -> str:
        return f"json_each({column}) AS {alias}"

    def close(self) -> None:
        with self.lock:
            self.db.close()


def first_line(exc: BaseException) -> str:
    """The first line of an exception's message (a driver's detail lines dropped), or its type."""
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def is_postgres_url(location: object) -> bool:
    """Whether a ``--db`` value names a PostgreSQL database (``postgresql://`` or ``postgres://``)."""
    return isinstance(location, str) and location.startswith(("postgresql://", "postgres://"))


def location_problem(location: str) -> str | None:
    """Why ``location`` names no database a store opens (a URL of another scheme, such as a misspelt
    ``postgresq://``), or None for an SQLite path or a PostgreSQL URL."""
    scheme, sep, _ = location.partition("://")
    if not sep or is_postgres_url(location) or not scheme or not scheme.replace("+", "").isalnum():
        return None
    return f"{location}: not a database URL this program opens (an SQLite file, or postgresql://USER@HOST/DB)"


class StoreError(Exception):
    """The ladder database cannot be used; the message is one line naming the database and the problem."""


class MatchConflict(StoreError):
    """A match id is already stored with a different result."""
