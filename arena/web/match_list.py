"""The list of matches on a ladder's page and on a bot's: newest first, each with its seats and places
(every name a link to its bot), how it ended, its faults, its viewer and its replay log to download.

The list is one plain table; ``static/site.js`` sorts it by any column, filters it by what a row says
and shows it a page of rows at a time (without scripts, every row shows).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from arena.web.names import when
from arena.web.pages import Markup, bot_link, table

if TYPE_CHECKING:
    from arena.web.model import Site, SiteLadder
    from ladders.records import MatchRecord


def match_list(
    site: Site,
    entries: Sequence[tuple[SiteLadder, MatchRecord]],
    depth: int,
    *,
    bot: str | None = None,
) -> str:
    """The matches ``entries`` (oldest first) as a list, newest first; ``bot``: the bot whose page it is
    (its seats and places get columns of their own, and each match names its ladder)."""
    up = "../" * depth
    rows = []
    for ladder, m in reversed(entries):
        page = site.match_file(ladder, m.match_id)
        problem = site.problems.get(page)
        seats = ", ".join(
            f"{p}: {bot_link(b, depth, label=label)}"
            for p, b, label in zip(m.places, m.bots, m.labels, strict=True)
        )
        if problem:
            replay = Markup(f'<span class="error" title="{escape(problem)}">no viewer</span>', "1")
        else:
            replay = Markup(
                f'<a href="{up}{escape(page)}#replay">viewer</a> · '
                f'<a href="{up}{escape(site.replay_log(page))}" download>log</a>',
                "0",
            )
        row: list[object] = [
            Markup(f'<a href="{up}{escape(page)}">{escape(m.match_id)}</a>'),
            Markup(escape(when(m.finished)), m.finished),
        ]
        if bot is not None:
            mine = [s for s, b in enumerate(m.bots) if b == bot]
            row.append(
                Markup(
                    f'<a href="{up}{escape(ladder.file)}" title="{escape(ladder.name.key)}">{escape(site.title(ladder))}</a>'
                )
            )
            row.append(", ".join(str(s) for s in mine))
            row.append(", ".join(str(m.places[s]) for s in mine))
        row += [Markup(seats), m.termination, len(m.faults) or "", replay]
        rows.append(row)
    headers = ["match", "finished"]
    if bot is not None:
        headers += ["ladder", "seat", "place"]
    headers += ["place: bot, by seat", "end", "faults", "replay"]
    names = (0, 2, 5) if bot is None else (0, 2, 5, 8)
    return table(
        headers, rows, names=names, cls="data matches cards", attrs=' data-list="matches"', labelled=True
    )
