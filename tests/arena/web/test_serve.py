"""``arena report --serve`` against the real server (uvicorn on a port of its own): only the files the
report wrote are served, pages are whole while they are written again, hostile or careless clients
(a NUL in the path, clients that leave early, a thousand closed connections) cost nothing, the pages
stop reloading when serving ends, and an address beyond loopback is warned about."""

from __future__ import annotations

import http.client
import os
import re
import socket
import sqlite3
import struct
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from typer.testing import CliRunner

from arena.cli import app
from arena.web.app import site_app
from arena.web.files import SiteFiles
from arena.web.serve import SiteServer, serve_forever
from arena.web.site import write_report
from ladders.store import Store

runner = CliRunner()


def get(
    port: int, path: str, method: str = "GET", headers: dict[str, str] | None = None
) -> http.client.HTTPResponse:
    """One request on a connection of its own; the answer with its body read (``.body``)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request(method, path, headers=headers or {})
    reply = conn.getresponse()
    reply.body = reply.read()  # type: ignore[attr-defined]
    conn.close()
    return reply


def raw(port: int, request: bytes) -> bytes:
    """The status line the server answers to ``request`` sent as it is."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(request)
        return sock.recv(200).split(b"\r\n")[0]


@pytest.fixture()
def served(db_copy: Path, tmp_path: Path) -> Iterator[tuple[int, Path, SiteFiles]]:
    out = tmp_path / "site"
    files = SiteFiles(out)
    write_report(str(db_copy), out, files=files)
    with SiteServer(site_app(out, files)) as server:
        yield server.port, out, files


def test_only_the_files_the_report_wrote_are_served(
    served: tuple[int, Path, SiteFiles], db_copy: Path
) -> None:
    port, out, files = served
    assert len(files) > 40 and "index.html" in files and "replays/manifest.json" not in files
    index = get(port, "/")
    assert index.status == 200 and index.body.startswith(b"<!doctype html>")  # type: ignore[attr-defined]
    assert index.getheader("Content-Type") == "text/html; charset=utf-8"
    assert "script-src 'self'" in (index.getheader("Content-Security-Policy") or "")
    assert index.getheader("X-Content-Type-Options") == "nosniff"
    page = get(port, "/ladder-1.html")
    assert (
        page.status == 200
        and get(port, "/ladder-1.csv").getheader("Content-Type") == "text/csv; charset=utf-8"
    )
    etag = page.getheader("ETag") or ""
    assert etag and get(port, "/ladder-1.html", headers={"If-None-Match": etag}).status == 304
    head = get(port, "/ladder-1.html", "HEAD")
    assert head.status == 200 and head.body == b""  # type: ignore[attr-defined]
    assert get(port, "/ladder-1.html", "POST").status == 405
    # what the folder holds besides the site is not served: copies of the database, links out of the
    # folder, a file dropped there, the cache's manifest; and no folder is listed
    (out / "t.sqlite").write_bytes(db_copy.read_bytes())
    (out / "notes.txt").write_text("private")
    (out / "matches" / "db.html").symlink_to(db_copy)
    (out / "logs").symlink_to(db_copy.parent / "t-replays", target_is_directory=True)
    listed = "ladder-2.csv"
    (out / listed).unlink()
    (out / listed).symlink_to(db_copy)  # a listed file replaced by a link out of the site
    for path in (
        "/t.sqlite",
        "/notes.txt",
        "/matches/db.html",
        "/logs/",
        "/replays/manifest.json",
        f"/{listed}",
        "/matches/",
        "/static",
        "/../t.sqlite",
        "/%2e%2e/t.sqlite",
        "/static/..%2f..%2ft.sqlite",
        "//etc/passwd",
    ):
        reply = get(port, path)
        assert reply.status == 404, path
        assert b"SQLite" not in reply.body and b"<a href" not in reply.body, path  # type: ignore[attr-defined]


