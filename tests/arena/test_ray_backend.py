"""The Ray backend on a real two-node Ray cluster on this machine (``tests/arena/ray_cluster.py``).

The same tournament gives the same rows and replays as the local pool; matches go to both nodes, or
to the one a custom resource names; a worker process killed in the middle of a match has its match
played again and stored once; a driver killed with SIGKILL resumes to the uninterrupted results;
Ctrl-C and SIGTERM stop a run alike; a refused token and a lost cluster are one line each.
``make test`` runs them on one worker (the ``ray`` group), which starts the cluster once; ``-m ray``
selects them.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from arena.config import TournamentConfig
from arena.config_loading import from_mapping
from arena.runner import resume_tournament, run_tournament
from arena.web.replay_data import source_stamp, view_path
from engine.core.replay import ReplayLog
from ladders.store import Store
from tests.arena.ray_cluster import RAY_ENV, ROOT, Cluster
from tests.arena.terminal import with_ctrl_c

os.environ.update(RAY_ENV)  # before Ray is imported, which reads it once
ray = pytest.importorskip("ray")

pytestmark = [pytest.mark.ray, pytest.mark.slow, pytest.mark.xdist_group("ray")]

BOTS = "random,first,pr-greedy,grpc:random"
STALL_BOT = Path(__file__).with_name("stall_bot.py")
COLUMNS = "pod, rotation, seed, bots, labels, places, scores, termination, faults, forfeits"


@pytest.fixture(scope="module")
def cluster(ray_nodes: Cluster) -> Iterator[Cluster]:
    """The session's cluster, with this test process connected to it as a driver."""
    ray.init(address=ray_nodes.address, log_to_driver=False)
    try:
        deadline = time.monotonic() + 60
        while len([n for n in ray.nodes() if n["Alive"]]) < 2:
            assert time.monotonic() < deadline, "the second node did not join"
            time.sleep(0.2)
        yield ray_nodes
    finally:
        ray.shutdown()


def config(db: Path, bots: str = BOTS, **more: Any) -> TournamentConfig:
    raw = {"game": "pr", "players": 3, "bots": bots, "seed": 5, "rounds": 1, "db": str(db), "workers": 2}
    return from_mapping(raw | more)


def rows(db: Path, columns: str = COLUMNS) -> list[tuple[object, ...]]:
    with sqlite3.connect(db) as conn:
        return conn.execute(f"SELECT {columns} FROM matches ORDER BY pod, rotation").fetchall()


def log_paths(db: Path) -> list[tuple[str, Path]]:
    """Each match's replay log as stored: relative to the database's folder."""
    with sqlite3.connect(db) as conn:
        paths = conn.execute("SELECT id, replay FROM matches").fetchall()
    return [(str(i), db.parent / p) for i, p in paths]


def replays(db: Path) -> dict[str, str]:
    """Each match's replay log, but for its timing line (how long each answer took varies)."""
    logs = {i: ReplayLog.read(p) for i, p in log_paths(db)}
    assert all(len(log.ms) == len(log.records) for log in logs.values())  # every answer was timed
    return {i: "\n".join(log.lines()) for i, log in logs.items()}


def viewer_files(db: Path) -> dict[str, dict[str, Any]]:
    """Each match's viewer data as the runner wrote it, but for the timings and the log's stamp."""
    out = {}
    for i, p in log_paths(db):
        data = json.loads(view_path(p).read_bytes())
        assert data["source"] == source_stamp(Path(p).read_bytes())  # made from the file as written
        out[str(i)] = {k: v for k, v in data.items() if k not in ("moves", "source")}
        out[str(i)]["moves"] = [{k: v for k, v in m.items() if k != "ms"} for m in data["moves"]]
    return out


def node_of(resource: str) -> str:
    return next(str(n["NodeID"]) for n in ray.nodes() if n["Alive"] and resource in n["Resources"])


