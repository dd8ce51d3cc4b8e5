"""What a published page may not say of the host: the folders in the text a bot process printed.

A ``crash`` fault quotes the last lines its process wrote (``Cannot find module
'/srv/arena/bots/alice.js'``, a traceback's file names), and those name folders of the machine that ran
the match. :func:`without_folders` keeps each path's last part (``…/alice.js``); a URL is left as it is.
The report applies it to every fault message it publishes: its pages, the viewer's data and the
replay logs it serves.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

from ladders.records import MatchRecord

_FOLDERS = re.compile(r"(?<![\w.~:/-])(?:/[^\s/:'\"()\[\]]+)+/")
"""An absolute path's folders: one or more ``/name`` and the slash before its last part."""


def without_folders(text: str) -> str:
    """``text`` with every absolute path cut to its last part."""
    return _FOLDERS.sub("…/", text)


def public_faults(faults: Any) -> list[dict[str, Any]]:
    """Fault objects (``{"seat", "kind", "message", ...}``) with their messages cut as above."""
    return [{**f, "message": without_folders(str(f.get("message", "")))} for f in faults]


def public_record(record: MatchRecord) -> MatchRecord:
    """A stored match as the report shows it: its fault messages without the host's folders."""
    if not any("/" in str(f.get("message", "")) for f in record.faults):
        return record
    return replace(record, faults=tuple(public_faults(record.faults)))


def public_result_line(line: bytes) -> bytes:
    """A replay log's ``result`` line with its fault messages cut as above (other lines as they are)."""
    if not line.startswith(b'{"type":"result"') or b"/" not in line:
        return line
    row = json.loads(line)
    row["faults"] = public_faults(row.get("faults", []))
    return json.dumps(row, separators=(",", ":")).encode("utf-8")
