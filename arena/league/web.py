"""The league's live site and read-only JSON API: Starlette routes served by uvicorn in a thread of the
host (or of ``arena league`` alone, on another machine reading the same database).

Pages (HTML, every value escaped, the report's stylesheet and replay viewer):

- ``/`` the ladders with their standings and the bots still in placement or turned away;
- ``/ladders/ID.html`` a ladder: standings and its latest matches;
- ``/bots/ID/NAME.html`` a bot: its versions, their rating over time, faults, head to head, matches;
- ``/matches/MATCH.html`` a match with the viewer (its data at ``/replays/MATCH.js``).

JSON (``GET`` only; there is no endpoint that writes, so none needs a key):

- ``/api/ladders``, ``/api/ladders/ID/standings``, ``/api/ladders/ID/matches?limit=N``;
- ``/api/ladders/ID/bots/NAME``, ``/api/ladders/ID/bots/NAME/matches?limit=N``;
- ``/api/matches/MATCH`` and ``/api/matches/MATCH/replay`` (the viewer's data, ``docs/replay-format.md``).

What is published and what never is: :mod:`arena.league.site_data`.
"""

from __future__ import annotations

import socket
import threading
import time
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from arena.league.site_data import LeagueData, history_svg, match_json
from arena.rating_text import rating_cells
from arena.web import pages
from arena.web.names import ladder_name, when
from arena.web.pages import Markup, table

if TYPE_CHECKING:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response

    from arena.league.definition import LeagueDef
    from ladders.store import Store

MAX_LIMIT = 500
"""The most matches one API call lists."""


def _interval(row: dict[str, Any]) -> str:
    if row["bound"] == "at least":
        return f"≥ {row['low']:.0f}"
    if row["bound"] == "at most":
        return f"≤ {row['high']:.0f}"
    if row["low"] is None or row["high"] is None or row["low"] == row["high"]:
        return "fixed (anchor)" if row["low"] == row["high"] else ""
    return f"{row['low']:.0f} .. {row['high']:.0f}"


def _bot_link(ladder: str, name: str, shown: str, depth: int) -> Markup:
    up = "../" * depth
    return Markup(f'<a href="{up}bots/{escape(ladder)}/{escape(name)}.html">{escape(shown)}</a>')


def match_file(match_id: str) -> str:
    return f"matches/{pages.safe_id(match_id)}.html"


def _match_link(match_id: str, depth: int) -> Markup:
    up = "../" * depth
    return Markup(f'<a href="{up}{match_file(match_id)}">{escape(match_id)}</a>')


def standings_html(data: LeagueData, ladder_id: str, depth: int) -> str:
    st = data.standings(ladder_id)
    if st is None:
        return ""
    parts = [f'<p class="summary">{escape(st["ladder"])}</p>']
    if st["bots"]:
        rows = []
        for r in st["bots"]:
            who = _bot_link(ladder_id, r["name"], r["bot"], depth) if r["state"] != "house" else r["bot"]
            state = "house bot" if r["state"] == "house" else r["state"]
            elo, _ = rating_cells(r["elo"], r["low"], r["high"], r["bound"])  # as every table shows it
            rows.append((r["rank"], who, state, elo, _interval(r), r["pods"], r["games"]))
        parts.append(
            table(["#", "bot", "state", "Elo", "95 % interval", "pods", "games"], rows, names=(1, 2))
        )
        model = st["model"]
        anchor = model.get("anchor", "")
        parts.append(
            f'<p class="muted">ratings of {escape(when(str(st["at"])))}: {escape(str(model.get("model", "")))};'
            f" scale pinned to {escape(str(anchor))} = {model.get('anchor_rating', 1500):.0f}"
            + (" · provisional (a bot has fewer than 10 pods)" if model.get("provisional") else "")
            + "</p>"
        )
        parts += [f'<p class="warning">{escape(str(w))}</p>' for w in model.get("warnings", ())]
    else:
        parts.append('<p class="muted">no ratings yet</p>')
    if st["unrated"]:
        waiting = [
            (_bot_link(ladder_id, u["name"], u["bot"], depth), u["state"], u["note"] or "")
            for u in st["unrated"]
        ]
        parts.append(
            "<h3>Not rated yet</h3>" + table(["bot", "state", "why"], waiting, names=(0, 1, 2), wraps=(2,))
        )
    return "".join(parts)


