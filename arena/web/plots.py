"""The plots of a ladder page, drawn as inline SVG: ratings with their intervals, each bot's rating
over the matches played, and the distribution of places per bot.

The numbers are the ladder's own (:mod:`ladders.fit`); the rating history refits the ladder on the
matches finished up to each of a few checkpoints, cut at whole pods, so every point is what
``arena ladder show`` would have printed at that moment.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from arena.web.names import shorten

if TYPE_CHECKING:
    from ladders.fit import Standings
    from ladders.records import RatedMatch

PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf")
PLACE_COLORS = ("#1a7f37", "#7cc26e", "#f2c94c", "#f08a4b", "#d64545", "#8f2d56")
PLACE_INK = ("#fff", "#1b1b1b", "#1b1b1b", "#1b1b1b", "#fff", "#fff")
"""The colour of a share's label on each place's colour: white on the dark ones (contrast 4.5:1 or more)."""


def bot_color(i: int) -> str:
    return PALETTE[i % len(PALETTE)]


def label(name: str, limit: int = 26) -> str:
    """A bot's name as a plot's label: cut short to fit its margin, the whole name on hover."""
    return f"<title>{escape(name)}</title>{escape(shorten(name, limit))}"


def ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round values (1, 2 or 5 times a power of ten apart) for about ``count`` marks from low to high."""
    span = max(high - low, 1e-9)
    raw = span / count
    step = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if raw <= m * step:
            step *= m
            break
    first = math.ceil(low / step) * step
    return [first + i * step for i in range(int((high - first) / step) + 1)]


def ratings_plot(st: Standings) -> str:
    """Each bot's rating as a dot with its 95 % interval as a bar (an arrow for a one-sided bound)."""
    bots = st.bots
    if not bots:
        return ""
    finite = [v for r in bots for v in (r.low, r.high, r.rating) if math.isfinite(v)]
    lo, hi = min(finite), max(finite)
    pad = max(40.0, (hi - lo) * 0.08)
    lo, hi = lo - pad, hi + pad
    left, width, row = 170, 420, 26
    height = 40 + row * len(bots)

    def x(v: float) -> float:
        return left + (v - lo) / (hi - lo) * width

    out = [
        f'<svg class="ratings" width="{left + width + 20}" height="{height}" viewBox="0 0 {left + width + 20} {height}"'
        ' role="img" aria-label="ratings">'
    ]
    for t in ticks(lo, hi):
        out.append(f'<line x1="{x(t):.1f}" y1="10" x2="{x(t):.1f}" y2="{height - 22}" stroke="#e3e6ea"/>')
        out.append(f'<text x="{x(t):.1f}" y="{height - 6}" text-anchor="middle">{t:.0f}</text>')
    for i, r in enumerate(bots):
        y = 24 + i * row
        color = bot_color(i)
        low = r.low if math.isfinite(r.low) else lo
        high = r.high if math.isfinite(r.high) else hi
        out.append(f'<text x="{left - 8}" y="{y + 4}" text-anchor="end">{label(r.bot)}</text>')
        out.append(
            f'<line class="interval" data-bot="{escape(r.bot)}" x1="{x(low):.1f}" y1="{y}" x2="{x(high):.1f}" y2="{y}"'
            f' stroke="{color}" stroke-width="4" stroke-linecap="round" opacity="0.55"/>'
        )
        if r.side.value == "two-sided":
            out.append(f'<circle cx="{x(r.rating):.1f}" cy="{y}" r="5" fill="{color}"/>')
        else:
            edge = x(r.low) if r.side.value == "at least" else x(r.high)
            out.append(
                f'<circle cx="{edge:.1f}" cy="{y}" r="5" fill="#fff" stroke="{color}" stroke-width="2"/>'
            )
    out.append("</svg>")
    return "".join(out)


def checkpoints(matches: Sequence[RatedMatch], count: int = 12) -> list[int]:
    """Match counts (prefix lengths of ``matches``, in order) at which to refit: about ``count`` of
    them, each at the end of a pod, the last one all matches."""
    if not matches:
        return []
    ends = [
        i + 1 for i in range(len(matches)) if i + 1 == len(matches) or matches[i + 1].pod != matches[i].pod
    ]
    if len(ends) <= count:
        return ends
    step = len(ends) / count
    return sorted({ends[min(len(ends) - 1, round((k + 1) * step) - 1)] for k in range(count)})


