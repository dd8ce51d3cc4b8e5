"""A real Ray cluster of two nodes on this machine, for the Ray backend's tests.

Two ``ray start --block`` processes, each in its own session (so that the test ends exactly the
processes it started): a head and a second node that joins it, on loopback addresses of their own
(127.0.0.2 and 127.0.0.3: Ray turns 127.0.0.1 into the machine's network address), with token
authentication on a token made for the cluster (``RAY_AUTH_TOKEN``, no file), each with one CPU,
the custom resource ``arena`` (what a match asks for when the definition names it) and a resource of its
own (``node_head``, ``node_second``) to place matches on one node by name.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RAY = Path(sys.executable).with_name("ray")
START_S = 120.0
"""Deadline for a node to start on a loaded two-core machine, in seconds."""


@dataclass
class Cluster:
    address: str
    """``127.0.0.1:PORT`` of the head's GCS."""
    env: dict[str, str]
    """The environment the nodes run in (and a driver started by a test should run in)."""


def _start_node(args: list[str], ip: str, log: Path, env: dict[str, str]) -> subprocess.Popen[bytes]:
    common = [
        "--block", "--node-ip-address", ip, "--num-cpus", "1", "--disable-usage-stats",
        "--dashboard-agent-listen-port", "0",
    ]  # fmt: skip
    with log.open("wb") as out:
        return subprocess.Popen(
            [str(RAY), "start", *args, *common],
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=env,
            start_new_session=True,
        )


def _wait_for(log: Path, pattern: str, proc: subprocess.Popen[bytes]) -> re.Match[str]:
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline:
        found = re.search(pattern, log.read_text(errors="replace"))
        if found:
            return found
        if proc.poll() is not None:
            raise RuntimeError(f"ray start exited with {proc.returncode}: {log.read_text()[-2000:]}")
        time.sleep(0.1)
    raise RuntimeError(f"ray start did not start within {START_S} s: {log.read_text()[-2000:]}")


STOP_S = 2.0
"""How long a node has to end after SIGTERM before its session is killed. The second node ends in under a
second; the head's ``ray start --block`` does not end within 20 s (its own processes stay up), so a longer
grace only delays the kill that ends it."""


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """End one node: its session's processes (its Ray workers end with its raylet)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=STOP_S)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


RAY_ENV = {"RAY_USAGE_STATS_ENABLED": "0", "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": secrets.token_hex(32)}
"""What every process of the cluster has in its environment, drivers included (a driver in the test's
own process too: Ray reads it once, when it is imported)."""


@contextlib.contextmanager
def two_nodes(tmp: Path) -> Iterator[Cluster]:
    """Start the cluster in ``tmp`` (its Ray temp folder and the nodes' logs); end it on exit."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), **RAY_ENV)
    temp = tmp / "ray"
    temp.mkdir(parents=True, exist_ok=True)
    procs: list[subprocess.Popen[bytes]] = []
    try:
        head_log = tmp / "head.log"
        head_args = ["--head", "--port", "0", "--temp-dir", str(temp), "--include-dashboard", "false"]
        head_args += ["--resources", json.dumps({"arena": 1, "node_head": 1})]
        procs.append(_start_node(head_args, "127.0.0.2", head_log, env))
        found = _wait_for(head_log, r"ray start --address='(127\.0\.0\.2:\d+)'", procs[0])
        address = found.group(1)
        second_log = tmp / "second.log"
        second_args = ["--address", address, "--resources", json.dumps({"arena": 1, "node_second": 1})]
        procs.append(_start_node(second_args, "127.0.0.3", second_log, env))
        _wait_for(second_log, r"Ray runtime started", procs[1])
        yield Cluster(address, env)
    finally:
        for proc in reversed(procs):
            _stop(proc)
