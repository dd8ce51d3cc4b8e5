"""The site's pages in a real browser (Debian's Chromium, headless, through Playwright): every page fits
a 390 px phone and a 1,400 px window, a ladder page shows the numbers of ``arena ladder show``, hostile
names and fault messages stay text, the match lists sort, filter and page, and a page served by
``--serve`` reloads when, and only when, it changed. Screenshots go to ``tests/artifacts/web/``."""

from __future__ import annotations

import json
import re
import sqlite3
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from arena.web.pages import bot_file
from arena.web.serve import serve_forever
from arena.web.site import write_report
from ladders.store import Store
from tests.arena.web.conftest import LONG_NAME, run_cli, shot
from tests.arena.web.test_serve import get, wait_for_port

pytestmark = pytest.mark.xdist_group("browser")


@pytest.fixture(scope="session")
def two_db_site(ladder_db: Path, ck_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("web-site-two")
    write_report([str(ladder_db), str(ck_db)], out)
    return out


def first_match(db: Path, game: str) -> str:
    with Store(db) as store:
        return next(m.match_id for m in store.matches() if m.ladder.startswith(game + "/"))


def test_every_page_fits_a_phone_and_a_wide_window(
    browser: Any, two_db_site: Path, ladder_db: Path, ck_db: Path
) -> None:
    pages = {
        "index": "index.html",
        "ladder-catan": "ladder-1.html",
        "ladder-ck": "ladder-3.html",
        "bot-long-name": bot_file(LONG_NAME),
        "bot-random": bot_file("random"),
        "match-catan": f"matches/{first_match(ladder_db, 'catan')}.html",
        "match-pr": f"matches/{first_match(ladder_db, 'puerto-rico')}.html",
        "match-ck": f"matches/{first_match(ck_db, 'catan-ck')}.html",
    }
    for width in (390, 1400):
        context = browser.new_context(viewport={"width": width, "height": 900})
        tab = context.new_page()
        errors: list[str] = []
        tab.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
        for name, path in pages.items():
            tab.goto((two_db_site / path).as_uri() + ("#ply=60" if name.startswith("match") else ""))
            if name.startswith("match"):
                tab.wait_for_selector("#viewer[data-ply]")
            wide = tab.evaluate("document.documentElement.scrollWidth")
            assert wide <= width, (name, width, wide)
            # nothing sticks out of the page's box either (a table scrolls inside its own)
            outside = tab.evaluate(
                """() => [...document.querySelectorAll('main *')].filter(e => {
                     const r = e.getBoundingClientRect();
                     return r.width > 0 && r.right > innerWidth + 1 && !e.closest('.table-wrap, .plot');
                   }).map(e => e.tagName + '.' + e.className).slice(0, 5)"""
            )
            assert not outside, (name, width, outside)
            if name.startswith("ladder"):  # a plot is drawn at its size: its text stays readable
                for svg in tab.locator(".plot svg").all():
                    box = svg.bounding_box()
                    assert box is not None and abs(box["width"] - float(svg.get_attribute("width") or 0)) < 1
            if name.startswith("match"):
                board = tab.locator(".board svg").first.bounding_box()
                assert board is not None and board["width"] <= width - 20, (name, width, board)
            shot(tab, f"{name}-{width}")
        context.close()
        assert not errors, errors


def test_long_names_and_keys_are_cut_short_with_the_whole_on_hover(page: Any, two_db_site: Path) -> None:
    page.goto((two_db_site / "ladder-3.html").as_uri())
    link = page.locator(f'table.standings a.bot[title="{LONG_NAME}"]')
    assert link.inner_text() == LONG_NAME  # the whole name is the link's text; the box cuts it
    box = link.bounding_box()
    assert box is not None and box["width"] < 16 * 15
    key = page.locator("h1 + p code.key")
    full = key.get_attribute("title") or ""
    assert full.startswith("catan-ck/base@") and "…" in key.inner_text() and len(key.inner_text()) < len(full)


def cells(row: Any) -> list[str]:
    return [c.strip() for c in row.locator("td").all_inner_texts()]


def test_a_ladder_page_shows_every_number_of_ladder_show(
    page: Any, two_db_site: Path, ladder_db: Path
) -> None:
    """Each number on the page is the one ``arena ladder show --json`` gives, rounded once: a rating
    shown as 1382 is the rating the JSON gives to a tenth, rounded (never that tenth rounded again),
    and the Elo cells are the very text of ``arena ladder show``'s table."""
    for n, game in ((1, "catan"), (2, "puerto-rico")):
        page.goto((two_db_site / f"ladder-{n}.html").as_uri())
        key = page.locator("h1 + p code.key").get_attribute("title") or ""
        assert key.startswith(game + "/")
        shown = json.loads(run_cli("ladder", "show", key, "--db", str(ladder_db), "--json"))
        table = run_cli("ladder", "show", key, "--db", str(ladder_db))
        summary = page.locator("h1 + p").inner_text()
        assert (
            f"{shown['matches']} matches in {shown['pods']} pod{'s' if shown['pods'] != 1 else ''}" in summary
        )
        assert ("PROVISIONAL" in summary) == shown["provisional"]
        rows = page.locator("table.standings tbody tr")
        assert rows.count() == len(shown["bots"])
        for i, bot in enumerate(shown["bots"]):
            got = cells(rows.nth(i))
            assert got[0] == str(i + 1) and got[1] == bot["bot"]
            assert got[2] == f"{bot['pods']}{'*' if bot['provisional'] else ''}" and got[3] == str(
                bot["games"]
            )
            # the posterior mode, one-sided bots too (in brackets: where the prior stops it): the
            # column reads top to bottom
            bracketed = bot["bound"] != "two-sided"
            assert got[4].startswith("(") == bracketed == got[4].endswith(")"), got
            elo = float(got[4].strip("()"))
            assert elo == round(elo) and abs(elo - bot["elo"]) <= 0.55  # the tenth of --json, rounded once
            assert (got[4], got[5]) == (bot["elo_text"], bot["interval_text"])
            if bot["bound"] != "two-sided":
                bound = bot["low"] if bot["bound"] == "at least" else bot["high"]
                assert got[5][:2] in ("≥ ", "≤ ") and abs(float(got[5][2:]) - bound) <= 0.55
            line = next(ln for ln in table.splitlines() if f" {bot['bot']} " in ln)
            assert re.search(rf"│ +{re.escape(got[4])} │ +{re.escape(got[5])} │", line), (
                line,
                got,
            )  # same text
            if bot["bound"] == "two-sided" and got[5] != "anchor":
                low, high = (float(v) for v in got[5].split(" .. "))
                assert abs(low - bot["low"]) <= 0.55 and abs(high - bot["high"]) <= 0.55
            los = "" if bot["los_next"] is None else f"{100 * bot['los_next']:.0f}%"
            assert got[6:9] == [los, f"{100 * bot['win_share']:.1f}%", f"{bot['mean_place']:.2f}"]
            assert got[9:11] == [str(bot["faults"] or ""), str(bot["forfeits"] or "")]
        seats = page.locator("table.seats tbody tr")
        assert seats.count() == len(shown["seats"])
        for seat in shown["seats"]:
            got = cells(seats.nth(seat["seat"]))
            assert got[0] == str(seat["seat"]) and abs(float(got[1]) - seat["elo"]) <= 0.55
            low, high = (float(v) for v in got[2].split(" .. "))
            assert abs(low - seat["low"]) <= 0.55 and abs(high - seat["high"]) <= 0.55
            assert re.search(rf"│ +{seat['seat']} │ +{re.escape(got[1])} │ +{re.escape(got[2])} │", table)
        names = [b["bot"] for b in shown["bots"]]
        pairs = {(h["a"], h["b"]): h for h in shown["head_to_head"]}
        h2h = page.locator("table.h2h tbody tr")
        for i, a in enumerate(names):
            got = cells(h2h.nth(i))
            for j, b in enumerate(names):
                if i == j:
                    assert got[2 + j] == "—"
                    continue
                pair = pairs[(a, b) if a < b else (b, a)]
                share = pair["a_share"] if a == pair["a"] else 1 - pair["a_share"]
                percent, games = re.fullmatch(r"(\d+)% \((\d+)\)", got[2 + j]).groups()  # type: ignore[union-attr]
                assert int(games) == pair["games"] and abs(int(percent) - 100 * share) <= 0.51
        assert page.locator("svg.ratings .interval").count() == len(names)
        shot(page, f"ladder-{game}")


@pytest.fixture(scope="session")
def hostile_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Puerto Rico tournament whose bots are named to inject markup, one of which says hello under a
    name with quotes and another that crashes printing markup (its faults quote it)."""
    folder = tmp_path_factory.mktemp("web-hostile")
    crash = folder / "crash.sh"
    crash.write_text("#!/bin/sh\necho '<img src=x onerror=window.__xss=4> \"q\" & </script>' >&2\nexit 3\n")
    hello = folder / "hello.sh"
    hello.write_text(
        f"#!/bin/sh\nexec {sys.executable} -m bots random --name '\"><svg onload=window.__xss=3>'\n"
    )
    for script in (crash, hello):
        script.chmod(0o755)
    (folder / "x.toml").write_text(
        f"""game = "pr"
players = 3
seed = 4
db = "x.sqlite"
bots = [
    {{name = "<img src=x onerror=window.__xss=1>", spec = "random"}},
    "cmd:{hello}",
    {{name = "</title><script>window.__xss=2</script>", spec = "cmd:{crash}"}},
]
"""
    )
    run_cli("run", str(folder / "x.toml"), "-q")
    return folder / "x.sqlite"


@pytest.mark.slow
def test_hostile_names_and_messages_are_shown_as_text_and_run_nothing(
    page: Any, hostile_db: Path, tmp_path: Path
) -> None:
    out = tmp_path / "site"
    summary = write_report(str(hostile_db), out)
    assert summary.matches == 3 and summary.replays == 3
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    paths = sorted(p for p in out.rglob("*.html"))
    assert len(paths) == 1 + 1 + 3 + 3  # index, ladder, three bots, three matches
    seen = ""
    for path in paths:
        page.goto(path.as_uri() + ("#ply=20" if path.parent.name == "matches" else ""))
        if path.parent.name == "matches":
            page.wait_for_selector("#viewer[data-ply]")
            for seat in ("0", "1", "2", "all"):
                page.select_option("select.seat", seat)
        assert page.evaluate("window.__xss") is None, path
        assert page.locator("[onerror], [onload], main script:not([src])").count() == 0, path
        seen += page.locator("body").inner_text()
    assert not dialogs
    for text in ("<img src=x onerror=window.__xss=1>", "</title><script>window.__xss=2</script>"):
        assert text in seen
    assert '"><svg onload=window.__xss=3>' in seen  # the hello name, in the viewer
    assert '<img src=x onerror=window.__xss=4> "q" & </script>' in seen  # the crash's output, in its faults
    shot(page, "hostile-match")


def test_the_match_list_sorts_filters_and_pages(page: Any, two_db_site: Path) -> None:
    page.add_init_script("window.arenaListPage = 3")  # three rows a page, to page through eight
    page.goto((two_db_site / "ladder-1.html").as_uri())
    table = page.locator("table[data-list]")
    listed = page.locator("table[data-list] tbody tr:not([hidden])")
    count = page.locator(".list-count")
    assert listed.count() == 3 and count.inner_text() == "matches 1-3 of 8"
    page.click(".list-controls button[data-step='1']")
    assert listed.count() == 3 and count.inner_text() == "matches 4-6 of 8"
    page.click(".list-controls button[data-step='1']")
    assert listed.count() == 2 and count.inner_text() == "matches 7-8 of 8"
    assert page.locator(".list-controls button[data-step='1']").is_disabled()
    page.click("table[data-list] th:has-text('match')")  # by match id, ascending
    ids = [cells(listed.nth(i))[0] for i in range(listed.count())]
    assert count.inner_text() == "matches 1-3 of 8" and ids == sorted(ids)
    page.click("table[data-list] th:has-text('match')")  # and descending
    assert cells(listed.nth(0))[0] > ids[-1]
    page.fill(".list-filter", "-0001-")
    assert count.inner_text() == "matches 1-3 of 4 (of 8)"
    assert all("-0001-" in cells(listed.nth(i))[0] for i in range(listed.count()))
    page.fill(".list-filter", "no such thing")
    assert listed.count() == 0 and count.inner_text() == 'no match says "no such thing"'
    page.fill(".list-filter", "-0000-")
    page.reload()  # the list keeps its state for the tab's session
    assert (
        page.locator(".list-filter").input_value() == "-0000-"
        and count.inner_text() == "matches 1-3 of 4 (of 8)"
    )
    assert table.get_attribute("data-shown") == "3"
    page.select_option(".list-sort", "1:1")  # the order picked from the list (a phone has no column heads)
    assert page.locator("table[data-list] th[aria-sort='ascending']").inner_text() == "finished"


def marked(page: Any) -> bool:
    """Whether the page still carries the mark set before: False once it reloaded, including when the
    reload destroys the page's context in the middle of the check."""
    try:
        return bool(page.evaluate("window.arenaMark") == 1)
    except PlaywrightError as exc:
        if "Execution context was destroyed" in str(exc):
            return False
        raise


@pytest.mark.slow
def test_a_served_page_reloads_when_and_only_when_it_changed(
    page: Any, db_copy: Path, tmp_path: Path
) -> None:
    out = tmp_path / "site"
    said: list[str] = []
    stop = threading.Event()
    kwargs = {"host": "127.0.0.1", "port": 0, "every": 0.2, "say": said.append, "stop": stop}
    thread = threading.Thread(target=serve_forever, args=([str(db_copy)], out), kwargs=kwargs)
    thread.start()
    try:
        port = wait_for_port(said)
        page.goto(f"http://127.0.0.1:{port}/ladder-1.html")
        shown = int(page.locator("h2:has-text('Matches (')").inner_text().split("(")[1].rstrip(")"))
        page.evaluate("window.arenaMark = 1")
        requests: list[str] = []
        page.on("request", lambda r: requests.append(r.url))
        page.wait_for_timeout(2600)  # more than two checks: the page is the same, it stays
        assert page.evaluate("window.arenaMark") == 1
        assert requests.count(f"http://127.0.0.1:{port}/ladder-1.html") >= 2  # it did check
        with sqlite3.connect(db_copy) as con:
            con.execute(
                "DELETE FROM matches WHERE id = (SELECT id FROM matches WHERE ladder LIKE 'catan/%' LIMIT 1)"
            )
        con.close()
        deadline = time.monotonic() + 60
        while marked(page):  # until it reloads (the served pages allow no eval, so the wait is polled here)
            assert time.monotonic() < deadline, said
            page.wait_for_timeout(100)
        page.wait_for_selector(f"h2:has-text('Matches ({shown - 1})')")
    finally:
        stop.set()
        thread.join(timeout=60)
    assert "arena-refresh" not in (out / "ladder-1.html").read_text()
    with pytest.raises(OSError):
        get(port, "/ladder-1.html")