def index_html(data: LeagueData) -> str:
    parts = [f'<h1 id="ladders">{escape(data.name)}</h1>']
    ladders = data.ladders()
    if not ladders:
        parts.append('<p class="error">no ladder yet: start the league with its definition</p>')
    for lad in ladders:
        title = ladder_name(str(lad["ladder"])).title
        parts.append(
            f'<h2><a href="ladders/{escape(lad["id"])}.html">{escape(title)}</a>'
            f' <span class="muted">{escape(lad["id"])}</span></h2>'
        )
        parts.append(standings_html(data, lad["id"], 0))
    bots = data.tables.bots()
    if bots:
        links = ", ".join(
            f'<a href="bots/{escape(b.ladder)}/{escape(b.name)}.html">{escape(b.name)}</a>'
            + (" (removed)" if b.removed else "")
            for b in bots
        )
        parts.append(f'<h2 id="bots">Bots</h2><p>{links}</p>')
    parts.append(
        '<p class="muted">JSON: <a href="api/ladders">/api/ladders</a>, /api/ladders/ID/standings,'
        " /api/ladders/ID/bots/NAME, /api/ladders/ID/bots/NAME/matches, /api/matches/MATCH/replay"
        " (docs/protocol.md)</p>"
    )
    return pages.page(data.name, "".join(parts), refresh=30)


def matches_table(found: list[dict[str, Any]], ladder: str, depth: int) -> str:
    if not found:
        return '<p class="muted">no published match yet (a pod is shown once all its games are over)</p>'
    rows = []
    for m in found:
        seats = ", ".join(f"{s['place']}: {s['label']}" for s in m["seats"])
        faults = len(m["faults"])
        rows.append(
            (_match_link(m["match_id"], depth), when(m["finished"]), seats, m["termination"], faults or "")
        )
    headers = ["match", "finished", "place: bot, by seat", "end", "faults"]
    return table(headers, rows, names=(0, 2), cls="data cards", labelled=True)  # cards on a phone


def match_html(record: Any, ladder_id: str | None, problem: str | None) -> str:
    """A published match: its seats, places, faults and the replay viewer."""
    from arena.web.match_pages import VIEWER_SCRIPTS, replay_section

    title = f"Match {record.match_id}"
    facts: list[str | Markup] = [
        Markup(f'<a href="../ladders/{escape(ladder_id)}.html">ladder {escape(ladder_id)}</a>')
        if ladder_id
        else "",
        f"pod {record.pod_index} rotation {record.rotation}",
        record.termination,
        f"{record.seconds:.1f} s",
        f"finished {when(record.finished)}",
    ]
    faults_by_seat: dict[int, int] = {}
    for f in record.faults:
        faults_by_seat[int(f["seat"])] = faults_by_seat.get(int(f["seat"]), 0) + 1
    rows = []
    for s, label in enumerate(record.labels):
        bot = record.bots[s]
        who: Any = (
            _bot_link(ladder_id, bot.rsplit("@", 1)[0], label, 1) if ladder_id and "@" in bot else label
        )
        rows.append((s, who, record.places[s], f"{record.scores[s]:g}", faults_by_seat.get(s, "") or "",
                     "forfeited" if s in record.forfeits else ""))  # fmt: skip
    parts = [f"<h1>{escape(title)}</h1>", pages.summary_line(facts)]
    parts.append(
        table(["seat", "bot", "place", "score", "faults", "note"], rows, names=(1,), cls="data seats")
    )
    if record.faults:
        parts.append(
            "<h2>Faults</h2><ul>"
            + "".join(
                f'<li class="fault">ply {int(f["ply"])} seat {int(f["seat"])} ({escape(str(f["kind"]))},'
                f" strike {int(f['strike'])}): {escape(str(f['message']))}</li>"
                for f in record.faults
            )
            + "</ul>"
        )
    stem = pages.safe_id(record.match_id)
    log = None if problem else f"../replays/{stem}.jsonl"
    parts.append(replay_section(problem, f"../replays/{stem}.js", log))
    return pages.page(title, "".join(parts), depth=1, scripts=VIEWER_SCRIPTS)


def ladder_html(data: LeagueData, ladder_id: str) -> str | None:
    row = data.ladder_row(ladder_id)
    if row is None:
        return None
    title = ladder_name(row.ladder).title
    body = f'<h1>{escape(title)} <span class="muted">{escape(ladder_id)}</span></h1>'
    body += standings_html(data, ladder_id, 1)
    body += "<h2>Latest matches</h2>" + matches_table(data.matches(ladder_id, limit=50) or [], ladder_id, 1)
    return pages.page(f"ladder {ladder_id}", body, depth=1, refresh=30)


