"""The tournament schedule: pods, seat rotations, round robin, copies, match ids and seeds.

Pure: no I/O, no clock, no global random state. The same arguments give the same schedule in every
process, so a killed run resumes by recomputing the schedule and skipping the match ids already stored.

Vocabulary (``docs/ladders.md``):

- A **table** is one seat-sized group of bots, e.g. ``(a, b, c)`` for three seats.
- A **pod** plays one table once per seat rotation. Under duplicate seeding (the default) every game
  of the pod is on the same match seed: every bot sees the same board and the same dice from every
  seat. Under independent seeding every rotation has its own seed.
- The **round robin** plays every table of a round once, for ``rounds`` rounds with fresh seeds. A round
  is every seat-sized subset of the bots while there are at most
  :data:`~arena.designs.COMPLETE_LIMIT` of them, otherwise an incomplete block design
  (:mod:`arena.designs`); either way its tables are ordered so that every prefix of whole pods is
  balanced (every bot at as many tables as any other, give or take one).
- **Copies**: with fewer bots than seats, bots are repeated to fill the table. The extra copy of ``a``
  is labelled ``a#2`` (then ``a#3``...); it is rated as the same bot ``a``.

Design detail: versions. A stored tournament must resume with the schedule it started with, so the
schedule algorithm has a version (:data:`SCHEDULE_VERSION`), recorded in the tournament's definition.
Version 1, kept for tournaments recorded before versions existed, plays every subset in
``itertools.combinations`` order; version 2 adds the balanced order and the block designs.

Design detail: seat rotations. For an even number of seats the rotations are the rows of a Williams
design (a balanced Latin square): every table entry sits in every seat exactly once, and every
ordered pair of entries sits in adjacent seats (``x`` directly before ``y``) exactly once, so turn-order
neighbours are balanced too. No single balanced square exists for 3, 5 or 7 seats, so odd seat counts use
the cyclic rotations (every entry in every seat once; the cyclic order of the table is kept).

Design detail: seeds. A pod's seed is ``derive_seed("arena-pod", tournament_seed, pod_index) >> 1``
(SHA-256, 63 bits so it fits an SQLite INTEGER); under duplicate seeding (the default) every rotation
plays it. Under independent seeding rotation ``r`` plays ``derive_seed("arena-rotation", pod_seed, r)
>> 1`` instead, so no two matches of a tournament share a seed. 63 bits are enough: a chance stream's
own seed has 64 (:func:`engine.core.rng.derive_seed`), and 2**63 candidates are far more than a bot
can try. The tournament seed is whatever the runner passes: the host's ``--seed``, or a secret seed of
128 bits drawn from the OS and kept in the ladder database (``docs/ladders.md``).

Design detail: ids. A match id is ``"{tournament_id}-{pod_index:04d}-{rotation}"``. The runner passes
the tournament's id from the ladder database, where it was drawn at random when the tournament was
first recorded, so no id is a function of a seed. The pod index and rotation in the id tell a bot
little that its MatchStart does not: the seat names give away the table and the rotation, and a bot
can count how often it met the table.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arena.designs import balanced_order, block_rounds, is_complete
from engine.core.rng import derive_seed

SCHEDULE_VERSION = 2
"""The current version of the round-robin schedule algorithm (see the module docstring)."""
SCHEDULE_VERSIONS = (1, 2)
"""Every version :func:`round_robin` can still build."""
SCHEDULES = {"round-robin": SCHEDULE_VERSION, "adaptive": 2}
"""The schedules a tournament can ask for, each with its current version (``adaptive``:
:mod:`arena.adaptive`; version 1 kept the balance limit through the provisional phase)."""
ADAPTIVE_BALANCE = 2
"""The adaptive schedule's default balance limit: every bot within this many pods of every other."""
ADAPTIVE_CANDIDATES = 20_000
"""The most seat-sized tables an adaptive tournament may choose among (each is valued for every pod)."""
LEGACY_SCHEDULE = "round-robin@1"
"""The schedule of a tournament whose definition names none (recorded before schedules had versions)."""
COPY_MARK = "#"
"""Separates a bot name from its copy number in a table label (``a#2``)."""


