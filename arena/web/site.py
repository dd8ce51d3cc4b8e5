"""``arena report --out DIR``: the static site of a ladder database.

``DIR/index.html`` lists the ladders; ``DIR/ladder-N.html`` is one ladder (standings, plots, head to
head, its matches); ``DIR/matches/ID.html`` is one match with the replay viewer, whose data is
``DIR/replays/ID.js`` (:mod:`arena.web.replay_data`, derived from the stored replay log); ``DIR/static``
holds the viewer's scripts and the stylesheet, copied from the package. Every page works from the file
system and from any static host, offline.

Bad input never stops the report: a database without ladders gets an index that says so; a match
whose replay log is missing, unreadable, corrupt or from other rules gets its page with the reason in
place of the viewer, and the reason is counted in the summary. Replay data is derived again only when
its log changed (``DIR/replays/manifest.json`` records what each file was made from), and in parallel
worker processes when many are due.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from arena.web import pages
from arena.web.replay_data import VERSION

STATIC = ("viewer.js", "catan.js", "catan_ck.js", "puerto_rico.js", "style.css")
PARALLEL_FROM = 16
"""Replays due at once from which the work is shared out to worker processes."""


@dataclass(slots=True)
class ReportSummary:
    """What a report run wrote."""

    ladders: int = 0
    matches: int = 0
    replays: int = 0
    """Matches whose viewer data is in the site."""
    derived: int = 0
    """Of those, made in this run (the others were unchanged since the last one)."""
    taken: int = 0
    """Of those made now, taken from the viewer data the runner wrote (the others derived from the log)."""
    problems: dict[str, str] = field(default_factory=dict)
    """Match id -> why it has no viewer."""

    def lines(self) -> list[str]:
        out = [
            f"{self.ladders} ladder{'s' if self.ladders != 1 else ''}, {self.matches} matches,"
            f" {self.replays} replays ({self.derived} made now: {self.taken} as the runner wrote them,"
            f" {self.derived - self.taken} derived from their logs)"
        ]
        if self.problems:
            count = len(self.problems)
            out.append(f"{count} match{'es have' if count > 1 else ' has'} no viewer:")
            out.extend(f"  {mid}: {why}" for mid, why in sorted(self.problems.items())[:20])
            if len(self.problems) > 20:
                out.append(f"  ... and {len(self.problems) - 20} more (each match's page says why)")
        return out


def copy_static(out: Path) -> None:
    """The viewer's scripts and the stylesheet, from the package into ``out/static``."""
    target = out / "static"
    target.mkdir(parents=True, exist_ok=True)
    folder = resources.files("arena.web") / "static"
    for name in STATIC:
        data = (folder / name).read_bytes()
        path = target / name
        if not path.is_file() or path.read_bytes() != data:
            path.write_bytes(data)


def derive_one(match_id: str, log_path: str, out_path: str) -> tuple[str, str | None, int, bool]:
    """Write the viewer data of one match (runs in a worker process): ``(id, problem or None, bytes,
    whether the runner's file beside the log was used)``. That file is used when it was made from the
    log as it is now (:func:`arena.web.replay_data.written_view`); otherwise the data is derived."""
    from arena.web.replay_data import script, viewer_data, wrap, written_view
    from engine.core.replay import ReplayDivergence, ReplayLog

    try:
        raw = Path(log_path).read_bytes()
        written = written_view(log_path, raw)
        if written is not None:
            data = wrap(written)
        else:
            log = ReplayLog.parse(raw.decode("utf-8").splitlines())
            data = script(viewer_data(log, match_id=match_id, source=raw))
    except ReplayDivergence as exc:
        return match_id, f"the replay does not match this engine: {exc}", 0, False
    except (ValueError, KeyError, TypeError) as exc:  # UnicodeDecodeError is a ValueError
        return match_id, f"corrupt replay log {log_path}: {_brief(exc)}", 0, False
    except OSError as exc:
        return match_id, f"cannot read replay log {log_path}: {exc.strerror or exc}", 0, False
    except Exception as exc:  # whatever a damaged log makes the engine raise: this match only
        return (
            match_id,
            f"the replay log {log_path} could not be replayed ({type(exc).__name__}: {_brief(exc)})",
            0,
            False,
        )
    Path(out_path).write_bytes(data)
    return match_id, None, len(data), written is not None


def _brief(exc: Exception) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text[:200]


def find_replay(path: str | None, db: Path) -> Path | None:
    """The replay log a match names: as stored (relative to the current folder), or beside the database."""
    if not path:
        return None
    candidate = Path(path)
    if candidate.is_file():
        return candidate
    beside = db.parent / candidate
    if not candidate.is_absolute() and beside.is_file():
        return beside
    beside = db.parent / candidate.name
    return beside if beside.is_file() else None


