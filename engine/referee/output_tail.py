"""What a crashed bot printed last: the few lines of its log that a CRASH fault quotes.

A spawned bot's stdout and stderr go to a log file (``arena.spawn``). When the process dies with an
error, the fault quotes the end of that file, bounded whatever the bot wrote: at most
:data:`TAIL_BYTES` are read from the end, and at most :data:`TAIL_LINES` non-blank lines of at most
:data:`LINE_CHARS` characters each are quoted, joined by ``" | "``. One line is rarely enough: a Python
traceback ends with its error, but a Go panic ends with a source location and a C++ abort with a
signal name, and Node.js prints its uncaught error above the stack and a version line. So when the
lines read hold the first line of a Go panic (``panic: ...``, ``fatal error: ...``), a C++ ``terminate
called ...`` or an error's own line (``Error: Cannot find module ...``, ``TypeError: ...``) that is not
among the last lines, the last such line is quoted first, with ``...`` for the lines left out.

The text is the bot's own, stored as it is; whoever prints it makes its control characters visible
(:func:`engine.core.visible.visible`).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

TAIL_BYTES = 16 * 1024
"""How much of the end of a bot's log is read."""
TAIL_LINES = 6
"""How many of its last non-blank lines are quoted."""
LINE_CHARS = 200
"""How many characters of each quoted line are kept."""
HEADLINE = re.compile(r"panic: |fatal error: |terminate called |(?:[A-Z]\w*)?Error: ")
"""How the message of a Go panic, a Go runtime error, a C++ abort and an uncaught error begins."""


def last_output(path: Path) -> str:
    """The last lines the bot wrote to ``path``, joined by ``" | "``; "" when it wrote none or the
    file cannot be read."""
    try:
        with path.open("rb") as file:
            size = file.seek(0, os.SEEK_END)
            file.seek(max(0, size - TAIL_BYTES))
            data = file.read(TAIL_BYTES)
    except OSError:
        return ""
    text = data.decode("utf-8", errors="replace")
    lines = [line.strip() for line in text.split("\n")]  # a line is what ends in a newline, nothing else
    if size > TAIL_BYTES and lines:
        lines = lines[1:]  # the first line read may be cut
    lines = [line for line in lines if line]
    quoted = lines[-TAIL_LINES:]
    earlier = lines[: -TAIL_LINES or None] if len(lines) > TAIL_LINES else []
    head = next((line for line in reversed(earlier) if HEADLINE.match(line)), None)
    shown = [line[:LINE_CHARS] for line in quoted]
    if head is not None:
        shown = [head[:LINE_CHARS], "...", *shown]
    return " | ".join(shown)
