"""What a terminal is shown of a bot's text: every control and format character as an escape."""

from __future__ import annotations

import json
import unicodedata

import pytest

from engine.core.visible import visible, visible_json, visible_lines

C0 = [chr(c) for c in range(0x20)]
C1_AND_DEL = [chr(c) for c in range(0x7F, 0xA0)]
FORMAT = [
    "\u00ad",  # soft hyphen
    "\u061c",  # Arabic letter mark
    "\u200b",  # zero width space
    "\u200e",  # left-to-right mark
    "\u200f",  # right-to-left mark
    *(chr(c) for c in range(0x202A, 0x202F)),  # bidi embeddings and overrides
    *(chr(c) for c in range(0x2066, 0x206A)),  # bidi isolates
    "\ufeff",  # byte-order mark
    "\U000e0001",  # language tag
    "\U000e0041",  # tag latin capital A
]
SEPARATORS = ["\u2028", "\u2029"]
SEQUENCES = [
    "\x1b[2J\x1b[H",  # clear the screen, cursor home
    "\x1b[31;1mred\x1b[0m",  # SGR
    "\x1b]0;owned\x07",  # OSC: window title, BEL-terminated
    "\x1b]52;c;aGVsbG8=\x1b\\",  # OSC 52: write the clipboard, ST-terminated
    "\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\",  # OSC 8 hyperlink
    "\x9b2J",  # C1 CSI
    "\x9d0;title\x9c",  # C1 OSC ... ST
    "\x1bP+q544e\x1b\\",  # DCS
    "line\rfake line",  # carriage return over a line
    "tab\tand\bbackspace",
]


@pytest.mark.parametrize("ch", C0 + C1_AND_DEL + FORMAT + SEPARATORS)
def test_every_control_format_and_separator_character_is_escaped(ch: str) -> None:
    shown = visible(f"a{ch}b")
    assert shown.startswith("a\\") and shown.endswith("b"), shown
    assert shown.isascii() and shown.isprintable(), shown


@pytest.mark.parametrize("sequence", SEQUENCES)
def test_terminal_sequences_print_as_their_characters(sequence: str) -> None:
    shown = visible(sequence)
    assert all(unicodedata.category(ch)[0] != "C" for ch in shown), shown
    assert "\\x1b" in shown or "\\x9" in shown or "\\r" in shown or "\\t" in shown


def test_text_without_controls_is_unchanged() -> None:
    for text in ["random", "Émile's bot (v2) [bold red]x[/]", "中文 ботик 😀", "a b\u00a0c", ""]:
        assert visible(text) == text
        assert visible_lines(text) == text


def test_escapes_are_readable_and_idempotent() -> None:
    text = "a\x1b[2Jb\nc\td\x9b\u202ee\U000e0001"
    assert visible(text) == "a\\x1b[2Jb\\nc\\td\\x9b\\u202ee\\U000e0001"
    assert visible(visible(text)) == visible(text)


def test_lines_keep_line_breaks_and_tabs_only() -> None:
    assert visible_lines("row 1\n\trow 2\x1b[2J\r") == "row 1\n\trow 2\\x1b[2J\\r"


@pytest.mark.parametrize("ch", C0 + C1_AND_DEL + FORMAT + SEPARATORS)
def test_json_keeps_the_value_and_escapes_what_a_terminal_obeys(ch: str) -> None:
    value = {"bot": f"x{ch}y", "list": [ch, "é"]}
    for indent in (None, 2):
        text = visible_json(json.dumps(value, indent=indent, ensure_ascii=False))
        assert json.loads(text) == value
        assert all(c in "\n" or unicodedata.category(c)[0] != "C" for c in text), repr(text)
        assert "é" in text
