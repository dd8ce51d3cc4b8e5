"""The league's live site and JSON API, served by uvicorn over a real league database: standings,
a page per bot, every published replay in the viewer (in Chromium), nothing of a pod under way, no
seed anywhere, no write endpoint. The database comes from a real host playing house pods on the local
backend."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from arena.league.definition import LeagueDef, from_mapping
from arena.league.host import LeagueHost
from arena.league.registry import add_bot
from arena.league.web import Site, start_site
from engine.referee import create_server
from ladders.fit import fit_ladder
from ladders.league_tables import LeagueTables
from ladders.records import MatchRecord, RatedMatch, snapshot_rows
from ladders.store import Store
from tests.arena.league.conftest import wait_for
from tests.arena.web.conftest import ARTIFACTS, CHROMIUM, FLAGS

LEAGUE = {
    "name": "house league",
    "site": "127.0.0.1:0",
    "refit_s": 0.3,
    "ladder": [
        {"id": "pr3", "game": "pr", "players": 3, "house": ["pr-greedy", "random", "first"],
         "anchor": {"bot": "pr-greedy", "rating": 1600}, "house_pods": 1}
    ],
}  # fmt: skip


@pytest.fixture(scope="module")
def league_db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LeagueDef, str]]:
    folder = tmp_path_factory.mktemp("league-web")
    db = str(folder / "league.sqlite")
    league = replace(from_mapping(LEAGUE, "test"), db=db, replay_dir=str(folder / "replays"))
    with Store(db) as store:
        server, _ = create_server("127.0.0.1:0")
        host = LeagueHost(league, store, server, announce=lambda line: None)
        add_bot(host.tables, "pr3", ("pr-greedy", "random", "first"), "newcomer")  # never connects
        add_bot(host.tables, "pr3", ("pr-greedy", "random", "first"), "placed")  # admitted, never connects
        host.tables.set_state("pr3", "placed@1", "admitted")
        stop = threading.Event()
        thread = threading.Thread(target=host.run, args=(stop,), daemon=True)
        thread.start()
        try:
            wait_for(
                "two house pods",
                lambda: len(store.tournament_matches(host.ladders["pr3"].tournament)) >= 6,
                120,
            )
        finally:
            stop.set()
            thread.join(60)
        row = host.tables.ladder("pr3")
        assert row is not None
        # A pod under way: recorded, one of its matches stored, the pod still open.
        pod = host.tables.open_pod(row.tournament, "pr3", "rated", ("pr-greedy", "random", "first"), 3)
        first = store.tournament_matches(row.tournament)[0]
        store.record_match(replace(first, match_id=f"{row.tournament}-{pod:04d}-0", pod_index=pod))
    yield league, db


@pytest.fixture(scope="module")
def site(league_db: tuple[LeagueDef, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    league, db = league_db
    web = start_site(league, db, folder=tmp_path_factory.mktemp("site"))
    yield web
    web.stop()


def get(site: Site, path: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(site.url.rstrip("/") + path, timeout=30) as r:
            return r.status, r.headers.get("content-type", ""), r.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers.get("content-type", ""), exc.read()


def api(site: Site, path: str) -> Any:
    status, kind, body = get(site, path)
    assert status == 200 and kind.startswith("application/json"), (path, status, body[:200])
    return json.loads(body)


def test_the_api_shows_standings_bots_and_published_matches(
    site: Site, league_db: tuple[LeagueDef, str]
) -> None:
    _, db = league_db
    (ladder,) = api(site, "/api/ladders")
    assert ladder["id"] == "pr3" and ladder["house"] == ["pr-greedy", "random", "first"]
    st = api(site, "/api/ladders/pr3/standings")
    assert {r["bot"] for r in st["bots"]} == {"pr-greedy", "random", "first"}
    anchor = next(r for r in st["bots"] if r["bot"] == "pr-greedy")
    assert anchor["elo"] == 1600 and st["model"]["anchor"] == "pr-greedy"
    assert sorted(st["unrated"], key=lambda e: e["bot"]) == [
        {
            "bot": "newcomer@1",
            "name": "newcomer",
            "version": "1",
            "state": "placement",
            "note": "plays its placement matches against house bots first",
        },
        {
            "bot": "placed@1",
            "name": "placed",
            "version": "1",
            "state": "admitted",
            "note": "placed; rated from its first rated match on",
        },
    ]
    listed = api(site, "/api/ladders/pr3/matches?limit=500")
    with Store(db) as store:
        tables = LeagueTables(store)
        row = tables.ladder("pr3")
        assert row is not None
        stored = store.tournament_matches(row.tournament)
        open_pods = {(p.tournament, p.pod) for p in tables.pods(state="open")}
    hidden = [m for m in stored if (m.tournament_id, m.pod_index) in open_pods]
    assert len(hidden) == 1 and len(listed) == len(stored) - 1 == ladder["matches"]
    assert hidden[0].match_id not in {m["match_id"] for m in listed}
    for path in (f"/api/matches/{hidden[0].match_id}", f"/api/matches/{hidden[0].match_id}/replay",
                 f"/matches/{hidden[0].match_id}.html"):  # fmt: skip
        assert get(site, path)[0] == 404
    one = listed[0]
    shown = api(site, f"/api/matches/{one['match_id']}")
    assert shown == one and "seed" not in json.dumps(shown)
    record: MatchRecord = next(m for m in stored if m.match_id == one["match_id"])
    status, kind, body = get(site, f"/api/matches/{one['match_id']}/replay")
    assert status == 200 and kind == "application/json"
    view = json.loads(body)
    assert view["format"] == "arena-replay-view" and str(record.seed) not in body.decode()
    status, _, log = get(site, f"/replays/{one['match_id']}.jsonl")  # the log as the report publishes it
    assert status == 200 and b'"type":"header"' in log and str(record.seed).encode() not in log
    assert api(site, "/api/ladders/pr3/bots/newcomer")["versions"][0]["state"] == "placement"
    assert api(site, "/api/ladders/pr3/bots/newcomer/matches") == []
    assert get(site, "/api/ladders/pr3/bots/nobody")[0] == 404
    for bad in ("-1", "0", "abc", "501", "2.5"):  # a limit the API cannot honour is refused, not guessed
        status, _, body = get(site, f"/api/ladders/pr3/matches?limit={bad}")
        assert status == 400 and b"limit must be a whole number from 1 to 500" in body, bad
    assert len(api(site, "/api/ladders/pr3/matches?limit=2")) == 2
    assert get(site, "/api/ladders/px/standings")[0] == 404
    request = urllib.request.Request(site.url + "api/ladders", data=b"{}", method="POST")
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(request, timeout=10)
    assert err.value.code == 405


def test_the_pages_render_and_the_viewer_plays_a_match(site: Site) -> None:
    status, kind, body = get(site, "/")
    assert status == 200 and "text/html" in kind
    text = body.decode()
    assert "house league" in text and "pr-greedy" in text and "newcomer@1" in text and "placement" in text
    assert get(site, "/bots/pr3/newcomer.html")[0] == 200
    assert "no rating yet" in get(site, "/bots/pr3/newcomer.html")[2].decode()
    assert get(site, "/ladders/pr3.html")[0] == 200
    if not CHROMIUM.is_file():
        pytest.skip("Debian's chromium is not installed (make test installs it)")
    sync_api = pytest.importorskip("playwright.sync_api")
    one = api(site, "/api/ladders/pr3/matches?limit=1")[0]["match_id"]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(site.url)
        page.screenshot(path=str(ARTIFACTS / "league-index.png"), full_page=True)
        page.goto(site.url + f"matches/{one}.html")
        page.wait_for_selector("#viewer svg, #viewer canvas, #viewer .board, #viewer input", timeout=20_000)
        time.sleep(0.3)
        page.screenshot(path=str(ARTIFACTS / "league-match.png"))
        assert "loading the replay" not in page.inner_text("#viewer")
        page.click('.summary a[href="../ladders/pr3.html"]')
        assert page.url.endswith("/ladders/pr3.html")
        browser.close()
    assert errors == []


def test_a_ladder_whose_bots_never_met_says_so_on_its_pages(
    league_db: tuple[LeagueDef, str], tmp_path: Path
) -> None:
    """A fit whose bots fall in groups that never met (authors who met only each other) is shown with
    its warning, in the API and on the pages; the house-only ladder above has none."""
    league, db = league_db
    copy = tmp_path / "apart.sqlite"
    with sqlite3.connect(db) as source, sqlite3.connect(copy) as target:
        source.backup(target)
    with Store(copy) as store:
        row = LeagueTables(store).ladder("pr3")
        assert row is not None
        assert store.latest_snapshot(row.ladder).model["warnings"] == []  # type: ignore[union-attr]
        apart = [RatedMatch(f"a{k}", ("alice", "bob", "carol")[k % 3 :] + ("alice", "bob", "carol")[: k % 3],
                            (1, 2, 3)) for k in range(6)]  # fmt: skip
        rated = store.rated_matches(row.ladder) + apart
        store.save_snapshot(row.ladder, *snapshot_rows(fit_ladder(rated, anchor_bot="pr-greedy")))
    web = start_site(replace(league, db=str(copy)), str(copy), folder=tmp_path / "site")
    try:
        (warning,) = api(web, "/api/ladders/pr3/standings")["model"]["warnings"]
        assert "never met" in warning and "[alice, bob, carol]" in warning
        for page in ("/", "/ladders/pr3.html"):
            text = get(web, page)[2].decode()
            assert '<p class="warning">the bots fall in 2 groups that never met' in text, page
    finally:
        web.stop()


def test_ladder_show_takes_a_league_ladders_id(league_db: tuple[LeagueDef, str]) -> None:
    from typer.testing import CliRunner

    from arena.cli import app

    _, db = league_db
    before = Path(db).read_bytes()
    by_id = CliRunner().invoke(app, ["ladder", "show", "pr3", "--db", db, "--json"])
    by_key = CliRunner().invoke(app, ["ladder", "show", "pr/base", "--db", db, "--json"])
    assert by_id.exit_code == 0 and by_id.output == by_key.output, by_id.output
    assert json.loads(by_id.output)["ladder"].startswith("puerto-rico/base@1(players=3")
    assert Path(db).read_bytes() == before  # read only
