"""Registration and keys: a key is shown once and stored hashed; every bot-key hello is checked against
the registry (key, removal, rotation, version, name, connection rate), on both stores and through a
real referee."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.league.definition import LeagueDef, from_mapping
from arena.league.registry import Binding, Registry, add_bot, declare_version, rotate_key
from bots.sdk.client import RefereeError, play_async
from engine.referee import create_server
from engine.wire import PROTOCOL_VERSION, referee_pb2
from ladders.league_schema import ADMITTED, PLACEMENT, REJECTED, RETIRED, key_hash
from ladders.league_tables import LeagueTables
from ladders.sql import StoreError
from ladders.store import Store

LEAGUE = {
    "ladder": [
        {"id": "pr3", "game": "pr", "players": 3, "house": ["pr-greedy", "random"],
         "limits": {"connects_per_minute": 5, "versions_per_hour": 2}},
        {"id": "pr4", "game": "pr", "players": 4, "house": ["pr-greedy", "random"]},
    ]
}  # fmt: skip


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def league() -> LeagueDef:
    return from_mapping(LEAGUE, "test")


@pytest.fixture
def tables(db_location: str, league: LeagueDef) -> Iterator[LeagueTables]:
    with Store(db_location) as store:
        t = LeagueTables(store)
        for lad in league.ladders:
            t.open_ladder(lad.id, lad.ladder_key, lad.stored(), (1, 2))
        yield t


def hello(key: str, name: str = "", version: str = "") -> referee_pb2.Hello:
    return referee_pb2.Hello(
        protocol_version=PROTOCOL_VERSION, bot_key=key, bot_name=name, bot_version=version
    )


def refused(verdict: object, code: int, text: str) -> None:
    assert isinstance(verdict, tuple), verdict
    assert verdict[0] == code and text in verdict[1], verdict
    assert "\n" not in verdict[1]


def test_a_key_is_shown_once_and_stored_as_a_hash(tables: LeagueTables) -> None:
    key = add_bot(tables, "pr3", ("pr-greedy", "random"), "alpha")
    assert key.startswith("lk_") and len(key) > 30
    (row,) = tables.key_rows()
    assert row.hash == key_hash(key) and row.name == "alpha" and row.revoked == ""
    every = [str(v) for table in ("league_keys", "league_bots", "league_entries", "league_log")
             for r in tables.store._read(f"SELECT * FROM {table}").rows for v in r]  # fmt: skip
    assert not any(key in v for v in every)
    (entry,) = tables.entries("pr3")
    assert entry.entry == "alpha@1" and entry.state == PLACEMENT
    with pytest.raises(StoreError, match="'alpha' is already registered on ladder pr3"):
        add_bot(tables, "pr3", (), "alpha")
    with pytest.raises(ValueError, match="is a house bot"):
        add_bot(tables, "pr3", ("pr-greedy", "anchor"), "anchor")
    assert add_bot(tables, "pr4", (), "alpha") != key  # one name on two ladders: two keys


def test_hellos_are_bound_to_their_entry_or_refused_with_the_reason(
    tables: LeagueTables, league: LeagueDef
) -> None:
    clock = Clock()
    bound: list[Binding] = []
    key = add_bot(tables, "pr3", (), "alpha", "1.0")
    other = add_bot(tables, "pr3", (), "beta")
    reg = Registry(tables, {lad.id: lad for lad in league.ladders}, clock=clock, on_bind=bound.append)

    def check(h: referee_pb2.Hello, peer: str) -> object:
        clock.now += 13  # 5 hellos a minute are allowed on this ladder: stay under it here
        return reg.check(h, peer)

    assert check(hello(key, "alpha"), "peer") == "pr3/alpha@1.0"
    assert check(hello(key, "my bot v1"), "peer") == "pr3/alpha@1.0"  # a free-text name is fine
    assert [b.entry for b in bound] == ["alpha@1.0", "alpha@1.0"]
    unauth = referee_pb2.ERROR_CODE_UNAUTHENTICATED
    refused(check(hello("lk_nope"), "p"), unauth, "unknown bot key")
    refused(check(hello(key, "beta"), "p"), referee_pb2.ERROR_CODE_NOT_YOUR_BOT, "belongs to alpha")
    bad = referee_pb2.ERROR_CODE_BOT_VERSION
    refused(check(hello(key, version="9" * 40), "p"), bad, "40 characters long; at most 32")
    refused(check(hello(key, version="2\x1b[2J"), "p"), bad, "'2\\x1b[2J' may hold only")
    # A new version: a new entry in placement, the old one retired and never played again.
    assert check(hello(key, version="2.0"), "p") == "pr3/alpha@2.0"
    states = {e.entry: e.state for e in tables.entries("pr3")}
    assert states == {"alpha@1.0": RETIRED, "alpha@2.0": PLACEMENT, "beta@1": PLACEMENT}
    refused(check(hello(key, version="1.0"), "p"), bad, "alpha@1.0 is retired (replaced by version 2.0)")
    assert check(hello(key), "p") == "pr3/alpha@2.0"  # no version: the current one
    # A version that failed its placement is refused with the report.
    assert reg.set_state("pr3", "alpha@2.0", REJECTED, "2 faults in 3 matches: timeout at ply 4")
    refused(check(hello(key), "p"), bad, "alpha@2.0 failed its placement: 2 faults in 3 matches")
    # At most versions_per_hour new versions (2) from hellos in an hour.
    assert check(hello(key, version="3"), "p") == "pr3/alpha@3"
    refused(check(hello(key, version="4"), "p"), bad, "declared 2 new versions in the last hour, at most 2")
    clock.now += 3600
    assert check(hello(key, version="4"), "p") == "pr3/alpha@4"
    # Rotated: the old key is refused, the new one works; removed: refused as removed.
    new = rotate_key(tables, "pr3", "beta")
    reg.refresh()
    refused(check(hello(other), "p"), unauth, "this key of beta on ladder pr3 was replaced")
    assert check(hello(new), "p") == "pr3/beta@1"
    tables.remove_bot("pr3", "beta")
    reg.refresh()
    refused(check(hello(new), "p"), referee_pb2.ERROR_CODE_NOT_YOUR_BOT, "beta on ladder pr3 was removed")
    assert reg.refusals == 9


def test_a_key_connecting_too_often_is_refused_for_a_while(tables: LeagueTables, league: LeagueDef) -> None:
    clock = Clock()
    key = add_bot(tables, "pr3", (), "alpha")
    reg = Registry(tables, {lad.id: lad for lad in league.ladders}, clock=clock)
    for _ in range(5):
        assert reg.check(hello(key), "p") == "pr3/alpha@1"
        clock.now += 1
    refused(reg.check(hello(key), "p"), referee_pb2.ERROR_CODE_FLOOD, "connected 6 times in the last minute")
    clock.now += 61
    assert reg.check(hello(key), "p") == "pr3/alpha@1"


def test_host_versions_retire_the_previous_entry_and_keep_its_history(tables: LeagueTables) -> None:
    add_bot(tables, "pr3", (), "alpha")
    tables.set_state("pr3", "alpha@1", ADMITTED)
    row = declare_version(tables, "pr3", "alpha", "2")
    assert row.entry == "alpha@2" and row.state == PLACEMENT
    with pytest.raises(StoreError, match="alpha@2 already exists"):
        declare_version(tables, "pr3", "alpha", "2")
    with pytest.raises(ValueError, match="only letters"):
        declare_version(tables, "pr3", "alpha", "two words")
    log = [(r.what, r.detail) for r in tables.log("pr3", "alpha")]
    assert log == [
        ("registered", "version 1"),
        ("admitted", "alpha@1"),
        ("new version", "2 (the host); 1 retired"),
    ]
    assert not tables.set_state("pr3", "alpha@1", ADMITTED)  # retired: no longer in placement


def test_refusals_reach_the_bot_through_a_real_referee(tables: LeagueTables, league: LeagueDef) -> None:
    key = add_bot(tables, "pr3", (), "alpha")
    reg = Registry(tables, {lad.id: lad for lad in league.ladders})
    server, _ = create_server("127.0.0.1:0")
    try:
        server.lobby.key_check = reg.check

        async def attempt(bot_key: str, **kw: str) -> str:
            try:
                await play_async(lambda r: 0, server.address, bot_key=bot_key, **kw)
            except RefereeError as exc:
                return str(exc)
            return "ended"

        async def scenario() -> None:
            assert await attempt("lk_wrong") == "ERROR_CODE_UNAUTHENTICATED: unknown bot key"
            text = await attempt(key, version="x y")
            assert (
                text == "ERROR_CODE_BOT_VERSION: bot_version 'x y' may hold only letters, digits and . _ + -"
            )
            task = asyncio.create_task(attempt(key, version="7"))
            for _ in range(400):  # bound under the entry of the declared version
                entry = server.lobby.keys.get("pr3/alpha@7")
                if entry is not None and entry.connected.is_set():
                    break
                await asyncio.sleep(0.01)
            else:
                raise AssertionError("the bot never connected")
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

        asyncio.run(scenario())
    finally:
        server.stop()


def test_the_cli_registers_lists_and_removes(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from arena.cli import app

    definition = tmp_path / "l.toml"
    definition.write_text(
        'db = "l.sqlite"\n[[ladder]]\nid = "pr3"\ngame = "pr"\nplayers = 3\nhouse = ["random"]\n'
    )
    run = CliRunner()
    out = run.invoke(
        app, ["league", "bot", "add", "alpha", "--ladder", "pr3", "-d", str(definition), "--json"]
    )
    assert out.exit_code == 0, out.output
    assert '"key": "lk_' in out.output
    out = run.invoke(
        app, ["league", "bot", "add", "beta", "--ladder", "px", "--db", str(tmp_path / "l.sqlite")]
    )
    assert out.exit_code == 2 and "no ladder 'px'; ladders: pr3" in out.output
    out = run.invoke(app, ["league", "bot", "list", "--db", str(tmp_path / "l.sqlite"), "--json"])
    assert out.exit_code == 0 and '"entry": "alpha@1"' in out.output and '"state": "placement"' in out.output
    out = run.invoke(
        app, ["league", "bot", "remove", "alpha", "--ladder", "pr3", "--db", str(tmp_path / "l.sqlite")]
    )
    assert out.exit_code == 0 and "removed alpha" in out.output
    out = run.invoke(app, ["league", "bot", "list", "--db", str(tmp_path / "nope.txt")])
    assert out.exit_code == 2
    (tmp_path / "bad.sqlite").write_text("not a database\n" * 10)
    out = run.invoke(app, ["league", "bot", "list", "--db", str(tmp_path / "bad.sqlite")])
    assert out.exit_code == 2 and "not an SQLite database" in out.output
