"""The tournament schedule: balanced seats in every pod, every table, copies, balanced prefixes, block
designs, and pinned ids and seeds for every schedule version."""

from __future__ import annotations

import itertools
import json
import math
import os
import subprocess
import sys
from collections import Counter

import pytest

from arena.designs import COMPLETE_LIMIT, block_rounds, is_complete, round_size
from arena.schedule import (
    SCHEDULE_VERSIONS,
    MatchTask,
    bot_of,
    is_williams,
    match_tasks,
    pending,
    pod_seed,
    rotation_seed,
    round_robin,
    seat_rotations,
    tables,
)

BOT_NAMES = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]
CASES = [(n_bots, seats) for n_bots in range(2, 9) for seats in range(3, 7)]


@pytest.mark.parametrize("version", SCHEDULE_VERSIONS)
@pytest.mark.parametrize(("n_bots", "seats"), CASES)
def test_every_entry_plays_every_seat_once_per_pod(n_bots: int, seats: int, version: int) -> None:
    bots = BOT_NAMES[:n_bots]
    pods = round_robin(bots, seats, rounds=2, tournament_seed=11, version=version)
    for pod in pods:
        assert len(pod.tasks) == seats
        assert len(set(pod.table)) == seats
        for seat in range(seats):
            # Each table entry (a bot or one of its copies) sits in each seat exactly once ...
            assert sorted(t.labels[seat] for t in pod.tasks) == sorted(pod.table)
            # ... so each bot sits in each seat as often as it has entries at the table.
            assert Counter(t.bots[seat] for t in pod.tasks) == Counter(pod.bots)
        assert {t.seed for t in pod.tasks} == {pod.seed}  # duplicate play
        assert [t.rotation for t in pod.tasks] == list(range(seats))
        for t in pod.tasks:
            assert t.bots == tuple(bot_of(label) for label in t.labels)


@pytest.mark.parametrize(("n_bots", "seats"), CASES)
def test_version_1_plays_every_subset_in_combinations_order(n_bots: int, seats: int) -> None:
    bots = BOT_NAMES[:n_bots]
    rounds = 2
    pods = round_robin(bots, seats, rounds=rounds, tournament_seed=5, version=1)
    per_round = len(pods) // rounds
    if n_bots >= seats:
        assert per_round == math.comb(n_bots, seats)
        expected = [tuple(c) for c in itertools.combinations(bots, seats)]
        assert [p.table for p in pods[:per_round]] == expected
    else:
        # Copies: every bot at every table; the extra seats go to each combination of bots in turn,
        # so over a round every bot fills the same number of seats.
        assert per_round == math.comb(n_bots, seats % n_bots)
        filled = Counter(b for p in pods[:per_round] for b in p.bots)
        assert set(filled) == set(bots)
        assert len(set(filled.values())) == 1
        for pod in pods:
            assert set(pod.bots) == set(bots)
    _check_rounds(pods, rounds, per_round, seats)
    assert [p.table for p in pods[:per_round]] == [p.table for p in pods[per_round:]]


@pytest.mark.parametrize(("n_bots", "seats"), CASES)
def test_a_round_is_the_complete_design_or_a_block_design(n_bots: int, seats: int) -> None:
    bots = BOT_NAMES[:n_bots]
    rounds = 2
    pods = round_robin(bots, seats, rounds=rounds, tournament_seed=5)
    per_round = len(pods) // rounds
    if n_bots < seats:
        assert sorted(p.table for p in pods[:per_round]) == sorted(tables(bots, seats))
    elif is_complete(n_bots, seats):
        assert per_round == math.comb(n_bots, seats) <= COMPLETE_LIMIT
        assert sorted(p.table for p in pods[:per_round]) == sorted(itertools.combinations(bots, seats))
    else:
        assert per_round == round_size(n_bots, seats) < math.comb(n_bots, seats)
        for r in range(rounds):
            filled = Counter(b for p in pods[r * per_round : (r + 1) * per_round] for b in p.bots)
            assert sorted(filled) == sorted(bots) and len(set(filled.values())) == 1
    _check_rounds(pods, rounds, per_round, seats)


