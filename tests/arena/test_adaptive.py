"""The adaptive schedule: its balance limit, its stopping rule, and its choices as a function of the stored
results alone (whatever order matches finish in, however often the run is interrupted), driven in
process with results placed by the Plackett-Luce model; the real runs are in test_adaptive_cli.py."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from arena.adaptive import LAG, AdaptiveSource, allowed, candidates, next_table
from arena.config import ConfigError, TournamentConfig
from arena.config_loading import from_mapping
from arena.schedule import MatchTask, make_pod
from engine.core.rng import derive_seed
from ladders.fit import ELO_PER_NAT, MIN_PODS
from ladders.records import MatchRecord, RatedMatch
from tests.ladders.simulate import plackett_luce_places, play_pod

STRENGTH = {"a": 1800.0, "b": 1650.0, "c": 1600.0, "d": 1450.0, "e": 1300.0}


def config(tmp_path: Path, **extra: object) -> TournamentConfig:
    bots = [f"{name}=random" for name in STRENGTH]
    raw = {"game": "pr", "players": 3, "bots": bots, "seed": 5, "db": str(tmp_path / "t.sqlite")}
    return from_mapping({**raw, "schedule": "adaptive", **extra})


def outcome(task: MatchTask) -> MatchRecord:
    """The result of a match: a Plackett-Luce draw from the match's own seed and seats."""
    rng = np.random.default_rng(derive_seed("test-outcome", task.seed, task.rotation))
    strength = np.array([STRENGTH[b] for b in task.bots]) / ELO_PER_NAT
    places = plackett_luce_places(strength, rng.gumbel(size=len(task.bots)))
    return MatchRecord(
        task.match_id, task.tournament_id, "ladder", "base", task.seed, task.pod_index, task.rotation,
        task.bots, task.labels, places, (0.0,) * len(places), "victory",
    )  # fmt: skip


def drive(
    source: AdaptiveSource, chaos: random.Random, in_flight: int, stop_after: int = -1
) -> list[MatchRecord]:
    """Play what ``source`` gives, finishing the matches under way in a random order, up to ``in_flight``
    at once; stop (as a killed run does, dropping the matches under way) after ``stop_after`` results."""
    running: list[MatchTask] = []
    finished: list[MatchRecord] = []
    while True:
        while len(running) < in_flight and (task := source.take()) is not None:
            running.append(task)
        if not running or len(finished) == stop_after:
            return finished
        record = outcome(running.pop(chaos.randrange(len(running))))
        source.record(record)
        finished.append(record)


def key(records: list[MatchRecord]) -> list[tuple[int, int, tuple[str, ...], tuple[int, ...]]]:
    return sorted((r.pod_index, r.rotation, r.bots, r.places) for r in records)


@pytest.mark.parametrize(
    ("bots", "seats", "balance"), [(5, 3, 1), (6, 3, 2), (8, 4, 2), (7, 5, 3), (9, 4, 1)]
)
def test_every_bot_stays_within_the_balance_limit(bots: int, seats: int, balance: int) -> None:
    rng = np.random.default_rng(bots * seats)
    names = [f"bot{i}" for i in range(bots)]
    played: list[tuple[int, ...]] = []
    matches: list[RatedMatch] = []
    for pod in range(60):
        counts = np.bincount([b for t in played for b in t], minlength=bots)
        assert allowed(counts.tolist(), seats, balance).any()
        table = next_table(names, seats, balance, 3, pod, played, matches)
        assert table in {tuple(t) for t in candidates(bots, seats).tolist()}
        played.append(table)
        counts = np.bincount([b for t in played for b in t], minlength=bots)
        assert counts.max() - counts.min() <= balance, (pod, counts)
        order = rng.permutation(seats)  # any result will do: the limit holds whatever they are
        matches.append(
            RatedMatch(f"p{pod}", tuple(names[b] for b in table), tuple(int(x) + 1 for x in order))
        )


