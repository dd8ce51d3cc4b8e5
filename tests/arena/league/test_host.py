"""The league host with real bot processes: placement, admission and rejection with the fault report,
rated pods with every match stored at once, refits pinned to the anchor, a flood of hellos that only
costs the flooder, and a clean stop."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from arena.league.definition import load_definition
from arena.league.host import LeagueHost
from arena.league.registry import add_bot
from arena.league.site_data import LeagueData
from bots.sdk.client import RefereeError, play_async
from engine.referee import create_server
from ladders.league_schema import ADMITTED, DONE, OPEN, REJECTED
from ladders.league_tables import LeagueTables
from ladders.store import Store
from tests.arena.league.conftest import FAST, Bots, wait_for


def rated(store: Store, host: LeagueHost) -> list[str]:
    return [m.match_id for m in store.tournament_matches(host.ladders["pr3"].tournament)]


async def knock(address: str, key: str, times: int) -> list[str]:
    """``times`` hellos at once with ``key``; the refusals' codes."""

    async def one() -> str:
        try:
            await asyncio.wait_for(play_async(lambda r: 0, address, bot_key=key), 15.0)
        except RefereeError as exc:
            return exc.code
        except TimeoutError:
            return "connected"
        return "ended"

    return list(await asyncio.gather(*(one() for _ in range(times))))


@pytest.mark.slow
def test_placement_rated_pods_refits_and_a_faulty_bot_turned_away(tmp_path: Path, bots: Bots) -> None:
    # On SQLite only, as the restart test: PostgreSQL's side of the host is the store's and the registry's
    # tests (tests/ladders/test_store.py, test_registry.py), which run on both stores.
    db_location = str(tmp_path / "l.sqlite")
    definition = tmp_path / "league.toml"
    definition.write_text(FAST.format(port=0), encoding="utf-8")
    league = load_definition(definition)
    with Store(db_location) as store:
        tables = LeagueTables(store)
        host_stop = threading.Event()
        server, _ = create_server("127.0.0.1:0")
        lines: list[str] = []
        host = LeagueHost(replace(league, db=db_location, replay_dir=str(tmp_path / "replays")), store, server,
                          announce=lines.append)  # fmt: skip
        keys = {n: add_bot(tables, "pr3", (), n) for n in ("strong", "mid", "weak", "other", "bad", "idle")}
        host.registry.refresh()
        thread = threading.Thread(target=host.run, args=(host_stop,), daemon=True)
        thread.start()
        try:
            for name, kind in [
                ("strong", "mix:0"),
                ("mid", "mix:0.5"),
                ("weak", "mix:1"),
                ("other", "mix:0.3"),
            ]:
                bots.start(name, kind, server.address, keys[name])
            bad = bots.start("bad", "illegal", server.address, keys["bad"])
            wait_for("the faulty bot to be turned away", lambda: bad.poll() is not None, 90)
            assert bad.returncode == 1
            assert "failed its placement" in bots.log("bad")
            note = tables.entry("pr3", "bad@1").note  # type: ignore[union-attr]
            assert tables.entry("pr3", "bad@1").state == REJECTED  # type: ignore[union-attr]
            assert note.startswith("3 placement matches: 3 forfeits (3 malformed)") and "out of range" in note
            # A flood of hellos costs the flooder only: refused, while the league plays on.
            before = len(rated(store, host))
            codes = asyncio.run(knock(server.address, "lk_not-a-key", 200))
            assert codes.count("ERROR_CODE_UNAUTHENTICATED") == 200
            codes = asyncio.run(knock(server.address, keys["idle"], 60))
            assert codes.count("ERROR_CODE_FLOOD") >= 25, codes
            wait_for(
                "rated matches after the flood", lambda: len(rated(store, host)) >= max(before + 3, 12), 90
            )
        finally:
            host_stop.set()
            thread.join(60)
        assert not thread.is_alive()
        states = {e.entry: e.state for e in tables.entries("pr3")}
        assert {states[f"{n}@1"] for n in ("strong", "mid", "weak", "other")} == {ADMITTED}
        matches = store.tournament_matches(host.ladders["pr3"].tournament)
        assert matches and not any("bad@1" in m.bots for m in matches)
        pods = tables.pods(ladder="pr3")
        assert not [p for p in pods if p.state == OPEN]
        for pod in pods:  # a pod is done when every rotation is stored
            if pod.state == DONE and pod.kind == "rated":
                ids = {f"{pod.tournament}-{pod.pod:04d}-{r}" for r in range(3)}
                assert ids <= {m.match_id for m in matches}
        snap = store.latest_snapshot(league.ladders[0].ladder_key)
        assert snap is not None
        shown = {r.bot: r.elo for r in snap.bots}
        if "pr-greedy" in shown:  # the anchor pins the scale when it has played
            assert shown["pr-greedy"] == pytest.approx(1500.0)
            assert snap.model["anchor"] == "pr-greedy"
        assert any(line.startswith("pr3 placement") for line in lines)
        assert any("bad@1 rejected" in line for line in lines)
        assert any(" | " in line and "matches" in line for line in lines)  # status lines


