"""Simulated tournaments under the round robin and the adaptive schedule, played to the adaptive
schedule's stopping rule: the study of ``benchmarks/adaptive_study.py`` and the slow test of its savings.

Games are the calibration tests' Plackett-Luce games (``tests/ladders/simulate.py``); the adaptive
schedule chooses each pod as ``arena run --schedule adaptive`` does (``arena.adaptive.next_table``, from
the pods finished ``LAG`` pods before), and both schedules are checked after every pod against the same
rule (``arena.adaptive.check_stop``). The adaptive schedule is charged the pods it has under way when it
stops.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from arena.adaptive import LAG, check_stop, next_table
from arena.schedule import make_pod, round_robin, round_tables
from ladders.fit import MIN_PODS, fit_ladder
from ladders.records import RatedMatch
from tests.ladders.simulate import play_pod


def truth(bots: int, gap: float, seed: int, gap_max: float = 0.0) -> dict[str, float]:
    """Strengths centred on 1500 with neighbours ``gap`` apart (each gap drawn uniformly from ``gap ..
    gap_max`` when ``gap_max`` is larger), dealt to the bot names in a shuffled order."""
    rng = np.random.default_rng(10_000 + seed)
    gaps = rng.uniform(gap, max(gap, gap_max), size=bots - 1)
    values = np.concatenate(([0.0], np.cumsum(gaps)))
    values += 1500 - values.mean()
    order = rng.permutation(bots)
    return {f"bot{i}": float(values[int(order[i])]) for i in range(bots)}


def kendall_tau(ranked: list[str], elo: dict[str, float]) -> float:
    pairs = list(itertools.combinations(ranked, 2))
    agree = sum(1 if elo[a] > elo[b] else -1 for a, b in pairs)
    return agree / len(pairs)


def one_run(args: tuple[Any, ...]) -> dict[str, float]:
    """One tournament to the stopping rule or the budget: matches played, and how right the ranking was.

    ``args``: the schedule (``round-robin``, ``adaptive`` for its current version, or ``adaptive@1``),
    bots, seats, seed, confidence, gap, gap_max, shared, rounds, balance, and optionally the lag."""
    kind, bots, seats, seed, confidence, gap, gap_max, shared, rounds, balance = args[:10]
    lag = args[10] if len(args) > 10 else LAG
    version = 1 if kind == "adaptive@1" else 2
    kind = kind.partition("@")[0]
    elo = truth(bots, gap, seed, gap_max)
    names = list(elo)
    advantage = np.linspace(0, 60, seats)
    rng = np.random.default_rng(seed)
    budget = rounds * len(round_tables(names, seats, 1)[0])
    fixed = round_robin(names, seats, rounds, seed, "sim") if kind == "round-robin" else []
    by_pod: list[list[RatedMatch]] = []
    tables: list[tuple[int, ...]] = []
    pods_of = [0] * bots
    played: list[RatedMatch] = []
    stop = gate = None
    for p in range(budget):
        if kind == "adaptive":
            seen = [m for q in range(max(0, p - lag)) for m in by_pod[q]]
            table = next_table(
                names, seats, balance, seed, p, tables, seen, min_pods=MIN_PODS if version >= 2 else 0
            )
            tables.append(table)
            pod = make_pod("sim", p, 0, tuple(names[b] for b in table), seed, "duplicate")
        else:
            pod = fixed[p]
        by_pod.append(play_pod(pod, elo, advantage, rng, shared=shared))
        played += by_pod[-1]
        for b in {names.index(x) for x in pod.table}:
            pods_of[b] += 1
        if gate is None and min(pods_of) >= MIN_PODS:
            gate = p
        reached = check_stop(played, names, pods_of)
        if reached is not None and reached >= confidence:
            stop = p
            break
    pods = budget if stop is None else min(budget, stop + 1 + (lag if kind == "adaptive" else 0))
    standings = fit_ladder(played)
    ranked = [b.bot for b in standings.bots]
    order = sorted(names, key=lambda b: -elo[b])
    wrong = sum(1 for a, b in itertools.pairwise(ranked) if elo[a] < elo[b])
    return {
        "seed": seed,
        "matches": pods * seats,
        "reached": float(stop is not None),
        "at_gate": float(stop is not None and stop == gate),
        "exact": float(ranked == order),
        "wrong": float(wrong),
        "tau": kendall_tau(ranked, elo),
    }
