"""Reading and writing the league's tables (:mod:`ladders.league_schema`): ladders, registered bots,
keys, entries, pods, availability and the log, in an open :class:`Store`.

Nothing is ever deleted: a removed bot, a replaced key and a retired entry stay, marked. A database
error becomes one :class:`StoreError` line naming the store.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ladders.league_schema import (
    ADMITTED,
    LEAGUE_SCHEMA,
    OPEN,
    PLACEMENT,
    REJECTED,
    RETIRED,
    BotRow,
    EntryRow,
    KeyRow,
    LadderRow,
    LogRow,
    PodRow,
    entry_id,
)
from ladders.postgres import postgres_schema, statements
from ladders.records import canonical_json, utc_now
from ladders.sql import DbError, StoreError
from ladders.store import Store


class LeagueTables:
    """The league's tables in an open :class:`Store` (created when missing, unless ``create`` is
    False: then a database without them is a :class:`StoreError`, and nothing is written)."""

    def __init__(self, store: Store, *, create: bool = True) -> None:
        self.store = store
        if not create:
            try:
                store._read("SELECT 1 FROM league_ladders LIMIT 1")
            except StoreError:
                raise StoreError(
                    f"{store.label}: no league here (a league's tables are made when a bot is registered"
                    " with --definition FILE, or when the league starts)"
                ) from None
            return
        script = LEAGUE_SCHEMA if store.dialect == "sqlite" else postgres_schema(LEAGUE_SCHEMA)
        try:
            with store._db.transaction():
                for statement in statements(script):
                    store._db.execute(statement)
        except DbError as exc:
            raise StoreError(f"{store.label}: cannot add the league's tables ({exc})") from None

    def _rows(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return self.store._read(sql, args).rows

    def _fail(self, text: str) -> StoreError:
        return StoreError(f"{self.store.label}: {text}")

    # -- ladders -----------------------------------------------------------------------------------

    def open_ladder(
        self, ladder_id: str, ladder_key: str, definition: dict[str, Any], seeds: tuple[int, int]
    ) -> LadderRow:
        """The stored ladder ``ladder_id``, recorded now with its two tournaments (secret ``seeds``) if
        new. The same id with another game reference is refused: a ladder's key never changes. A
        stored ladder takes ``definition`` (its house bots may have changed since it was recorded)."""
        found = self.ladder(ladder_id)
        if found is not None:
            if found.ladder != ladder_key:
                raise self._fail(
                    f"league ladder {ladder_id!r} is stored for {found.ladder}, not {ladder_key}; "
                    "a changed game, variant, seat count or option is a new ladder: give it a new id"
                )
            if canonical_json(found.definition) == canonical_json(definition):
                return found
            self.store._write(
                "UPDATE league_ladders SET definition = ? WHERE id = ?",
                (canonical_json(definition), ladder_id),
            )
            found = self.ladder(ladder_id)
            assert found is not None
            return found
        rated, _ = self.store.open_tournament(
            {"league": ladder_id, "ladder": ladder_key, "kind": "rated"},
            new_id=_new_id(),
            seed=seeds[0],
        )
        placed, _ = self.store.open_tournament(
            {"league": ladder_id, "ladder": ladder_key, "kind": "placement"},
            new_id=_new_id(),
            seed=seeds[1],
        )
        now = utc_now()
        self.store._write(
            "INSERT INTO league_ladders (id, tournament, placement, ladder, definition, created)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
            (ladder_id, rated, placed, ladder_key, canonical_json(definition), now),
        )
        stored = self.ladder(ladder_id)
        assert stored is not None
        return stored

    def ladder(self, ladder_id: str) -> LadderRow | None:
        rows = self._rows(
            "SELECT id, tournament, placement, ladder, definition, created FROM league_ladders WHERE id = ?",
            (ladder_id,),
        )
        return _ladder(rows[0]) if rows else None

    def ladders(self) -> list[LadderRow]:
        rows = self._rows(
            "SELECT id, tournament, placement, ladder, definition, created FROM league_ladders ORDER BY id"
        )
        return [_ladder(r) for r in rows]

    # -- bots and keys -----------------------------------------------------------------------------

    def add_bot(self, ladder: str, name: str, version: str, hashed: str) -> None:
        """Register ``name`` on ``ladder`` with its first version (in placement) and key hash.

        Raises :class:`StoreError` when the name is taken on that ladder (by a bot registered now or
        removed earlier: names are not reused, their history stays theirs)."""
        now = utc_now()
        try:
            with self.store._db.transaction():
                taken = self.store._db.execute(
                    "SELECT removed FROM league_bots WHERE ladder = ? AND name = ?", (ladder, name)
                ).rows
                if taken:
                    when = taken[0][0]
                    raise self._fail(
                        f"bot {name!r} was removed from ladder {ladder} at {when}; names are not reused"
                        if when
                        else f"bot {name!r} is already registered on ladder {ladder}"
                    )
                self.store._db.execute(
                    "INSERT INTO league_bots (ladder, name, version, created) VALUES (?, ?, ?, ?)",
                    (ladder, name, version, now),
                )
                self.store._db.execute(
                    "INSERT INTO league_keys (hash, ladder, name, created) VALUES (?, ?, ?, ?)",
                    (hashed, ladder, name, now),
                )
                self._add_entry(ladder, name, version, now)
                self._log(ladder, name, "registered", f"version {version}", now)
        except DbError as exc:
            raise self._fail(f"write failed ({exc})") from None

    def remove_bot(self, ladder: str, name: str) -> None:
        """Remove a registered bot: its keys stop working, its entries are retired (kept, with their
        matches and ratings)."""
        now = utc_now()
        try:
            with self.store._db.transaction():
                self._registered(ladder, name)
                self.store._db.execute(
                    "UPDATE league_bots SET removed = ? WHERE ladder = ? AND name = ?", (now, ladder, name)
                )
                self.store._db.execute(
                    "UPDATE league_keys SET revoked = ? WHERE ladder = ? AND name = ? AND revoked = ''",
                    (now, ladder, name),
                )
                self.store._db.execute(
                    "UPDATE league_entries SET state = ?, changed = ?, note = ?"
                    " WHERE ladder = ? AND name = ? AND state != ?",
                    (RETIRED, now, "the bot was removed", ladder, name, RETIRED),
                )
                self._log(ladder, name, "removed", "", now)
        except DbError as exc:
            raise self._fail(f"write failed ({exc})") from None

    def rotate_key(self, ladder: str, name: str, hashed: str) -> None:
        """Replace a bot's key: the old one is refused from now on (a stream open with it plays on)."""
        now = utc_now()
        try:
            with self.store._db.transaction():
                self._registered(ladder, name)
                self.store._db.execute(
                    "UPDATE league_keys SET revoked = ? WHERE ladder = ? AND name = ? AND revoked = ''",
                    (now, ladder, name),
                )
                self.store._db.execute(
                    "INSERT INTO league_keys (hash, ladder, name, created) VALUES (?, ?, ?, ?)",
                    (hashed, ladder, name, now),
                )
                self._log(ladder, name, "key rotated", "", now)
        except DbError as exc:
            raise self._fail(f"write failed ({exc})") from None

    def new_version(self, ladder: str, name: str, version: str, source: str) -> EntryRow:
        """Make ``version`` the bot's current one: a new entry in placement, the previous current
        entry retired (frozen, its history kept). ``source`` says who declared it (for the log)."""
        now = utc_now()
        try:
            with self.store._db.transaction():
                current = self._registered(ladder, name)
                new = entry_id(name, version)
                if self.store._db.execute(
                    "SELECT 1 FROM league_entries WHERE ladder = ? AND entry = ?", (ladder, new)
                ).rows:
                    raise self._fail(f"{new} already exists on ladder {ladder}; a version is never reused")
                self.store._db.execute(
                    "UPDATE league_entries SET state = ?, changed = ?, note = ?"
                    " WHERE ladder = ? AND entry = ? AND state != ?",
                    (
                        RETIRED,
                        now,
                        f"replaced by version {version}",
                        ladder,
                        entry_id(name, current),
                        RETIRED,
                    ),
                )
                self.store._db.execute(
                    "UPDATE league_bots SET version = ? WHERE ladder = ? AND name = ?",
                    (version, ladder, name),
                )
                self._add_entry(ladder, name, version, now)
                self._log(ladder, name, "new version", f"{version} ({source}); {current} retired", now)
        except DbError as exc:
            raise self._fail(f"write failed ({exc})") from None
        found = self.entry(ladder, new)
        assert found is not None
        return found

    def _registered(self, ladder: str, name: str) -> str:
        """The current version of a registered (not removed) bot, inside a transaction."""
        rows = self.store._db.execute(
            "SELECT version, removed FROM league_bots WHERE ladder = ? AND name = ?", (ladder, name)
        ).rows
        if not rows:
            raise self._fail(f"no bot {name!r} on ladder {ladder}")
        if rows[0][1]:
            raise self._fail(f"bot {name!r} was removed from ladder {ladder} at {rows[0][1]}")
        return str(rows[0][0])

    def _add_entry(self, ladder: str, name: str, version: str, now: str) -> None:
        self.store._db.execute(
            "INSERT INTO league_entries (ladder, entry, name, version, state, created, changed)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (ladder, entry_id(name, version), name, version, PLACEMENT, now, now),
        )

    def _log(self, ladder: str, name: str, what: str, detail: str, now: str) -> None:
        self.store._db.execute(
            "INSERT INTO league_log (at, ladder, name, what, detail) VALUES (?, ?, ?, ?, ?)",
            (now, ladder, name, what, detail),
        )

    def bots(self, ladder: str | None = None) -> list[BotRow]:
        where, args = ("WHERE ladder = ?", (ladder,)) if ladder else ("", ())
        rows = self._rows(
            f"SELECT ladder, name, version, created, removed FROM league_bots {where} ORDER BY ladder, name",
            args,
        )
        return [BotRow(*(str(v) for v in r)) for r in rows]

    def key_rows(self) -> list[KeyRow]:
        rows = self._rows(
            "SELECT hash, ladder, name, created, revoked FROM league_keys ORDER BY created, hash"
        )
        return [KeyRow(*(str(v) for v in r)) for r in rows]

    # -- entries -----------------------------------------------------------------------------------

    def entry(self, ladder: str, entry: str) -> EntryRow | None:
        rows = self._rows(
            f"SELECT {_ENTRY} FROM league_entries WHERE ladder = ? AND entry = ?", (ladder, entry)
        )
        return EntryRow(*(str(v) for v in rows[0])) if rows else None

    def entries(self, ladder: str | None = None) -> list[EntryRow]:
        where, args = ("WHERE ladder = ?", (ladder,)) if ladder else ("", ())
        rows = self._rows(
            f"SELECT {_ENTRY} FROM league_entries {where} ORDER BY ladder, created, entry", args
        )
        return [EntryRow(*(str(v) for v in r)) for r in rows]

    def set_state(self, ladder: str, entry: str, state: str, note: str = "") -> bool:
        """Move an entry from placement to ``admitted`` or ``rejected`` (with the fault report as
        ``note``); False when it is no longer in placement (retired meanwhile)."""
        if state not in (ADMITTED, REJECTED):
            raise ValueError(f"an entry leaves placement as admitted or rejected, not {state!r}")
        now = utc_now()
        try:
            with self.store._db.transaction():
                changed = self.store._db.execute(
                    "UPDATE league_entries SET state = ?, changed = ?, note = ?"
                    " WHERE ladder = ? AND entry = ? AND state = ?",
                    (state, now, note, ladder, entry, PLACEMENT),
                ).rowcount
                if changed:
                    name = entry.rsplit("@", 1)[0]
                    self._log(ladder, name, state, note or entry, now)
        except DbError as exc:
            raise self._fail(f"write failed ({exc})") from None
        return bool(changed)

    def log(self, ladder: str | None = None, name: str | None = None) -> list[LogRow]:
        where, args = [], []
        if ladder:
            where.append("ladder = ?")
            args.append(ladder)
        if name:
            where.append("name = ?")
            args.append(name)
        clause = (" WHERE " + " AND ".join(where)) if where else ""
        rows = self._rows(f"SELECT at, ladder, name, what, detail FROM league_log{clause} ORDER BY at", args)
        return [LogRow(*(str(v) for v in r)) for r in rows]

    def closed_pods(self, ladder: str) -> set[tuple[str, int]]:
        """``(tournament, pod)`` of every pod of ``ladder`` no longer under way (done or void): the pods
        whose matches may be published (the rotations of a pod share a seed, so a match shown while
        another of its pod is played would tell its players the dice to come)."""
        rows = self._rows(
            "SELECT tournament, pod FROM league_pods WHERE ladder = ? AND state != ?", (ladder, OPEN)
        )
        return {(str(t), int(p)) for t, p in rows}

    def rating_history(
        self, ladder_key: str, bots: Sequence[str]
    ) -> list[tuple[str, str, float, float | None, float | None]]:
        """``(at, bot, elo, low, high)`` of ``bots`` in every stored rating snapshot of a ladder, oldest first."""
        if not bots:
            return []
        marks = ", ".join("?" for _ in bots)
        rows = self._rows(
            f"SELECT at, bot, elo, low, high FROM ratings WHERE ladder = ? AND bot IN ({marks}) ORDER BY at, bot",
            (ladder_key, *bots),
        )
        return [
            (str(a), str(b), float(e), None if lo is None else float(lo), None if hi is None else float(hi))
            for a, b, e, lo, hi in rows
        ]

    # -- availability ------------------------------------------------------------------------------

    def availability(self, ladder: str) -> list[tuple[str, float]]:
        """``(entry, seconds available)`` of every entry of ``ladder`` recorded so far."""
        rows = self._rows(
            "SELECT entry, seconds FROM league_availability WHERE ladder = ? ORDER BY entry", (ladder,)
        )
        return [(str(e), float(s)) for e, s in rows]

    def save_availability(self, ladder: str, seconds: dict[str, float]) -> None:
        """Record the seconds each entry has been available (replacing the previous figures)."""
        if not seconds:
            return
        try:
            with self.store._db.transaction():
                self.store._db.executemany(
                    "INSERT INTO league_availability (ladder, entry, seconds) VALUES (?, ?, ?)"
                    " ON CONFLICT (ladder, entry) DO UPDATE SET seconds = excluded.seconds",
                    [(ladder, e, float(s)) for e, s in sorted(seconds.items())],
                )
        except DbError as exc:
            raise self._fail(f"write failed ({exc})") from None

    # -- pods --------------------------------------------------------------------------------------

    def open_pod(self, tournament: str, ladder: str, kind: str, bots: Sequence[str], rotations: int) -> int:
        """Record a new pod of ``tournament`` before its first match starts; its index (one more than
        any stored, so indices are never reused)."""
        now = utc_now()
        try:
            with self.store._db.transaction():
                (last,) = self.store._db.execute(
                    "SELECT MAX(pod) FROM league_pods WHERE tournament = ?", (tournament,)
                ).rows[0]
                pod = 0 if last is None else int(last) + 1
                self.store._db.execute(
                    "INSERT INTO league_pods (tournament, pod, ladder, kind, bots, rotations, created, state)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (tournament, pod, ladder, kind, canonical_json(list(bots)), rotations, now, OPEN),
                )
        except DbError as exc:
            raise self._fail(f"write failed ({exc})") from None
        return pod

    def close_pod(self, tournament: str, pod: int, state: str) -> None:
        """Mark a pod ``done`` (its matches all stored) or ``void`` (the rest never to be played)."""
        self.store._write(
            "UPDATE league_pods SET state = ? WHERE tournament = ? AND pod = ? AND state = ?",
            (state, tournament, pod, OPEN),
        )

    def pods(self, *, state: str | None = None, ladder: str | None = None) -> list[PodRow]:
        where, args = [], []
        if state:
            where.append("state = ?")
            args.append(state)
        if ladder:
            where.append("ladder = ?")
            args.append(ladder)
        clause = (" WHERE " + " AND ".join(where)) if where else ""
        rows = self._rows(
            "SELECT tournament, pod, ladder, kind, bots, rotations, created, state FROM league_pods"
            f"{clause} ORDER BY created, tournament, pod",
            args,
        )
        return [
            PodRow(str(t), int(p), str(lad), str(k), tuple(json.loads(b)), int(r), str(c), str(s))
            for t, p, lad, k, b, r, c, s in rows
        ]


_ENTRY = "ladder, entry, name, version, state, created, changed, note"


def _ladder(row: Sequence[Any]) -> LadderRow:
    return LadderRow(
        str(row[0]), str(row[1]), str(row[2]), str(row[3]), dict(json.loads(row[4])), str(row[5])
    )


def _new_id() -> str:
    import secrets

    return secrets.token_hex(8)


def league_ladder_key(store: Store, ladder_id: str) -> str | None:
    """The ladder key of the league ladder ``ladder_id`` (``pr3``), read without adding the league's
    tables: None when the database holds no league, or no such ladder."""
    try:
        rows = store._db.execute("SELECT ladder FROM league_ladders WHERE id = ?", (ladder_id,)).rows
    except DbError:  # a database of tournaments only: no league_ladders table
        return None
    return str(rows[0][0]) if rows else None
