"""The HTML of the report's pages: the index of ladders, a ladder's page, a match's page.

Plain strings with every value escaped; the pages link the stylesheet and scripts shipped in
``arena/web/static`` (copied into the site), so they work from the file system and offline.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from arena.ladder_report import fault_lines, notes
from arena.web import plots

if TYPE_CHECKING:
    from arena.ladder_report import LadderView
    from ladders.records import LadderSummary, MatchRecord


def page(title: str, body: str, *, depth: int = 0, refresh: int = 0, scripts: Sequence[str] = ()) -> str:
    """A whole page: ``depth`` is how many folders below the site's root it lives."""
    up = "../" * depth
    meta = f'<meta http-equiv="refresh" content="{refresh}">' if refresh else ""
    tags = "".join(f'<script src="{escape(up + s)}"></script>' for s in scripts)
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">{meta}'
        f"<title>{escape(title)}</title>"
        f'<link rel="stylesheet" href="{up}static/style.css">{tags}</head><body>'
        f'<header class="top"><a class="title" href="{up}index.html">arena report</a>'
        f'<a href="{up}index.html">ladders</a></header><main>{body}</main></body></html>\n'
    )


def table(
    headers: Sequence[str], rows: Sequence[Sequence[Any]], *, names: Sequence[int] = (0,), cls: str = "data"
) -> str:
    """A table; the columns in ``names`` are left-aligned text, cells are escaped unless markup()."""
    head = "".join(
        f'<th class="name">{escape(h)}</th>' if i in names else f"<th>{escape(h)}</th>"
        for i, h in enumerate(headers)
    )
    body = []
    for row in rows:
        cells = []
        for i, cell in enumerate(row):
            text = cell.html if isinstance(cell, Markup) else escape(str(cell))
            cells.append(f'<td class="name">{text}</td>' if i in names else f"<td>{text}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return f'<table class="{cls}"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'


class Markup:
    """A cell that is already HTML."""

    def __init__(self, html: str) -> None:
        self.html = html


def ladder_file(index: int) -> str:
    return f"ladder-{index + 1}.html"


def match_file(match_id: str) -> str:
    return f"matches/{safe_id(match_id)}.html"


def safe_id(match_id: str) -> str:
    """A file name for a match id (ids are hex; anything else is replaced)."""
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in match_id) or "_"


def index_page(
    db: str, ladders: Sequence[LadderSummary], *, refresh: int = 0, problems: Sequence[str] = ()
) -> str:
    if not ladders:
        body = (
            f"<h1>Ladders in {escape(db)}</h1>"
            f'<p class="error">This database holds no ladder yet: no match has been stored in it.'
            f" Run a tournament (<code>arena run ... --db {escape(db)}</code>) and write the report again.</p>"
        )
        return page("arena report", body, refresh=refresh)
    rows = [
        (
            Markup(f'<a href="{ladder_file(i)}">{escape(s.ladder)}</a>'),
            s.matches,
            len(s.bots),
            s.last_finished,
        )
        for i, s in enumerate(ladders)
    ]
    body = f"<h1>Ladders in {escape(db)}</h1>" + table(["ladder", "matches", "bots", "last match"], rows)
    body += "".join(f'<p class="error">{escape(p)}</p>' for p in problems)
    return page("arena report", body, refresh=refresh)


def _elo_cell(row: dict[str, Any], view: LadderView) -> tuple[str, str]:
    """The Elo and interval cells, as ``arena ladder show`` prints them (:mod:`arena.rating_text`)."""
    return row["elo_text"], row["interval_text"]