def _check_rounds(pods: list, rounds: int, per_round: int, seats: int) -> None:
    for r in range(rounds):
        assert [p.index for p in pods[r * per_round : (r + 1) * per_round]] == list(
            range(r * per_round, (r + 1) * per_round)
        )
        assert all(p.round == r for p in pods[r * per_round : (r + 1) * per_round])
    # Fresh seeds for every pod, and unique match ids.
    assert len({p.seed for p in pods}) == len(pods)
    ids = [t.match_id for t in match_tasks(pods)]
    assert len(ids) == len(set(ids)) == len(pods) * seats


PREFIX_CASES = [(n, s) for n in range(1, 13) for s in range(2, 7)] + [(16, 4), (20, 3), (25, 5)]


@pytest.mark.parametrize(("n_bots", "seats"), PREFIX_CASES)
def test_every_prefix_of_whole_pods_is_balanced(n_bots: int, seats: int) -> None:
    # Stopped after any number of whole pods, every bot has as many table entries (pods, and a pod's
    # seats in games, per entry) as any other, give or take one.
    bots = [f"b{i}" for i in range(n_bots)]
    pods = round_robin(bots, seats, rounds=3, tournament_seed=1)
    entries = Counter({b: 0 for b in bots})
    for pod in pods:
        entries.update(pod.bots)
        assert max(entries.values()) - min(entries.values()) <= 1, (pod.index, dict(entries))
    games = Counter(b for pod in pods for task in pod.tasks for b in task.bots)
    assert games == Counter({b: entries[b] * seats for b in bots})


def test_version_1_is_unbalanced_where_version_2_is_not() -> None:
    # 8 bots at 4 seats stopped after half a round of version 1: 140 and 60 games.
    bots = [f"b{i}" for i in range(8)]
    old = round_robin(bots, 4, rounds=1, tournament_seed=1, version=1)[:35]
    games = Counter(b for pod in old for task in pod.tasks for b in task.bots)
    assert max(games.values()) == 140 and min(games.values()) == 60
    new = round_robin(bots, 4, rounds=6, tournament_seed=1)[:35]
    games = Counter(b for pod in new for task in pod.tasks for b in task.bots)
    assert max(games.values()) - min(games.values()) <= 4  # one pod: 4 games


BLOCK_CASES = [(n, s) for n in range(6, 15) for s in range(3, 7) if s < n and not is_complete(n, s)]
BLOCK_CASES += [(16, 4), (17, 5), (19, 6), (20, 3), (20, 4), (24, 4), (30, 5), (40, 4)]


@pytest.mark.parametrize(("n_bots", "seats"), BLOCK_CASES)
def test_block_designs_even_out_the_pairs(n_bots: int, seats: int) -> None:
    rounds = block_rounds(n_bots, seats, 3)
    met = Counter({pair: 0 for pair in itertools.combinations(range(n_bots), 2)})
    for r, tables_of_round in enumerate(rounds, start=1):
        assert len(tables_of_round) == round_size(n_bots, seats)
        entries = Counter(b for t in tables_of_round for b in t)
        assert len(entries) == n_bots and len(set(entries.values())) == 1
        for table in tables_of_round:
            assert len(set(table)) == seats
            met.update(itertools.combinations(sorted(table), 2))
        spread = max(met.values()) - min(met.values())
        # Over whole rounds every pair meets about equally often: within 3 meetings of every other
        # pair at up to 4 seats (4 at 5 or 6), and every pair has met by the second round.
        assert spread <= (3 if seats <= 4 else 4), (r, spread)
        if r >= 2:
            assert min(met.values()) >= 1


def test_a_block_design_does_not_depend_on_the_number_of_rounds() -> None:
    assert block_rounds(9, 4, 1) == block_rounds(9, 4, 3)[:1]
    names = [f"b{i}" for i in range(9)]
    assert round_robin(names, 4, 1, 5)[:9] == round_robin(names, 4, 2, 5)[:9]