def test_ray_plays_the_local_pools_matches_on_both_nodes(cluster: Cluster, tmp_path: Path) -> None:
    local_db, ray_db = tmp_path / "local" / "t.sqlite", tmp_path / "ray" / "t.sqlite"
    local_db.parent.mkdir()
    ray_db.parent.mkdir()
    with Store(str(local_db)) as store:  # one tournament id in both databases: the same match ids
        resume_tournament(config(local_db), store)
    shutil.copy(local_db, ray_db)
    local = run_tournament(config(local_db), announce=lambda line: None)
    said: list[str] = []
    remote = run_tournament(
        config(ray_db, backend="ray", ray={"resources": {"arena": 1}}), announce=said.append
    )
    assert not local.failed and not remote.failed
    assert remote.tournament_id == local.tournament_id and remote.played == local.played == 12
    assert rows(ray_db, "id, " + COLUMNS) == rows(local_db, "id, " + COLUMNS)
    assert replays(ray_db) == replays(local_db)  # written by the driver from what the tasks sent back
    assert viewer_files(ray_db) == viewer_files(local_db)  # the tasks' viewer data, as the pool's
    assert all(Path(str(p)).parent == Path("t-replays") for p in rows(ray_db, "replay")[0])  # stored relative
    nodes = [line for line in said if line.startswith("ray: ")]
    assert nodes and re.match(
        r"ray: 12 matches on 2 nodes: \d+ on \w{8} \(127\.0\.0\.[23]\), \d+ on", nodes[0]
    )
    for resource in ("node_head", "node_second"):
        assert node_of(resource)[:8] in nodes[0]
    assert remote.standings is not None
    assert [r.bot for r in remote.standings.bots] == [r.bot for r in local.standings.bots]  # type: ignore[union-attr]


def test_a_custom_resource_places_every_match_on_its_node(cluster: Cluster, tmp_path: Path) -> None:
    said: list[str] = []
    chosen = config(tmp_path / "t.sqlite", seed=6, backend="ray", ray={"resources": {"node_second": 1}})
    summary = run_tournament(chosen, announce=said.append)
    assert summary.played == 12 and not summary.failed
    assert f"ray: 12 matches on 1 node: 12 on {node_of('node_second')[:8]} (127.0.0.3)" in said


def test_remote_bots_play_on_the_drivers_referee_and_the_rest_on_ray(
    cluster: Cluster, tmp_path: Path
) -> None:
    from bots.sdk.client import play
    from tests.arena.test_remote_bots import Seated

    chosen = config(
        tmp_path / "t.sqlite",
        "remote:alice,random,first,pr-greedy",
        backend="ray",
        listen="127.0.0.1:0",
        keys={"alice": "alice-secret"},
    )
    said: list[str] = []
    announced = threading.Event()

    def announce(line: str) -> None:
        said.append(line)
        announced.set()

    box: list[Any] = []
    runner = threading.Thread(target=lambda: box.append(run_tournament(chosen, announce=announce)))
    runner.start()
    assert announced.wait(60)
    found = re.search(r"ARENA_ADDRESS=(\S+) ARENA_BOT_KEY=alice-secret", said[0])
    assert found is not None
    bot = threading.Thread(
        target=play,
        args=(lambda req: Seated()(req), found.group(1)),
        kwargs={"bot_key": "alice-secret"},
        daemon=True,
    )
    bot.start()
    runner.join(240)
    assert not runner.is_alive() and box
    assert box[0].played == 12 and not box[0].failed
    with_alice = [r for r in rows(tmp_path / "t.sqlite", "bots, faults") if "remote:alice" in str(r[0])]
    assert len(with_alice) == 9 and all(faults == "[]" for _, faults in with_alice)
    # the 3 tables without alice went to the cluster; hers were played here, on the driver
    assert any(re.match(r"ray: 3 matches on [12] nodes?: ", line) for line in said), said


def test_a_resource_no_node_has_is_one_line_before_any_match(cluster: Cluster, tmp_path: Path) -> None:
    chosen = config(tmp_path / "t.sqlite", backend="ray", ray={"resources": {"gpu_box": 1}})
    with pytest.raises(ConnectionError) as caught:
        run_tournament(chosen, announce=lambda line: None)
    assert (
        str(caught.value)
        == "--backend ray: no node of the cluster has what a match needs (CPU = 1, gpu_box = 1)"
    )
    assert rows(tmp_path / "t.sqlite") == []


