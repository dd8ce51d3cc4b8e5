"""``arena run`` when its output is not a terminal: a line per match and standings lines; why a bot
forfeited, in the run and in ``ladder show``; Ctrl-C or SIGTERM: what is stored, exit 130 or 143, nothing left running."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app
from ladders.store import Store
from tests.arena.terminal import with_ctrl_c

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()
MATCH_LINE = re.compile(
    r"^\[(\d+)/(\d+)\] ([0-9a-f]{16}-\d{4}-\d)  places (.+)  (victory|turn_cap|forfeit|aborted)  (.+)  (\d+\.\d) s$"
)


def test_plain_output_has_a_line_per_match_standings_and_the_cause_of_each_forfeit(tmp_path: Path) -> None:
    crasher = tmp_path / "crasher.py"
    crasher.write_text("import sys\nprint('cannot start: missing weights')\nsys.exit(3)\n")
    db = tmp_path / "t.sqlite"
    bots = f"random,first,cmd:python {crasher},pr-greedy"
    args = ["run", "--game", "pr", "--players", "3", "--bots", bots, "--seed", "5", "--db", str(db)]
    out = runner.invoke(app, [*args, "--workers", "2", "--strike-limit", "1"])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert "0 of 12 matches already stored; 12 to play" in lines
    matches = [m for m in map(MATCH_LINE.match, lines) if m]
    assert [int(m.group(1)) for m in matches] == list(range(1, 13))
    with Store(db) as store:
        stored = {r.match_id: r for r in store.tournament_matches(store.tournaments()[0][0])}
    for m in matches:
        record = stored[m.group(3)]
        shown = ", ".join(f"{p} {label}" for p, label in zip(record.places, record.labels, strict=True))
        assert m.group(4) == shown and m.group(5) == record.termination
        if record.forfeits:
            seat = record.forfeits[0]
            assert m.group(6) == (
                f"seat {seat} (cmd:python {crasher}) forfeited after 2 faults (2 crash), the last a crash: the bot"
                " process exited with code 3 before connecting; its last output: cannot start: missing weights"
            )
        else:
            assert m.group(6) == "no faults"
    standings = [line for line in lines if line.startswith("standings after ")]
    assert len(standings) == 3 and all("1 " in s and "random" in s for s in standings)

    shown = runner.invoke(app, ["ladder", "show", "pr", "--db", str(db)])
    assert shown.exit_code == 0, shown.output
    assert "┃ faults ┃ forfeits ┃" in shown.output
    assert (
        f"  cmd:python {crasher}: 9 forfeits (9 crash); 18 faults: 18 crash; last crash: the bot process exited"
        " with code 3 before connecting; its last output: cannot start: missing weights"
    ) in shown.output.splitlines()
    rows = {
        r["bot"]: r
        for r in json.loads(runner.invoke(app, ["ladder", "show", "pr", "--db", str(db), "--json"]).output)[
            "bots"
        ]
    }
    crashed = rows[f"cmd:python {crasher}"]
    assert crashed["fault_kinds"] == {"crash": 18} and crashed["forfeit_causes"] == {"crash": 9}
    assert "missing weights" in crashed["last_fault"]["crash"]
    assert rows["random"]["fault_kinds"] == {} and rows["random"]["forfeits"] == 0


def processes_with(marker: str) -> list[int]:
    """Pids of this user's processes whose environment holds ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker.encode() in (entry / "environ").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_ctrl_c_or_sigterm_says_what_is_stored_leaves_nothing_running_and_resumes(
    tmp_path: Path, sig: signal.Signals
) -> None:
    """SIGTERM (a service manager, ``kill``) stops a run as Ctrl-C does; the exit status names the signal."""
    marker = f"ARENA_TEST_MARK={uuid.uuid4().hex}"
    env = {**os.environ, marker.split("=")[0]: marker.split("=")[1]}
    db = tmp_path / "t.sqlite"
    bots = f"random,first,cmd:{sys.executable} -m bots random,grpc:random"  # the venv's python
    cmd = [
        sys.executable,
        "-m",
        "arena",
        "run",
        "--game",
        "catan",
        "--bots",
        bots,
        "--pods",
        "1",
        "--seed",
        "2",
    ]
    cmd += ["--db", str(db), "--workers", "2"]
    proc = subprocess.Popen(
        with_ctrl_c(cmd),  # a background job ignores SIGINT: see tests.arena.terminal
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert proc.stdout is not None
    seen = []
    for line in proc.stdout:
        seen.append(line)
        if line.startswith("[1/4]"):
            break
    assert seen and seen[-1].startswith("[1/4]"), "".join(seen)
    assert len(processes_with(marker)) > 1  # the runner, its workers and their bots are running
    proc.send_signal(sig)
    rest, _ = proc.communicate(timeout=30)
    assert proc.returncode == 128 + sig, "".join(seen) + rest
    with Store(db) as store:
        stored = len(store.tournament_matches(store.tournaments()[0][0]))
    assert rest.strip().splitlines()[-1] == (
        f"interrupted: {stored} of 4 matches stored; run the same command again to resume"
    )
    assert "Traceback" not in rest
    deadline = time.monotonic() + 5
    while processes_with(marker) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert processes_with(marker) == []

    again = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stdout + again.stderr
    assert stored < 4  # the interrupt came while matches were in flight
    assert f"{stored} of 4 matches already stored; {4 - stored} to play" in again.stdout
    assert f"{4 - stored} played, {stored} already done, 0 failed, 4 scheduled" in again.stdout


def test_an_interrupted_run_counts_what_the_database_holds(tmp_path: Path) -> None:
    """A match committed just before Ctrl-C may not have been reported yet: the line counts the
    database's matches of the tournament, and the last report's only when the database cannot be read."""
    from arena.cli.run import stored_matches
    from arena.run_progress import Tracker
    from arena.runner import Progress
    from ladders.live import LiveRatings

    db = tmp_path / "t.sqlite"
    args = ["run", "--game", "pr", "--players", "3", "--bots", "random,first,pr-greedy", "--pods", "1"]
    assert runner.invoke(app, [*args, "--seed", "1", "-q", "--db", str(db)]).exit_code == 0
    with Store(db) as store:
        tournament = store.tournaments()[0][0]
    tracker = Tracker()
    tracker.last = Progress(2, 3, 2, 0, 1.0, LiveRatings([]), tournament=tournament)  # the third unreported
    assert tracker.interrupted_line(stored_matches(str(db))).startswith("interrupted: 3 of 3 matches stored")
    assert tracker.interrupted_line(stored_matches(str(tmp_path / "gone.sqlite"))).startswith(
        "interrupted: 2 of 3"
    )
    assert tracker.interrupted_line().startswith("interrupted: 2 of 3")


def test_a_database_lost_mid_run_is_one_line_saying_to_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write that fails after matches were stored (the database went away): status 2, one line that
    says the run stopped and how to go on; the same command then plays what is missing."""
    from ladders.sql import StoreError

    db = tmp_path / "t.sqlite"
    command = ["run", "--game", "pr", "--players", "3", "--bots", "random,first,pr-greedy", "--seed", "1"]
    command += ["--db", str(db), "--workers", "1", "--quiet"]
    real = Store.record_match
    calls = []

    def fails_on_the_second(store: Store, record: object) -> bool:
        calls.append(record)
        if len(calls) == 2:
            raise StoreError(f"{db}: write failed (disk I/O error)")
        return real(store, record)  # type: ignore[arg-type]

    monkeypatch.setattr(Store, "record_match", fails_on_the_second)
    result = runner.invoke(app, command)
    assert result.exit_code == 2, result.output
    assert result.output.strip().splitlines()[-1] == (
        f"error: {db}: write failed (disk I/O error); the run stopped: run the same command again to resume"
    )
    monkeypatch.setattr(Store, "record_match", real)
    again = runner.invoke(app, command)
    assert again.exit_code == 0 and "2 played, 1 already done, 0 failed" in again.output, again.output
