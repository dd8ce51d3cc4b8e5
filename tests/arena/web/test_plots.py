"""The ladder page's rating history draws a rating the data bound on one side only at its bound."""

from __future__ import annotations

import re
from itertools import pairwise

from arena.web.plots import history_plot, line_runs, spread
from ladders.fit import fit_ladder
from ladders.records import RatedMatch

BOTS = ("champ", "b", "c", "d")


def unbeaten_ladder(pods: int = 6) -> list[RatedMatch]:
    """``champ`` wins every match; the others place by a rotation, so their ratings are two-sided."""
    out = []
    for p in range(pods):
        for r in range(4):
            seats = tuple(BOTS[(i + r) % 4] for i in range(4))
            others = [BOTS[1 + (k + p + r) % 3] for k in range(3)]
            order = ["champ", *others]
            out.append(RatedMatch(f"pod{p}", seats, tuple(order.index(s) + 1 for s in seats)))
    return out


def plotted_value(svg: str, y: float) -> float:
    """The rating at height ``y`` of the plot, read off its tick labels."""
    ticks = [
        (float(v), float(ty) - 4)
        for ty, v in re.findall(r'<text x="44" y="([\d.]+)" text-anchor="end">(-?\d+)</text>', svg)
    ]
    (v1, y1), (v2, y2) = ticks[0], ticks[-1]
    return v1 + (y - y1) * (v2 - v1) / (y2 - y1)


def test_an_unbeaten_bot_is_drawn_at_its_lower_bound_with_an_arrow_and_a_legend() -> None:
    matches = unbeaten_ladder()
    final = {r.bot: r for r in fit_ladder(matches).bots}
    champ = final["champ"]
    assert champ.side.value == "at least" and champ.rating > champ.low + 200  # the estimate runs away
    svg = history_plot(matches, list(BOTS))
    points = re.search(r'<polyline class="series" data-bot="champ" points="([^"]+)"[^>]*>', svg)
    assert points is not None and 'stroke-dasharray="5 4"' in points.group(0)  # it joins bounds: dashed
    last_y = float(points.group(1).split()[-1].split(",")[1])
    assert abs(plotted_value(svg, last_y) - champ.low) < 2  # at the bound the standings print
    markers = re.findall(r'<g class="bound" data-bot="champ" data-side="at least">', svg)
    assert len(markers) == len(re.findall(r"\S+", points.group(1)))  # bounded at every checkpoint here
    assert 'data-bot="b" data-side' not in svg  # a two-sided rating gets no marker
    assert "at least: never placed behind a bot outside its group" in svg and "at most:" not in svg
    for name in ("b", "c", "d"):
        lines = re.findall(rf'<polyline class="series" data-bot="{name}" points="([^"]+)"', svg)
        assert lines
        y = float(lines[-1].split()[-1].split(",")[1])
        assert abs(plotted_value(svg, y) - final[name].rating) < 2


def test_the_names_at_the_lines_ends_do_not_overlap() -> None:
    """Bots that end near one rating get their names stacked at least a line apart, in rating order."""
    assert spread([10.0, 11.0, 12.0, 50.0], 12.0) == [-1.0, 11.0, 23.0, 50.0]
    assert spread([0.0, 30.0, 31.0], 12.0) == [0.0, 24.5, 36.5]
    assert spread([5.0, 40.0], 12.0) == [5.0, 40.0]  # apart already: unmoved
    tied = [RatedMatch(f"pod{p}", BOTS, (1, 1, 1, 1)) for p in range(4)]  # every bot ends at one rating
    svg = history_plot(tied, BOTS)
    ys = sorted(float(y) for y in re.findall(r'<text x="[\d.]+" y="([\d.]+)" fill="#', svg))
    assert len(ys) == 4 and all(b - a >= 12.0 - 1e-9 for a, b in pairwise(ys))


def test_a_line_is_dashed_where_it_joins_a_bound() -> None:
    pts = [(1, 10.0, "two-sided"), (2, 11.0, "two-sided"), (3, 12.0, "at least"), (4, 13.0, "two-sided"),
           (5, 14.0, "two-sided"), (6, 15.0, "two-sided")]  # fmt: skip
    assert [(dashed, [n for n, _, _ in run]) for dashed, run in line_runs(pts)] == [
        (False, [1, 2]),
        (True, [2, 3, 4]),
        (False, [4, 5, 6]),
    ]
    assert line_runs([(1, 3.0, "at most")]) == [(True, [(1, 3.0, "at most")])]