@pytest.mark.parametrize("seats", [2, 4, 6, 8])
def test_williams_design_balances_neighbours(seats: int) -> None:
    rows = seat_rotations(seats)
    assert is_williams(seats)
    pairs = Counter((row[i], row[i + 1]) for row in rows for i in range(seats - 1))
    # Every ordered pair of distinct entries sits side by side (x just before y) exactly once.
    assert pairs == Counter({(x, y): 1 for x in range(seats) for y in range(seats) if x != y})


@pytest.mark.parametrize("seats", [1, 2, 3, 4, 5, 6, 7])
def test_rotations_form_a_latin_square(seats: int) -> None:
    rows = seat_rotations(seats)
    assert len(rows) == seats
    for row in rows:
        assert sorted(row) == list(range(seats))
    for column in zip(*rows, strict=True):
        assert sorted(column) == list(range(seats))
    assert is_williams(seats) == (seats % 2 == 0 or seats == 1)


def test_rotations_are_pinned() -> None:
    assert seat_rotations(4) == ((0, 1, 3, 2), (1, 2, 0, 3), (2, 3, 1, 0), (3, 0, 2, 1))
    assert seat_rotations(3) == ((0, 1, 2), (1, 2, 0), (2, 0, 1))


def test_ids_and_seeds_are_pinned() -> None:
    # Pinned once: a change here would orphan every stored result of a resumed tournament.
    pods = round_robin(
        ["a", "b", "c", "d"], 3, rounds=2, tournament_seed=2024, tournament_id="t3bba76dfa7", version=1
    )
    first = pods[0].tasks
    assert [t.match_id for t in first] == ["t3bba76dfa7-0000-0", "t3bba76dfa7-0000-1", "t3bba76dfa7-0000-2"]
    assert [t.bots for t in first] == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    assert first[0].seed == 17627468226882940
    assert pods[4].tasks[2].match_id == "t3bba76dfa7-0004-2"
    assert pods[4].round == 1 and pods[4].table == ("a", "b", "c")
    assert pods[4].seed == pod_seed(2024, 4) == 6794650110913362228
    assert pod_seed(0, 0) == 5095302728242942857
    named = round_robin(["x", "y"], 4, rounds=1, tournament_seed=1, tournament_id="demo")
    assert [t.match_id for t in match_tasks(named)] == [
        "demo-0000-0",
        "demo-0000-1",
        "demo-0000-2",
        "demo-0000-3",
    ]
    assert named[0].seed == 4576703052584407848
    independent = round_robin(["x", "y"], 4, rounds=1, tournament_seed=1, seeding="independent")
    assert independent[0].seed == named[0].seed
    assert [t.seed for t in independent[0].tasks] == [rotation_seed(named[0].seed, r) for r in range(4)]
    assert rotation_seed(named[0].seed, 0) == 237591910888070754


def test_seeds_fit_a_signed_64_bit_integer() -> None:
    seeds = [p.seed for p in round_robin(BOT_NAMES, 4, rounds=3, tournament_seed=99)]
    assert all(0 <= s < 2**63 for s in seeds)


def test_schedule_is_the_same_in_another_process() -> None:
    code = (
        "import json; from arena.schedule import round_robin, match_tasks; "
        "print(json.dumps([t.to_json() for t in match_tasks(round_robin(['p','q','r','s','t'], 4, 2, 77))]))"
    )
    here = [t.to_json() for t in match_tasks(round_robin(["p", "q", "r", "s", "t"], 4, 2, 77))]
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env=dict(os.environ, PYTHONHASHSEED="123"),
    )
    assert json.loads(out.stdout) == here


def test_copies_when_fewer_bots_than_seats() -> None:
    assert tables(["a", "b"], 4) == (("a", "a#2", "b", "b#2"),)
    assert tables(["a", "b"], 3) == (("a", "a#2", "b"), ("a", "b", "b#2"))
    assert tables(["a", "b", "c"], 4) == (
        ("a", "a#2", "b", "c"),
        ("a", "b", "b#2", "c"),
        ("a", "b", "c", "c#2"),
    )
    assert tables(["solo"], 3) == (("solo", "solo#2", "solo#3"),)
    pod = round_robin(["a", "b"], 4, rounds=1, tournament_seed=3)[0]
    assert pod.bots == ("a", "a", "b", "b")
    for task in pod.tasks:
        assert Counter(task.bots) == {"a": 2, "b": 2}
    assert bot_of("a#2") == "a" and bot_of("a") == "a" and bot_of("x#y") == "x#y" and bot_of("#3") == "#3"


