"""The processes of a run end with it: a SIGKILLed runner or ``arena play`` leaves no worker or bot
behind, and a closed standard output ends ``arena play`` and ``arena run`` at once.

Real processes of the ``arena`` console script, found through ``/proc`` (Linux only): every process of
a run is in the session the test starts it in, so one that outlives the run is found even after it
has been reparented to init.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NODE_DIR = ROOT / "bots" / "examples" / "node"
SURVIVAL_S = 5.0
"""How long a process of a killed run may outlive it (the watchdog polls twice a second)."""

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds processes through /proc"),
]


def arena() -> list[str]:
    script = Path(sys.executable).with_name("arena")
    return [str(script)] if script.exists() else [sys.executable, "-m", "arena"]


def stat(pid: int) -> tuple[str, int, int] | None:
    """``(state, ppid, session)`` of a process, None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()
    return fields[0], int(fields[1]), int(fields[3])


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def processes() -> dict[int, tuple[str, int, int]]:
    out = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (info := stat(int(entry.name))) is not None:
            out[int(entry.name)] = info
    return out


def descendants(root: int) -> set[int]:
    """Living descendants of ``root``, by walking the parent links."""
    table = processes()
    found: set[int] = set()
    frontier = {root}
    while frontier:
        frontier = {pid for pid, (state, ppid, _) in table.items() if ppid in frontier and state != "Z"}
        found |= frontier
    return found


def living_in_session(session: int) -> set[int]:
    """Processes of ``session`` that are alive (a zombie has ended)."""
    return {pid for pid, (state, _, sid) in processes().items() if sid == session and state != "Z"}