class ReplayCache:
    """``out/replays``: one viewer data file per match, remade only when its log changed."""

    def __init__(self, out: Path) -> None:
        self.folder = out / "replays"
        self.folder.mkdir(parents=True, exist_ok=True)
        self.manifest_path = self.folder / "manifest.json"
        self.taken = 0
        """Of the files made by the last :meth:`update`, those taken from the runner's viewer data."""
        try:
            self.manifest: dict[str, Any] = json.loads(self.manifest_path.read_text(encoding="utf-8"))
            if not isinstance(self.manifest, dict):
                self.manifest = {}
        except (OSError, ValueError):
            self.manifest = {}

    def file(self, match_id: str) -> Path:
        return self.folder / f"{pages.safe_id(match_id)}.js"

    def update(
        self, wanted: Sequence[tuple[str, Path]], workers: int | None = None
    ) -> tuple[dict[str, str], int]:
        """Make the viewer data of every ``(match id, log)`` that is new or changed; returns the problems
        (match id -> reason) of all of them and how many were derived now."""
        due: list[tuple[str, str, str]] = []
        problems: dict[str, str] = {}
        stamps: dict[str, dict[str, Any]] = {}
        for match_id, log in wanted:
            try:
                st = log.stat()
            except OSError as exc:
                problems[match_id] = f"cannot read replay log {log}: {exc.strerror}"
                continue
            stamp = {
                "log": str(log.resolve()),
                "size": st.st_size,
                "mtime_ns": st.st_mtime_ns,
                "version": VERSION,
            }
            stamps[match_id] = stamp
            known = self.manifest.get(match_id)
            if isinstance(known, dict) and {k: known.get(k) for k in stamp} == stamp:
                if known.get("problem"):
                    problems[match_id] = str(known["problem"])
                    continue
                if self.file(match_id).is_file():
                    continue
            due.append((match_id, str(log), str(self.file(match_id))))
        results: list[tuple[str, str | None, int, bool]]
        count = workers if workers is not None else min(os.cpu_count() or 1, 4)
        if len(due) >= PARALLEL_FROM and count > 1:
            with ProcessPoolExecutor(max_workers=count) as pool:
                results = list(pool.map(derive_one, *zip(*due, strict=True), chunksize=8))
        else:
            results = [derive_one(*job) for job in due]
        self.taken = sum(taken for *_, taken in results)
        for match_id, problem, _, _ in results:
            self.manifest[match_id] = {**stamps[match_id], "problem": problem}
            if problem:
                problems[match_id] = problem
                self.file(match_id).unlink(missing_ok=True)
        tmp = self.manifest_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.manifest, indent=0, sort_keys=True), encoding="utf-8")
        tmp.replace(self.manifest_path)
        return problems, len(due)


def write_report(db: str, out: str | Path, *, refresh: int = 0, workers: int | None = None) -> ReportSummary:
    """Write the site of ladder database ``db`` into ``out`` (``StoreError`` when ``db`` cannot be read).

    ``refresh``: seconds after which the index and ladder pages reload themselves (``--serve``)."""
    from arena.ladder_report import ladder_view
    from ladders.store import Store

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "matches").mkdir(exist_ok=True)
    copy_static(out)
    summary = ReportSummary()
    db_path = Path(db)
    with Store(db) as store:
        ladders = store.ladders()
        per_ladder = [store.ladder_matches(s.ladder) for s in ladders]
    summary.ladders = len(ladders)
    cache = ReplayCache(out)
    wanted: list[tuple[str, Path]] = []
    missing: dict[str, str] = {}
    for records in per_ladder:
        for m in records:
            log = find_replay(m.replay, db_path)
            if log is None:
                missing[m.match_id] = (
                    f"no replay log stored for this match ({m.replay} is not on disk)"
                    if m.replay
                    else "no replay log was recorded for this match"
                )
            else:
                wanted.append((m.match_id, log))
    problems, summary.derived = cache.update(wanted, workers)
    summary.taken = cache.taken
    problems.update(missing)
    summary.problems = problems
    for i, (s, records) in enumerate(zip(ladders, per_ladder, strict=True)):
        view = ladder_view(s.ladder, records)
        rated = [m.rated() for m in records if m.is_rated]
        seats = len(records[0].bots) if records else 0
        html = pages.ladder_page(
            view, records, rated, seats, refresh=refresh, replay_notes={k: "no viewer" for k in problems}
        )
        _write(out / pages.ladder_file(i), html)
        for m in records:
            summary.matches += 1
            problem = problems.get(m.match_id)
            if problem is None:
                summary.replays += 1
            script = f"../replays/{pages.safe_id(m.match_id)}.js"
            title = f"Match {m.match_id}"
            _write(
                out / pages.match_file(m.match_id),
                pages.match_page(m, pages.ladder_file(i), script, problem, title=title),
            )
    _write(out / "index.html", pages.index_page(str(db), ladders, refresh=refresh))
    return summary


def write_match_site(log_path: str | Path, out: str | Path) -> Path:
    """A site of one match (``arena play ... --view``): its viewer page; returns the page's path."""
    out = Path(out)
    (out / "matches").mkdir(parents=True, exist_ok=True)
    (out / "replays").mkdir(exist_ok=True)
    copy_static(out)
    from engine.core.replay import ReplayLog

    title = f"Match {Path(log_path).stem}"
    try:
        log = ReplayLog.read(log_path)
        match_id = str(log.header.get("match_id") or Path(log_path).stem)
        title = (
            log.ref.canonical().split("(")[0]
            + ": "
            + ", ".join(f"seat {i} {n}" for i, n in enumerate(log.header.get("seats", [])))
        )
    except (OSError, ValueError, KeyError):
        match_id = Path(log_path).stem
    target = out / "replays" / f"{pages.safe_id(match_id)}.js"
    _, problem, _, _ = derive_one(match_id, str(log_path), str(target))
    page_path = out / pages.match_file(match_id)
    script = f"../replays/{pages.safe_id(match_id)}.js"
    _write(page_path, pages.match_page(None, None, script, problem, title=title))
    _write(
        out / "index.html",
        pages.page("arena", f'<p><a href="{pages.match_file(match_id)}">the match</a></p>'),
    )
    return page_path


def _write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