def test_a_worker_killed_mid_match_has_its_match_played_again_and_stored_once(
    cluster: Cluster, tmp_path: Path
) -> None:
    bots = f"random,first,stall=cmd:{sys.executable} {STALL_BOT}"
    reference = tmp_path / "reference.sqlite"
    assert not run_tournament(config(reference, bots), announce=lambda line: None).failed
    marker = tmp_path / "stalled"
    db = tmp_path / "ray.sqlite"
    killed: list[int] = []

    def kill_the_worker() -> None:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if marker.exists() and marker.read_text().endswith("\n"):
                pid = int(marker.read_text().split()[0])
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
                return
            time.sleep(0.02)

    killer = threading.Thread(target=kill_the_worker)
    killer.start()
    summary = run_tournament(config(db, f"{bots} {marker}", backend="ray"), announce=lambda line: None)
    killer.join()
    assert killed, "no match stalled"
    assert not summary.failed and summary.played == 3  # one table, three rotations
    stalled_match = marker.read_text().split()[1]
    with sqlite3.connect(db) as conn:
        ids = [str(r[0]) for r in conn.execute("SELECT id FROM matches")]
        faults = conn.execute("SELECT faults FROM matches WHERE id = ?", (stalled_match,)).fetchone()
    assert len(ids) == len(set(ids)) == 3 and stalled_match in ids
    assert faults == ("[]",)  # played again from the start, not recorded as a crash of its bot
    assert rows(db) == rows(reference)


