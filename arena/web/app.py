"""The web side of the report as an ASGI application (Starlette), for ``arena report --serve`` and for any
host that adds routes of its own (a standing ladder's live pages and JSON API).

:func:`site_app` takes the site's folder and the list of files the report wrote there, and serves those
files and nothing else: no directory listing, no other file of the folder (the database, replay logs,
temporary files), no symbolic link leading out of it, only ``GET`` and ``HEAD``. Each answer is read
whole from one open file, so it is one version of the file, never a mix of two; pages carry an ``ETag``
(a browser's check for a newer version costs a ``304``) and headers that keep a browser from running
anything the site did not ship (``Content-Security-Policy``, ``X-Content-Type-Options``).

Routes given to the factory are matched before the site's files::

    from starlette.routing import Route
    from starlette.responses import JSONResponse

    async def standings(request):
        return JSONResponse({...})

    app = site_app(Path("site"), files, routes=[Route("/api/standings", standings)])
    uvicorn.run(app, host="127.0.0.1", port=8000)
"""

from __future__ import annotations

import os
import stat
from collections.abc import Container, Sequence
from pathlib import Path

import anyio.to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".csv": "text/csv; charset=utf-8",
    ".jsonl": "application/x-ndjson",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}
HEADERS = {
    "Cache-Control": "no-cache",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:;"
        " connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
}


def read_listed(root: Path, name: str) -> tuple[bytes, str] | None:
    """The content and ``ETag`` of the file ``name`` under ``root``, read from one open file; None when it
    is gone, is not a regular file, or it or a folder on its way is a link out of ``root``."""
    path = root / name
    try:
        if not Path(os.path.realpath(path)).is_relative_to(os.path.realpath(root)):
            return None
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except (OSError, ValueError):
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return None
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read()
    except OSError:
        return None
    finally:
        os.close(fd)
    return data, f'"{st.st_ino:x}-{len(data):x}-{st.st_mtime_ns:x}"'


def site_app(folder: Path, files: Container[str], *, routes: Sequence[BaseRoute] = ()) -> Starlette:
    """An ASGI app serving the files of ``files`` (paths relative to ``folder``, ``matches/ID.html``) from
    ``folder``; ``/`` is ``index.html``. ``files`` is asked on every request, so a writer may change it
    while the app serves (:class:`arena.web.files.SiteFiles` does). ``routes`` come first."""
    root = Path(folder)

    async def site_file(request: Request) -> Response:
        name = request.path_params["path"] or "index.html"
        if name not in files:
            return PlainTextResponse("not found\n", status_code=404, headers=HEADERS)
        found = await anyio.to_thread.run_sync(read_listed, root, name)
        if found is None:
            return PlainTextResponse("not found\n", status_code=404, headers=HEADERS)
        data, etag = found
        headers = {**HEADERS, "ETag": etag}
        if etag in request.headers.get("if-none-match", ""):
            return Response(status_code=304, headers=headers)
        media = TYPES.get(Path(name).suffix, "application/octet-stream")
        return Response(data, media_type=media, headers=headers)

    return Starlette(routes=[*routes, Route("/{path:path}", site_file, methods=["GET", "HEAD"])])
