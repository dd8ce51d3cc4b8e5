"""The files of a report's site folder: each written whole, and the list of them that the server serves.

A page is written to a temporary file beside it and renamed into place, so a reader (a browser, the
server of ``--serve``) sees the old page or the new one, never a page being written. A file whose
content did not change is not written again, and a page's ``arena-version`` (a digest of what it shows,
:func:`arena.web.pages.page`) tells whether it changed, so the stamp of when it was written stays that of
its content. :class:`SiteFiles` lists what the report wrote: the server serves those files and nothing
else of the folder (:mod:`arena.web.app`).
"""

from __future__ import annotations

import itertools
import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path

_COUNTER = itertools.count()
_VERSION = re.compile(rb'<meta name="arena-version" content="([0-9a-f]+)">')
_MARKERS = re.compile(
    r'<meta name="arena-refresh" content="\d+">|<meta name="arena-version" content="[0-9a-f]+">'
)


LIST = ".arena-files"
"""The file in a site's folder that lists what the last report wrote there (never served)."""


def _is_plain(name: str) -> bool:
    """A path a report may have written: relative, inside the folder, no part hidden or empty."""
    parts = name.split("/")
    return bool(name) and not name.startswith("/") and all(p and not p.startswith(".") for p in parts)


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder, renamed into place."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}-{next(_COUNTER)}.tmp")
    try:
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def page_version(data: bytes) -> str | None:
    """The ``arena-version`` of a page (in its head), or None."""
    found = _VERSION.search(data, 0, 2048)
    return None if found is None else found.group(1).decode()


class SiteFiles:
    """The files a report wrote into ``root``, by their path relative to it (``matches/ID.html``).

    One report run at a time writes (:meth:`begin` ... :meth:`finish`); the server reads the list from
    other threads at any time. A file is listed from the moment it is in place; at :meth:`finish` the
    list becomes what that run wrote or found unchanged, so the pages of matches no longer in the
    database are no longer served.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self._listed: frozenset[str] = frozenset()
        self._run: set[str] = set()
        self._before = self._read_list()
        """What the last report into ``root`` wrote (``.arena-files``): those it no longer writes go."""
        self._lock = threading.Lock()
        self.changed = 0
        """Files written (new or changed) since :meth:`begin`."""

    def __contains__(self, name: object) -> bool:
        return name in self._listed

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._listed))

    def __len__(self) -> int:
        return len(self._listed)

    def begin(self) -> None:
        self._run = set()
        self.changed = 0

    def finish(self) -> None:
        """The list becomes what this run wrote; what an earlier run wrote and this one did not (the
        pages of matches gone from the databases) is removed."""
        with self._lock:
            self._listed = frozenset(self._run)
        for name in sorted(self._before - self._run):
            if _is_plain(name):
                self.path(name).unlink(missing_ok=True)
        self._before = set(self._run)
        write_atomically(self.root / LIST, "".join(f"{n}\n" for n in sorted(self._run)).encode("utf-8"))

    def _read_list(self) -> set[str]:
        try:
            text = (self.root / LIST).read_text(encoding="utf-8")
        except (OSError, ValueError):
            return set()
        return {line for line in text.splitlines() if _is_plain(line)}

    def add(self, name: str) -> None:
        """List a file put in place by someone else (a worker process of the report)."""
        with self._lock:
            self._run.add(name)
            self._listed = self._listed | {name}

    def path(self, name: str) -> Path:
        return self.root / name

    def write(self, name: str, data: bytes | str) -> bool:
        """Put ``data`` at ``name`` (whole, by a rename) unless it is there already; True if written.

        A page (its head holds an ``arena-version``) counts as unchanged when the version is the same,
        whatever its stamp says."""
        raw = data.encode("utf-8") if isinstance(data, str) else data
        target = self.path(name)
        target.parent.mkdir(parents=True, exist_ok=True)
        written = False
        try:
            old = target.read_bytes()
        except OSError:
            old = None
        version = page_version(raw)
        same = old is not None and (old == raw or (version is not None and page_version(old) == version))
        if not same or target.is_symlink():
            write_atomically(target, raw)
            written = True
            self.changed += 1
        self.add(name)
        return written

    def drop_refresh(self) -> int:
        """Take the reload marker out of every listed page (serving has ended); returns how many. Their
        version goes too, so that the next report writes them again whatever it asks for."""
        count = 0
        for name in self:
            if not name.endswith(".html"):
                continue
            try:
                text = self.path(name).read_text(encoding="utf-8")
            except OSError:
                continue
            if '<meta name="arena-refresh"' in text:
                write_atomically(self.path(name), _MARKERS.sub("", text).encode("utf-8"))
                count += 1
        return count