def history_plot(matches: Sequence[RatedMatch], names: Sequence[str]) -> str:
    """Each bot's rating after the first ``n`` matches, at the :func:`checkpoints` (refitted each time).

    A bot whose rating the data bound on one side only at a checkpoint (it never placed behind, or
    ahead of, a bot outside its group so far: the ladder prints ``≥ 1546``) is drawn there at its bound, as an open circle with an arrow towards the
    side left open, as the standings and the ratings plot show it; its point estimate, which such data
    do not support, is not drawn."""
    from ladders.fit import fit_ladder

    cuts = checkpoints(matches)
    if len(cuts) < 2:
        return '<p class="muted">the rating history needs matches from two pods or more</p>'
    series: dict[str, list[tuple[int, float, str]]] = {n: [] for n in names}
    for cut in cuts:
        st = fit_ladder(matches[:cut])
        for r in st.bots:
            side = r.side.value
            shown = r.rating if side == "two-sided" else r.low if side == "at least" else r.high
            if r.bot in series and math.isfinite(shown):
                series[r.bot].append((cut, shown, side))
    values = [v for pts in series.values() for _, v, _ in pts]
    if not values:
        return '<p class="muted">no rating to draw yet</p>'
    bounded = {side for pts in series.values() for _, _, side in pts} - {"two-sided"}
    lo, hi = min(values), max(values)
    pad = max(30.0, (hi - lo) * 0.08)
    lo, hi = lo - pad, hi + pad
    left, top, width, height = 50, 12, 460, 220
    legend = 18 * len(bounded)
    total = cuts[-1]

    def x(n: float) -> float:
        return left + n / total * width

    def y(v: float) -> float:
        return top + (hi - v) / (hi - lo) * height

    out = [
        f'<svg class="history" width="{left + width + 160}" height="{top + height + 34 + legend}"'
        f' viewBox="0 0 {left + width + 160} {top + height + 34 + legend}" role="img" aria-label="rating over matches">'
    ]
    for t in ticks(lo, hi):
        out.append(
            f'<line x1="{left}" y1="{y(t):.1f}" x2="{left + width}" y2="{y(t):.1f}" stroke="#e3e6ea"/>'
        )
        out.append(f'<text x="{left - 6}" y="{y(t) + 4:.1f}" text-anchor="end">{t:.0f}</text>')
    for t in ticks(0, total, 6):
        out.append(f'<text x="{x(t):.1f}" y="{top + height + 16}" text-anchor="middle">{t:.0f}</text>')
    out.append(
        f'<text x="{left + width / 2}" y="{top + height + 31}" text-anchor="middle">matches played</text>'
    )
    ends: list[tuple[float, float, str, str]] = []  # (label y, label x, colour, bot) at each line's end
    for i, name in enumerate(names):
        pts = series[name]
        if not pts:
            continue
        color = bot_color(i)
        for dashed, run in line_runs(pts):  # a stretch through a bound is dashed: it is no rating
            path = " ".join(f"{x(n):.1f},{y(v):.1f}" for n, v, _ in run)
            dash = ' stroke-dasharray="5 4"' if dashed else ""
            out.append(
                f'<polyline class="series" data-bot="{escape(name)}" points="{path}" fill="none"'
                f' stroke="{color}" stroke-width="2.2"{dash}/>'
            )
        for n, v, side in pts:
            if side != "two-sided":
                out.append(_bound_marker(x(n), y(v), side, color, name))
        last_n, last_v, _ = pts[-1]
        ends.append((y(last_v) + 4, x(last_n) + 6, color, name))
    ends.sort()
    for (_, lx, color, name), ly in zip(ends, spread([e[0] for e in ends], 12.0), strict=True):
        out.append(f'<text x="{lx:.1f}" y="{ly:.1f}" fill="{color}">{label(name, 24)}</text>')
    for k, side in enumerate(sorted(bounded)):
        ly = top + height + 48 + 18 * k
        what = (
            "at least: never placed behind a bot outside its group (a one-sided 99 % bound; no point estimate)"
            if side == "at least"
            else "at most: never placed ahead of a bot outside its group (a one-sided 99 % bound; no point estimate)"
        )
        out.append(_bound_marker(left + 6, ly - 4, side, "#555", ""))
        out.append(f'<text class="bound-legend" x="{left + 20}" y="{ly}">{what}</text>')
    out.append("</svg>")
    return "".join(out)


