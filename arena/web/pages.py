"""The pieces every page of the report is made of: the page itself, tables, links to ladders, bots and
matches, and the file name of each.

Plain strings with every value escaped (bot names, labels and fault messages come from bots: hostile
until shown otherwise); the pages link the stylesheet and scripts shipped in ``arena/web/static``
(copied into the site), so they work from the file system and offline, and hold no inline script.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from html import escape
from typing import Any

from arena.web.names import shorten

SCRIPT = "static/site.js"
"""Sorting, filtering and paging of the match lists, and the reload of a served page that changed."""


class Markup:
    """A cell or fragment that is already HTML; ``sort``: what a sorted column orders it by (its text
    by default)."""

    def __init__(self, html: str, sort: str | None = None) -> None:
        self.html = html
        self.sort = sort


def page(
    title: str,
    body: str,
    *,
    depth: int = 0,
    refresh: int = 0,
    scripts: Sequence[str] = (),
    stamp: str = "",
    stamp_changes: bool = False,
) -> str:
    """A whole page: ``depth`` is how many folders below the site's root it lives.

    ``refresh``: seconds between checks whether the page changed on the server (``--serve``), when it
    is reloaded; ``stamp``: when it was written, shown at its foot. Its ``arena-version`` is a digest of
    everything else it shows (of the stamp too when ``stamp_changes``), so a page is written again, and a
    served page reloads, only when something on it changed."""
    up = "../" * depth
    tags = "".join(f'<script src="{escape(up + s)}"></script>' for s in (SCRIPT, *scripts))
    marker = f'<meta name="arena-refresh" content="{refresh}">' if refresh else ""
    head = (
        f'<meta name="viewport" content="width=device-width, initial-scale=1">{marker}'
        f'<title>{escape(title)}</title><link rel="stylesheet" href="{up}static/style.css">{tags}</head><body>'
        f'<header class="top"><a class="title" href="{up}index.html">arena report</a>'
        f'<a href="{up}index.html#ladders">ladders</a><a href="{up}index.html#bots">bots</a></header>'
        f"<main>{body}</main>"
    )
    foot = f'<footer class="stamp">generated {escape(stamp)} by arena report</footer>' if stamp else ""
    version = hashlib.sha256((head + (foot if stamp_changes else "")).encode("utf-8")).hexdigest()[:16]
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta name="arena-version" content="{version}">{head}{foot}</body></html>\n'
    )


def table(
    headers: Sequence[str],
    rows: Sequence[Sequence[Any]],
    *,
    names: Sequence[int] = (0,),
    cls: str = "data",
    attrs: str = "",
    labelled: bool = False,
    wraps: Sequence[int] = (),
) -> str:
    """A table in a box that scrolls sideways on a narrow screen; the columns in ``names`` are
    left-aligned text, those in ``wraps`` long text that wraps (a note, a fault report); cells are
    escaped unless :class:`Markup`. ``labelled``: each cell names its column (``data-label``), for a
    stylesheet that shows each row as a card on a narrow screen."""
    head = "".join(
        f'<th class="name">{escape(h)}</th>' if i in names else f"<th>{escape(h)}</th>"
        for i, h in enumerate(headers)
    )
    body = []
    for row in rows:
        cells = []
        for i, cell in enumerate(row):
            text = cell.html if isinstance(cell, Markup) else escape(str(cell))
            extra = ""
            if isinstance(cell, Markup) and cell.sort is not None:
                extra = f' data-sort="{escape(cell.sort)}"'
            if labelled:
                extra += f' data-label="{escape(headers[i])}"'
            kind = ("name wrap" if i in wraps else "name") if i in names else ("wrap" if i in wraps else "")
            cells.append(f'<td class="{kind}"{extra}>{text}</td>' if kind else f"<td{extra}>{text}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return (
        f'<div class="table-wrap"><table class="{cls}"{attrs}><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )


def safe_id(match_id: str) -> str:
    """A file name for a match id (ids are hex; anything else is replaced)."""
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in match_id) or "_"


def ladder_file(index: int) -> str:
    return f"ladder-{index + 1}.html"


def ladder_csv(index: int) -> str:
    return f"ladder-{index + 1}.csv"


def bot_file(name: str) -> str:
    """``bots/NAME.html``; a name that is not a plain file name gets a digest of itself appended, so
    that two names never share a file."""
    plain = "".join(c if c.isascii() and (c.isalnum() or c in "-_.") else "_" for c in name)[:60]
    if plain != name or plain.startswith("."):
        plain = plain.strip(".") + "-" + hashlib.sha256(name.encode("utf-8")).hexdigest()[:10]
    return f"bots/{plain}.html"


def bot_link(name: str, depth: int, *, label: str | None = None) -> str:
    """A link to a bot's page, its name cut short on a narrow table with the whole name on hover."""
    shown = name if label is None else label
    return (
        f'<a class="bot" href="{"../" * depth}{escape(bot_file(name))}" title="{escape(shown)}">'
        f"{escape(shown)}</a>"
    )


def key_code(key: str, limit: int = 48) -> str:
    """A ladder key shortened, the whole key on hover (and selectable, for ``arena ladder show``)."""
    return f'<code class="key" title="{escape(key)}">{escape(shorten(key, limit))}</code>'


def summary_line(parts: Sequence[str | Markup]) -> str:
    """``parts`` (escaped unless :class:`Markup`) joined with a dot, as the line under a page's title."""
    shown = [p.html if isinstance(p, Markup) else escape(p) for p in parts if p]
    return '<p class="summary">' + " · ".join(shown) + "</p>"
