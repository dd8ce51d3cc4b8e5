"""``arena report``: the static site of one or more databases (index by game, ladder, bot and match pages,
downloads), what it must never publish, bad input on the page or the command line, the cache of replay
data, and ``arena play --view``."""

from __future__ import annotations

import csv
import io
import json
import re
import webbrowser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app
from arena.web.pages import bot_file
from arena.web.site import SiteError, write_report
from ladders.store import Store
from tests.arena.web.conftest import run_cli

runner = CliRunner()


def match_ids(db: Path) -> list[str]:
    with Store(db) as store:
        return [m.match_id for m in store.matches()]


def test_the_report_has_an_index_and_a_page_per_ladder_bot_and_match(ladder_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    text = run_cli("report", "--db", str(ladder_db), "--out", str(out))
    ids = match_ids(ladder_db)
    assert f"2 ladders, {len(ids)} matches, {len(ids)} replays" in text and "file://" in text
    index = (out / "index.html").read_text()
    assert index.count('href="ladder-') == 2
    assert '<h2 id="game-catan">Catan</h2>' in index and '<h2 id="game-puerto-rico">Puerto Rico</h2>' in index
    assert "Catan, base game, 4 seats" in index and "Puerto Rico, 3 seats" in index  # human names
    assert 'title="catan/base@' in index  # the whole key on hover
    bots = ["catan-greedy", "first", "greedy2", "pr-greedy", "random"]
    for bot in bots:
        assert f'href="{bot_file(bot)}"' in index
        page = (out / bot_file(bot)).read_text()
        assert f"<h1>{bot}</h1>" in page and "<h2>Ladders</h2>" in page and "Head to head" in page
    with Store(ladder_db) as store:
        seeds = {m.match_id: m.seed for m in store.matches()}
    for mid in ids:
        page = (out / "matches" / f"{mid}.html").read_text()
        assert seeds[mid] > 10**6 and str(seeds[mid]) not in page  # no seed leaves the referee's log
        assert f"../replays/{mid}.js" in page and "../static/viewer.js" in page
        assert f'href="../replays/{mid}.jsonl" download' in page
        data = (out / "replays" / f"{mid}.js").read_bytes()
        assert data.startswith(b"arenaReplay({") and data.endswith(b");\n")
        assert json.loads(data[len(b"arenaReplay(") : -3])["match"] == mid
        assert str(seeds[mid]).encode() not in data
    for name in ("viewer.js", "catan.js", "catan_ck.js", "puerto_rico.js", "site.js", "style.css"):
        assert (out / "static" / name).stat().st_size > 1000
    # nothing is fetched from elsewhere, and no page holds a script of its own
    for page in [out / "index.html", out / "ladder-1.html", *sorted((out / "matches").iterdir())[:2]]:
        html = page.read_text()
        assert "http://" not in html and "https://" not in html, page
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), page