@dataclass(frozen=True, slots=True)
class MatchTask:
    """One match to play: what a worker needs, and the key under which its result is stored."""

    match_id: str
    """Deterministic, unique in the database: ``{tournament_id}-{pod_index:04d}-{rotation}``."""
    tournament_id: str
    """The tournament this match belongs to."""
    pod_index: int
    """Index of the pod in the tournament's schedule (0-based, round-major)."""
    round: int
    """Round of the round robin (0-based)."""
    rotation: int
    """Index of the seat rotation within the pod (0-based)."""
    seed: int
    """Match seed: the pod's seed under duplicate seeding, the rotation's own otherwise; 0 <= seed < 2**63."""
    bots: tuple[str, ...]
    """Ladder identity of the bot in each seat (a copy appears under its bot's name)."""
    labels: tuple[str, ...]
    """Table label of each seat: the bot name, or ``name#k`` for its k-th copy."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (the worker payload)."""
        return {
            "match_id": self.match_id,
            "tournament_id": self.tournament_id,
            "pod_index": self.pod_index,
            "round": self.round,
            "rotation": self.rotation,
            "seed": self.seed,
            "bots": list(self.bots),
            "labels": list(self.labels),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchTask:
        """Validate a worker payload; raises ``ValueError`` naming the bad field."""
        try:
            task = cls(
                match_id=_typed(data, "match_id", str),
                tournament_id=_typed(data, "tournament_id", str),
                pod_index=_typed(data, "pod_index", int),
                round=_typed(data, "round", int),
                rotation=_typed(data, "rotation", int),
                seed=_typed(data, "seed", int),
                bots=tuple(_typed(data, "bots", list)),
                labels=tuple(_typed(data, "labels", list)),
            )
        except KeyError as exc:
            raise ValueError(f"match task: missing field {exc}") from None
        if not all(isinstance(b, str) for b in task.bots + task.labels):
            raise ValueError("match task: bots and labels must be strings")
        if len(task.bots) != len(task.labels) or not task.bots:
            raise ValueError("match task: bots and labels must be non-empty and of equal length")
        if min(task.pod_index, task.round, task.rotation, task.seed) < 0:
            raise ValueError("match task: indices and seed must be non-negative")
        return task


def _typed(data: Mapping[str, Any], key: str, kind: type) -> Any:
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ValueError(f"match task: field {key!r} must be {kind.__name__}, got {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class Pod:
    """One table played once per seat rotation on one seed."""

    tournament_id: str
    index: int
    """Position in the schedule (round-major: ``round * len(tables) + table``)."""
    round: int
    table: tuple[str, ...]
    """Labels of the table's entries in table order (``a``, ``a#2``, ``b``, ...)."""
    seed: int
    """The pod's seed: the match seed of every rotation under duplicate seeding; under independent
    seeding each rotation's seed derives from it (:func:`rotation_seed`)."""
    tasks: tuple[MatchTask, ...]
    """One match per seat rotation."""

    @property
    def bots(self) -> tuple[str, ...]:
        """Ladder identities of the table's entries, in table order (copies repeat)."""
        return tuple(bot_of(label) for label in self.table)


def bot_of(label: str) -> str:
    """The ladder identity of a table label: ``a#2`` -> ``a``; a plain name is itself."""
    name, mark, number = label.rpartition(COPY_MARK)
    return name if mark and number.isdigit() and name else label


def is_williams(seats: int) -> bool:
    """Whether :func:`seat_rotations` uses a Williams design (even seat counts, and 1)."""
    return seats % 2 == 0 or seats == 1


def schedule_id(text: str) -> str:
    """The canonical ``NAME@VERSION`` of a schedule given as ``NAME`` (its current version) or
    ``NAME@VERSION``; raises ``ValueError`` naming the valid schedules.

    >>> schedule_id("round-robin"), schedule_id("round-robin@1")
    ('round-robin@2', 'round-robin@1')
    """
    name, _, version = text.partition("@")
    if name not in SCHEDULES:
        raise ValueError(f"schedule must be {' or '.join(SCHEDULES)}, got {text!r}")
    if not version:
        return f"{name}@{SCHEDULES[name]}"
    known = SCHEDULE_VERSIONS if name == "round-robin" else tuple(range(1, SCHEDULES[name] + 1))
    if not version.isdigit() or int(version) not in known:
        valid = ", ".join(f"{name}@{v}" for v in known)
        raise ValueError(f"schedule {text!r} is not one this program can build ({valid})")
    return f"{name}@{int(version)}"


def seat_rotations(seats: int) -> tuple[tuple[int, ...], ...]:
    """The rotations of a pod: row ``r`` maps each seat to the index of the table entry sitting there.

    Every table entry sits in every seat exactly once over the rows. Even ``seats``: a Williams square
    (first row ``0, 1, n-1, 2, n-2, ...``, row ``r`` adds ``r`` mod ``n``). Odd: cyclic rotations.

    >>> seat_rotations(4)
    ((0, 1, 3, 2), (1, 2, 0, 3), (2, 3, 1, 0), (3, 0, 2, 1))
    >>> seat_rotations(3)
    ((0, 1, 2), (1, 2, 0), (2, 0, 1))
    """
    if seats < 1:
        raise ValueError(f"seats must be at least 1, got {seats}")
    if is_williams(seats):
        first: list[int] = []
        low, high = 0, seats - 1
        for i in range(seats):
            if i % 2 == 0:
                first.append(low)
                low += 1
            else:
                first.append(high)
                high -= 1
        # 0, n-1, 1, n-2, ... has steps that are all distinct mod n; reorder to the classic
        # 0, 1, n-1, 2, n-2 form by negating (mod n), which keeps the steps distinct.
        first = [(-x) % seats for x in first]
    else:
        first = list(range(seats))
    return tuple(tuple((x + r) % seats for x in first) for r in range(seats))


def tables(bots: Sequence[str], seats: int) -> tuple[tuple[str, ...], ...]:
    """Every table of a version-1 round, as labels, in a stable order.

    With at least as many bots as seats: ``itertools.combinations(bots, seats)``. With fewer: every bot
    gets ``seats // len(bots)`` entries, and the ``seats % len(bots)`` extra entries go to each
    combination of bots in turn, so every bot fills the same number of seats over a round:

    >>> tables(["a", "b"], 4)
    (('a', 'a#2', 'b', 'b#2'),)
    >>> tables(["a", "b"], 3)
    (('a', 'a#2', 'b'), ('a', 'b', 'b#2'))
    """
    names = _checked_bots(bots)
    if seats < 1:
        raise ValueError(f"seats must be at least 1, got {seats}")
    if len(names) >= seats:
        return tuple(itertools.combinations(names, seats))
    return tuple(
        _with_copies(names, seats, lucky)
        for lucky in itertools.combinations(range(len(names)), seats % len(names))
    )


def _with_copies(names: Sequence[str], seats: int, lucky: Sequence[int]) -> tuple[str, ...]:
    """The table of fewer bots than seats in which the bots at ``lucky`` take the extra entries."""
    base = seats // len(names)
    table: list[str] = []
    for i, name in enumerate(names):
        count = base + (1 if i in lucky else 0)
        table.extend(name if k == 1 else f"{name}{COPY_MARK}{k}" for k in range(1, count + 1))
    return tuple(table)


def round_tables(
    bots: Sequence[str], seats: int, rounds: int, version: int = SCHEDULE_VERSION
) -> list[tuple[tuple[str, ...], ...]]:
    """The tables of every round, as labels, in playing order.

    Version 1: every round is :func:`tables`. Version 2: the complete design (every seat-sized subset;
    with fewer bots than seats, every choice of the bots that take the extra entries) in an order that
    is balanced at every prefix (:func:`arena.designs.balanced_order`), the same in every round; with
    more than :data:`arena.designs.COMPLETE_LIMIT` subsets, one block design per round
    (:func:`arena.designs.block_rounds`).

    >>> round_tables(["a", "b", "c", "d", "e"], 4, 1)[0][:2]
    (('a', 'b', 'c', 'd'), ('a', 'b', 'c', 'e'))
    """
    names = _checked_bots(bots)
    if seats < 1:
        raise ValueError(f"seats must be at least 1, got {seats}")
    if version not in SCHEDULE_VERSIONS:
        known = ", ".join(str(v) for v in SCHEDULE_VERSIONS)
        raise ValueError(f"schedule version {version} is not one of {known}; upgrade boardgame-arena")
    if version == 1:
        return [tables(names, seats)] * rounds
    n = len(names)
    if n < seats:
        extras = list(itertools.combinations(range(n), seats % n))
        order = balanced_order(extras, n)
        return [tuple(_with_copies(names, seats, extras[i]) for i in order)] * rounds
    if is_complete(n, seats):
        subsets = list(itertools.combinations(range(n), seats))
        one = tuple(tuple(names[b] for b in subsets[i]) for i in balanced_order(subsets, n))
        return [one] * rounds
    return [tuple(tuple(names[b] for b in table) for table in rnd) for rnd in block_rounds(n, seats, rounds)]


def _checked_bots(bots: Sequence[str]) -> list[str]:
    names = list(bots)
    if not names:
        raise ValueError("a tournament needs at least one bot")
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"bot names must be non-empty strings, got {name!r}")
        if bot_of(name) != name:
            raise ValueError(
                f"bot name {name!r} ends like a copy label ('{COPY_MARK}' and digits); rename it"
            )
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise ValueError(f"bot {name!r} is named twice; copies are made automatically")
        seen.add(name)
    return names


SEEDINGS = ("duplicate", "independent")
"""How the matches of a pod are seeded: one seed for every rotation, or one seed per rotation."""


def pod_seed(tournament_seed: int, pod_index: int) -> int:
    """The seed of a pod: 63 bits of SHA-256 over the tournament seed and pod index."""
    return derive_seed("arena-pod", tournament_seed, pod_index) >> 1


def rotation_seed(seed_of_pod: int, rotation: int) -> int:
    """The match seed of one rotation under independent seeding: 63 bits of SHA-256 over the pod's seed
    and the rotation."""
    return derive_seed("arena-rotation", seed_of_pod, rotation) >> 1


def match_id(tournament_id: str, pod_index: int, rotation: int) -> str:
    """The id of one match: ``{tournament_id}-{pod_index:04d}-{rotation}``."""
    return f"{tournament_id}-{pod_index:04d}-{rotation}"


def round_robin(
    bots: Sequence[str],
    seats: int,
    rounds: int,
    tournament_seed: int,
    tournament_id: str = "t",
    seeding: str = "duplicate",
    version: int = SCHEDULE_VERSION,
) -> list[Pod]:
    """The whole schedule: the tables of every round (:func:`round_tables`), ``rounds`` rounds,
    round-major order.

    A run stopped half-way has played whole rounds first and, from version 2, a balanced prefix of the
    round it stopped in. The runner passes the tournament's stored id and schedule version; ``seeding``
    is one of :data:`SEEDINGS`.
    """
    if rounds < 0:
        raise ValueError(f"rounds must be non-negative, got {rounds}")
    if seeding not in SEEDINGS:
        raise ValueError(f"seeding must be one of {', '.join(SEEDINGS)}, got {seeding!r}")
    every_round = round_tables(bots, seats, rounds, version)
    pods: list[Pod] = []
    for rnd, round_of in enumerate(every_round):
        for table in round_of:
            pods.append(make_pod(tournament_id, len(pods), rnd, table, tournament_seed, seeding))
    return pods


def make_pod(
    tournament_id: str,
    index: int,
    rnd: int,
    table: tuple[str, ...],
    tournament_seed: int,
    seeding: str,
    seed: int | None = None,
) -> Pod:
    """Pod ``index`` of a tournament: ``table`` (labels) played once per seat rotation on its seed
    (:func:`pod_seed` of the index unless ``seed`` is given: two pods of one duplicate pair share one)."""
    seed = pod_seed(tournament_seed, index) if seed is None else seed
    tasks = tuple(
        MatchTask(
            match_id=match_id(tournament_id, index, r),
            tournament_id=tournament_id,
            pod_index=index,
            round=rnd,
            rotation=r,
            seed=seed if seeding == "duplicate" else rotation_seed(seed, r),
            bots=tuple(bot_of(table[i]) for i in row),
            labels=tuple(table[i] for i in row),
        )
        for r, row in enumerate(seat_rotations(len(table)))
    )
    return Pod(tournament_id, index, rnd, table, seed, tasks)


def match_tasks(pods: Iterable[Pod]) -> Iterator[MatchTask]:
    """Every match of the pods, pod by pod, rotation by rotation."""
    for pod in pods:
        yield from pod.tasks


def pending(pods: Iterable[Pod], finished: Iterable[str]) -> Iterator[MatchTask]:
    """The matches still to play when resuming: every task whose id is not in ``finished``."""
    done = set(finished)
    return (task for task in match_tasks(pods) if task.match_id not in done)