def ladder_page(
    view: LadderView,
    matches: Sequence[MatchRecord],
    rated: Sequence[Any],
    seats: int,
    *,
    refresh: int = 0,
    replay_notes: dict[str, str] | None = None,
) -> str:
    """Standings (the numbers of ``arena ladder show``), notes, seat effects, head to head, plots and
    the list of matches."""
    st = view.standings
    parts = [f"<h1>Ladder {escape(view.ladder)}</h1>"]
    if st is None:
        parts.append('<p class="error">no rated matches yet</p>')
    else:
        status = f" · PROVISIONAL (a bot has fewer than {st.min_pods} pods)" if st.is_provisional else ""
        parts.append(f'<p class="summary">{view.matches} matches in {st.pods} pods{escape(status)}</p>')
        rows = []
        for i, row in enumerate(view.rows, 1):
            elo, interval = _elo_cell(row, view)
            rows.append(
                (
                    i,
                    Markup(
                        f'<span class="swatch" style="background:{plots.bot_color(i - 1)}"></span>{escape(row["bot"])}'
                    ),
                    f"{row['pods']}*" if row["provisional"] else row["pods"],
                    row["games"],
                    elo,
                    interval,
                    "" if row["los_next"] is None else f"{100 * row['los_next']:.0f}%",
                    f"{100 * row['win_share']:.1f}%",
                    f"{row['mean_place']:.2f}",
                    row["faults"] or "",
                    row["forfeits"] or "",
                )
            )
        headers = [
            "#",
            "bot",
            "pods",
            "games",
            "Elo",
            "95 % interval",
            "LoS next",
            "wins",
            "place",
            "faults",
            "forfeits",
        ]
        parts.append(table(headers, rows, names=(1,), cls="data standings"))
        parts.extend(f'<p class="note">{escape(line)}</p>' for line in fault_lines(view))
        parts.extend(f'<p class="note">{escape(line)}</p>' for line in notes(st))
        names = [r.bot for r in st.bots]
        parts.append('<h2>Plots</h2><div class="plots">')
        parts.append(f'<div class="plot"><h3>Ratings with 95 % intervals</h3>{plots.ratings_plot(st)}</div>')
        parts.append(
            f'<div class="plot"><h3>Rating over the matches played</h3>{plots.history_plot(rated, names)}</div>'
        )
        parts.append(
            f'<div class="plot"><h3>Places per bot</h3>{plots.places_plot(rated, names, seats)}</div>'
        )
        parts.append("</div>")
        parts.append("<h2>Seat advantage (Elo against seat 0)</h2>")
        parts.append(
            table(
                ["seat", "Elo", "95 % interval"],
                [(s.seat, f"{s.elo:+.0f}", f"{s.low:+.0f} .. {s.high:+.0f}") for s in st.seats],
                names=(),
                cls="data seats",
            )
        )
        parts.append(
            '<h2>Head to head</h2><p class="note">% of shared games the row bot placed ahead of the column bot (a shared place counts half), and the games they shared.</p>'
        )
        h2h = []
        for i, a in enumerate(names):
            cells: list[Any] = [i + 1, a]
            for j, b in enumerate(names):
                pair = view.pairs.get((a, b) if a < b else (b, a))
                cells.append(
                    "—" if i == j else "·" if pair is None else f"{100 * pair.share(a):.0f}% ({pair.games})"
                )
            h2h.append(cells)
        parts.append(
            table(["#", "bot", *[str(i + 1) for i in range(len(names))]], h2h, names=(1,), cls="data h2h")
        )
    parts.append(f"<h2>Matches ({len(matches)})</h2>")
    notes_by_match = replay_notes or {}
    rows2 = []
    for m in reversed(matches):
        seats_text = ", ".join(f"{p}: {label}" for p, label in zip(m.places, m.labels, strict=True))
        note = notes_by_match.get(m.match_id, "")
        rows2.append(
            (
                Markup(f'<a href="{match_file(m.match_id)}">{escape(m.match_id)}</a>'),
                m.finished[:19].replace("T", " "),
                seats_text,
                m.termination,
                len(m.faults) or "",
                Markup(
                    f'<span class="error">{escape(note)}</span>'
                    if note
                    else f'<a href="{match_file(m.match_id)}#replay">viewer</a>'
                ),
            )
        )
    parts.append(
        table(["match", "finished", "place: bot, by seat", "end", "faults", "replay"], rows2, names=(0, 2, 5))
    )
    return page(f"ladder {view.ladder}", "".join(parts), refresh=refresh)


def match_page(
    record: MatchRecord | None,
    ladder_link: str | None,
    replay_script: str | None,
    problem: str | None,
    *,
    title: str,
) -> str:
    """One match: who sat where, the result, the faults, and the viewer (or why there is none)."""
    parts = [f"<h1>{escape(title)}</h1>"]
    if record is not None:
        link = f' (<a href="../{escape(ladder_link)}">ladder</a>)' if ladder_link else ""
        parts.append(
            f'<p class="summary">{escape(record.ladder)}{link} · pod {record.pod_index} rotation {record.rotation} · {escape(record.termination)} · {record.seconds:.1f} s · finished {escape(record.finished[:19])}</p>'
        )
        faults_by_seat: dict[int, int] = {}
        for f in record.faults:
            faults_by_seat[int(f["seat"])] = faults_by_seat.get(int(f["seat"]), 0) + 1
        rows = [
            (
                s,
                label,
                record.places[s],
                f"{record.scores[s]:g}",
                faults_by_seat.get(s, "") or "",
                "forfeited" if s in record.forfeits else "",
            )
            for s, label in enumerate(record.labels)
        ]
        parts.append(table(["seat", "bot", "place", "score", "faults", "note"], rows, names=(1,)))
        if record.faults:
            parts.append(
                "<h2>Faults</h2><ul>"
                + "".join(
                    f'<li class="fault">ply {f["ply"]} seat {f["seat"]} ({escape(str(f["kind"]))}, strike {f["strike"]}): {escape(str(f["message"]))}</li>'
                    for f in record.faults
                )
                + "</ul>"
            )
    parts.append('<h2 id="replay">Replay</h2>')
    scripts = ["static/viewer.js", "static/catan.js", "static/catan_ck.js", "static/puerto_rico.js"]
    if problem:
        parts.append(f'<p class="error replay-problem">{escape(problem)}</p>')
        return page(title, "".join(parts), depth=1, scripts=scripts)
    parts.append('<div id="viewer"><p class="muted">loading the replay…</p></div>')
    parts.append(f'<script src="{escape(replay_script or "")}"></script>')
    return page(title, "".join(parts), depth=1, scripts=scripts)