@pytest.mark.slow
def test_every_bot_reaches_the_provisional_limit_as_early_as_in_the_round_robin(tmp_path: Path) -> None:
    # 6 bots at 4 seats: the rule may stop once every bot has MIN_PODS pods, which the round robin's
    # order reaches after 15 pods (60 seats = 6 x 10). Version 2 holds every bot within one pod until
    # then and gets there as early; version 1 (a tournament recorded as adaptive@1), which keeps its
    # limit of 2 and resumes as it began, often left a bot a pod short.
    names = [f"bot{i}" for i in range(6)]
    elo = dict(zip(names, np.linspace(1300, 1700, 6), strict=True))
    short = {1: 0, 2: 0}
    for seed in range(4):
        for version in (1, 2):
            rng = np.random.default_rng(seed)
            played: list[tuple[int, ...]] = []
            by_pod: list[list[RatedMatch]] = []
            for p in range(15):
                seen = [m for q in range(max(0, p - LAG)) for m in by_pod[q]]
                catch_up = MIN_PODS if version == 2 else 0
                played.append(next_table(names, 4, 2, seed, p, played, seen, min_pods=catch_up))
                pod = make_pod("sim", p, 0, tuple(names[b] for b in played[-1]), seed, "duplicate")
                by_pod.append(play_pod(pod, elo, np.zeros(4), rng))
                counts = np.bincount([b for t in played for b in t], minlength=6)
                assert counts.max() - counts.min() <= (1 if version == 2 else 2), (p, counts)
            short[version] += int(counts.min() < MIN_PODS)
    assert short[2] == 0 and short[1] >= 1, short
    cfg = config(tmp_path, players=4, bots=[f"{n}=random" for n in [*STRENGTH, "f"]])
    assert AdaptiveSource(cfg, "t", 11, []).version == 2
    old = from_mapping({**cfg.definition(), "schedule": "adaptive@1", "db": "x"})
    assert AdaptiveSource(old, "t", 11, []).version == 1


def test_a_run_finished_in_any_order_and_resumed_any_number_of_times_plays_the_same_pods(
    tmp_path: Path,
) -> None:
    cfg = config(tmp_path, rounds=3, confidence=0.75)  # b and c are 50 Elo apart: it stops at pod 17
    reference = drive(AdaptiveSource(cfg, "t", 11, []), random.Random(0), in_flight=1)
    for trial in range(4):
        chaos = random.Random(trial)
        stored: list[MatchRecord] = []
        while True:
            source = AdaptiveSource(cfg, "t", 11, list(stored))
            new = drive(source, chaos, in_flight=chaos.randint(1, 9), stop_after=chaos.randint(1, 25))
            assert not {r.match_id for r in new} & {r.match_id for r in stored}  # never played twice
            stored += new
            if not new:
                break
        assert key(stored) == key(reference)
        assert source.note == AdaptiveSource(cfg, "t", 11, reference).note
    settled = AdaptiveSource(cfg, "t", 11, reference)
    assert settled.settled_at is not None and len(reference) == settled.total < settled.budget * 3


def test_the_choice_reads_only_pods_finished_lag_pods_before(tmp_path: Path) -> None:
    cfg = config(tmp_path, rounds=2)
    source = AdaptiveSource(cfg, "t", 11, [])
    taken = []
    while (task := source.take()) is not None:
        taken.append(task)
    # Nothing has finished: pods 0 .. LAG may start, no later one.
    assert sorted({t.pod_index for t in taken}) == list(range(LAG + 1))
    for task in taken[:3]:  # pod 0 finishes: pod LAG + 1 may start
        source.record(outcome(task))
    assert source.take() is not None and source.take().pod_index == LAG + 1  # type: ignore[union-attr]


def test_it_stops_once_every_neighbour_is_settled(tmp_path: Path) -> None:
    cfg = config(tmp_path, rounds=10, confidence=0.9)
    source = AdaptiveSource(cfg, "t", 11, [])
    records = drive(source, random.Random(3), in_flight=6)
    assert source.settled_at is not None and source.confidence is not None and source.confidence >= 0.9
    pods = {r.pod_index for r in records}
    assert pods == set(range(source.settled_at + 1 + LAG)) and len(pods) < source.budget == 100
    assert source.total == len(records)
    assert "settled after pod" in source.note
    # Without a target the whole budget is played.
    whole = AdaptiveSource(config(tmp_path, rounds=2), "t", 11, [])
    assert len(drive(whole, random.Random(3), in_flight=6)) == whole.budget * 3 == 60