def line_runs(pts: Sequence[tuple[int, float, str]]) -> list[tuple[bool, list[tuple[int, float, str]]]]:
    """A series' points as runs of line, each dashed or not: a stretch with a bound at either end is
    dashed (it joins bounds, not ratings); consecutive runs share their meeting point."""
    if len(pts) < 2:
        return [(bool(pts) and pts[0][2] != "two-sided", list(pts))]
    runs: list[tuple[bool, list[tuple[int, float, str]]]] = []
    for a, b in itertools.pairwise(pts):
        dashed = a[2] != "two-sided" or b[2] != "two-sided"
        if runs and runs[-1][0] == dashed:
            runs[-1][1].append(b)
        else:
            runs.append((dashed, [a, b]))
    return runs


def spread(ys: Sequence[float], gap: float) -> list[float]:
    """Sorted label positions ``ys`` moved apart to at least ``gap`` each, as little as possible: each
    run of crowded labels is centred on its members' mean."""
    groups: list[list[float]] = []  # [first position, count, sum of wanted positions]
    for want in ys:
        groups.append([want, 1, want])
        while len(groups) > 1 and groups[-2][0] + groups[-2][1] * gap > groups[-1][0]:
            last = groups.pop()
            group = groups[-1]
            group[1] += last[1]
            group[2] += last[2]
            group[0] = group[2] / group[1] - (group[1] - 1) * gap / 2
    return [start + k * gap for start, count, _ in groups for k in range(int(count))]


def _bound_marker(cx: float, cy: float, side: str, color: str, name: str) -> str:
    """An open circle at a one-sided bound with an arrow towards the open side (up: at least)."""
    sign = -1 if side == "at least" else 1
    tip, base = cy + sign * 15, cy + sign * 8
    label = f"{escape(name)}: {side} this rating" if name else side
    return (
        f'<g class="bound" data-bot="{escape(name)}" data-side="{side}"><title>{label}</title>'
        f'<line x1="{cx:.1f}" y1="{cy + sign * 5:.1f}" x2="{cx:.1f}" y2="{base:.1f}" stroke="{color}" stroke-width="2"/>'
        f'<path d="M{cx - 4:.1f},{base:.1f} L{cx + 4:.1f},{base:.1f} L{cx:.1f},{tip:.1f} Z" fill="{color}"/>'
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="4.5" fill="#fff" stroke="{color}" stroke-width="2"/></g>'
    )


def places_plot(matches: Sequence[RatedMatch], names: Sequence[str], seats: int) -> str:
    """Per bot, a bar split by how often it took each place (shared places count where they start)."""
    counts = {n: [0] * seats for n in names}
    for m in matches:
        for bot, place in zip(m.bots, m.places, strict=True):
            if bot in counts and 1 <= place <= seats:
                counts[bot][place - 1] += 1
    left, width, row = 170, 360, 24
    height = 44 + row * len(names)
    out = [
        f'<svg class="places" width="{left + width + 20}" height="{height}" viewBox="0 0 {left + width + 20} {height}"'
        ' role="img" aria-label="places">'
    ]
    for i, name in enumerate(names):
        y = 10 + i * row
        total = sum(counts[name]) or 1
        out.append(f'<text x="{left - 8}" y="{y + 14}" text-anchor="end">{label(name)}</text>')
        at = float(left)
        for place, c in enumerate(counts[name]):
            w = c / total * width
            if c:
                out.append(
                    f'<rect x="{at:.1f}" y="{y}" width="{w:.1f}" height="18" fill="{PLACE_COLORS[place % len(PLACE_COLORS)]}">'
                    f"<title>{escape(name)}: place {place + 1} in {c} of {total} games</title></rect>"
                )
                if w > 22:
                    out.append(
                        f'<text x="{at + w / 2:.1f}" y="{y + 13}" text-anchor="middle"'
                        f' fill="{PLACE_INK[place % len(PLACE_INK)]}">{100 * c / total:.0f}%</text>'
                    )
            at += w
    ky = height - 14
    for place in range(seats):
        kx = left + place * 62
        out.append(
            f'<rect x="{kx}" y="{ky - 10}" width="12" height="12" fill="{PLACE_COLORS[place % len(PLACE_COLORS)]}"/>'
        )
        out.append(f'<text x="{kx + 16}" y="{ky}">place {place + 1}</text>')
    out.append("</svg>")
    return "".join(out)
