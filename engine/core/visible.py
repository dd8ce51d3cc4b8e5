"""Text a bot controls, made safe to print: every control and format character shown as an escape.

Bots choose their names, the texts of their answers and whatever their processes print, and all of it
reaches a host's terminal: in live views, tables, fault reports and log lines. A terminal obeys what
such text may hold: ``ESC [ 2 J`` clears the screen, an OSC sequence sets the window title or writes the
clipboard, a carriage return or a bidi override rewrites what a line seems to say. :func:`visible`
turns each such character into a printable escape (``\\x1b``, ``\\n``, ``\\u202e``), so the text shows
what the bot sent and does nothing. Stored data (the ladder database, replay logs, JSON output) keeps
the original text; only what is shown goes through here.

What is escaped: the C0 controls (U+0000-U+001F), DEL and the C1 controls (U+007F-U+009F), and every
other character Unicode classes as a format character (Cf: bidi embeddings, overrides and isolates,
zero-width characters, the byte-order mark, tag characters), a line or paragraph separator (Zl, Zp), a
lone surrogate (Cs, from undecodable bytes) or unassigned (Cn). Everything else, accented letters and
other scripts included, is shown as it is. The backslash itself is not doubled: an escape in the output
can only have come from one of these characters or from the same characters typed by the bot, and
either way the terminal does nothing with it.

This module is imported by ``engine.referee`` (its log lines) and ``arena`` (every command); it knows
nothing of either.
"""

from __future__ import annotations

import re
import unicodedata

_ESCAPED_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Cn"})
_SHORT = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
_CANDIDATE = re.compile(r"[^\x20-\x7e]")
"""Characters that may need an escape (all but printable ASCII); their Unicode category decides."""


def _is_unsafe(ch: str) -> bool:
    return unicodedata.category(ch) in _ESCAPED_CATEGORIES


def _escape(ch: str) -> str:
    short = _SHORT.get(ch)
    if short is not None:
        return short
    code = ord(ch)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def _replace(match: re.Match[str]) -> str:
    ch = match.group()
    return _escape(ch) if _is_unsafe(ch) else ch


def _replace_in_lines(match: re.Match[str]) -> str:
    ch = match.group()
    return ch if ch in "\n\t" or not _is_unsafe(ch) else _escape(ch)


def visible(text: str) -> str:
    """``text`` with every control, format and separator character shown as an escape.

    >>> visible("cleared\\x1b[2J and \\x9b31m, \\u202eevil")
    'cleared\\\\x1b[2J and \\\\x9b31m, \\\\u202eevil'
    >>> visible("Émile's bot: 2 lines\\nsecond")
    "Émile's bot: 2 lines\\\\nsecond"
    """
    if text.isascii() and text.isprintable():
        return text
    return _CANDIDATE.sub(_replace, text)


def visible_lines(text: str) -> str:
    """Like :func:`visible`, but line breaks (``\\n``) and tabs are kept: for output of several lines
    that the program itself laid out (a rendered board, a table), where a bot's own text was made
    visible already."""
    if text.isascii() and text.isprintable():
        return text
    return _CANDIDATE.sub(_replace_in_lines, text)


def _json_escape(match: re.Match[str]) -> str:
    ch = match.group()
    if ch in "\n\r\t" or not _is_unsafe(ch):  # between tokens (JSON escapes them inside strings)
        return ch
    code = ord(ch)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def visible_json(text: str) -> str:
    """JSON text (from ``json.dumps(..., ensure_ascii=False)``) with every character that
    :func:`visible` escapes written as a JSON ``\\u`` escape: the same values once parsed, and nothing
    a terminal obeys. The standard encoder escapes only the C0 controls; DEL, C1 and format characters
    pass through it raw."""
    if text.isascii():
        return text.replace("\x7f", "\\u007f")
    return _CANDIDATE.sub(_json_escape, text)