def test_pods_under_way_are_not_chosen_again_for_what_they_will_tell() -> None:
    # No result yet: the first pods spread over the field instead of repeating the first table.
    for bots, seats in [(4, 3), (6, 3), (8, 4), (10, 5)]:
        names = [f"bot{i}" for i in range(bots)]
        played: list[tuple[int, ...]] = []
        for pod in range(LAG + 1):
            played.append(next_table(names, seats, bots, 1, pod, played, []))
        assert len(set(played)) == LAG + 1, played


def test_the_next_table_seats_the_pair_whose_order_is_open() -> None:
    # Forty pods of the round robin's tables, placed by the model: b and c (50 Elo apart) are the only
    # neighbours not yet settled; with every bot level, the next pod seats them together.
    names = list(STRENGTH)
    tables = [tuple(t) for t in candidates(5, 3).tolist()] * 4
    matches = []
    for p, table in enumerate(tables):
        task = make_pod("t", p, 0, tuple(names[b] for b in table), 9, "duplicate").tasks
        matches += [outcome(t).rated() for t in task]
    for pod in range(3):
        table = next_table(names, 3, 2, 9, len(tables) + LAG + pod, tables, matches)  # every pod read
        assert {names[b] for b in table} >= {"b", "c"}, table


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (
            {"schedule": "round-robin", "confidence": 0.9},
            "'confidence' applies to schedule = \"adaptive\" only",
        ),
        ({"schedule": "round-robin", "balance": 2}, "'balance' applies to schedule = \"adaptive\" only"),
        ({"confidence": 1.0}, "'confidence' must be between 0.5 and 1"),
        ({"confidence": "high"}, "'confidence' must be a number"),
        ({"balance": 0}, "'balance' must be at least 1"),
        ({"players": 5}, "needs more bots than seats (5 bots, 5 seats)"),
        ({"schedule": "adaptive@3"}, "not one this program can build (adaptive@1, adaptive@2)"),
    ],
)
def test_mistakes_are_one_line(tmp_path: Path, extra: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=r"^flags: ") as info:
        config(tmp_path, **extra)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_the_definition_records_the_schedule_and_its_rule(tmp_path: Path) -> None:
    definition = config(tmp_path, confidence=0.95).definition()
    assert (definition["schedule"], definition["confidence"], definition["balance"]) == (
        "adaptive@2",
        0.95,
        2,
    )
    assert from_mapping(definition | {"db": "x"}).definition() == definition  # as a worker rebuilds it
    assert "confidence" not in from_mapping({**definition, "schedule": "round-robin", "confidence": None,
                                             "balance": None}).definition()  # fmt: skip


def test_the_closest_pair_keeps_meeting_under_a_tight_balance_limit() -> None:
    # 8 bots at 4 seats, limit 2: chosen for its own value alone, the schedule fell into a cycle of two
    # tables that kept the closest pair (bot7 and bot3 here, 62 Elo apart) apart from pod 40 on.
    elo = {"bot0": 907.0, "bot1": 1119.0, "bot2": 1239.0, "bot3": 1431.0, "bot4": 2122.0, "bot5": 1981.0,
           "bot6": 1708.0, "bot7": 1493.0}  # fmt: skip
    names = list(elo)
    rng = np.random.default_rng(2)
    tables: list[tuple[int, ...]] = []
    by_pod: list[list[RatedMatch]] = []
    for p in range(100):
        seen = [m for q in range(max(0, p - LAG)) for m in by_pod[q]]
        tables.append(next_table(names, 4, 2, 2, p, tables, seen))
        pod = make_pod("sim", p, 0, tuple(names[b] for b in tables[-1]), 2, "duplicate")
        by_pod.append(play_pod(pod, elo, np.linspace(0, 60, 4), rng))
    close = {names.index("bot7"), names.index("bot3")}
    together = sum(1 for t in tables[40:] if close <= set(t))
    # The round robin seats a given pair at 15 of 70 tables (13 of 60); the locked schedule seated it at 0.
    assert together >= 10, together
