"""The league's matchmaker: which tables to form now, from who is available. Pure: no clock, no I/O.

The host calls :func:`form_tables` for each ladder several times a second with a :class:`Field` (every
bot of the ladder: authors' current entries and house bots, with what the host knows of each) and gets
the tables to start. The rules, in order:

1. **Placement.** An entry in placement with placement pods left gets a table of its own with house
   bots (copies when there are too few), before any rated table.
2. **Who may play.** An author's entry is free when it is connected, idle or below its concurrency
   limit, and may start a pod without passing its matches-per-hour limit. A disconnected entry gets
   no table until it is back.
3. **Who must play.** A free entry that has waited ``max_wait_s`` is *overdue*; one that has played
   more than ``balance`` pods fewer than its fair share (the field's pods per second available, times
   the seconds it was available) is *due*. A table seats as many overdue and due entries as it can, the
   most urgent first.
4. **Which table.** Among the seat-sized sets of free entries that seat those, the one of most expected
   information on the ranking (:func:`ladders.adaptive.table_values`: the share of the neighbours'
   uncertainty its pod would remove, weighted by each pair's chance of being misordered), avoiding the
   ladder's last ``repeat_window`` tables (at most half the tables its connected entries make): when
   only such a table is possible, it waits until one of its bots is overdue. Ties go to the most
   urgent.
5. **When.** Rated tables among authors are formed once ``gather_s`` has passed since the
   longest-waiting free entry became free, or at once with twice as many free entries as seats (a pool
   worth choosing from); then as many as the free entries fill.
5b. **Link.** With ``fill``, free admitted entries that no chain of rated matches joins to the house
   bots (:attr:`Field.apart`: newcomers, or a field of authors who only ever met each other) get a table
   with a house bot first, the most urgent of them in its other seats: the ladder's ratings can compare
   authors with house bots (and its anchor) only through such a chain (:mod:`ladders.groups`).
6. **House fill.** Overdue entries that no table of authors can seat get house bots to complete a
   table, when the ladder allows it (``fill``), house bots chosen by the same information value (an
   anchor among them pins the scale).
7. **House pods.** Up to ``house_pods`` tables of house bots alone are kept under way (played on the
   runner's backends, Ray included).

Design detail: bounded choice. With many free entries the candidate sets are those of the
:data:`POOL_LIMIT` most urgent, so a tick costs at most ``C(12, seats)`` table values.
"""

from __future__ import annotations

import hashlib
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ladders.adaptive import Posterior, table_values

POOL_LIMIT = 12
"""At most this many free entries (the most urgent) are combined into candidate tables per table."""

RATED = "rated"
PLACEMENT = "placement"
HOUSE = "house"


@dataclass(frozen=True, slots=True)
class Candidate:
    """One bot of a ladder as the matchmaker sees it at one moment."""

    name: str
    """Its identity on the ladder: ``NAME@VERSION`` for an author's entry, the house bot's name."""
    house: bool = False
    placement_left: int = 0
    """Placement pods still to play (an entry in placement); 0 for an admitted entry."""
    in_placement: bool = False
    """The entry is not admitted yet (it may be waiting for the verdict of its last placement pod)."""
    connected: bool = True
    idle_since: float = 0.0
    """When it last became free (host clock, seconds): connected, below its limits."""
    running: int = 0
    """Pods under way."""
    started_last_hour: int = 0
    """Matches started in the last hour."""
    pods: int = 0
    """Rated pods started."""
    available_s: float = 0.0
    """Seconds it has been connected and admitted (for its fair share of pods)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The ladder's limits and waits (from its definition)."""

    seats: int
    rotations: int
    """Matches per pod: ``seats`` for a duplicate pod, else 1."""
    concurrent: int = 1
    per_hour: int = 240
    max_wait_s: float = 60.0
    gather_s: float = 2.0
    balance: int = 2
    repeat_window: int = 6
    fill: bool = True
    house_pods: int = 0


