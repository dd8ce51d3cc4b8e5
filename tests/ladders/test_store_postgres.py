"""The ladder database on PostgreSQL: what only a server has (a URL, a meta table, other applications'
tables, several hosts at once). The behaviour both stores share is tested in ``test_store.py``, which
runs on both."""

from __future__ import annotations

import subprocess
import threading

import psycopg
import pytest

from ladders.postgres import KEEPALIVE, WRITE_LOCK, redact
from ladders.schema import APPLICATION_ID, SCHEMA_VERSION
from ladders.store import Store, StoreError
from tests.ladders.test_store import DEFINITION, LADDER, record
from tests.pgcluster import Cluster


def tables(url: str) -> dict[str, list[tuple[object, ...]]]:
    """Every table of the current schema with its rows (to check a refused database is untouched)."""
    with psycopg.connect(url, autocommit=True) as conn:
        names = [
            r[0]
            for r in conn.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
                " ORDER BY 1"
            )
        ]
        return {n: sorted(conn.execute(f"SELECT * FROM {n}").fetchall(), key=repr) for n in names}


def test_a_new_database_gets_the_tables_and_its_ids(pg_cluster: Cluster) -> None:
    url = pg_cluster.new_database()
    with Store(url) as s:
        assert s.dialect == "postgresql" and s.path is None and s.label == url
    found = tables(url)
    assert {"tournaments", "matches", "ratings", "snapshots", "arena_meta"} <= set(found)
    assert dict(found["arena_meta"]) == {  # type: ignore[arg-type]
        "application_id": str(APPLICATION_ID),
        "schema_version": str(SCHEMA_VERSION),
    }
    with Store(url) as again:
        assert again.ladders() == []


def test_64_bit_seeds_and_byte_ordered_ids(pg_cluster: Cluster) -> None:
    url = pg_cluster.new_database()
    with Store(url) as s:
        s.add_tournament("t1", DEFINITION)
        big = 2**63 - 1  # the largest match seed a schedule draws
        s.record_match(record("t1-0000-b", seed=big, finished="2025-01-01T00:00:00+00:00"))
        s.record_match(record("t1-0000-B", finished="2025-01-01T00:00:00+00:00"))
        s.record_match(record("t1-0000-a", finished="2025-01-01T00:00:00+00:00"))
        assert s.match("t1-0000-b").seed == big  # type: ignore[union-attr]
        # Ordered as SQLite orders them (bytes), whatever the server's locale.
        assert [m.match_id for m in s.ladder_matches(LADDER)] == ["t1-0000-B", "t1-0000-a", "t1-0000-b"]


def test_another_applications_database_is_refused_untouched(pg_cluster: Cluster) -> None:
    url = pg_cluster.new_database()
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CREATE TABLE matches (id TEXT PRIMARY KEY, winner TEXT)")
        conn.execute("INSERT INTO matches VALUES ('m1', 'them')")
    before = tables(url)
    with pytest.raises(StoreError, match="another application") as err:
        Store(url)
    assert "\n" not in str(err.value)
    assert tables(url) == before


def test_a_newer_or_foreign_meta_table_is_refused_untouched(pg_cluster: Cluster) -> None:
    url = pg_cluster.new_database()
    Store(url).close()
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            "UPDATE arena_meta SET value = %s WHERE key = 'schema_version'", (str(SCHEMA_VERSION + 1),)
        )
    before = tables(url)
    with pytest.raises(StoreError, match=f"schema version {SCHEMA_VERSION + 1} is newer"):
        Store(url)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("UPDATE arena_meta SET value = '7' WHERE key = 'application_id'")
    with pytest.raises(StoreError, match="arena_meta names another application"):
        Store(url)
    assert tables(url)["matches"] == before["matches"]


def test_an_unreachable_server_is_one_line_without_the_password(pg_cluster: Cluster) -> None:
    url = f"postgresql://arena:s3cret@127.0.0.1:{pg_cluster.port}/no_such_database"
    with pytest.raises(StoreError) as err:
        Store(url, timeout=2)
    text = str(err.value)
    assert "cannot connect" in text and "s3cret" not in text and "arena:***@" in text
    assert "\n" not in text
    assert redact("postgresql://u@h/db") == "postgresql://u@h/db"


