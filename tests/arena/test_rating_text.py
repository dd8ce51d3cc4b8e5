"""The one function behind every rating cell: its forms, and a ladder whose column reads top to bottom."""

from __future__ import annotations

import math

from arena.ladder_report import ladder_json, ladder_view
from arena.rating_text import rating_cells
from ladders.records import MatchRecord


def test_every_form_of_a_rating_cell() -> None:
    assert rating_cells(1555.4, 1450.2, 1659.0, "two-sided") == ("1555", "1450 .. 1659")
    # a one-sided bot's mode in brackets: where the prior stops it, which its games do not support
    assert rating_cells(2112.0, 1487.3, math.inf, "at least") == ("(2112)", "≥ 1487")
    assert rating_cells(2112.0, 1487.3, None, "at least") == ("(2112)", "≥ 1487")
    assert rating_cells(1203.0, None, 1389.9, "at most") == ("(1203)", "≤ 1390")
    assert rating_cells(1203.0, -math.inf, 1389.9, "at most") == ("(1203)", "≤ 1390")
    assert rating_cells(1500.0, 1500.0, 1500.0, "two-sided", anchor=True) == ("1500", "anchor")


def record(pod: int, rotation: int, bots: tuple[str, ...], places: tuple[int, ...]) -> MatchRecord:
    return MatchRecord(
        f"t-{pod:04d}-{rotation}", "t", "ladder", "base", pod, pod, rotation, bots, bots, places,
        (0.0,) * len(bots), "victory",
    )  # fmt: skip


def test_a_small_ladder_with_unbeaten_bots_reads_top_to_bottom() -> None:
    # Four bots at 3 seats, each table of three once per seat rotation, twice: "ace" wins every game,
    # "two" loses only to ace, "mid" and "low" trade places. The bounds of ace and two are weak (few
    # games), yet the Elo column, the posterior mode, falls from row to row, and each bound is in Elo in
    # the interval column.
    tables = [("ace", "two", "mid"), ("two", "mid", "low"), ("ace", "mid", "low"), ("ace", "two", "low")]
    records = []
    for pod in range(8):
        for rotation in range(3):
            table = tables[pod % 4]
            bots = table[rotation:] + table[:rotation]
            order = ["ace", "two", "mid", "low"] if rotation % 2 else ["ace", "two", "low", "mid"]
            ranked = sorted(bots, key=order.index)
            records.append(record(pod, rotation, bots, tuple(ranked.index(b) + 1 for b in bots)))
    rows = ladder_json(ladder_view("ladder", records))["bots"]
    assert [r["bot"] for r in rows[:2]] == ["ace", "two"]
    assert [r["bound"] for r in rows] == ["at least", "at least", "two-sided", "two-sided"]
    elos = [float(r["elo_text"].strip("()")) for r in rows]
    assert elos == sorted(elos, reverse=True)
    for r in rows[:2]:
        assert r["interval_text"] == f"≥ {r['low']:.0f}" and r["level"] == 0.99
        assert r["interval_basis"] == "record" and r["high"] is None
    for r in rows[2:]:
        assert r["interval_text"] == f"{r['low']:.0f} .. {r['high']:.0f}" and r["level"] == 0.95
