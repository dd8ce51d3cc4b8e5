"""Bots that no chain of matches joins: the groups, and the fit's warning that names them."""

from __future__ import annotations

import random

from ladders.fit import fit_ladder
from ladders.groups import apart_warning, met_groups
from ladders.records import RatedMatch, snapshot_rows


def pods(names: list[str], count: int, seed: int, tag: str) -> list[RatedMatch]:
    rng = random.Random(seed)
    out = []
    for k in range(count):
        seated = names[:]
        rng.shuffle(seated)
        out.append(
            RatedMatch(f"{tag}{k}", tuple(seated), tuple(rng.sample(range(1, len(names) + 1), len(names))))
        )
    return out


def test_groups_join_through_shared_matches() -> None:
    matches = [
        RatedMatch("p0", ("a", "b", "b"), (1, 2, 3)),  # a copy repeats a name
        RatedMatch("p1", ("c", "d", "e"), (1, 2, 3)),
        RatedMatch("p2", ("b", "f", "g"), (2, 1, 3)),
        RatedMatch("p3", ("h", "i", "j"), (1, 1, 3)),
        RatedMatch("p4", ("j", "e", "k"), (3, 2, 1)),
    ]
    assert met_groups(matches) == [("c", "d", "e", "h", "i", "j", "k"), ("a", "b", "f", "g")]
    assert met_groups(matches[:1]) == [("a", "b")]
    assert met_groups([]) == []
    assert (
        apart_warning(met_groups(matches[:3] + matches[3:] + [RatedMatch("x", ("a", "k", "z"), (1, 2, 3))]))
        is None
    )


def test_the_fit_warns_when_its_bots_never_met_and_the_snapshot_keeps_it() -> None:
    authors = pods(["alice", "bob", "carol"], 30, 1, "a")
    house = pods(["greedy", "random", "first"], 30, 2, "h")
    standings = fit_ladder(authors + house, anchor_bot="greedy")
    (warning,) = standings.warnings
    assert warning.startswith("the bots fall in 2 groups that never met, directly or through other bots:")
    assert "[alice, bob, carol]; [first, greedy, random]" in warning and "only through the prior" in warning
    assert snapshot_rows(standings)[2]["warnings"] == [warning]
    joined = fit_ladder([*authors, *house, RatedMatch("link", ("alice", "greedy", "bob"), (2, 1, 3))])
    assert not any("never met" in w for w in joined.warnings)
    many = apart_warning([tuple(f"bot{i}" for i in range(7)), ("x",)])
    assert many is not None and "[bot0, bot1, bot2, bot3 and 3 more]; [x]" in many
