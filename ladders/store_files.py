"""What the ladder store keeps outside its SQL: the database file's header, checked before SQLite opens
it; replay paths relative to the database; a stored match row as a record.

Refusing foreign files. Before SQLite ever opens an existing file, its 100-byte header
is read directly: it must carry the SQLite magic, this project's ``PRAGMA application_id``
(:data:`APPLICATION_ID`) and a ``PRAGMA user_version`` no newer than :data:`SCHEMA_VERSION`; a file
that is cleanly closed must be as long as its header says. Only then is it opened, and
``PRAGMA quick_check`` must pass. Any failure raises :class:`StoreError` with one line naming the path
and the problem, and the file is left byte-for-byte as it was. A new database gets its application id,
schema version and tables in one transaction *before* it switches to WAL, so the main file's header
always identifies it, even if the process is killed right after.

Once per process. Closing any descriptor of a file drops every POSIX lock this process holds on it,
SQLite's included: reading the header again while this process has the database open (the league's
site opens a second store beside the running league's) would let another process's SQLite take the
file for unused, checkpoint it and delete the write-ahead log under the running writer, whose later
commits would then go to a deleted file. :class:`HeldFiles` counts the stores open on each file (by
device and inode); the header is read only when none is.

Replay paths. A match's replay log is named in ``matches.replay`` relative to the
database's folder when it lies inside that folder (absolute otherwise), whatever folder the run started
in; records read back name it as an absolute path, and :meth:`ladders.store.Store.replay_file` also looks beside the
database when the folder holding both was moved. Databases of schema version 2 stored the path as the
run gave it, relative to the folder it started in; the upgrade to version 3 rewrites each one to the
file it finds (:func:`migrated_replay`).
"""

from __future__ import annotations

import json
import os
import struct
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ladders.records import MatchRecord
from ladders.schema import APPLICATION_ID, SCHEMA_VERSION
from ladders.sql import StoreError

_MAGIC = b"SQLite format 3\x00"


class HeldFiles:
    """The SQLite files this process has open as stores, counted by ``(device, inode)``.

    :attr:`lock` is held from the check of a file to the registration of its connection, so that no
    thread reads a header while another one's connection to the same file comes up.
    """

    lock = threading.Lock()
    _count: dict[tuple[int, int], int] = {}

    @classmethod
    def key(cls, path: Path) -> tuple[int, int] | None:
        try:
            st = path.stat()
        except OSError:
            return None
        return st.st_dev, st.st_ino

    @classmethod
    def is_held(cls, path: Path) -> bool:
        key = cls.key(path)
        return key is not None and cls._count.get(key, 0) > 0

    @classmethod
    def hold(cls, path: Path) -> tuple[int, int] | None:
        """Count a new connection to ``path`` (call with :attr:`lock` held); the key to release."""
        key = cls.key(path)
        if key is not None:
            cls._count[key] = cls._count.get(key, 0) + 1
        return key

    @classmethod
    def release(cls, key: tuple[int, int] | None) -> None:
        if key is None:
            return
        with cls.lock:
            left = cls._count.get(key, 0) - 1
            if left > 0:
                cls._count[key] = left
            else:
                cls._count.pop(key, None)


def check_file(path: Path) -> bool:
    """Check an existing file's header without opening it in SQLite; False if it is new (absent or empty).

    Raises :class:`StoreError` for anything that is not a ladder database this code can use.
    """
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise StoreError(f"{path}: cannot read ({exc.strerror})") from None
    if path.is_dir():
        raise StoreError(f"{path}: is a directory, not a ladder database")
    if size == 0:
        return False
    try:
        with path.open("rb") as fh:
            header = fh.read(100)
    except OSError as exc:
        raise StoreError(f"{path}: cannot read ({exc.strerror})") from None
    if len(header) < 100 or not header.startswith(_MAGIC):
        raise StoreError(f"{path}: not an SQLite database; refusing to touch it")
    (page_size,) = struct.unpack(">H", header[16:18])
    page_size = 65536 if page_size == 1 else page_size
    change, pages = struct.unpack(">II", header[24:32])
    (user_version,) = struct.unpack(">I", header[60:64])
    (app_id,) = struct.unpack(">I", header[68:72])
    (valid_for,) = struct.unpack(">I", header[92:96])
    if app_id != APPLICATION_ID:
        raise StoreError(
            f"{path}: an SQLite database of another application (application_id {app_id:#x}, "
            f"expected {APPLICATION_ID:#x}); refusing to touch it"
        )
    if user_version > SCHEMA_VERSION:
        raise StoreError(
            f"{path}: ladder schema version {user_version} is newer than this program's "
            f"{SCHEMA_VERSION}; upgrade boardgame-arena to use it"
        )
    wal = Path(f"{path}-wal")
    is_clean = not wal.exists() or wal.stat().st_size == 0
    if is_clean and valid_for == change and pages * page_size > size:
        raise StoreError(
            f"{path}: truncated or corrupt (header says {pages} pages of {page_size} bytes, file has "
            f"{size} bytes); refusing to touch it"
        )
    return True


MATCH_COLUMNS = (
    "id, tournament, ladder, variant, seed, pod, rotation, bots, labels, places, scores, termination,"
    " faults, forfeits, replay, started, finished, seconds"
)


def stored_replay(path: str, folder: Path) -> str:
    """How a replay path given by a writer (relative to its current folder, or absolute) is stored:
    relative to the database's ``folder`` when the file lies inside it, else absolute."""
    full = Path(os.path.abspath(path))
    try:
        return full.relative_to(folder).as_posix()
    except ValueError:
        return str(full)


def migrated_replay(path: str, folder: Path) -> str:
    """A replay path stored by schema version 2 (relative to the folder the run started in, which was
    not recorded), as version 3 stores it: the file found relative to the current folder, else the
    longest tail of the path found under the database's ``folder``, else its last two parts (the
    default layout, ``DB-replays/ID.jsonl`` beside the database) or the path as it was."""
    given = Path(path)
    if given.is_absolute():
        return stored_replay(path, folder)
    if given.is_file():
        return stored_replay(path, folder)
    parts = given.parts
    for start in range(len(parts)):
        tail = Path(*parts[start:])
        if (folder / tail).is_file():
            return tail.as_posix()
    return Path(*parts[-2:]).as_posix() if len(parts) >= 2 else given.as_posix()


def match_record(row: Sequence[Any], folder: Path) -> MatchRecord:
    """A ``matches`` row read with :data:`MATCH_COLUMNS` as a record, its replay path made absolute."""
    return MatchRecord(
        match_id=str(row[0]),
        tournament_id=str(row[1]),
        ladder=str(row[2]),
        variant=str(row[3]),
        seed=int(row[4]),
        pod_index=int(row[5]),
        rotation=int(row[6]),
        bots=tuple(str(b) for b in json.loads(row[7])),
        labels=tuple(str(b) for b in json.loads(row[8])),
        places=tuple(int(p) for p in json.loads(row[9])),
        scores=tuple(float(s) for s in json.loads(row[10])),
        termination=str(row[11]),
        faults=tuple(dict(f) for f in json.loads(row[12])),
        forfeits=tuple(int(s) for s in json.loads(row[13])),
        replay=None if row[14] is None else str(folder / str(row[14])),
        started=str(row[15]),
        finished=str(row[16]),
        seconds=float(row[17]),
    )