def test_other_routes_come_before_the_sites_files(served: tuple[int, Path, SiteFiles]) -> None:
    _, out, files = served

    async def standings(request: Request) -> Response:
        return JSONResponse({"ladders": 2})

    with SiteServer(site_app(out, files, routes=[Route("/api/standings", standings)])) as server:
        assert get(server.port, "/api/standings").body == b'{"ladders":2}'  # type: ignore[attr-defined]
        assert get(server.port, "/index.html").status == 200


def test_a_nul_in_a_request_and_clients_that_leave_early_print_nothing(
    served: tuple[int, Path, SiteFiles], capfd: pytest.CaptureFixture[str]
) -> None:
    port, out, _ = served
    capfd.readouterr()
    assert get(port, "/%00").status == 404
    assert get(port, "/index.html%00.html").status == 404
    assert get(port, "/matches/%00/../../index.html").status == 404
    assert raw(port, b"GET /\x00 HTTP/1.1\r\nHost: x\r\n\r\n").startswith(b"HTTP/1.1 4")
    assert raw(port, b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03" + b"\x00" * 64).startswith(b"HTTP/1.1 4")
    biggest = max((out / "replays").glob("*.js"), key=lambda p: p.stat().st_size)
    request = f"GET /replays/{biggest.name} HTTP/1.1\r\nHost: x\r\n\r\n".encode()
    for _ in range(100):  # each asks for the largest file and hangs up at once, resetting the connection
        sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.sendall(request)
        sock.close()
    whole = get(port, f"/replays/{biggest.name}")
    assert whole.status == 200 and whole.body == biggest.read_bytes()  # type: ignore[attr-defined]
    time.sleep(0.5)  # let the server notice the last resets before the output is read
    printed = capfd.readouterr()
    assert printed.out == "" and printed.err == "", printed


def test_a_thousand_closed_connections_and_idle_ones_do_not_stall_the_server(
    served: tuple[int, Path, SiteFiles],
) -> None:
    port, _, _ = served
    for _ in range(10):
        batch = [socket.create_connection(("127.0.0.1", port), timeout=30) for _ in range(100)]
        for k, sock in enumerate(batch):
            if k % 2:
                sock.sendall(b"GET /index.html HTTP/1.1\r\nHost:")  # half a request, then gone
            sock.close()
    idle = [socket.create_connection(("127.0.0.1", port), timeout=30) for _ in range(50)]
    try:
        for _ in range(5):  # answered while 50 connections sit idle and the closed ones are cleaned up
            assert get(port, "/index.html").status == 200
    finally:
        for sock in idle:
            sock.close()


def test_pages_are_whole_while_they_are_written_again(
    served: tuple[int, Path, SiteFiles], db_copy: Path
) -> None:
    port, out, files = served
    with Store(db_copy) as store:
        record = store.matches()[-1]
    log = Path(str(record.replay))
    pages = [
        "/index.html",
        "/ladder-1.html",
        f"/matches/{record.match_id}.html",
        f"/replays/{record.match_id}.js",
    ]
    stop = threading.Event()
    fetched: list[int] = []
    torn: list[str] = []

    def fetch() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while not stop.is_set():
            for path in pages:
                conn.request("GET", path)
                reply = conn.getresponse()
                body = reply.read()
                ends = b");\n" if path.endswith(".js") else b"</html>\n"
                starts = b"arenaReplay(" if path.endswith(".js") else b"<!doctype html>"
                if reply.status != 200 or not body.startswith(starts) or not body.endswith(ends):
                    torn.append(f"{path}: {reply.status}, {len(body)} bytes")
                fetched.append(len(body))
        conn.close()

    readers = [threading.Thread(target=fetch) for _ in range(2)]
    for reader in readers:
        reader.start()
    try:
        for k in range(8):  # every page differs from the last write (its reload period), and so does
            os.utime(log)  # the log of one match, whose viewer data is made again
            summary = write_report(str(db_copy), out, refresh=1 + k % 2, files=files)
            assert summary.derived == 1 and summary.changed == len(list(out.rglob("*.html"))) + 2
    finally:
        stop.set()
        for reader in readers:
            reader.join(timeout=60)
    assert not torn, torn[:5]
    assert len(fetched) > 24


def test_serve_writes_again_as_matches_come_in_and_ends_as_a_static_site(
    db_copy: Path, tmp_path: Path
) -> None:
    out = tmp_path / "site"
    said: list[str] = []
    stop = threading.Event()
    thread = threading.Thread(
        target=serve_forever,
        args=([str(db_copy)], out),
        kwargs={"host": "127.0.0.1", "port": 0, "every": 0.1, "say": said.append, "stop": stop},
    )
    thread.start()
    try:
        port = wait_for_port(said)
        assert not any(line.startswith("warning") for line in said)
        page = get(port, "/ladder-1.html").body.decode()  # type: ignore[attr-defined]
        assert '<meta name="arena-refresh" content="1">' in page
        shown = int(page.split("<h2>Matches (")[1].split(")")[0])
        with sqlite3.connect(db_copy) as con:  # a match goes from the database while it is served
            (gone,) = con.execute("SELECT id FROM matches WHERE ladder LIKE 'catan/%' LIMIT 1").fetchone()
            con.execute("DELETE FROM matches WHERE id = ?", (gone,))
        con.close()
        total = len(list((out / "matches").iterdir()))
        deadline = time.monotonic() + 60
        while not any(f"written again: 2 ladders, {total - 1} matches" in line for line in said):
            assert time.monotonic() < deadline, said
            time.sleep(0.05)
        assert f"<h2>Matches ({shown - 1})" in get(port, "/ladder-1.html").body.decode()  # type: ignore[attr-defined]
        assert get(port, f"/matches/{gone}.html").status == 404  # its page is no longer served
        assert not (out / "matches" / f"{gone}.html").exists()
    finally:
        stop.set()
        thread.join(timeout=60)
    assert not thread.is_alive()
    assert said[-1] == f"stopped serving; the pages in {out} no longer reload themselves"
    for page_path in out.rglob("*.html"):
        assert "arena-refresh" not in page_path.read_text(), page_path
    with pytest.raises(OSError):
        get(port, "/index.html")


def wait_for_port(said: list[str]) -> int:
    deadline = time.monotonic() + 60
    while not any(line.startswith("serving ") for line in said):
        assert time.monotonic() < deadline, said
        time.sleep(0.02)
    found = re.search(r"http://[^:]+:(\d+)/", next(line for line in said if line.startswith("serving ")))
    assert found is not None
    return int(found.group(1))


def test_an_address_beyond_loopback_is_warned_about(db_copy: Path, tmp_path: Path) -> None:
    said: list[str] = []
    stop = threading.Event()
    kwargs = {"host": "0.0.0.0", "port": 0, "every": 0.1, "say": said.append, "stop": stop}
    thread = threading.Thread(target=serve_forever, args=([str(db_copy)], tmp_path / "site"), kwargs=kwargs)
    thread.start()
    try:
        port = wait_for_port(said)
        warning = [line for line in said if line.startswith("warning:")]
        assert warning == [
            f"warning: 0.0.0.0 is not a loopback address: anyone who reaches port {port} of this machine"
            " can read the site"
        ]
    finally:
        stop.set()
        thread.join(timeout=60)


def test_a_port_in_use_is_a_one_line_error(db_copy: Path, tmp_path: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = runner.invoke(
            app,
            ["report", "--db", str(db_copy), "--out", str(tmp_path / "site"), "--serve", "--port", str(port)],
        )
    assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
    assert f"--serve: cannot listen on 127.0.0.1:{port}" in result.output
    assert not (tmp_path / "site").exists()
