"""The host's bookkeeping of one ladder for the matchmaker: since when each bot is free, what it runs,
what it started in the last hour, its pods and the seconds it was available, the last tables.

:class:`LadderBook` turns what the host knows (who is connected, which entries are in placement) and
the clock into the :class:`arena.league.matchmaker.Field` the matchmaker reads, and is told of every
pod started and finished. The host feeds it the real clock; the simulations of ``tests/arena/league``
and ``benchmarks/league_day.py`` a simulated one, so both run the same logic.
"""

from __future__ import annotations

import collections
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from arena.league.matchmaker import HOUSE, PLACEMENT, RATED, Candidate, Field, Rules, Table, is_free
from arena.schedule import bot_of
from ladders.adaptive import Posterior

HOUR_S = 3600.0


@dataclass(frozen=True, slots=True)
class Presence:
    """What the host knows of an author's entry at one moment."""

    connected: bool
    in_placement: bool = False
    placement_left: int = 0


class LadderBook:
    """One ladder's state for the matchmaker (see the module docstring)."""

    def __init__(self, rules: Rules, house: Iterable[str] = ()) -> None:
        self.rules = rules
        self.house = tuple(house)
        self.running: collections.Counter[str] = collections.Counter()
        self.starts: dict[str, collections.deque[float]] = {}
        self.pods: collections.Counter[str] = collections.Counter()
        """Rated pods started, per bot."""
        self.available_s: collections.defaultdict[str, float] = collections.defaultdict(float)
        self.free_since: dict[str, float] = {}
        self.waits: dict[str, float] = {}
        """The longest wait (seconds free before a table) each bot had."""
        self.recent: collections.deque[frozenset[str]] = collections.deque(maxlen=max(1, rules.repeat_window))
        self.house_running = 0
        self.present: dict[str, Presence] = {}
        self._last = 0.0
        self._posterior: Posterior | None = None
        self._names: tuple[str, ...] = ()
        self._joined: frozenset[str] | None = None
        """The bots rated matches join to the house bots (None: not known yet, none apart)."""
        self._linked: set[str] = set()
        """Entries seated with a house bot at a rated table since the last refit."""

    def set_posterior(
        self, posterior: Posterior | None, names: Iterable[str], joined: Iterable[str] | None = None
    ) -> None:
        """The strengths the matchmaker values tables by, and the bots rated matches join to the house
        bots (after each refit)."""
        self._posterior = posterior
        self._names = tuple(names)
        self._joined = None if joined is None else frozenset(joined)
        self._linked.clear()

    def _apart(self) -> frozenset[str]:
        """Admitted entries present that no rated match joins to the house bots, nor a table since."""
        if self._joined is None or not self.house:
            return frozenset()
        return frozenset(
            n
            for n, p in self.present.items()
            if not p.in_placement and n not in self._joined and n not in self._linked
        )

    def _started_last_hour(self, name: str, now: float) -> int:
        times = self.starts.get(name)
        if not times:
            return 0
        while times and times[0] <= now - HOUR_S:
            times.popleft()
        return len(times)

    def update(self, now: float, present: Mapping[str, Presence]) -> None:
        """Who is there now (authors' current entries): availability and free times move on."""
        step = max(0.0, now - self._last) if self._last else 0.0
        self._last = now
        for name, p in self.present.items():  # time since the last update, as it was then
            if p.connected and not p.in_placement:
                self.available_s[name] += step
        self.present = dict(present)
        for name, p in present.items():
            cand = self._candidate(name, p, now, 0.0)
            if is_free(cand, self.rules):
                self.free_since.setdefault(name, now)
            else:
                self.free_since.pop(name, None)
        for name in list(self.free_since):
            if name not in present:
                del self.free_since[name]

    def _candidate(self, name: str, p: Presence, now: float, since: float) -> Candidate:
        return Candidate(
            name=name,
            placement_left=p.placement_left,
            in_placement=p.in_placement,
            connected=p.connected,
            idle_since=since,
            running=self.running[name],
            started_last_hour=self._started_last_hour(name, now),
            pods=self.pods[name],
            available_s=self.available_s[name],
        )

    def field(self, now: float) -> Field:
        """The ladder as the matchmaker sees it now."""
        bots = [
            self._candidate(n, p, now, self.free_since.get(n, now)) for n, p in sorted(self.present.items())
        ]
        bots += [Candidate(name=h, house=True, idle_since=now) for h in self.house]
        return Field(
            tuple(bots),
            tuple(self.recent),
            self.house_running,
            self._posterior,
            self._names,
            self._apart(),
        )

    def started(self, table: Table, now: float) -> None:
        """A pod of ``table`` started now."""
        if table.kind == HOUSE:
            self.house_running += 1
        authors = {bot_of(n) for n in table.bots if bot_of(n) not in self.house}
        for name in authors:
            self.running[name] += 1
            self.starts.setdefault(name, collections.deque()).extend([now] * self.rules.rotations)
            if table.kind != PLACEMENT:
                self.pods[name] += 1
            since = self.free_since.pop(name, None)
            if since is not None:
                self.waits[name] = max(self.waits.get(name, 0.0), now - since)
        if table.kind != PLACEMENT:
            self.recent.append(frozenset(table.bots))
        if table.kind == RATED and any(bot_of(n) in self.house for n in table.bots):
            self._linked.update(authors)  # joined once its pod is played: no second link table meanwhile

    def finished(self, table: Table, now: float) -> None:
        """A pod of ``table`` ended (played, failed or voided)."""
        if table.kind == HOUSE:
            self.house_running = max(0, self.house_running - 1)
        for name in {bot_of(n) for n in table.bots if bot_of(n) not in self.house}:
            self.running[name] = max(0, self.running[name] - 1)

    def longest_wait(self, now: float) -> float:
        """The longest any bot has waited, or is waiting now, while free."""
        waiting = [now - s for s in self.free_since.values()]
        return max([*self.waits.values(), *waiting], default=0.0)


def rules_of(
    seats: int,
    duplicate: bool,
    *,
    concurrent: int = 1,
    per_hour: int = 240,
    max_wait_s: float = 60.0,
    gather_s: float = 2.0,
    balance: int = 2,
    repeat_window: int = 6,
    fill: bool = True,
    house_pods: int = 0,
) -> Rules:
    """:class:`Rules` for a ladder of ``seats`` (``duplicate``: a pod plays every rotation)."""
    return Rules(
        seats=seats,
        rotations=seats if duplicate else 1,
        concurrent=concurrent,
        per_hour=per_hour,
        max_wait_s=max_wait_s,
        gather_s=gather_s,
        balance=balance,
        repeat_window=repeat_window,
        fill=fill,
        house_pods=house_pods,
    )