def wait_until(condition: object, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return False


def cleanup(proc: subprocess.Popen[bytes]) -> None:
    """Kill what a failed test leaves: the session's processes, by their pids."""
    for pid in living_in_session(proc.pid):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    if proc.poll() is None:
        proc.kill()
    proc.wait()


def test_a_killed_runner_leaves_no_worker_or_bot_behind(tmp_path: Path) -> None:
    command = [
        *arena(), "run", "--game", "pr", "--players", "3", "--bots", "random,first,grpc:random",
        "--pods", "40", "--seed", "3", "--workers", "2", "--db", str(tmp_path / "t.sqlite"), "--quiet",
    ]  # fmt: skip
    runner = subprocess.Popen(
        command, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    try:

        def workers_and_bots() -> bool:
            family = descendants(runner.pid)
            bots = [p for p in family if "-m bots" in cmdline(p)]
            return len(family) >= 3 and bool(bots)

        assert wait_until(workers_and_bots, 60), "the run never had two workers and a bot"
        family = descendants(runner.pid)
        os.kill(runner.pid, signal.SIGKILL)
        runner.wait()
        gone = wait_until(lambda: not living_in_session(runner.pid), SURVIVAL_S)
        left = {pid: cmdline(pid) for pid in living_in_session(runner.pid)}
        assert gone, (
            f"alive {SURVIVAL_S} s after the runner was killed: {left} (the run had {sorted(family)})"
        )
    finally:
        cleanup(runner)


def test_a_killed_play_takes_its_spawned_bot_with_it(tmp_path: Path) -> None:
    """A bot that never connects (it sleeps) outlives nothing: SIGKILL ``arena play`` while it waits."""
    sleeper = tmp_path / "sleeper.py"
    sleeper.write_text("import time\ntime.sleep(600)\n")
    command = [*arena(), "play", "pr", "--bots", f"random,random,cmd:{sys.executable} {sleeper}", "-q"]
    play = subprocess.Popen(
        command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True
    )
    try:
        assert wait_until(lambda: any(str(sleeper) in cmdline(p) for p in descendants(play.pid)), 60)
        os.kill(play.pid, signal.SIGKILL)
        play.wait()
        gone = wait_until(lambda: not living_in_session(play.pid), SURVIVAL_S)
        assert gone, {pid: cmdline(pid) for pid in living_in_session(play.pid)}
    finally:
        assert play.stdout is not None
        play.stdout.close()
        cleanup(play)


def test_a_worker_whose_parent_dies_kills_its_bots_without_the_signal(tmp_path: Path) -> None:
    """The watchdog alone (what a platform without a parent-death signal has) ends a worker and its bots."""
    script = tmp_path / "parent.py"
    script.write_text(
        "import os, subprocess, sys, time\n"
        "from arena import lifeline\n"
        "lifeline.has_death_signal = lambda: False\n"
        "if os.fork() == 0:\n"
        "    lifeline.watch_parent(os.getppid())\n"
        "    bot = subprocess.Popen(lifeline.launch_argv([sys.executable, '-c', 'import time; time.sleep(600)']))\n"
        "    lifeline.track(bot)\n"
        "    print(os.getpid(), bot.pid, flush=True)\n"
        "    time.sleep(600)\n"
        "time.sleep(600)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    parent = subprocess.Popen(
        [sys.executable, str(script)], env=env, stdout=subprocess.PIPE, start_new_session=True
    )
    try:
        assert parent.stdout is not None
        worker, bot = (int(x) for x in parent.stdout.readline().split())
        assert stat(worker) is not None and stat(bot) is not None
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
        gone = wait_until(lambda: not living_in_session(parent.pid), SURVIVAL_S)
        assert gone, {pid: cmdline(pid) for pid in living_in_session(parent.pid)}
    finally:
        assert parent.stdout is not None
        parent.stdout.close()
        cleanup(parent)


BOTS = {
    "in process": "random,random,random,random",
    "grpc bot": "random,random,random,grpc:random",
    "node bot": 'random,random,random,cmd:"node bots/examples/node/random_bot.js"',
    "grpc bot, wire log": "random,random,random,grpc:random --log",  # the flag after " --"
}


@pytest.mark.parametrize("kind", list(BOTS))
def test_a_closed_stdout_ends_play_and_leaves_nothing_running(kind: str, tmp_path: Path) -> None:
    """``arena play catan ... | head -3``: the match stops, its bots end, the exit status is SIGPIPE's.
    With ``--log`` the closed output fails the wire log's print, which is the host's: the match stops
    on it, and no bot is charged (the SDK bot would log the fault notice it was sent)."""
    if kind == "node bot" and (
        shutil.which("node") is None or not (NODE_DIR / "node_modules" / "@grpc" / "grpc-js").is_dir()
    ):
        pytest.fail("the Node bot needs `npm ci` in bots/examples/node (make test runs it)")
    bots, _, flag = BOTS[kind].partition(" --")
    flags = [f"--{flag}", "--bot-logs", str(tmp_path)] if flag else []
    command = [*arena(), "play", "catan", "--bots", bots, "--seed", "3", *flags]
    play = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )
    try:
        assert play.stdout is not None and play.stderr is not None
        lines = [play.stdout.readline() for _ in range(3)]
        assert all(lines), lines
        play.stdout.close()  # what `head -3` does after its third line
        try:
            code = play.wait(timeout=60)
        except subprocess.TimeoutExpired:
            pytest.fail("arena play still running 60 s after its standard output was closed")
        errors = play.stderr.read().decode()
        assert code in (0, 128 + signal.SIGPIPE), (code, errors)
        assert "Traceback" not in errors and "Error" not in errors, errors
        gone = wait_until(lambda: not living_in_session(play.pid), SURVIVAL_S)
        assert gone, {pid: cmdline(pid) for pid in living_in_session(play.pid)}
        for log in tmp_path.glob("*.log"):
            assert "fault" not in log.read_text(), log.read_text()
    finally:
        cleanup(play)


def test_a_closed_stdout_stops_run_with_sigpipes_status_and_the_run_resumes(tmp_path: Path) -> None:
    """``arena run ... | head -2``: the run stops after the matches in flight (stored), exits with
    SIGPIPE's status without a traceback, leaves no worker or bot, and the same command resumes."""
    db = tmp_path / "t.sqlite"
    command = [*arena(), "run", "--game", "catan", "--bots", "random,first,catan-greedy,grpc:random"]
    command += ["--pods", "1", "--seed", "3", "--workers", "2", "--db", str(db)]
    run = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )
    try:
        assert run.stdout is not None and run.stderr is not None
        lines = [run.stdout.readline() for _ in range(2)]
        assert lines[1].startswith(b"[1/4]"), lines
        run.stdout.close()
        try:
            code = run.wait(timeout=60)
        except subprocess.TimeoutExpired:
            pytest.fail("arena run still running 60 s after its standard output was closed")
        errors = run.stderr.read().decode()
        assert code == 128 + signal.SIGPIPE, (code, errors)
        assert "Traceback" not in errors, errors
        gone = wait_until(lambda: not living_in_session(run.pid), SURVIVAL_S)
        assert gone, {pid: cmdline(pid) for pid in living_in_session(run.pid)}
    finally:
        cleanup(run)
    again = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert again.returncode == 0, again.stderr
    stored = int(again.stdout.split(" of 4 matches already stored")[0].split()[-1])
    assert 1 <= stored < 4, again.stdout
    assert "4 played" not in again.stdout and f"{4 - stored} played, {stored} already done" in again.stdout
