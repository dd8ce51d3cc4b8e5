"""``DIR/replays``: each match's viewer data (``ID.js``) and its replay log to download (``ID.jsonl``,
the match seed withheld), made again only when the log changed.

``DIR/replays/manifest.json`` records what each pair was made from: a digest of the log's path (no host
path is published), its size and modification time, and the viewer data's version. Many due at once
are made in parallel worker processes; each file is written whole (:func:`write_atomically`).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arena.web.files import SiteFiles, write_atomically
from arena.web.redact import public_result_line
from arena.web.replay_data import VERSION, brief_error

PARALLEL_FROM = 16
"""Replays due at once from which the work is shared out to worker processes."""


@dataclass(frozen=True, slots=True)
class Wanted:
    """One match whose viewer the site wants."""

    stem: str
    """Its files' name: ``replays/STEM.js`` and ``replays/STEM.jsonl``."""
    match_id: str
    log: Path
    shown: str
    """The log's name as the report tells it (relative to its database's folder, never a host path)."""


def derive_one(
    match_id: str, log_path: str, shown: str, out_js: str, out_log: str
) -> tuple[str | None, bool]:
    """Write the viewer data and the published log of one match (runs in a worker process): ``(problem
    or None, whether the runner's viewer data beside the log was used)``. That file is used when it was
    made from the log as it is now (:func:`arena.web.replay_data.written_view`); otherwise the data is
    derived."""
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
        published = public_log(raw)
    except ReplayDivergence as exc:
        return f"the replay does not match this engine: {exc}", False
    except (ValueError, KeyError, TypeError) as exc:  # UnicodeDecodeError is a ValueError
        return f"corrupt replay log {shown}: {brief_error(exc)}", False
    except OSError as exc:
        return f"cannot read replay log {shown}: {exc.strerror or exc}", False
    except Exception as exc:  # whatever a damaged log makes the engine raise: this match only
        return (
            f"the replay log {shown} could not be replayed ({type(exc).__name__}: {brief_error(exc)})",
            False,
        )
    write_atomically(Path(out_log), published)
    write_atomically(Path(out_js), data)
    return None, written is not None


def public_log(raw: bytes) -> bytes:
    """A replay log as the site publishes it: the header without the match seed (with duplicate seeding
    the seed deals the pod's other rotations too), the result's fault messages without the host's
    folders (:mod:`arena.web.redact`), every other line as it is."""
    head, sep, rest = raw.partition(b"\n")
    header = json.loads(head)
    if not isinstance(header, dict) or header.get("type") != "header":
        raise ValueError("a replay log starts with a header line")
    header.pop("seed", None)
    lines = [public_result_line(line) for line in rest.split(b"\n")]
    return json.dumps(header, separators=(",", ":")).encode("utf-8") + sep + b"\n".join(lines)


class ReplayCache:
    """The viewer data and published logs of a site, remade only when their log changed."""

    def __init__(self, files: SiteFiles) -> None:
        self.files = files
        self.folder = files.root / "replays"
        self.folder.mkdir(parents=True, exist_ok=True)
        self.manifest_path = self.folder / "manifest.json"
        self.taken = 0
        """Of the viewers made by the last :meth:`update`, those taken from the runner's viewer data."""
        try:
            self.manifest: dict[str, Any] = json.loads(self.manifest_path.read_text(encoding="utf-8"))
            if not isinstance(self.manifest, dict):
                self.manifest = {}
        except (OSError, ValueError):
            self.manifest = {}

    def update(self, wanted: Sequence[Wanted], workers: int | None = None) -> tuple[dict[str, str], int]:
        """Make the files of every wanted match that is new or changed; returns the problems (stem ->
        reason) of all of them and how many were made now."""
        due: list[tuple[str, str, str, str, str]] = []
        problems: dict[str, str] = {}
        stamps: dict[str, dict[str, Any]] = {}
        for w in wanted:
            try:
                st = w.log.stat()
            except OSError as exc:
                problems[w.stem] = f"cannot read replay log {w.shown}: {exc.strerror}"
                continue
            where = hashlib.sha256(str(w.log.resolve()).encode("utf-8")).hexdigest()[:16]
            stamp = {"log": where, "size": st.st_size, "mtime_ns": st.st_mtime_ns, "version": VERSION}
            stamps[w.stem] = stamp
            known = self.manifest.get(w.stem)
            if isinstance(known, dict) and {k: known.get(k) for k in stamp} == stamp:
                if known.get("problem"):
                    problems[w.stem] = str(known["problem"])
                    continue
                if all((self.folder / f"{w.stem}{s}").is_file() for s in (".js", ".jsonl")):
                    self._list(w.stem)
                    continue
            due.append((w.match_id, str(w.log), w.shown, *self._outputs(w.stem)))
        results: list[tuple[str | None, bool]]
        count = workers if workers is not None else min(os.cpu_count() or 1, 4)
        if len(due) >= PARALLEL_FROM and count > 1:
            with ProcessPoolExecutor(max_workers=count) as pool:
                results = list(pool.map(derive_one, *zip(*due, strict=True), chunksize=8))
        else:
            results = [derive_one(*job) for job in due]
        self.taken = sum(taken for _, taken in results)
        for job, (problem, _) in zip(due, results, strict=True):
            stem = Path(job[3]).stem
            self.manifest[stem] = {**stamps[stem], "problem": problem}
            if problem:
                problems[stem] = problem
                for path in self._outputs(stem):
                    Path(path).unlink(missing_ok=True)
            else:
                self.files.changed += 2
                self._list(stem)
        for stem in list(self.manifest):
            if stem not in stamps:  # a match no longer in the databases: its entry goes
                del self.manifest[stem]
        write_atomically(
            self.manifest_path, json.dumps(self.manifest, indent=0, sort_keys=True).encode("utf-8")
        )
        return problems, len(due)

    def _outputs(self, stem: str) -> tuple[str, str]:
        return str(self.folder / f"{stem}.js"), str(self.folder / f"{stem}.jsonl")

    def _list(self, stem: str) -> None:
        self.files.add(f"replays/{stem}.js")
        self.files.add(f"replays/{stem}.jsonl")
