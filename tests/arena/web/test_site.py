"""``arena report``: the static site of a database, bad input on the page or the command line, the
cache of replay data, ``--serve`` and ``arena play --view``."""

from __future__ import annotations

import json
import sqlite3
import threading
import urllib.request
import webbrowser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app
from arena.web.serve import db_stamp, start_server, watch
from arena.web.site import write_report
from ladders.store import Store
from tests.arena.web.conftest import run_cli

runner = CliRunner()


def match_ids(db: Path) -> list[str]:
    with Store(db) as store:
        return [m.match_id for m in store.matches()]


def test_the_report_has_an_index_a_page_per_ladder_and_per_match(ladder_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    text = run_cli("report", "--db", str(ladder_db), "--out", str(out))
    ids = match_ids(ladder_db)
    assert f"2 ladders, {len(ids)} matches, {len(ids)} replays" in text and "file://" in text
    index = (out / "index.html").read_text()
    assert index.count('href="ladder-') == 2 and "catan/base" in index and "puerto-rico/base" in index
    with Store(ladder_db) as store:
        seeds = {m.match_id: m.seed for m in store.matches()}
    for mid in ids:
        page = (out / "matches" / f"{mid}.html").read_text()
        assert seeds[mid] > 10**6 and str(seeds[mid]) not in page  # no seed leaves the referee's log
        assert f"../replays/{mid}.js" in page and "../static/viewer.js" in page
        data = (out / "replays" / f"{mid}.js").read_bytes()
        assert data.startswith(b"arenaReplay({") and data.endswith(b");\n")
        assert json.loads(data[len(b"arenaReplay(") : -3])["match"] == mid
        assert str(seeds[mid]).encode() not in data
    for name in ("viewer.js", "catan.js", "catan_ck.js", "puerto_rico.js", "style.css"):
        assert (out / "static" / name).stat().st_size > 1000
    # nothing is fetched from elsewhere: every page names only files of the site
    for page in [out / "index.html", out / "ladder-1.html", *sorted((out / "matches").iterdir())[:2]]:
        html = page.read_text()
        assert "http://" not in html and "https://" not in html, page


def test_a_second_report_derives_only_what_changed(ladder_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    first = write_report(str(ladder_db), out)
    assert first.derived == first.replays == first.matches
    again = write_report(str(ladder_db), out)
    assert again.derived == 0 and again.replays == first.replays


def test_bad_replays_are_said_on_their_page_and_the_rest_is_written(db_copy: Path, tmp_path: Path) -> None:
    with Store(db_copy) as store:
        records = store.matches()
    logs = {m.match_id: Path(str(m.replay)) for m in records}
    gone, corrupt, older = records[0].match_id, records[1].match_id, records[2].match_id
    logs[gone].unlink()
    logs[corrupt].write_text('{"type": "header", "format": 1, "game": {"game": "catan"\n')
    lines = logs[older].read_text().splitlines()
    header = json.loads(lines[0])
    header["game"]["rules_version"] = 1
    header["game"]["canonical"] = header["game"]["canonical"].replace("@2", "@1")
    logs[older].write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    out = tmp_path / "site"
    result = runner.invoke(app, ["report", "--db", str(db_copy), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "3 matches have no viewer:" in result.output
    assert f"{len(records) - 3} replays" in result.output
    page = {mid: (out / "matches" / f"{mid}.html").read_text() for mid in (gone, corrupt, older)}
    assert "is not on disk" in page[gone] and 'class="error replay-problem"' in page[gone]
    assert "corrupt replay log" in page[corrupt]
    assert "does not match this engine" in page[older] and "log is for catan/base@1" in page[older]
    assert all('id="viewer"' not in p for p in page.values())
    fine = records[3].match_id
    assert 'id="viewer"' in (out / "matches" / f"{fine}.html").read_text()
    ladder_pages = "".join(p.read_text() for p in out.glob("ladder-*.html"))
    assert ladder_pages.count("no viewer") == 3
    assert f'href="matches/{fine}.html#replay">viewer</a>' in ladder_pages
    assert f'href="matches/{gone}.html#replay"' not in ladder_pages


def test_a_database_without_ladders_gets_an_index_that_says_so(tmp_path: Path) -> None:
    db = tmp_path / "empty.sqlite"
    Store(db).close()
    out = tmp_path / "site"
    result = runner.invoke(app, ["report", "--db", str(db), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "0 ladders, 0 matches" in result.output
    assert "holds no ladder yet" in (out / "index.html").read_text()


def test_a_missing_or_corrupt_database_is_a_one_line_error(tmp_path: Path) -> None:
    missing = runner.invoke(
        app, ["report", "--db", str(tmp_path / "none.sqlite"), "--out", str(tmp_path / "s")]
    )
    assert missing.exit_code == 2 and "no ladder database here" in missing.output
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(b"this is not a database" * 100)
    corrupt = runner.invoke(app, ["report", "--db", str(bad), "--out", str(tmp_path / "s")])
    assert corrupt.exit_code == 2 and corrupt.output.count("\n") == 1, corrupt.output
    assert not (tmp_path / "s").exists()


def test_serve_answers_over_http_and_writes_again_when_the_database_changes(
    db_copy: Path, tmp_path: Path
) -> None:
    out = tmp_path / "site"
    write_report(str(db_copy), out, refresh=1)
    server, port = start_server(out)
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html", timeout=10) as reply:
            html = reply.read().decode()
        assert 'http-equiv="refresh"' in html and "catan/base" in html
        stop = threading.Event()
        written: list[int] = []

        def on_write(summary: object) -> None:
            written.append(getattr(summary, "matches", 0))
            stop.set()

        before = db_stamp(str(db_copy))
        with sqlite3.connect(db_copy) as con:  # the database changes while the report is served
            con.execute("DELETE FROM matches WHERE id = ?", (match_ids(db_copy)[0],))
        con.close()
        assert db_stamp(str(db_copy)) != before
        thread = threading.Thread(target=watch, args=(str(db_copy), out, 0.05, on_write, stop, before))
        thread.start()
        thread.join(timeout=60)
        assert not thread.is_alive() and written == [len(match_ids(db_copy))]
        shown = 0
        for name in ("ladder-1.html", "ladder-2.html"):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/{name}", timeout=10) as reply:
                shown += int(reply.read().decode().split("<h2>Matches (")[1].split(")")[0])
        assert shown == len(match_ids(db_copy))
    finally:
        server.shutdown()
        server.server_close()


def test_play_view_writes_the_viewer_of_the_match_just_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str] = []
    monkeypatch.setattr(webbrowser, "open", opened.append)  # no browser window in a test
    args = [
        "play",
        "pr",
        "--bots",
        "random,first,pr-greedy",
        "--seed",
        "2",
        "-q",
        "--view",
        "--view-dir",
        str(tmp_path),
    ]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert result.output.rstrip().splitlines()[-1].startswith("replay viewer: file://")
    page = Path(opened[0].removeprefix("file://"))
    assert page.is_file() and 'id="viewer"' in page.read_text()
    data = next((tmp_path / "replays").glob("*.js")).read_bytes()
    assert b'"puerto-rico"' in data and (tmp_path / "static" / "puerto_rico.js").is_file()


def test_a_log_that_breaks_the_engine_costs_only_its_own_viewer(db_copy: Path, tmp_path: Path) -> None:
    with Store(db_copy) as store:
        record = store.matches()[0]
    path = Path(str(record.replay))
    lines = path.read_text().splitlines()
    row = json.loads(lines[5])
    row["action"] = {"not": "a text"}  # the engine's parser meets a dict, not a string
    path.write_text("\n".join([*lines[:5], json.dumps(row), *lines[6:]]) + "\n")
    summary = write_report(str(db_copy), tmp_path / "site")
    assert list(summary.problems) == [record.match_id]
    assert "could not be replayed (AttributeError" in summary.problems[record.match_id]
    assert summary.replays == summary.matches - 1


def test_serve_says_when_the_database_breaks_and_keeps_the_pages(db_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    write_report(str(db_copy), out)
    before = db_stamp(str(db_copy))
    for suffix in ("-wal", "-shm"):
        Path(str(db_copy) + suffix).unlink(missing_ok=True)
    db_copy.write_bytes(b"not a database any more" * 200)
    errors: list[str] = []
    stop = threading.Event()

    def on_error(line: str) -> None:
        errors.append(line)
        stop.set()

    thread = threading.Thread(
        target=watch, args=(str(db_copy), out, 0.05, lambda s: None, stop, before, on_error)
    )
    thread.start()
    thread.join(timeout=60)
    assert not thread.is_alive() and errors and "could not write the report again" in errors[0]
    assert (out / "index.html").is_file() and "catan/base" in (out / "index.html").read_text()
