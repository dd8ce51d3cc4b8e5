"""Rating snapshots in the ladder database: a ladder's ratings at one time, with its seats' terms and
the description of the model they come from (:class:`ladders.records.Snapshot`)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ladders.records import RatingRow, SeatRow, Snapshot, canonical_json
from ladders.sql import Connection, DbError, Rows, StoreError


def write_snapshot(
    db: Connection,
    label: str,
    ladder: str,
    when: str,
    bots: Sequence[RatingRow],
    seats: Sequence[SeatRow],
    model: Mapping[str, Any] | None,
) -> None:
    """Store a ladder's ratings at ``when`` in one transaction (replacing one of the same time);
    :class:`StoreError` naming the database (``label``) when the write fails."""
    try:
        with db.transaction():
            db.executemany(
                "INSERT INTO ratings (ladder, at, bot, elo, low, high, games, pods, bound)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (ladder, at, bot) DO UPDATE SET"
                " elo = excluded.elo, low = excluded.low, high = excluded.high, games = excluded.games,"
                " pods = excluded.pods, bound = excluded.bound",
                [(ladder, when, r.bot, r.elo, r.low, r.high, r.games, r.pods, r.bound) for r in bots],
            )
            db.executemany(
                "INSERT INTO seat_ratings (ladder, at, seat, elo, low, high) VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (ladder, at, seat) DO UPDATE SET"
                " elo = excluded.elo, low = excluded.low, high = excluded.high",
                [(ladder, when, s.seat, s.elo, s.low, s.high) for s in seats],
            )
            db.execute(
                "INSERT INTO snapshots (ladder, at, model) VALUES (?, ?, ?)"
                " ON CONFLICT (ladder, at) DO UPDATE SET model = excluded.model",
                (ladder, when, canonical_json(dict(model or {}))),
            )
    except DbError as exc:
        raise StoreError(f"{label}: write failed ({exc})") from None


def read_snapshot(read: Callable[..., Rows], ladder: str) -> Snapshot | None:
    """The newest rating snapshot of a ladder, or None, through the store's reader ``read``."""
    row = read("SELECT MAX(at) FROM snapshots WHERE ladder = ?", (ladder,)).fetchone()
    if row is None or row[0] is None:
        return None
    at = str(row[0])
    bots = read(
        "SELECT bot, elo, low, high, games, pods, bound FROM ratings"
        " WHERE ladder = ? AND at = ? ORDER BY elo DESC, bot",
        (ladder, at),
    ).fetchall()
    seats = read(
        "SELECT seat, elo, low, high FROM seat_ratings WHERE ladder = ? AND at = ? ORDER BY seat",
        (ladder, at),
    ).fetchall()
    (model,) = read("SELECT model FROM snapshots WHERE ladder = ? AND at = ?", (ladder, at)).rows[0]
    return Snapshot(
        ladder,
        at,
        tuple(
            RatingRow(
                str(b),
                float(e),
                None if lo is None else float(lo),
                None if hi is None else float(hi),
                int(g),
                int(p),
                str(kind),
            )
            for b, e, lo, hi, g, p, kind in bots
        ),
        tuple(SeatRow(int(s), float(e), float(lo), float(hi)) for s, e, lo, hi in seats),
        dict(json.loads(model)),
    )