@dataclass(frozen=True, slots=True)
class Field:
    """A ladder at one moment."""

    bots: tuple[Candidate, ...]
    recent: tuple[frozenset[str], ...] = ()
    """The ladder's last tables, newest last."""
    house_running: int = 0
    """House-only pods under way."""
    posterior: Posterior | None = None
    """The strengths of :attr:`names` (None: no information yet; every table is worth the same)."""
    names: tuple[str, ...] = ()
    """The bots :attr:`posterior` covers, in its order."""
    apart: frozenset[str] = frozenset()
    """Authors' entries that no chain of rated matches joins to the house bots (see Link)."""


@dataclass(frozen=True, slots=True)
class Table:
    """A table to start: its bots in seat order for the pod's first rotation."""

    bots: tuple[str, ...]
    kind: str
    """``rated``, ``placement`` or ``house``."""
    reason: str
    """Why now: ``placement``, ``link``, ``information``, ``overdue``, ``fill`` or ``house``."""


def is_free(bot: Candidate, rules: Rules) -> bool:
    """May start a pod now: connected, below its concurrency limit, and the pod's matches within its
    hourly limit (house bots are always free)."""
    if bot.house:
        return True
    return (
        bot.connected
        and bot.running < rules.concurrent
        and bot.started_last_hour + rules.rotations <= rules.per_hour
    )


def fair_credit(bots: Sequence[Candidate]) -> dict[str, float]:
    """Pods each admitted entry played beyond its fair share (negative: behind): the field's pods per
    second available, times its seconds available."""
    total_s = sum(b.available_s for b in bots)
    rate = sum(b.pods for b in bots) / total_s if total_s > 0 else 0.0
    return {b.name: b.pods - rate * b.available_s for b in bots}