def test_the_seed_changes_the_seeds_but_not_the_tables() -> None:
    one = round_robin(["a", "b", "c", "d"], 4, rounds=2, tournament_seed=1)
    two = round_robin(["a", "b", "c", "d"], 4, rounds=2, tournament_seed=2)
    assert [p.table for p in one] == [p.table for p in two]
    assert not {p.seed for p in one} & {p.seed for p in two}
    assert [t.match_id for t in match_tasks(one)] == [
        t.match_id for t in match_tasks(two)
    ]  # ids: the caller's


def test_pending_skips_finished_matches() -> None:
    pods = round_robin(["a", "b", "c"], 3, rounds=3, tournament_seed=8)
    every = list(match_tasks(pods))
    finished = {every[0].match_id, every[4].match_id, "some-other-tournament-0000-0"}
    rest = list(pending(pods, finished))
    assert len(rest) == len(every) - 2
    assert [t.match_id for t in rest] == [t.match_id for t in every if t.match_id not in finished]


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="named twice"):
        round_robin(["a", "a", "b"], 2, 1, 0)
    with pytest.raises(ValueError, match="copy label"):
        round_robin(["a", "a#2"], 2, 1, 0)
    with pytest.raises(ValueError, match="at least one bot"):
        round_robin([], 3, 1, 0)
    with pytest.raises(ValueError, match="seats"):
        round_robin(["a"], 0, 1, 0)
    with pytest.raises(ValueError, match="rounds"):
        round_robin(["a", "b"], 2, -1, 0)
    assert round_robin(["a", "b"], 2, 0, 0) == []


def test_task_payload_round_trips_and_is_validated() -> None:
    task = round_robin(["a", "b"], 3, 1, 4)[1].tasks[2]
    assert MatchTask.from_json(json.loads(json.dumps(task.to_json()))) == task
    bad = task.to_json() | {"seed": "12"}
    with pytest.raises(ValueError, match="'seed' must be int"):
        MatchTask.from_json(bad)
    missing = task.to_json()
    del missing["labels"]
    with pytest.raises(ValueError, match="missing field 'labels'"):
        MatchTask.from_json(missing)
    with pytest.raises(ValueError, match="equal length"):
        MatchTask.from_json(task.to_json() | {"labels": ["a"]})
    with pytest.raises(ValueError, match="must be int"):
        MatchTask.from_json(task.to_json() | {"rotation": True})


def test_version_2_tables_are_pinned() -> None:
    # Pinned once, like the ids: a tournament stored under version 2 resumes with these tables.
    pods = round_robin(list("abcdefgh"), 4, rounds=2, tournament_seed=2024, tournament_id="v2")
    assert [p.table for p in pods[:6]] == [
        ("b", "c", "d", "g"),
        ("a", "e", "f", "h"),
        ("b", "c", "f", "h"),
        ("a", "d", "e", "g"),
        ("a", "b", "g", "h"),
        ("c", "d", "e", "f"),
    ]
    assert [p.table for p in pods[6:8]] == [("a", "b", "d", "f"), ("c", "e", "g", "h")]
    assert pods[7].tasks[1].match_id == "v2-0007-1" and pods[7].round == 1
    assert pods[7].tasks[1].seed == pod_seed(2024, 7) == 9103475027501774701
    five = round_robin(list("abcde"), 3, rounds=1, tournament_seed=1)
    assert [p.table for p in five][:4] == [("a", "b", "c"), ("a", "d", "e"), ("b", "c", "d"), ("a", "b", "e")]
    with pytest.raises(ValueError, match="schedule version 3"):
        round_robin(list("abc"), 3, 1, 0, version=3)