def test_two_hosts_setting_up_one_database_at_once_create_it_once(pg_cluster: Cluster) -> None:
    url = pg_cluster.new_database()
    errors: list[BaseException] = []
    opened: list[Store] = []

    def open_one() -> None:
        try:
            opened.append(Store(url))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=open_one) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and len(opened) == 4
    # One definition, four writers: the lookup and the insert are one transaction, so they agree.
    found = {s.open_tournament(DEFINITION, new_id=f"id{k}", seed=k) for k, s in enumerate(opened)}
    assert len(found) == 1
    for s in opened:
        s.close()


def test_a_writer_killed_inside_a_transaction_holds_no_lock(pg_cluster: Cluster) -> None:
    # A host SIGKILLed in the middle of a write: its kernel closes the connection, the server ends the
    # session and its write lock with it, and the host started again writes at once (a lock still held
    # would fail this write after its 2 s lock_timeout). Each session asks for TCP keepalive probes,
    # which end the session of a host whose machine vanished instead.
    url = pg_cluster.new_database()
    Store(url).close()
    # psql holds a write transaction open as the store's writes do, and waits for more input
    writer = subprocess.Popen(
        [str(pg_cluster.bindir / "psql"), "-qAt", url], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert writer.stdin is not None
    writer.stdin.write(f"BEGIN;\nSELECT pg_advisory_xact_lock({WRITE_LOCK});\n\\echo locked\n".encode())
    writer.stdin.flush()
    try:
        assert writer.stdout is not None
        assert writer.stdout.readline() == b"\n" and writer.stdout.readline() == b"locked\n"
    finally:
        writer.kill()
        writer.wait()
    with Store(url, timeout=2) as store:
        assert store.open_tournament(DEFINITION, new_id="after", seed=1) == ("after", 1)
        settings = store._db.execute(
            "SELECT current_setting('tcp_keepalives_idle'), current_setting('tcp_keepalives_interval'),"
            " current_setting('tcp_keepalives_count')"
        ).rows[0]
    assert tuple(int(v) for v in settings) == KEEPALIVE


def test_a_session_the_server_ended_is_opened_again_with_its_settings_and_locks(pg_cluster: Cluster) -> None:
    """A server restart or a lost network ends the store's session: the next statement opens a new one
    with the session's settings and advisory locks (a league's host lock), so a league goes on; a lock
    that another session took in between is a one-line error instead."""
    url = pg_cluster.new_database()

    def end_session(store: Store) -> None:
        pid = store._db.conn.info.backend_pid  # type: ignore[attr-defined]
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))

    def lock_is_free() -> bool:
        with psycopg.connect(url, autocommit=True) as other:
            free = bool(other.execute("SELECT pg_try_advisory_lock(hashtext('host'))").fetchone()[0])  # type: ignore[index]
            return free

    with Store(url, timeout=2) as store:
        assert store.open_tournament(DEFINITION, new_id="t1", seed=1) == ("t1", 1)
        assert store.try_session_lock("host") and not lock_is_free()
        end_session(store)
        assert store.tournament_matches("t1") == []  # a read: run again on a new session
        assert not lock_is_free()  # the lock was taken again with it
        end_session(store)
        assert store.record_match(record())  # a write after the loss: on a new session
        assert [m.match_id for m in store.tournament_matches("t1")] == ["t1-0000-0"]
        settings = store._db.execute("SELECT current_setting('lock_timeout')").rows[0]
        assert settings == ("2s",)
        end_session(store)
        with psycopg.connect(url, autocommit=True) as rival:
            assert rival.execute("SELECT pg_try_advisory_lock(hashtext('host'))").fetchone() == (True,)
            with pytest.raises(StoreError, match="another session has taken its lock 'host' since"):
                store.tournament_matches("t1")