def test_a_driver_killed_with_sigkill_resumes_to_the_same_results(cluster: Cluster, tmp_path: Path) -> None:
    reference = tmp_path / "reference.sqlite"
    assert not run_tournament(config(reference), announce=lambda line: None).failed
    db = tmp_path / "killed.sqlite"
    command = [
        sys.executable, "-m", "arena", "run", "--game", "pr", "--players", "3", "--bots", BOTS, "--pods", "1",
        "--seed", "5", "--workers", "2", "--db", str(db), "--backend", "ray", "--ray-address", cluster.address,
    ]  # fmt: skip
    driver = subprocess.Popen(
        command, cwd=tmp_path, env=cluster.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    assert driver.stdout is not None
    deadline = time.monotonic() + 120
    for line in driver.stdout:  # plain lines: one per committed match
        if line.startswith("[4/12]") or time.monotonic() > deadline:
            break
    driver.send_signal(signal.SIGKILL)
    driver.wait()
    stored = len(rows(db))
    assert 4 <= stored < 12
    done = subprocess.run(command, cwd=tmp_path, env=cluster.env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{stored} of 12 matches already stored; {12 - stored} to play" in done.stdout
    assert rows(db) == rows(reference)
    with sqlite3.connect(db) as conn:
        ids = [str(r[0]) for r in conn.execute("SELECT id FROM matches")]
        tournaments = {str(r[0]) for r in conn.execute("SELECT tournament FROM matches")}
    assert len(ids) == len(set(ids)) == 12 and len(tournaments) == 1
    assert "ray: " in done.stdout and "Ladder puerto-rico/base" in done.stdout


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_ctrl_c_or_sigterm_stops_a_run_on_the_cluster_and_says_what_is_stored(
    cluster: Cluster, tmp_path: Path, sig: signal.Signals
) -> None:
    """SIGTERM as Ctrl-C: the handler ``arena.cli.interrupts`` installs is back after Ray's driver
    replaced it (no Ray stack dump, no status of Ray's own)."""
    db = tmp_path / "t.sqlite"
    command = [
        sys.executable, "-m", "arena", "run", "--game", "pr", "--players", "3", "--bots", BOTS, "--pods", "1",
        "--seed", "5", "--workers", "2", "--db", str(db), "--backend", "ray", "--ray-address", cluster.address,
    ]  # fmt: skip
    driver = subprocess.Popen(
        with_ctrl_c(command),  # as from a terminal, even when make test runs as a background job
        cwd=tmp_path,
        env=cluster.env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert driver.stdout is not None
    for line in driver.stdout:
        if line.startswith("[2/12]"):
            break
    driver.send_signal(sig)
    rest = driver.stdout.read()
    assert driver.wait(timeout=120) == 128 + sig, rest
    stored = len(rows(db))
    assert f"interrupted: {stored} of 12 matches stored; run the same command again to resume" in rest
    assert "SIGTERM received" not in rest and "Traceback" not in rest, rest


def test_a_driver_without_the_clusters_token_is_told_to_set_ray_auth_mode(
    cluster: Cluster, tmp_path: Path
) -> None:
    """The cluster has token authentication on (as ``ray start --head`` turns it on when
    ``~/.ray/auth_token`` exists); a driver without ``RAY_AUTH_MODE=token`` is refused, and the one line
    says so instead of Ray's "Failed to connect"."""
    from arena.ray_backend import AUTH_REMEDY

    env = {k: v for k, v in cluster.env.items() if k not in ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN")}
    env |= {"HOME": str(tmp_path), "RAY_gcs_server_port_wait_time_s": "1"}  # no token; one try
    command = [
        sys.executable, "-m", "arena", "run", "--game", "pr", "--players", "3", "--bots", BOTS,
        "--db", str(tmp_path / "t.sqlite"), "--backend", "ray", "--ray-address", cluster.address,
    ]  # fmt: skip
    done = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stdout + done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert errors == [
        f"error: --backend ray: cannot start or join the Ray cluster at {cluster.address}: the cluster"
        f" requires its token (InvalidAuthToken) and RAY_AUTH_MODE is not set here: {AUTH_REMEDY}"
    ], done.stderr
    assert "Traceback" not in done.stdout + done.stderr


def closed_port() -> int:
    with socket.socket() as s:  # a port that was free a moment ago: nothing listens on it
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_head_that_stops_answering_or_a_dead_local_node_is_a_lost_cluster(
    cluster: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What tells the driver its cluster is gone (it would otherwise wait a minute for Ray to end it):
    two failed checks of the head in a row, or a task failed because this machine's node died."""
    from arena import ray_backend
    from arena.schedule import MatchTask

    live = ray_backend._Head(ray, cluster.address)
    assert live.address is not None and live.unreachable() == ""
    port = closed_port()

    class Gone:
        """What the driver asks of Ray, from a driver whose cluster's head is gone."""

        exceptions = ray.exceptions

        def get_runtime_context(self) -> Any:
            return SimpleNamespace(gcs_address=f"127.0.0.1:{port}")

        def wait(self, refs: list[str], num_returns: int, timeout: float) -> tuple[list[str], list[str]]:
            return [], refs

        def get(self, ref: str) -> Any:
            raise ray.exceptions.LocalRayletDiedError()

        def is_initialized(self) -> bool:
            return True

    monkeypatch.setattr(ray_backend, "CHECK_S", 0.0)
    head = ray_backend._Head(Gone(), f"127.0.0.1:{port}")
    assert head.wait(["ref"], 0) == []  # one failed check is not a loss yet
    with pytest.raises(ray_backend.ClusterLost) as lost:
        head.wait(["ref"], 0)
    assert str(lost.value) == (
        f"--backend ray: lost the Ray cluster at 127.0.0.1:{port} (its head does not answer: Connection refused)"
    )
    task = MatchTask("t-0000-0", "t", 0, 0, 0, 1, ("a", "b"), ("a", "b"))
    with pytest.raises(ray_backend.ClusterLost) as died:
        ray_backend._fetch(Gone(), "ref", task, ray_backend._Head(Gone(), ""))
    assert str(died.value) == (
        "--backend ray: lost the run's own Ray instance (this machine's Ray node died: LocalRayletDiedError)"
    )


def test_a_lost_cluster_ends_the_run_in_one_line_saying_what_is_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``arena run`` on a cluster lost after one match: status 2, one line, the way to resume (the
    backend stands in for a cluster: the local pool's first outcome, then the loss)."""
    from typer.testing import CliRunner

    from arena import ray_backend
    from arena.cli import app
    from arena.local_pool import local_outcomes

    lost = (
        "--backend ray: lost the Ray cluster at 10.0.0.5:6379 (its head does not answer: Connection refused)"
    )

    def one_then_lost(*args: Any) -> Iterator[dict[str, Any]]:
        outcomes = local_outcomes(args[0], args[1], args[2], 1, args[4])
        yield next(outcomes)
        outcomes.close()
        raise ray_backend.ClusterLost(lost)

    monkeypatch.setattr(ray_backend, "ray_outcomes", one_then_lost)
    monkeypatch.setattr(ray_backend, "require_ray", lambda *args: None)
    command = ["run", "--game", "pr", "--players", "3", "--bots", "random,first,pr-greedy", "--seed", "1"]
    command += ["--db", str(tmp_path / "t.sqlite"), "--backend", "ray", "--ray-address", "10.0.0.5:6379"]
    result = CliRunner().invoke(app, command)
    assert result.exit_code == 2, result.output
    assert result.output.strip().splitlines()[-1] == (
        f"error: {lost}: 1 of 3 matches stored; run the same command again to resume"
    )


def test_without_an_address_the_run_starts_its_own_ray(tmp_path: Path) -> None:
    """``--backend ray`` alone: a Ray instance of the run's own (not the test cluster), gone after it."""
    db = tmp_path / "own.sqlite"
    command = [
        sys.executable, "-m", "arena", "run", "--game", "pr", "--players", "3", "--bots", "random,first,pr-greedy",
        "--seed", "5", "--workers", "1", "--db", str(db), "--backend", "ray",
    ]  # fmt: skip
    with tempfile.TemporaryDirectory(prefix="arena-ray-", dir="/tmp") as temp:  # socket paths: <= 107 bytes
        env = dict(os.environ, PYTHONPATH=str(ROOT), RAY_TMPDIR=temp)
        done = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stdout + done.stderr
        assert "[3/3]" in done.stdout
        assert re.search(r"ray: 3 matches on 1 node: 3 on \w{8} \(127\.0\.0\.1\)", done.stdout)
        assert len(rows(db)) == 3
        deadline = time.monotonic() + 60
        while processes_under(temp):
            assert time.monotonic() < deadline, f"left running: {processes_under(temp)}"
            time.sleep(0.2)


def processes_under(folder: str) -> list[str]:
    """The command lines of running processes that name ``folder`` (a Ray instance's temp folder)."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            line = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if folder in line:
            found.append(line[:120])
    return found


def test_the_arena_bench_runs_on_ray(tmp_path: Path) -> None:
    """The Ray half of ``benchmarks/bench_arena.py`` (``tests/test_benchmarks.py`` runs the local half)."""
    args = ["--game", "puerto-rico", "--players", "3", "--rounds", "1", "--repeat", "1"]
    args += ["--backends", "ray", "--workers", "2"]  # one Ray instance: the local half runs 1 and 2
    with tempfile.TemporaryDirectory(prefix="arena-ray-", dir="/tmp") as temp:
        env = dict(os.environ, PYTHONPATH=str(ROOT), RAY_TMPDIR=temp)
        done = subprocess.run(
            [sys.executable, str(ROOT / "benchmarks" / "bench_arena.py"), *args],
            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr[-2000:]
    assert "puerto-rico ray 2 worker(s): 12 matches" in done.stdout and "median ray" in done.stdout


def test_a_py_class_plays_in_the_ray_workers_as_in_the_local_pool(cluster: Cluster, tmp_path: Path) -> None:
    bots = f"random,first,prefer=py:{ROOT / 'bots/examples/python/prefer_bot.py'}:PreferBot"
    local_db, ray_db = tmp_path / "local" / "t.sqlite", tmp_path / "ray" / "t.sqlite"
    local_db.parent.mkdir()
    ray_db.parent.mkdir()
    with Store(str(local_db)) as store:  # one tournament id in both databases: the same match ids
        resume_tournament(config(local_db, bots), store)
    shutil.copy(local_db, ray_db)
    local = run_tournament(config(local_db, bots), announce=lambda line: None)
    remote = run_tournament(config(ray_db, bots, backend="ray"), announce=lambda line: None)
    assert not local.failed and not remote.failed and remote.played == local.played == 3
    assert rows(ray_db, "id, " + COLUMNS) == rows(local_db, "id, " + COLUMNS)
