"""``arena report --out DIR``: the static site of one or more ladder databases.

``DIR/index.html`` lists the ladders by game and every bot; ``DIR/ladder-N.html`` is one ladder
(standings, plots, head to head, its matches) and ``DIR/ladder-N.csv`` its standings;
``DIR/bots/NAME.html`` is one bot across its ladders; ``DIR/matches/ID.html`` is one match with the
replay viewer, whose data is ``DIR/replays/ID.js`` (:mod:`arena.web.replay_data`) beside the replay log
to download, ``DIR/replays/ID.jsonl`` (:mod:`arena.web.replay_cache`); ``DIR/static`` holds the scripts
and the stylesheet, copied from the package. Every page works from the file system and from any static
host, offline. Every file is written whole, by a rename (:mod:`arena.web.files`), so a page served while
the report is written again is the old one or the new one.

The site never holds what it should not publish: a folder that holds a database or a replay log is
refused as ``--out``, and no page names a host path or a match seed.

Bad input never stops the report: a database without ladders gets an index that says so; a match
whose replay log is missing, unreadable, corrupt or from other rules gets its page with the reason in
place of the viewer, and the reason is counted in the summary.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from arena.web import pages
from arena.web.bot_pages import bot_page
from arena.web.files import SiteFiles
from arena.web.ladder_pages import index_page, ladder_page
from arena.web.match_pages import match_page, single_match_page
from arena.web.model import Site, assign_match_files, database_names, ladder
from arena.web.names import now
from arena.web.replay_cache import ReplayCache, Wanted, derive_one

STATIC = ("viewer.js", "catan.js", "catan_ck.js", "puerto_rico.js", "site.js", "style.css")


class SiteError(ValueError):
    """The site cannot be written there; the message is one line."""


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
    changed: int = 0
    """Files of the site written now (new or changed); the others were already as they are."""
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


def copy_static(files: SiteFiles) -> None:
    """The scripts and the stylesheet, from the package into ``static/``."""
    folder = resources.files("arena.web") / "static"
    for name in STATIC:
        files.write(f"static/{name}", (folder / name).read_bytes())


def check_out(out: Path, held: Sequence[Path]) -> None:
    """Raise :class:`SiteError` when ``out`` holds any of ``held`` (a database, a replay log): a site is
    published whole, and these hold the tournament's seeds."""
    root = Path(os.path.realpath(out))
    for path in held:
        if Path(os.path.realpath(path)).is_relative_to(root):
            raise SiteError(
                f"--out {out}: the folder holds {path}, which must not be published;"
                " write the site into a folder of its own (e.g. --out site)"
            )


def write_report(
    dbs: str | Sequence[str],
    out: str | Path,
    *,
    refresh: int = 0,
    workers: int | None = None,
    files: SiteFiles | None = None,
) -> ReportSummary:
    """Write the site of the ladder databases ``dbs`` into ``out``. Raises ``StoreError`` when a database
    cannot be read and :class:`SiteError` when ``out`` holds a database or a replay log.

    ``refresh``: seconds between a served page's checks for a newer version of itself (``--serve``);
    ``files``: the list of the site's files to keep up to date (the server's)."""
    from arena.ladder_report import csv_text, ladder_view
    from arena.web.redact import public_record
    from ladders.store import Store

    paths = [Path(d) for d in ([dbs] if isinstance(dbs, str) else dbs)]
    out = Path(out)
    check_out(out, paths)
    site = Site(database_names(paths), [], now(), refresh)
    logs: list[tuple[int, str, Path | None, str]] = []  # ladder, match id, its log, its name or why none
    for path, shown_db in zip(paths, site.databases, strict=True):
        with Store(path, create=False) as store:
            for name, (kind, _) in store.bots().items():
                site.kinds.setdefault(name, kind)
            for s in store.ladders():
                records = [public_record(m) for m in store.ladder_matches(s.ladder)]
                index = len(site.ladders)
                site.ladders.append(
                    ladder(index, shown_db, s.ladder, records, ladder_view(s.ladder, records))
                )
                for m in records:
                    log, shown = store.replay_file(m.replay), _shown(m.replay, store.folder)
                    if log is None:
                        shown = (
                            f"no replay log on disk ({shown})" if m.replay else "no replay log was recorded"
                        )
                    logs.append((index, m.match_id, log, shown))
    check_out(out, [log for _, _, log, _ in logs if log is not None])
    assign_match_files(site)
    files = files if files is not None else SiteFiles(out)
    files.begin()
    copy_static(files)
    cache = ReplayCache(files)
    jobs = []
    for index, match_id, log, shown in logs:
        page = site.match_files[(index, match_id)]
        if log is None:
            site.problems[page] = shown
        else:
            jobs.append(Wanted(Path(page).stem, match_id, log, shown))
    problems, derived = cache.update(jobs, workers)
    site.problems.update({f"matches/{stem}.html": why for stem, why in problems.items()})
    summary = ReportSummary(ladders=len(site.ladders), derived=derived, taken=cache.taken)
    for lad in site.ladders:
        files.write(lad.file, ladder_page(site, lad))
        if lad.view.standings is not None:
            files.write(lad.csv, csv_text(lad.view))
        for m in lad.records:
            page = site.match_file(lad, m.match_id)
            summary.matches += 1
            if page in site.problems:
                summary.problems[m.match_id] = site.problems[page]
            else:
                summary.replays += 1
            files.write(page, match_page(site, lad, m))
    for bot, ladders in site.bots().items():
        files.write(pages.bot_file(bot), bot_page(site, bot, ladders))
    files.write("index.html", index_page(site))
    files.finish()
    summary.changed = files.changed
    return summary


def _shown(replay: str | None, folder: Path) -> str:
    """A replay path as a page may tell it: relative to its database's folder, else its file name."""
    if not replay:
        return ""
    try:
        return Path(replay).relative_to(folder).as_posix()
    except ValueError:
        return Path(replay).name


def write_match_site(log_path: str | Path, out: str | Path) -> Path:
    """A site of one match (``arena play ... --view``): its viewer page; returns the page's path."""
    from engine.core.replay import ReplayLog

    files = SiteFiles(Path(out))
    files.begin()
    copy_static(files)
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
    stem = pages.safe_id(match_id)
    (files.root / "replays").mkdir(parents=True, exist_ok=True)
    target = files.root / "replays" / stem
    problem, _ = derive_one(match_id, str(log_path), Path(log_path).name, f"{target}.js", f"{target}.jsonl")
    files.write(f"matches/{stem}.html", single_match_page(title, problem, f"../replays/{stem}.js", now()))
    files.write("index.html", pages.page("arena", f'<p><a href="matches/{stem}.html">the match</a></p>'))
    files.finish()
    return files.path(f"matches/{stem}.html")
