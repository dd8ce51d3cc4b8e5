"""The runner writes each match's viewer data beside its replay log; ``arena report`` takes it when it
was made from the log as it is, and derives it otherwise; ``--no-viewer`` / ``viewer = false`` turn it
off."""

from __future__ import annotations

import json
from pathlib import Path

import orjson

from arena.web.replay_data import source_stamp, view_path, viewer_data
from arena.web.site import write_report
from engine.core.replay import ReplayLog
from ladders.store import Store
from tests.arena.web.conftest import run_cli


def logs_of(db: Path) -> dict[str, Path]:
    with Store(db) as store:
        return {m.match_id: Path(str(m.replay)) for m in store.matches()}


def report_js(out: Path, match_id: str) -> dict[str, object]:
    data = (out / "replays" / f"{match_id}.js").read_bytes()
    loaded: dict[str, object] = json.loads(data[len(b"arenaReplay(") : -3])
    return loaded


def test_every_match_has_its_viewer_data_beside_its_log_as_derived_from_the_log(ladder_db: Path) -> None:
    logs = logs_of(ladder_db)
    assert len(logs) > 10
    for match_id, log in logs.items():
        written = orjson.loads(view_path(log).read_bytes())
        raw = log.read_bytes()
        assert written["source"] == source_stamp(raw)
        again = viewer_data(ReplayLog.read(log), match_id=match_id, source=raw)
        assert written == orjson.loads(orjson.dumps(again))  # exact: the same as the report derives
        assert written["match"] == match_id and "ms" in written["moves"][0]  # the worker's timings


def test_the_report_takes_the_runners_files_and_derives_the_stale_and_missing(
    db_copy: Path, tmp_path: Path
) -> None:
    logs = logs_of(db_copy)
    ids = sorted(logs)
    gone, stale = ids[0], ids[1]
    view_path(logs[gone]).unlink()  # a database from before the runner wrote them
    text = logs[stale].read_text()  # the log rewritten without its timing line: another file
    logs[stale].write_text("\n".join(line for line in text.splitlines() if '"timing"' not in line) + "\n")
    out = tmp_path / "site"
    summary = write_report(str(db_copy), out)
    assert summary.replays == summary.derived == len(ids) and not summary.problems
    assert summary.taken == len(ids) - 2
    assert "ms" not in report_js(out, stale)["moves"][0]  # derived from the log as it is now
    derived = viewer_data(ReplayLog.read(logs[gone]), match_id=gone, source=logs[gone].read_bytes())
    assert report_js(out, gone) == orjson.loads(orjson.dumps(derived))
    assert report_js(out, ids[2]) == orjson.loads(view_path(logs[ids[2]]).read_bytes())
    view_path(logs[ids[2]]).write_bytes(b"{not json")  # a damaged viewer file: derived, no problem
    (out / "replays" / "manifest.json").unlink()
    summary = write_report(str(db_copy), out)
    assert summary.taken == len(ids) - 3 and not summary.problems
    assert report_js(out, ids[2])["format"] == "arena-replay-view"


def test_no_viewer_writes_none_and_the_report_derives_them(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    common = ("--game", "pr", "--players", "3", "--bots", "pr-greedy,random,first", "--seed", "3", "-q")
    run_cli("run", *common, "--db", str(db), "--no-viewer")
    folder = tmp_path / "t-replays"
    assert len(list(folder.glob("*.jsonl"))) == 3 and not list(folder.glob("*.view.json"))
    text = run_cli("report", "--db", str(db), "--out", str(tmp_path / "site"))
    assert "3 replays (3 made now: 0 as the runner wrote them, 3 derived from their logs)" in text
    toml = tmp_path / "t.toml"
    toml.write_text(
        'game = "pr"\nplayers = 3\nbots = "pr-greedy,random,first"\nseed = 3\nviewer = false\n'
        'db = "u.sqlite"\n'
    )
    run_cli("run", str(toml), "-q")
    assert not list((tmp_path / "u-replays").glob("*.view.json"))
    toml.write_text(toml.read_text().replace("viewer = false", "viewer = true"))
    run_cli("run", str(toml), "--db", str(tmp_path / "v.sqlite"), "-q")
    assert len(list((tmp_path / "v-replays").glob("*.view.json"))) == 3
    text = run_cli("report", "--db", str(tmp_path / "v.sqlite"), "--out", str(tmp_path / "site2"))
    assert "3 made now: 3 as the runner wrote them, 0 derived from their logs" in text
