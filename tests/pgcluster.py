"""A throwaway PostgreSQL server for the tests: Debian's ``postgresql`` package, a cluster in a temp folder.

:class:`Cluster` runs ``initdb`` into a fresh folder and ``pg_ctl start`` on a free loopback port (as
the ``postgres`` user when the tests run as root, since PostgreSQL refuses to run as root), with trust
authentication for one user and durability settings off (the tests kill hosts, never this server).
Each test gets a database of its own (:meth:`Cluster.new_database`). When the server programs are not
installed (``make test`` installs them where it runs as root), :func:`find_bindir` says why and the
tests that need it are skipped with that message.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

USER = "arena"


def find_bindir() -> tuple[Path | None, str]:
    """The folder of ``initdb`` and ``pg_ctl`` (the newest Debian cluster version), or None and why."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]))
    if found:
        return found[-1].parent, ""
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).parent, ""
    return None, "PostgreSQL is not installed (Debian: apt-get install postgresql; make test does it as root)"


def _run_as() -> list[str]:
    """The prefix that runs the server's programs as a user other than root."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        raise RuntimeError("running as root and there is no postgres user to run the server") from None
    return ["runuser", "-u", "postgres", "--"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Cluster:
    """A running throwaway PostgreSQL server."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.folder = Path(tempfile.mkdtemp(prefix="arena-pg-"))
        self.prefix = _run_as()
        if self.prefix:
            shutil.chown(self.folder, "postgres")
        self.data = self.folder / "data"
        self.port = 0
        self._names = itertools.count(1)
        self._run("initdb", "-D", str(self.data), "-U", USER, "--auth=trust", "--no-sync", "-E", "UTF8",
                  "--locale=C")  # fmt: skip
        for attempt in range(3):
            self.port = free_port()
            options = (
                f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} -c fsync=off"
                " -c full_page_writes=off -c synchronous_commit=off -c max_connections=200"
            )
            try:
                self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"),
                          "-w", "-t", "30", "start")  # fmt: skip
                return
            except subprocess.CalledProcessError:
                if attempt == 2:
                    log = (self.folder / "log").read_text(errors="replace")[-2000:]
                    raise RuntimeError(f"PostgreSQL did not start: {log}") from None
                time.sleep(0.2)

    def _run(self, program: str, *args: str) -> None:
        subprocess.run(
            [*self.prefix, str(self.bindir / program), *args],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=self.folder,
        )

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database; its URL."""
        import psycopg

        name = f"t{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def restart(self) -> None:
        """Stop the server (its sessions ended, as by an administrator's restart) and start it again."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "-t", "30", "restart")

    def stop(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError, FileNotFoundError):
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)