def bot_html(data: LeagueData, ladder_id: str, name: str) -> str | None:
    bot = data.bot(ladder_id, name)
    if bot is None:
        return None
    parts = [f'<h1>{escape(name)} <span class="muted">on <a href="../../ladders/{escape(ladder_id)}.html">'
             f"{escape(ladder_id)}</a></span></h1>"]  # fmt: skip
    rows = [(v["entry"], v["state"], when(v["since"]), v["note"]) for v in bot["versions"]]
    parts.append(
        "<h2>Versions</h2>" + table(["entry", "state", "since", "note"], rows, names=(0, 1, 3), wraps=(3,))
    )
    parts.append("<h2>Rating over time</h2>" + history_svg(bot["ratings"]))
    faults = [(b, "rated", f["text"]) for b, f in sorted(bot["faults"].items())]
    faults += [(b, "placement", f["text"]) for b, f in sorted(bot["placement_faults"].items())]
    if faults:
        parts.append(
            "<h2>Faults</h2>" + table(["entry", "matches", "faults"], faults, names=(0, 1, 2), wraps=(2,))
        )
    else:
        parts.append("<h2>Faults</h2><p>none in its published matches</p>")
    if bot["head_to_head"]:
        h2h = [(h["bot"], h["opponent"], h["games"], f"{100 * h['ahead']:.0f}%") for h in bot["head_to_head"]]
        parts.append(
            "<h2>Head to head</h2>" + table(["entry", "opponent", "games", "placed ahead"], h2h, names=(0, 1))
        )
    found = data.matches(ladder_id, name, limit=50) or []
    parts.append(f"<h2>Recent matches ({bot['matches']} published)</h2>" + matches_table(found, ladder_id, 2))
    if bot["placement"]:
        parts.append(
            f"<h2>Placement matches ({len(bot['placement'])}, not rated)</h2>"
            + matches_table(bot["placement"], ladder_id, 2)
        )
    return pages.page(f"{name} on {ladder_id}", "".join(parts), depth=2, refresh=60)