@pytest.mark.slow
@dataclass
class Running:
    """A league host playing on its own thread, with its database, server and announced lines."""

    store: Store
    tables: LeagueTables
    host: LeagueHost
    address: str
    keys: dict[str, str]
    lines: list[str]


@contextmanager
def running_host(tmp_path: Path, text: str, names: tuple[str, ...]) -> Iterator[Running]:
    """The league of definition ``text`` with bots ``names`` registered, its host running until the
    block ends (the database stays open for the block's checks)."""
    definition = tmp_path / "league.toml"
    definition.write_text(text, encoding="utf-8")
    league = replace(
        load_definition(definition), db=str(tmp_path / "l.sqlite"), replay_dir=str(tmp_path / "r")
    )
    with Store(league.db) as store:
        tables = LeagueTables(store)
        server, _ = create_server("127.0.0.1:0")
        lines: list[str] = []
        host = LeagueHost(league, store, server, announce=lines.append)
        keys = {n: add_bot(tables, "pr3", (), n) for n in names}
        host.registry.refresh()
        stop = threading.Event()
        thread = threading.Thread(target=host.run, args=(stop,), daemon=True)
        thread.start()
        try:
            yield Running(store, tables, host, server.address, keys, lines)
        finally:
            stop.set()
            thread.join(60)


def test_a_bot_that_leaves_gets_no_more_matches_and_its_pod_is_voided(tmp_path: Path, bots: Bots) -> None:
    text = FAST.format(port=0).replace("pods = 1", "pods = 0")
    with running_host(tmp_path, text, ("a", "b", "leaver")) as run:
        store, tables, lines = run.store, run.tables, run.lines
        for name in run.keys:
            bots.start(name, "mix:0.5", run.address, run.keys[name])
        tournament = run.host.ladders["pr3"].tournament
        wait_for("a first match", lambda: len(store.tournament_matches(tournament)) >= 1, 60)
        bots.procs["leaver"].kill()  # gone between two matches of its pod (or in one)
        left_at = len(store.tournament_matches(tournament))
        wait_for("the pod to be voided", lambda: any("the rest of the pod is void" in ln for ln in lines), 60)
        time.sleep(3)  # a few ticks of the matchmaker without the leaver
    with Store(tmp_path / "l.sqlite") as store:
        tables = LeagueTables(store)
        matches = store.tournament_matches(tournament)
        with_leaver = [m for m in matches if "leaver@1" in m.bots]
        assert len(with_leaver) <= left_at + 1  # at most the match it was in when it left
        never = [f for m in with_leaver for f in m.faults if "never connected" in str(f.get("message", ""))]
        assert never == []
        assert any(p.state == "void" for p in tables.pods(ladder="pr3"))


@pytest.mark.slow
def test_a_bot_that_crashes_in_its_placement_pod_is_rejected_though_the_pod_is_void(
    tmp_path: Path, bots: Bots
) -> None:
    """The bot forfeits its first placement match by crashing and is gone for the next one, which voids
    the pod: a whole pod would never come, so the forfeit in the stored match rejects it."""
    with running_host(tmp_path, FAST.format(port=0), ("crasher",)) as run:
        proc = bots.start("crasher", "dies:5", run.address, run.keys["crasher"])  # exits in its first match
        wait_for("the crash", lambda: proc.poll() is not None, 60)

        def rejected() -> bool:
            found = run.tables.entry("pr3", "crasher@1")
            return found is not None and found.state == REJECTED

        wait_for("the verdict", rejected, 30)
        lines = run.lines
    with Store(tmp_path / "l.sqlite") as store:
        tables = LeagueTables(store)
        found = tables.entry("pr3", "crasher@1")
        assert found is not None
        note = found.note
        assert note.startswith("1 placement match: 1 forfeit (1 disconnect)"), note
        assert any("crasher@1 rejected" in line for line in lines)
        assert any(p.state == "void" and p.kind == "placement" for p in tables.pods(ladder="pr3"))
        # Its page shows the placement matches and their faults (a rejected bot has no rated match).
        page = LeagueData(store).bot("pr3", "crasher")
        assert page is not None and page["matches"] == 0 and page["placement"]
        assert page["placement_faults"]["crasher@1"]["forfeit_causes"] == {"disconnect": 1}
        shown = page["placement"][0]["match_id"]
        assert LeagueData(store).match(shown) is not None  # its match page is published