def form_tables(field: Field, rules: Rules, now: float) -> list[Table]:
    """The tables to start now on one ladder (see the module docstring)."""
    out: list[Table] = []
    house = sorted((b for b in field.bots if b.house), key=lambda b: b.name)
    authors = [b for b in field.bots if not b.house and is_free(b, rules)]
    used: set[str] = set()
    # 1. Placement, longest waiting first.
    if house:
        for bot in sorted(authors, key=lambda b: (b.idle_since, b.name)):
            if bot.in_placement and bot.placement_left > 0:
                fillers = _house_fill(field, house, [bot.name], rules.seats, now)
                out.append(Table((bot.name, *fillers), PLACEMENT, PLACEMENT))
                used.add(bot.name)
    admitted = [b for b in field.bots if not b.house and not b.in_placement]
    credit = fair_credit(admitted)
    pool = [b for b in authors if not b.in_placement and b.name not in used]

    def urgency(b: Candidate) -> tuple[int, float, float, str]:
        overdue = now - b.idle_since >= rules.max_wait_s
        due = credit.get(b.name, 0.0) < -rules.balance
        return (0 if overdue else 1 if due else 2, credit.get(b.name, 0.0), b.idle_since, b.name)

    # 5b. Link: entries apart from the house bots sit with one (the rest of the table the most urgent).
    if rules.fill and house:
        apart = sorted((b for b in pool if b.name in field.apart), key=urgency)
        if apart:
            seated = [b.name for b in apart[: rules.seats - 1]]
            fillers = _house_fill(field, house, seated, rules.seats, now)
            out.append(Table((*seated, *fillers), RATED, "link"))
            pool = [b for b in pool if b.name not in seated]
    # A small field has few tables: half of them at most are kept from coming back.
    field_size = sum(1 for b in field.bots if not b.house and not b.in_placement and b.connected)
    window = min(rules.repeat_window, math.comb(field_size, rules.seats) // 2)
    recent = list(field.recent)[-window:] if window else []
    # 2-5. Rated tables of authors: once the pool is worth choosing from, as many as it seats.
    oldest = min((b.idle_since for b in pool), default=now)
    ready = len(pool) >= 2 * rules.seats or now - oldest >= rules.gather_s
    while ready and len(pool) >= rules.seats:
        pool.sort(key=urgency)
        must = [b.name for b in pool if urgency(b)[0] < 2][: rules.seats]
        names = [b.name for b in pool[:POOL_LIMIT]]
        overdue = urgency(pool[0])[0] == 0
        table = _best_table(field, names, must, rules.seats, recent, now, repeat=overdue)
        if table is None:  # only a recent table could be formed, and nobody is overdue yet: wait
            break
        out.append(Table(table, RATED, "overdue" if must else "information"))
        recent = [*recent, frozenset(table)][-window:] if window else []
        pool = [b for b in pool if b.name not in table]
    # 6. House fill for overdue entries no table of authors could seat.
    if rules.fill and house:
        pool.sort(key=urgency)
        while pool and now - pool[0].idle_since >= rules.max_wait_s:
            authors_here = [b.name for b in pool[: rules.seats]]
            fillers = _house_fill(field, house, authors_here, rules.seats, now)
            out.append(Table((*authors_here, *fillers), RATED, "fill"))
            pool = pool[len(authors_here) :]
    # 7. House pods.
    running = field.house_running
    while running < rules.house_pods and len(house) >= 2:
        fillers = _house_fill(field, house, [], rules.seats, now, salt=f"house{running}")
        out.append(Table(fillers, HOUSE, HOUSE))
        running += 1
    return out


def _best_table(
    field: Field,
    names: list[str],
    must: list[str],
    seats: int,
    recent: list[frozenset[str]],
    now: float,
    *,
    repeat: bool,
) -> tuple[str, ...] | None:
    """The seat-sized set of ``names`` holding all of ``must`` of most value, avoiding ``recent``
    (None when only recent tables are possible, unless ``repeat``: an overdue bot cannot wait)."""
    rest = [n for n in names if n not in must]
    tables = [tuple(must) + combo for combo in itertools.combinations(rest, seats - len(must))]
    fresh = [t for t in tables if frozenset(t) not in recent]
    if not fresh and not repeat:
        return None
    tables = fresh or tables
    values = _values(field, tables)
    best = float(values.max())
    near = [t for t, v in zip(tables, values, strict=True) if v >= best - 1e-9 * max(1.0, abs(best))]
    order = {n: i for i, n in enumerate(names)}  # most urgent first
    return min(near, key=lambda t: (sorted(order[n] for n in t), _tie(t, now)))


def _house_fill(
    field: Field, house: list[Candidate], seated: list[str], seats: int, now: float, salt: str = ""
) -> tuple[str, ...]:
    """House bots (copies ``name#2``... when there are too few) to complete a table of ``seated``,
    chosen by information value."""
    need = seats - len(seated)
    names = [b.name for b in house]
    if need <= 0:
        return ()
    if len(names) >= need:
        options = [tuple(c) for c in itertools.combinations(names, need)]
        values = _values(field, [(*seated, *o) for o in options])
        best = float(values.max())
        near = [o for o, v in zip(options, values, strict=True) if v >= best - 1e-9 * max(1.0, abs(best))]
        return min(near, key=lambda o: _tie((*seated, *o, salt), now))
    copies: list[str] = []
    for k in range(need):
        base = names[k % len(names)]
        copy = k // len(names) + 1
        copies.append(base if copy == 1 else f"{base}#{copy}")
    return tuple(copies)


def _values(field: Field, tables: Sequence[tuple[str, ...]]) -> np.ndarray:
    """The information value of each table (0 for all without a posterior)."""
    if field.posterior is None or not tables:
        return np.zeros(len(tables))
    index = {n: i for i, n in enumerate(field.names)}  # a copy (name#2) counts as its bot
    rows = []
    for t in tables:
        ids = sorted({index[n.split("#")[0]] for n in t if n.split("#")[0] in index})
        rows.append(ids)
    out = np.zeros(len(tables))
    for size in range(2, max(len(r) for r in rows) + 1):
        picked = [k for k, r in enumerate(rows) if len(r) == size]
        if picked:
            arr = np.array([rows[k] for k in picked], dtype=np.int64)
            out[picked] = table_values(field.posterior, arr, size)
    return out


def _tie(table: Sequence[str], now: float) -> str:
    """A deterministic tie-break between equally good tables."""
    return hashlib.sha256("\x1f".join([*table, f"{now:.3f}"]).encode()).hexdigest()
