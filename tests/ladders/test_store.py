"""The ladder database: idempotent results, resume listing, WAL, and foreign files refused untouched.

The tests taking the ``store`` or ``db_location`` fixture run twice: on an SQLite file and on a
PostgreSQL database of a throwaway server (``tests/conftest.py``; skipped with the reason where
PostgreSQL is not installed). The rest concern what only one of the two has (SQLite's file header,
WAL; PostgreSQL's URL and meta table).
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from arena.schedule import match_tasks, pending, round_robin
from engine.core.result import Fault, FaultKind, Result, Termination
from ladders.fit import RatedMatch, fit_ladder
from ladders.records import MatchRecord, RatingRow, SeatRow, snapshot_rows
from ladders.store import APPLICATION_ID, SCHEMA_VERSION, MatchConflict, Store, StoreError

LADDER = "puerto-rico/base@1(players=3,hidden_vp=true)"
DEFINITION = {"game": "puerto-rico", "variant": "base", "players": 3, "bots": ["a", "b", "c"], "seed": 5}


def record(match_id: str = "t1-0000-0", places: tuple[int, ...] = (1, 2, 3), **changes: Any) -> MatchRecord:
    base = MatchRecord(
        match_id=match_id,
        tournament_id="t1",
        ladder=LADDER,
        variant="base",
        seed=12345,
        pod_index=0,
        rotation=0,
        bots=("a", "b", "c"),
        labels=("a", "b", "c"),
        places=places,
        scores=(40.0, 35.0, 30.0),
        termination="victory",
        faults=(),
        forfeits=(),
        replay=None,
        started="2025-01-01T00:00:00+00:00",
        finished="2025-01-01T00:01:00+00:00",
        seconds=60.0,
    )
    return replace(base, **changes)


@pytest.fixture
def store(db_location: str) -> Iterator[Store]:
    s = Store(db_location)
    s.add_tournament("t1", DEFINITION)
    yield s
    s.close()


def snapshot_files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_new_database_is_in_wal_mode_with_its_ids(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    with Store(path) as s:
        assert s.journal_mode == "wal"
    header = path.read_bytes()[:100]
    assert header[18:20] == b"\x02\x02"  # WAL read and write versions
    assert int.from_bytes(header[60:64], "big") == SCHEMA_VERSION
    assert int.from_bytes(header[68:72], "big") == APPLICATION_ID
    with Store(path) as again:  # reopening our own file is fine
        assert again.ladders() == []


def test_an_empty_file_becomes_a_new_database(tmp_path: Path) -> None:
    path = tmp_path / "touched.db"
    path.touch()
    with Store(path) as s:
        assert s.journal_mode == "wal"


def test_insert_is_idempotent_by_match_id(store: Store) -> None:
    assert store.record_match(record()) is True
    # The same match again (a worker retried): a no-op, even with other timings and fault messages.
    assert store.record_match(record(seconds=61.0, finished="2025-01-01T00:02:00+00:00")) is False
    assert store.finished_match_ids("t1") == {"t1-0000-0"}
    assert len(store.ladder_matches(LADDER)) == 1
    assert store.match("t1-0000-0") == record()
    with pytest.raises(MatchConflict, match="t1-0000-0 is already stored with a different result"):
        store.record_match(record(places=(2, 1, 3)))
    assert store.match("t1-0000-0") == record()


def test_a_match_needs_its_tournament(store: Store) -> None:
    with pytest.raises(StoreError, match="write failed"):
        store.record_match(record(tournament_id="nope"))


def test_tournament_definitions_are_checked(store: Store) -> None:
    assert store.add_tournament("t1", dict(reversed(list(DEFINITION.items())))) is False  # key order is moot
    with pytest.raises(StoreError, match="t1 is stored with a different definition"):
        store.add_tournament("t1", {**DEFINITION, "seed": 6})
    assert store.tournament("t1") == DEFINITION
    assert store.tournament("t2") is None


def test_resume_lists_finished_matches_of_a_schedule(db_location: str) -> None:
    pods = round_robin(["a", "b", "c", "d"], 3, rounds=2, tournament_seed=5, tournament_id="tr")
    tasks = list(match_tasks(pods))
    path = db_location
    with Store(path) as s:
        s.add_tournament("tr", DEFINITION)
        for task in tasks[:7]:
            result = Result(places=(1, 2, 3), scores=(3.0, 2.0, 1.0), termination=Termination.VICTORY)
            s.record_match(MatchRecord.from_result(task, LADDER, "base", result, seconds=0.5))
    # A new process (here: a new connection) with the same definition plays only the rest.
    with Store(path) as s:
        done = s.finished_match_ids("tr")
        assert done == {t.match_id for t in tasks[:7]}
        assert [t.match_id for t in pending(pods, done)] == [t.match_id for t in tasks[7:]]
        assert s.finished_match_ids("other") == set()
        assert [m.match_id for m in s.tournament_matches("tr")] == [t.match_id for t in tasks[:7]]


def test_from_result_keeps_faults_forfeits_and_copies(store: Store) -> None:
    task = round_robin(["a", "b"], 3, rounds=1, tournament_seed=2, tournament_id="t1")[0].tasks[1]
    fault = Fault(seat=2, kind=FaultKind.TIMEOUT, message="no answer in 1.0 s", ply=17, strike=1)
    result = Result(
        places=(1, 2, 3),
        scores=(5.0, 4.0, 0.0),
        termination=Termination.FORFEIT,
        forfeits=(2,),
        faults=(fault,),
    )
    log = str(store.folder / "replays" / "x.jsonl")
    rec = MatchRecord.from_result(task, LADDER, "base", result, replay=log, seconds=2.5)
    assert store.record_match(rec)
    back = store.match(task.match_id)
    assert back == rec
    assert back.labels == task.labels and back.bots == task.bots
    assert back.faults == (
        {"seat": 2, "kind": "timeout", "message": "no answer in 1.0 s", "ply": 17, "strike": 1},
    )
    assert back.forfeits == (2,) and back.termination == "forfeit" and back.replay == log
    assert back.pod_key == "t1-0000"


def test_ladders_rated_matches_and_snapshots(store: Store) -> None:
    store.record_match(record("t1-0000-0", (1, 2, 3)))
    store.record_match(
        record("t1-0000-1", (2, 1, 3), bots=("b", "c", "a"), finished="2025-01-01T00:03:00+00:00")
    )
    store.record_match(
        record("t1-0000-2", (1, 1, 1), termination="aborted", finished="2025-01-01T00:04:00+00:00")
    )
    store.record_match(
        record("t1-0001-0", (1, 2), ladder="other/base@1(players=2)", bots=("a", "d"), pod_index=1)
    )
    summaries = store.ladders()
    assert [s.ladder for s in summaries] == ["other/base@1(players=2)", LADDER]
    assert summaries[1].matches == 3 and summaries[1].bots == ("a", "b", "c")
    assert summaries[1].last_finished == "2025-01-01T00:04:00+00:00"
    rated = store.rated_matches(LADDER)  # the aborted match is stored but not rated
    assert rated == [
        RatedMatch("t1-0000", ("a", "b", "c"), (1, 2, 3)),
        RatedMatch("t1-0000", ("b", "c", "a"), (2, 1, 3)),
    ]
    assert store.latest_snapshot(LADDER) is None
    standings = fit_ladder(rated)
    bots, seats, model = snapshot_rows(standings)
    store.save_snapshot(LADDER, bots, seats, model, at="2025-01-01T00:05:00+00:00")
    store.save_snapshot(LADDER, [RatingRow("a", 1.0, 0.0, 2.0, 4)], [SeatRow(0, 0, 0, 0)], at="2024-12-31")
    snap = store.latest_snapshot(LADDER)
    assert snap is not None and snap.at == "2025-01-01T00:05:00+00:00"
    assert [r.bot for r in snap.bots] == [r.bot for r in standings.bots]
    assert snap.bots[0].elo == pytest.approx(standings.bots[0].rating)
    assert [s.seat for s in snap.seats] == [0, 1, 2]
    assert sum(r.games for r in snap.bots) == 6 and all(r.pods == 1 for r in snap.bots)
    # Two matches of one pod: a one-sided bot keeps its open side as None, and the model is named.
    for row, fitted in zip(snap.bots, standings.bots, strict=True):
        assert row.bound == fitted.side.value
        assert (row.high is None) == (fitted.high == float("inf"))
        assert (row.low is None) == (fitted.low == float("-inf"))
    assert snap.model["prior"]["bot_sd"] == 400 and snap.model["provisional"] is True
    assert snap.model["matches"] == 2 and snap.model["pods"] == 1


V1_SCHEMA = """
CREATE TABLE tournaments (id TEXT PRIMARY KEY, definition TEXT NOT NULL, created TEXT NOT NULL);
CREATE TABLE bots (name TEXT PRIMARY KEY, kind TEXT NOT NULL, command TEXT NOT NULL DEFAULT '');
CREATE TABLE matches (
    id TEXT PRIMARY KEY, tournament TEXT NOT NULL REFERENCES tournaments(id), ladder TEXT NOT NULL,
    variant TEXT NOT NULL, seed INTEGER NOT NULL, pod INTEGER NOT NULL, rotation INTEGER NOT NULL,
    bots TEXT NOT NULL, labels TEXT NOT NULL, places TEXT NOT NULL, scores TEXT NOT NULL,
    termination TEXT NOT NULL, faults TEXT NOT NULL, forfeits TEXT NOT NULL, replay TEXT,
    started TEXT NOT NULL, finished TEXT NOT NULL, seconds REAL NOT NULL
);
CREATE INDEX matches_by_tournament ON matches(tournament);
CREATE INDEX matches_by_ladder ON matches(ladder, finished);
CREATE TABLE ratings (
    ladder TEXT NOT NULL, at TEXT NOT NULL, bot TEXT NOT NULL, elo REAL NOT NULL, low REAL NOT NULL,
    high REAL NOT NULL, live REAL NOT NULL, games INTEGER NOT NULL, PRIMARY KEY (ladder, at, bot)
);
CREATE TABLE seat_ratings (
    ladder TEXT NOT NULL, at TEXT NOT NULL, seat INTEGER NOT NULL, elo REAL NOT NULL, low REAL NOT NULL,
    high REAL NOT NULL, PRIMARY KEY (ladder, at, seat)
);
"""
"""The schema of version 1 (ratings with a live Elo column, no snapshot table)."""


def version_1_database(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
        conn.execute("PRAGMA user_version=1")
        conn.executescript(V1_SCHEMA)
        conn.execute("INSERT INTO tournaments VALUES ('t1', '{}', '2025-01-01')")
        conn.execute(
            "INSERT INTO ratings VALUES (?, '2025-01-02', 'a', 1600.5, 1500.0, 1700.0, 1590.0, 12)", (LADDER,)
        )
        conn.execute("INSERT INTO seat_ratings VALUES (?, '2025-01-02', 1, 20.0, -5.0, 45.0)", (LADDER,))
    conn.close()


def downgrade_to_version_1(path: Path) -> None:
    """Turn a database of this schema back into version 1, its rows kept (snapshots dropped)."""
    with sqlite3.connect(path) as conn:
        conn.execute("ALTER TABLE tournaments DROP COLUMN seed")
        conn.execute("DROP TABLE snapshots")
        conn.execute("DROP TABLE ratings")
        conn.execute("DELETE FROM seat_ratings")
        conn.execute(V1_SCHEMA[V1_SCHEMA.index("CREATE TABLE ratings") :].split(";")[0])
        conn.execute("PRAGMA user_version=1")
    conn.close()


def test_a_version_1_database_is_migrated_keeping_its_snapshots(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    version_1_database(path)
    with Store(path) as store:
        assert store.record_match(record("t1-0000-0"))
        snap = store.latest_snapshot(LADDER)
        assert snap is not None and snap.at == "2025-01-02" and snap.model == {}
        assert snap.bots == (RatingRow("a", 1600.5, 1500.0, 1700.0, 12, 0, "two-sided"),)
        assert snap.seats == (SeatRow(1, 20.0, -5.0, 45.0),)
        bots, seats, model = snapshot_rows(fit_ladder(store.rated_matches(LADDER)))
        store.save_snapshot(LADDER, bots, seats, model, at="2025-01-03")
        assert store.latest_snapshot(LADDER).model["pods"] == 1  # type: ignore[union-attr]
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
        columns = [row[1] for row in conn.execute("PRAGMA table_info(ratings)")]
    conn.close()
    assert columns == ["ladder", "at", "bot", "elo", "low", "high", "games", "pods", "bound"]
    with Store(path) as again:  # opening a migrated file changes nothing
        assert again.latest_snapshot(LADDER).at == "2025-01-03"  # type: ignore[union-attr]


def test_a_version_1_database_that_cannot_be_migrated_now_is_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    version_1_database(path)
    before = path.read_bytes()
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")  # another process is writing: the upgrade cannot take the lock
    try:
        with pytest.raises(StoreError, match="cannot upgrade the ladder schema to version 3") as err:
            Store(path, timeout=0.05)
        assert "old.db" in str(err.value) and "\n" not in str(err.value)
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert path.read_bytes() == before
    with Store(path) as store:  # once the writer is gone, the upgrade goes through
        assert store.latest_snapshot(LADDER) is not None


def test_bots_are_recorded(store: Store) -> None:
    store.add_bot("random", "builtin")
    store.add_bot("node", "cmd", "node examples/bot.js")
    store.add_bot("node", "cmd", "node examples/bot2.js")
    assert store.bots() == {"node": ("cmd", "node examples/bot2.js"), "random": ("builtin", "")}


def test_two_connections_share_the_database(db_location: str) -> None:
    path = db_location
    with Store(path) as one, Store(path) as two:
        one.add_tournament("t1", DEFINITION)
        one.record_match(record("t1-0000-0"))
        assert two.record_match(record("t1-0000-0")) is False
        two.record_match(record("t1-0000-1"))
        assert one.finished_match_ids("t1") == {"t1-0000-0", "t1-0000-1"}


def test_a_killed_writer_loses_no_committed_match(db_location: str) -> None:
    path = db_location
    code = (
        "import os, sys; sys.path.insert(0, os.getcwd()); from ladders.store import Store;"
        "from tests.ladders.test_store import DEFINITION, record;"
        f"s = Store({str(path)!r}); s.add_tournament('t1', DEFINITION);"
        "[s.record_match(record(f't1-{k:04d}-0')) for k in range(5)];"
        "os._exit(0)"  # no close, no checkpoint: the results live only in the -wal file
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parents[2])
    if not path.startswith("postgresql://"):
        assert Path(f"{path}-wal").stat().st_size > 0
        assert os.path.exists(path)
    with Store(path) as s:
        assert s.finished_match_ids("t1") == {f"t1-{k:04d}-0" for k in range(5)}


def test_a_second_store_in_the_writers_process_keeps_its_locks(tmp_path: Path) -> None:
    """A running league opens a second store on its database (its site's). Reading the file's header
    again for it would close a descriptor of the file, which drops every lock the process holds on it:
    another process's store would then find the file unused when it closed, checkpoint it and delete the
    write-ahead log under the writer, whose later commits would be lost with the deleted file."""
    path = tmp_path / "league.sqlite"
    root = Path(__file__).resolve().parents[2]
    count = (
        "import sys; from ladders.store import Store;"
        f"s = Store({str(path)!r}, create=False); print(len(s.finished_match_ids('t1'))); s.close()"
    )
    with Store(path) as writer:
        writer.add_tournament("t1", DEFINITION)
        writer.record_match(record("t1-0000-0"))
        with Store(path) as site:  # the same process, the same file
            assert site.finished_match_ids("t1") == {"t1-0000-0"}
        other = subprocess.run([sys.executable, "-c", count], cwd=root, capture_output=True, text=True)
        assert other.stdout.strip() == "1", other.stderr
        assert Path(f"{path}-wal").exists()  # still the writer's log
        writer.record_match(record("t1-0000-1"))
        seen = subprocess.run([sys.executable, "-c", count], cwd=root, capture_output=True, text=True)
        assert seen.stdout.strip() == "2", seen.stderr  # the commit went to the live log


def assert_refused(path: Path, message: str) -> None:
    before = snapshot_files(path.parent)
    with pytest.raises(StoreError) as info:
        Store(path)
    text = str(info.value)
    assert str(path) in text and message in text, text
    assert "\n" not in text
    assert snapshot_files(path.parent) == before  # byte for byte, and no -wal or -shm left behind


def test_a_text_file_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_text("these are my notes, not a database\n" * 20)
    assert_refused(path, "not an SQLite database")
    short = tmp_path / "short.db"
    short.write_bytes(b"SQLite format 3\x00")  # the magic, but no header
    assert_refused(short, "not an SQLite database")


def test_another_applications_sqlite_file_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "theirs.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE matches (id TEXT PRIMARY KEY, winner TEXT)")
    db.execute("INSERT INTO matches VALUES ('m1', 'them')")
    db.commit()
    db.close()
    assert_refused(path, "another application (application_id 0x0")
    other = tmp_path / "other-app.db"
    db = sqlite3.connect(other)
    db.execute("PRAGMA application_id = 1234")
    db.execute("CREATE TABLE t (x)")
    db.commit()
    db.close()
    assert_refused(other, "application_id 0x4d2")


def test_a_newer_schema_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    with Store(path) as s:
        s.add_tournament("t1", DEFINITION)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    assert_refused(path, f"schema version {SCHEMA_VERSION + 1} is newer than this program's {SCHEMA_VERSION}")


def filled_database(path: Path, matches: int = 300) -> None:
    with Store(path) as s:
        s.add_tournament("t1", DEFINITION)
        for k in range(matches):
            s.record_match(record(f"t1-{k:04d}-0", replay="x" * 200))


def test_a_truncated_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "cut.db"
    filled_database(path)
    data = path.read_bytes()
    assert len(data) > 16 * 4096
    path.write_bytes(data[: len(data) // 2])
    assert_refused(path, "truncated or corrupt")


def test_a_corrupt_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "bad.db"
    filled_database(path)
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    for k in range(2, len(data) // page, 3):  # scribble over every third page after the first
        data[k * page : k * page + 512] = b"\xa5" * 512
    path.write_bytes(bytes(data))
    assert_refused(path, "corrupt or unreadable database")


def test_a_directory_or_missing_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a directory"):
        Store(tmp_path)
    with pytest.raises(StoreError, match="does not exist"):
        Store(tmp_path / "no" / "such" / "ladder.db")
    with pytest.raises(StoreError, match="postgresq://h/db: not a database URL this program opens"):
        Store("postgresq://h/db")  # a misspelt scheme is no file name
    assert not (Path.cwd() / "postgresq:").exists()


def test_a_definition_opens_the_same_tournament_with_its_stored_seed(db_location: str) -> None:
    secret = {**DEFINITION, "seed": None}
    seed = 2**127 + 12345  # a drawn secret seed: wider than an SQLite INTEGER
    with Store(db_location) as s:
        assert s.open_tournament(secret, new_id="first", seed=seed) == ("first", seed)
        assert s.open_tournament(dict(reversed(list(secret.items()))), new_id="other", seed=7) == (
            "first",
            seed,
        )
        assert s.open_tournament(DEFINITION, new_id="given", seed=5) == ("given", 5)
        assert s.tournament_seed("first") == seed and s.tournament_seed("given") == 5
        assert s.tournament_seed("none") is None
        assert s.tournament("first") == secret


def test_a_version_1_database_is_upgraded_in_place(tmp_path: Path) -> None:
    path = tmp_path / "v1.db"
    with Store(path) as s:
        s.add_tournament("t1", DEFINITION)
        s.record_match(record("t1-0000-0"))
    downgrade_to_version_1(path)  # no tournaments.seed
    with Store(path) as s:
        assert s.tournament_seed("t1") == 5  # from the definition
        assert s.open_tournament(DEFINITION, new_id="new", seed=9) == ("t1", 5)
        assert s.finished_match_ids("t1") == {"t1-0000-0"}
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
    db.close()


def test_replay_paths_are_stored_relative_to_the_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "runs" / "t-replays").mkdir(parents=True)
    (tmp_path / "elsewhere").mkdir()
    log = tmp_path / "runs" / "t-replays" / "t1-0000-0.jsonl"
    log.write_text("{}\n")
    outside = tmp_path / "elsewhere" / "t1-0000-1.jsonl"
    monkeypatch.chdir(tmp_path)  # the run starts in tmp_path and names its logs from there
    with Store("runs/t.sqlite") as s:
        s.add_tournament("t1", DEFINITION)
        s.record_match(record("t1-0000-0", replay="runs/t-replays/t1-0000-0.jsonl"))
        s.record_match(record("t1-0000-1", replay="elsewhere/t1-0000-1.jsonl"))
    with sqlite3.connect(tmp_path / "runs" / "t.sqlite") as conn:
        stored = dict(conn.execute("SELECT id, replay FROM matches").fetchall())
    conn.close()
    assert stored == {"t1-0000-0": "t-replays/t1-0000-0.jsonl", "t1-0000-1": str(outside)}
    monkeypatch.chdir(tmp_path / "elsewhere")  # a report or a replay from another folder finds them
    with Store(tmp_path / "runs" / "t.sqlite") as s:
        found = s.match("t1-0000-0")
        assert found is not None and found.replay == str(log)
        assert s.replay_file(found.replay) == log
        assert s.replay_file(str(outside)) is None  # not written: nothing on disk
    moved = tmp_path / "moved"  # the database and its replay folder moved together
    (tmp_path / "runs").rename(moved)
    with Store(moved / "t.sqlite") as s:
        assert s.replay_file(s.match("t1-0000-0").replay) == moved / "t-replays" / log.name  # type: ignore[union-attr]


def test_a_version_2_database_gets_its_replay_paths_relative_to_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Version 2 stored the path as the run named it, relative to the folder it started in."""
    db = tmp_path / "runs" / "old.sqlite"
    (tmp_path / "runs" / "old-replays").mkdir(parents=True)
    (tmp_path / "runs" / "logs" / "deep").mkdir(parents=True)
    for name in ("a.jsonl", "b.jsonl"):
        (tmp_path / "runs" / "old-replays" / name).write_text("{}\n")
    (tmp_path / "runs" / "logs" / "deep" / "c.jsonl").write_text("{}\n")
    with Store(db) as s:
        s.add_tournament("t1", DEFINITION)
        for k in range(5):
            s.record_match(record(f"t1-0000-{k}"))
    given = {
        "t1-0000-0": "runs/old-replays/a.jsonl",  # the run started in tmp_path
        "t1-0000-1": "old-replays/b.jsonl",  # the run started beside the database
        "t1-0000-2": "/somewhere/else/logs/deep/c.jsonl",  # absolute, since moved with the database
        "t1-0000-3": "../x/old-replays/gone.jsonl",  # deleted: the default layout is assumed
        "t1-0000-4": None,
    }
    with sqlite3.connect(db) as conn:  # the shape of version 2: same tables, paths as the run gave them
        for match_id, path in given.items():
            conn.execute("UPDATE matches SET replay = ? WHERE id = ?", (path, match_id))
        conn.execute("PRAGMA user_version=2")
    conn.close()
    monkeypatch.chdir(tmp_path / "runs" / "logs")  # opened from a folder that has none of them
    with Store(db) as s:
        found = {m.match_id: s.replay_file(m.replay) for m in s.matches()}
    with sqlite3.connect(db) as conn:
        stored = dict(conn.execute("SELECT id, replay FROM matches").fetchall())
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
    conn.close()
    assert stored == {
        "t1-0000-0": "old-replays/a.jsonl",
        "t1-0000-1": "old-replays/b.jsonl",
        "t1-0000-2": "/somewhere/else/logs/deep/c.jsonl",
        "t1-0000-3": "old-replays/gone.jsonl",
        "t1-0000-4": None,
    }
    runs = tmp_path / "runs"
    assert found == {
        "t1-0000-0": runs / "old-replays" / "a.jsonl",
        "t1-0000-1": runs / "old-replays" / "b.jsonl",
        "t1-0000-2": None,  # neither there nor beside the database under its folder's name
        "t1-0000-3": None,
        "t1-0000-4": None,
    }


@pytest.fixture
def read_only_folder(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    """``(writable, read_only)``: a folder and the same folder seen read-only (a read-only bind mount
    as root; file modes otherwise)."""
    writable = tmp_path / "data"
    writable.mkdir()
    if os.geteuid() != 0:
        yield writable, writable
        writable.chmod(0o755)
        return
    seen = tmp_path / "seen"
    seen.mkdir()
    made = subprocess.run(["mount", "--bind", str(writable), str(seen)], capture_output=True)
    if made.returncode != 0:
        pytest.skip(f"cannot bind-mount a read-only folder here: {made.stderr.decode().strip()}")
    try:
        subprocess.run(["mount", "-o", "remount,ro,bind", str(seen)], check=True, capture_output=True)
        yield writable, seen
    finally:
        subprocess.run(["umount", str(seen)], capture_output=True)


def test_a_database_in_a_read_only_folder_is_read_as_it_is(read_only_folder: tuple[Path, Path]) -> None:
    """SQLite cannot make its log and index files there: a checkpointed database is read as it is
    (arena ladder show, arena report), one whose log still holds matches says so in one line, and
    writing is refused in one line; the file is never touched."""
    writable, seen = read_only_folder
    with Store(writable / "t.sqlite") as store:
        store.add_tournament("t1", DEFINITION)
        store.record_match(record("t1-0000-0"))
        if os.geteuid() == 0:  # the log is still open beside it: not read as it is
            with pytest.raises(StoreError, match="write-ahead log holds recent matches"):
                Store(seen / "t.sqlite", create=False)
    assert not (writable / "t.sqlite-wal").exists()  # checkpointed by its last close
    if os.geteuid() != 0:
        writable.chmod(0o555)
    before = snapshot_files(writable)
    with Store(seen / "t.sqlite", create=False) as reader:
        assert reader.finished_match_ids("t1") == {"t1-0000-0"}
        with pytest.raises(StoreError):
            reader.record_match(record("t1-0000-1"))
    with pytest.raises(StoreError, match=r"cannot create|not writable|readonly|read-only|unable to open"):
        Store(seen / "t.sqlite")
    assert snapshot_files(writable) == before