class ReplayScripts:
    """The viewer data of published matches as the pages load it (``/replays/MATCH.js``), and the replay
    log as the report publishes it (``/replays/MATCH.jsonl``, without its seed), made once per match from
    its replay log into ``folder`` (:func:`arena.web.replay_cache.derive_one`)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.lock = threading.Lock()

    def files(self, match_id: str, log: Path) -> tuple[Path | None, Path | None, str | None]:
        """The viewer script and the published log of a match, or why there are none."""
        from arena.web.replay_cache import derive_one

        stem = pages.safe_id(match_id)
        script, published = self.folder / f"{stem}.js", self.folder / f"{stem}.jsonl"
        with self.lock:
            if not script.is_file() or script.stat().st_mtime < log.stat().st_mtime:
                self.folder.mkdir(parents=True, exist_ok=True)
                problem, _ = derive_one(match_id, str(log), f"{stem}.jsonl", str(script), str(published))
                if problem is not None:
                    return None, None, problem
        return script, published, None

    def script(self, match_id: str, log: Path) -> tuple[bytes | None, str | None]:
        script, _, problem = self.files(match_id, log)
        return (script.read_bytes(), None) if script is not None else (None, problem)


def make_app(data: LeagueData, cache: Path) -> Starlette:
    """The site's app: the league's routes (every one ``GET``) on the report's app
    (:func:`arena.web.app.site_app`), which serves the report's stylesheet and scripts from ``cache``
    and nothing else of it."""
    from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse
    from starlette.routing import Route

    from arena.web.app import HEADERS, site_app
    from arena.web.files import SiteFiles
    from arena.web.site import copy_static

    cache.mkdir(parents=True, exist_ok=True)
    files = SiteFiles(cache)
    copy_static(files)
    scripts = ReplayScripts(cache / "replays")

    def html(text: str | None) -> Response:
        if text is None:
            return PlainTextResponse("not found", status_code=404, headers=HEADERS)
        return HTMLResponse(text, headers=HEADERS)

    def found(value: Any) -> Response:
        if value is None:
            return JSONResponse({"error": "not found"}, status_code=404)
        return JSONResponse(value)

    def limit(request: Request) -> int | None:
        """``?limit=N`` (1 to MAX_LIMIT; 50 when absent), or None for anything else."""
        text = request.query_params.get("limit", "50")
        return int(text) if text.isdigit() and 1 <= int(text) <= MAX_LIMIT else None

    def bad_limit() -> Response:
        return JSONResponse({"error": f"limit must be a whole number from 1 to {MAX_LIMIT}"}, status_code=400)

    def index(request: Request) -> Response:
        return html(index_html(data))

    def ladder(request: Request) -> Response:
        return html(ladder_html(data, request.path_params["ladder"]))

    def bot(request: Request) -> Response:
        return html(bot_html(data, request.path_params["ladder"], request.path_params["name"]))

    def match(request: Request) -> Response:
        record = data.match(request.path_params["match"])
        if record is None:
            return html(None)
        log = data.replay_file(record)
        problem = None if log is not None else "the replay log of this match is not on this machine"
        return html(match_html(record, data.ladder_of(record), problem))

    def replay_log(request: Request) -> Response:
        record = data.match(request.path_params["match"])
        log = data.replay_file(record) if record is not None else None
        if record is None or log is None:
            return PlainTextResponse("not found", status_code=404)
        _, published, problem = scripts.files(record.match_id, log)
        if published is None:
            return PlainTextResponse(problem or "no replay", status_code=404)
        return PlainTextResponse(published.read_bytes(), media_type="application/x-ndjson")

    def replay_script(request: Request) -> Response:
        record = data.match(request.path_params["match"])
        log = data.replay_file(record) if record is not None else None
        if record is None or log is None:
            return PlainTextResponse("not found", status_code=404)
        body, problem = scripts.script(record.match_id, log)
        if body is None:
            return PlainTextResponse(problem or "no replay", status_code=404)
        return PlainTextResponse(body, media_type="text/javascript")

    def api_ladders(request: Request) -> Response:
        return JSONResponse(data.ladders())

    def api_standings(request: Request) -> Response:
        return found(data.standings(request.path_params["ladder"]))

    def api_ladder_matches(request: Request) -> Response:
        count = limit(request)
        if count is None:
            return bad_limit()
        return found(data.matches(request.path_params["ladder"], limit=count))

    def api_bot(request: Request) -> Response:
        return found(data.bot(request.path_params["ladder"], request.path_params["name"]))

    def api_bot_matches(request: Request) -> Response:
        p = request.path_params
        if data.bot(p["ladder"], p["name"]) is None:
            return found(None)
        count = limit(request)
        if count is None:
            return bad_limit()
        return found(data.matches(p["ladder"], p["name"], limit=count))

    def api_match(request: Request) -> Response:
        record = data.match(request.path_params["match"])
        return found(None if record is None else match_json(record))

    def api_replay(request: Request) -> Response:
        from starlette.responses import Response as Raw

        record = data.match(request.path_params["match"])
        log = data.replay_file(record) if record is not None else None
        if record is None or log is None:
            return found(None)
        body, problem = scripts.script(record.match_id, log)
        if body is None:
            return JSONResponse({"error": problem}, status_code=404)
        document = body.removeprefix(b"arenaReplay(").rstrip().removesuffix(b");")
        return Raw(document, media_type="application/json")

    routes = [
        Route("/", index),
        Route("/index.html", index),
        Route("/ladders/{ladder}.html", ladder),
        Route("/bots/{ladder}/{name}.html", bot),
        Route("/matches/{match}.html", match),
        Route("/replays/{match}.js", replay_script),
        Route("/replays/{match}.jsonl", replay_log),
        Route("/api/ladders", api_ladders),
        Route("/api/ladders/{ladder}/standings", api_standings),
        Route("/api/ladders/{ladder}/matches", api_ladder_matches),
        Route("/api/ladders/{ladder}/bots/{name}", api_bot),
        Route("/api/ladders/{ladder}/bots/{name}/matches", api_bot_matches),
        Route("/api/matches/{match}", api_match),
        Route("/api/matches/{match}/replay", api_replay),
    ]
    return site_app(cache, files, routes=routes)


class Site:
    """The site served by uvicorn on a thread of its own."""

    def __init__(self, app: Starlette, sock: socket.socket) -> None:
        import uvicorn

        host, port = sock.getsockname()[:2]
        shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
        self.url = f"http://{shown}:{port}/"
        config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off")
        self.server = uvicorn.Server(config)
        self.sock = sock
        self.on_stop: Any = None
        """Called once the server stopped (closes the site's database connection)."""
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True,
                                       name="league-site")  # fmt: skip
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started and self.thread.is_alive() and time.monotonic() < deadline:
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.sock.close()
        if self.on_stop is not None:
            self.on_stop()


def listen(address: str) -> socket.socket:
    """A listening socket on ``HOST:PORT`` (port 0: any free one); ``OSError`` in one line when taken."""
    host, _, port = address.rpartition(":")
    host = host.strip("[]") or "127.0.0.1"
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, int(port)))
    except OSError as exc:
        sock.close()
        raise OSError(f"the site cannot listen on {address}: {exc.strerror}") from None
    sock.listen(128)
    return sock


def start_site(league: LeagueDef, store_location: str, *, folder: Path | None = None) -> Site:
    """Serve the league's site and API on ``league.site`` from the database at ``store_location`` (a
    connection of its own)."""
    from ladders.store import Store

    store: Store = Store(store_location)
    cache = folder or Path(league.site_dir or _site_dir(store_location))
    data = LeagueData(store, league.name)
    try:
        site = Site(make_app(data, cache), listen(league.site))
    except BaseException:
        store.close()
        raise
    site.on_stop = store.close
    return site


def _site_dir(db: str) -> Path:
    from ladders.sql import is_postgres_url

    if is_postgres_url(db):
        return Path(db.rsplit("/", 1)[-1].split("?", 1)[0] + "-site")
    path = Path(db)
    return path.with_name(path.stem + "-site")
