"""``arena ladder show --markdown``: a ladder as Markdown a host can paste into a page or an issue.

The same content as the terminal tables (:mod:`arena.ladder_report`): the standings with the lines that
say how to read them, why bots faulted, the seat advantages and the head-to-head table, as GitHub-style
pipe tables.
"""

from __future__ import annotations

from collections.abc import Sequence

from arena.ladder_report import MATRIX_LIMIT, LadderView, _rating_cells, notes
from arena.web.names import plural
from engine.core.visible import visible


def _cell(text: object) -> str:
    """A cell's text: control characters made visible, Markdown's own characters escaped."""
    return visible(str(text)).replace("\\", "\\\\").replace("|", "\\|").replace("*", "\\*")


def _table(header: Sequence[str], rows: Sequence[Sequence[object]], right: Sequence[bool]) -> list[str]:
    lines = ["| " + " | ".join(_cell(h) for h in header) + " |"]
    lines.append("|" + "|".join("---:" if r else "---" for r in right) + "|")
    lines.extend("| " + " | ".join(_cell(c) for c in row) + " |" for row in rows)
    return lines


def ladder_markdown(view: LadderView) -> str:
    """The whole ladder as Markdown."""
    out = [f"## Ladder `{visible(view.ladder)}`", ""]
    st = view.standings
    if st is None:
        return "\n".join([*out, "No rated matches yet.", ""])
    status = f" · **provisional** (a bot has fewer than {st.min_pods} pods)" if st.is_provisional else ""
    out += [f"{plural(view.matches, 'match')} in {plural(st.pods, 'pod')}{status}", ""]
    faulted = any(row["faults"] or row["forfeits"] for row in view.rows)
    header = ["#", "bot", "pods", "games", "Elo", "95 % interval", "LoS next", "wins", "place"]
    rows = []
    for i, (r, row) in enumerate(zip(st.bots, view.rows, strict=True), 1):
        elo, interval = _rating_cells(r, st)
        los = "" if row["los_next"] is None else f"{100 * row['los_next']:.0f}%"
        cells: list[object] = [
            i,
            r.bot,
            f"{r.pods}*" if r.provisional else r.pods,
            r.games,
            elo,
            interval,
            los,
        ]
        cells += [f"{100 * row['win_share']:.1f}%", f"{row['mean_place']:.2f}"]
        if faulted:
            cells += [row["faults"] or "", row["forfeits"] or ""]
        rows.append(cells)
    if faulted:
        header += ["faults", "forfeits"]
    out += _table(header, rows, [c not in ("bot",) for c in header])
    out.append("")
    out += [f"- {_cell(line)}" for line in notes(st)]
    if view.faults:
        out += ["", "### Faults and forfeits", ""]
        out += [f"- **{_cell(bot)}**: {_cell(summary.text())}" for bot, summary in view.faults.items()]
    out += ["", "### Seat advantage (Elo against seat 0)", ""]
    seats = [[s.seat, f"{s.elo:+.0f}", f"{s.low:+.0f} .. {s.high:+.0f}"] for s in st.seats]
    out += _table(["seat", "Elo", "95 % interval"], seats, [True, True, True])
    names = [r.bot for r in st.bots]
    if len(names) <= MATRIX_LIMIT:
        out += ["", "### Head to head", ""]
        out.append(
            "Share of shared games the row bot placed ahead of the column bot (a shared place counts half), and the games."
        )
        out.append("")
        grid = []
        for i, a in enumerate(names):
            line: list[object] = [i + 1, a]
            for j, b in enumerate(names):
                pair = view.pairs.get((a, b) if a < b else (b, a))
                line.append(
                    "—" if i == j else "·" if pair is None else f"{100 * pair.share(a):.0f}% ({pair.games})"
                )
            grid.append(line)
        out += _table(
            ["#", "bot", *(str(k + 1) for k in range(len(names)))], grid, [True, False, *[True] * len(names)]
        )
    out.append("")
    return "\n".join(out)
