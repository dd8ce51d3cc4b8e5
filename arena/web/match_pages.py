"""A match's page: who sat where, the result, the faults with their messages, its replay log to download,
and the replay viewer (or why there is none)."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from arena.web.names import when
from arena.web.pages import Markup, bot_link, key_code, page, summary_line, table

if TYPE_CHECKING:
    from arena.web.model import Site, SiteLadder
    from ladders.records import MatchRecord

VIEWER_SCRIPTS = ("static/viewer.js", "static/catan.js", "static/catan_ck.js", "static/puerto_rico.js")


def match_page(site: Site, ladder: SiteLadder, record: MatchRecord) -> str:
    """The page of one stored match."""
    file = site.match_file(ladder, record.match_id)
    title = f"Match {record.match_id}"
    parts = [f"<h1>{escape(title)}</h1>"]
    facts: list[str | Markup] = [
        Markup(f'<a href="../{ladder.file}">{escape(site.title(ladder))}</a>'),
        Markup(key_code(ladder.name.key)),
        f"pod {record.pod_index} rotation {record.rotation}",
        record.termination,
        f"{record.seconds:.1f} s",
        f"finished {when(record.finished)}",
    ]
    parts.append(summary_line(facts))
    faults_by_seat: dict[int, int] = {}
    for f in record.faults:
        faults_by_seat[int(f["seat"])] = faults_by_seat.get(int(f["seat"]), 0) + 1
    rows = [
        (
            s,
            Markup(bot_link(record.bots[s], 1, label=label), label),
            record.places[s],
            f"{record.scores[s]:g}",
            faults_by_seat.get(s, "") or "",
            "forfeited" if s in record.forfeits else "",
        )
        for s, label in enumerate(record.labels)
    ]
    parts.append(
        table(["seat", "bot", "place", "score", "faults", "note"], rows, names=(1,), cls="data seats")
    )
    if record.faults:
        parts.append(
            "<h2>Faults</h2><ul>"
            + "".join(
                f'<li class="fault">ply {int(f["ply"])} seat {int(f["seat"])} ({escape(str(f["kind"]))},'
                f" strike {int(f['strike'])}): {escape(str(f['message']))}</li>"
                for f in record.faults
            )
            + "</ul>"
        )
    problem = site.problems.get(file)
    log = None if problem else "../" + site.replay_log(file)
    parts.append(replay_section(problem, "../" + site.replay_script(file), log))
    return page(
        title, "".join(parts), depth=1, refresh=site.refresh, stamp=site.stamp, scripts=VIEWER_SCRIPTS
    )


def replay_section(problem: str | None, script: str, log: str | None) -> str:
    """The viewer of a match (its data loaded from ``script``), or why it has none; ``log``: the replay
    log to download, if any."""
    parts = ['<h2 id="replay">Replay</h2>']
    if problem:
        parts.append(f'<p class="error replay-problem">{escape(problem)}</p>')
        return "".join(parts)
    if log:
        parts.append(
            f'<p class="downloads"><a href="{escape(log)}" download>the replay log (JSON lines)</a>: every'
            " action, die and result as played (the match seed is withheld); its format is"
            " <code>docs/replay-format.md</code> of arena</p>"
        )
    parts.append('<div id="viewer"><p class="muted">loading the replay…</p></div>')
    parts.append(f'<script src="{escape(script)}"></script>')
    return "".join(parts)


def single_match_page(title: str, problem: str | None, script: str, stamp: str) -> str:
    """The page of ``arena play ... --view``: the viewer of one match."""
    body = f"<h1>{escape(title)}</h1>" + replay_section(problem, script, None)
    return page(title, body, depth=1, stamp=stamp, scripts=VIEWER_SCRIPTS)