def test_a_published_replay_log_is_the_log_without_its_seed(ladder_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    write_report(str(ladder_db), out)
    with Store(ladder_db) as store:
        record = store.matches()[0]
    original = Path(str(record.replay)).read_text().splitlines()
    published = (out / "replays" / f"{record.match_id}.jsonl").read_text().splitlines()
    header = json.loads(original[0])
    assert header.pop("seed") == record.seed
    assert json.loads(published[0]) == header and "seed" not in published[0]
    assert published[1:] == original[1:]


def test_the_standings_download_is_the_csv_of_ladder_show(ladder_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    write_report(str(ladder_db), out)
    index = (out / "index.html").read_text()
    for n, key in enumerate(re.findall(r'title="((?:catan|puerto-rico)/[^"]+)"', index), 1):
        shown = run_cli("ladder", "show", key.replace("&amp;", "&"), "--db", str(ladder_db), "--csv")
        assert (out / f"ladder-{n}.csv").read_text() == shown
        assert f'href="ladder-{n}.csv" download' in (out / f"ladder-{n}.html").read_text()
        rows = list(csv.DictReader(io.StringIO(shown)))
        assert rows and rows[0]["ladder"] == key


def test_nothing_published_names_a_host_path(db_copy: Path, tmp_path: Path) -> None:
    """The site is published whole: no file of it names the folders of the host (the manifest of the
    replay cache included), not even where a log is missing."""
    with Store(db_copy) as store:
        gone = store.matches()[0]
    Path(str(gone.replay)).unlink()
    out = tmp_path / "site"
    summary = write_report(str(db_copy), out)
    assert list(summary.problems) == [gone.match_id]
    assert "no replay log on disk (t-replays/" in summary.problems[gone.match_id]
    host = str(tmp_path)
    files = [p for p in out.rglob("*") if p.is_file()]
    assert len(files) > 40 and (out / "replays" / "manifest.json") in files
    for path in files:
        assert host not in path.read_text(encoding="utf-8"), path


def test_an_out_folder_that_holds_a_database_or_replay_logs_is_refused(db_copy: Path, tmp_path: Path) -> None:
    before = sorted(p.name for p in tmp_path.iterdir())
    for out in (tmp_path, tmp_path / "t-replays"):
        result = runner.invoke(app, ["report", "--db", str(db_copy), "--out", str(out)])
        assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
        assert "must not be published" in result.output and "folder of its own" in result.output
    with pytest.raises(SiteError, match=r"t\.sqlite"):
        write_report(str(db_copy), tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing was written


def test_one_site_from_several_databases(ladder_db: Path, ck_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    text = run_cli("report", "--db", str(ladder_db), "--db", str(ck_db), "--out", str(out))
    assert "3 ladders" in text
    index = (out / "index.html").read_text()
    assert "from t.sqlite, ck.sqlite" in index
    assert "Catan: Cities &amp; Knights, 3 seats [ck.sqlite]" in index
    assert "Catan, base game, 4 seats [t.sqlite]" in index
    random_page = (out / bot_file("random")).read_text()  # one page per bot, across the databases
    assert random_page.count('<a href="../ladder-') >= 3 and "3 ladders" in random_page
    for mid in match_ids(ck_db):
        assert (out / "matches" / f"{mid}.html").is_file()


def test_a_match_id_held_by_two_databases_gets_two_pages(
    db_copy: Path, ladder_db: Path, tmp_path: Path
) -> None:
    out = tmp_path / "site"
    write_report([str(ladder_db), str(db_copy)], out)
    mid = match_ids(ladder_db)[0]
    first, second = out / "matches" / f"{mid}.html", out / "matches" / f"{mid}-2.html"
    assert first.is_file() and second.is_file()
    # two databases of one file name are told apart by their folders' names
    assert f"[{ladder_db.parent.name}/t.sqlite]" in first.read_text()
    assert f"[{db_copy.parent.name}/t.sqlite]" in second.read_text()
    assert (out / "replays" / f"{mid}-2.js").is_file()


def test_a_second_report_writes_only_what_changed(ladder_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    first = write_report(str(ladder_db), out)
    assert first.derived == first.replays == first.matches and first.changed > 40
    pages = {p: p.read_bytes() for p in out.rglob("*.html")}
    again = write_report(str(ladder_db), out)
    assert again.derived == 0 and again.replays == first.replays
    assert again.changed <= 1  # at most the index, whose stamp says when the site was generated
    assert {p: p.read_bytes() for p in out.rglob("*.html") if p.name != "index.html"} == {
        p: b for p, b in pages.items() if p.name != "index.html"
    }
    assert not [p for p in out.rglob("*") if p.name.endswith(".tmp")]  # no temporary file is left


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
    assert "no replay log on disk" in page[gone] and 'class="error replay-problem"' in page[gone]
    assert "corrupt replay log t-replays/" in page[corrupt]
    assert "does not match this engine" in page[older] and "log is for catan/base@1" in page[older]
    assert all('id="viewer"' not in p and "download>" not in p for p in page.values())
    fine = records[3].match_id
    assert 'id="viewer"' in (out / "matches" / f"{fine}.html").read_text()
    ladder_pages = "".join(p.read_text() for p in out.glob("ladder-*.html"))
    assert ladder_pages.count(">no viewer<") == 3
    assert f'href="matches/{fine}.html#replay">viewer</a>' in ladder_pages
    assert f'href="matches/{gone}.html#replay"' not in ladder_pages


def test_a_database_without_ladders_gets_an_index_that_says_so(tmp_path: Path) -> None:
    db = tmp_path / "empty.sqlite"
    Store(db).close()
    out = tmp_path / "site"
    result = runner.invoke(app, ["report", "--db", str(db), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "0 ladders, 0 matches" in result.output
    assert "no ladder yet" in (out / "index.html").read_text()


def test_a_missing_empty_or_corrupt_database_is_a_one_line_error(tmp_path: Path) -> None:
    missing = runner.invoke(
        app, ["report", "--db", str(tmp_path / "none.sqlite"), "--out", str(tmp_path / "s")]
    )
    assert missing.exit_code == 2 and "no ladder database here" in missing.output
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    result = runner.invoke(app, ["report", "--db", str(empty), "--out", str(tmp_path / "s")])
    assert result.exit_code == 2 and "an empty file, not a ladder database" in result.output
    assert empty.read_bytes() == b""  # not made into a database
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(b"this is not a database" * 100)
    corrupt = runner.invoke(app, ["report", "--db", str(bad), "--out", str(tmp_path / "s")])
    assert corrupt.exit_code == 2 and corrupt.output.count("\n") == 1, corrupt.output
    assert not (tmp_path / "s").exists()


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

    bot = tmp_path / "fails.py"  # a bot that faults: the viewer opens at its first fault, as its seat saw it
    bot.write_text(
        "class Fails:\n    def act(self, request):\n        return 0 if request.ply < 9 else 'fly'\n"
    )
    args[3] = f"random,py:{bot}:Fails,pr-greedy"
    result = runner.invoke(app, [*args[:-1], str(tmp_path / "faulty")])
    assert result.exit_code == 0, result.output
    first = next(line for line in result.output.splitlines() if line.startswith("seat 1: "))
    ply = first.split(" at ply ")[1].split()[0]
    assert result.output.rstrip().endswith(f"/match.html#ply={ply}&seat=1"), result.output


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


def test_no_page_or_file_names_a_folder_a_crashing_bot_printed(tmp_path: Path) -> None:
    """A crash fault quotes the process's last output, here a traceback naming its file: the site shows
    the file's name and none of the host's folders, on its pages, in the viewer's data and in the replay
    logs it serves."""
    import sys

    folder = tmp_path / "host-secret-folder"
    folder.mkdir()
    crash = folder / "crash_bot.py"
    crash.write_text("raise SystemExit(open('/no/such/host/folder/model.bin').read())\n", encoding="utf-8")
    db = tmp_path / "c.sqlite"
    run_cli(
        "run", "--game", "pr", "--players", "3", "--bots", f"random,first,crasher=cmd:{sys.executable} {crash}",
        "--pods", "1", "--seed", "3", "--db", str(db), "--workers", "1", "-q",
    )  # fmt: skip
    with Store(db) as store:
        messages = [str(f["message"]) for m in store.matches() for f in m.faults]
    assert any(str(folder) in m and "/no/such/host/folder/" in m for m in messages)  # stored whole
    out = tmp_path / "site"
    run_cli("report", "--db", str(db), "--out", str(out))
    texts = [p.read_text(errors="replace") for p in out.rglob("*") if p.is_file() and p.suffix != ".css"]
    assert any("…/crash_bot.py" in t for t in texts) and any("…/model.bin" in t for t in texts)
    for text in texts:
        assert str(tmp_path) not in text and "/no/such/host/folder" not in text
