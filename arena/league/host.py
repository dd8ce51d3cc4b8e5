"""The league's host loop: the referee, the registry, the matchmaker, every match committed at once,
placement verdicts, rating refits, a line per match and a status line.

:class:`LeagueHost` runs on the calling thread until its ``stop`` event is set (``arena league``
sets it on Ctrl-C and SIGTERM). Several times a second it reads who is connected (the referee's lobby),
asks the matchmaker for tables (:mod:`arena.league.matchmaker`, one :class:`LadderBook` per ladder),
records each pod before its first match starts, and plays it: on the referee (a thread per pod, its
rotations one after another) when an author's entry sits at the table, on the ladder's backend when
only house bots do. Outcomes come back on a queue; the loop commits each match the moment it arrives
(idempotently by match id), closes pods, and decides placements.

Design detail: nothing lost, nothing counted twice. A pod is in ``league_pods`` before it plays, a
match in ``matches`` once it ended, each in its own transaction. On start, a pod left open by a host
that was killed is closed as done when all its matches are stored (its placement verdict is taken
then) and as void otherwise: its stored matches count, its missing ones are never played, and the
matchmaker forms new tables. Match ids are the tournament's, the pod's index and the rotation, and a
pod's index is allocated in the database, so no id is ever reused.

What the host keeps per ladder and per pod, and how it is restored on start, is in
:mod:`arena.league.state`; what it decides from stored matches (placements, ratings) in
:mod:`arena.league.verdicts`; how a pod is played in :mod:`arena.league.pods`.
"""

from __future__ import annotations

import collections
import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from arena.fault_report import bot_faults
from arena.league.book import Presence
from arena.league.definition import LeagueDef
from arena.league.matchmaker import HOUSE, PLACEMENT, Table, form_tables
from arena.league.pods import (
    PLACEMENT_PREFIX,
    HouseQueue,
    RefereeSeats,
    authors_of,
    connect_house,
    match_config,
    play_on_referee,
    pod_tasks,
    record_of,
    start_house,
)
from arena.league.registry import Registry, lobby_key
from arena.league.report import fairplay, match_line, status_line
from arena.league.state import Ladder, Pod, open_ladder, replay_dir, restore_book
from arena.league.verdicts import placement_verdict, refit, turn_away
from arena.schedule import pod_seed
from ladders.league_schema import ADMITTED, DONE, OPEN, REJECTED, VOID
from ladders.league_schema import PLACEMENT as IN_PLACEMENT
from ladders.league_tables import LeagueTables
from ladders.store import Store, StoreError

if TYPE_CHECKING:
    from engine.referee import RefereeServer
    from ladders.records import MatchRecord

log = logging.getLogger("arena.league")

TICK_S = 0.1
REFRESH_S = 2.0
"""How often the registry is read again (bots added or removed by ``arena league bot``)."""
PERSIST_S = 10.0
"""How often each entry's seconds of availability are written (its fair share after a restart)."""
FAIRPLAY_S = 300.0
"""How often the fair-play report is made (a new suspicious pair is announced once)."""


class LeagueHost:
    """A running league (see the module docstring)."""

    def __init__(
        self,
        league: LeagueDef,
        store: Store,
        server: RefereeServer,
        *,
        announce: Callable[[str], None] = print,
        match_lines: bool = True,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.league = league
        self.match_lines = match_lines
        """Print a line per match (else only status lines, verdicts and errors)."""
        self.store = store
        self.server = server
        self.announce = announce
        self.clock = clock
        self.tables = LeagueTables(store)
        self.replays = league.replay_dir or replay_dir(league.db)
        self.events: queue.Queue[tuple[str, Any]] = queue.Queue()
        self.stopping = threading.Event()
        self.pods: dict[tuple[str, int], Pod] = {}
        self.ladders: dict[str, Ladder] = {}
        self.stats = collections.Counter[str]()
        self.suspicious: set[tuple[str, str, str]] = set()
        """Pairs the fair-play report announced: ``(ladder, ahead, behind)``."""
        for lad in league.ladders:
            self.ladders[lad.id] = open_ladder(self.tables, store, lad)
        self.registry = Registry(self.tables, {lad.id: lad for lad in league.ladders})
        server.lobby.key_check = self.registry.check
        self.executor = ThreadPoolExecutor(league.max_matches, thread_name_prefix="league-pod")
        self.house_threads: list[threading.Thread] = []
        self.ray_joined = False
        """The host connected to Ray for its house pods (and disconnects when it stops)."""
        self._recover()

    # -- start-up ------------------------------------------------------------------------------------

    def _recover(self) -> None:
        """Close the pods a killed host left open; load each ladder's books from the database."""
        now = self.clock()
        for lad in self.ladders.values():
            stored = {m.match_id for m in self.store.tournament_matches(lad.tournament)}
            stored |= {m.match_id for m in self.store.tournament_matches(lad.placement)}
            for pod in self.tables.pods(ladder=lad.definition.id):
                tasks = pod_tasks(pod.tournament, pod.pod, 0, pod.bots, lad.definition.duplicate)
                complete = all(t.match_id in stored for t in tasks)
                if pod.state == OPEN:
                    state = DONE if complete else VOID
                    self.tables.close_pod(pod.tournament, pod.pod, state)
                    self.announce(f"{lad.definition.id}: pod {pod.pod} of a previous run {state}")
                    if state == VOID:
                        self.stats["voided"] += 1
                elif pod.state != DONE:
                    continue
                if not complete:
                    continue
                table = Table(pod.bots, pod.kind, "stored")
                if pod.kind == PLACEMENT:
                    lad.placements[pod.bots[0]] += 1
                else:
                    lad.book.started(table, now)
                    lad.book.finished(table, now)
            restore_book(lad, self.tables, self.store, now)
            for entry in self.registry.current(lad.definition.id):
                if entry.state == IN_PLACEMENT:
                    self._maybe_decide(lad, entry.entry)
            self._refit(lad)

    # -- the loop ------------------------------------------------------------------------------------

    def run(self, stop: threading.Event) -> None:
        """Run until ``stop`` is set, then stop cleanly (see :meth:`close`)."""
        last_refresh = last_status = last_persist = last_fairplay = self.clock()
        refits = {lid: self.clock() for lid in self.ladders}
        houses = [lad for lad in self.ladders.values() if lad.definition.house_pods]
        if houses:  # Ray joined in this thread, once for every ladder (the ladders share its settings)
            self.ray_joined = connect_house(match_config(self.league, houses[0].definition, (), ""))
        for lad in houses:
            self._start_house(lad)
        try:
            while not stop.is_set():
                now = self.clock()
                self._drain()
                if now - last_refresh >= REFRESH_S:
                    self.registry.refresh()
                    last_refresh = now
                for lad in self.ladders.values():
                    self._match(lad, now)
                    if lad.new_results and now - refits[lad.definition.id] >= self.league.refit_s:
                        self._refit(lad)
                        refits[lad.definition.id] = now
                if now - last_fairplay >= FAIRPLAY_S:
                    self._fairplay()
                    last_fairplay = now
                if now - last_persist >= PERSIST_S:
                    self._persist()
                    last_persist = now
                if now - last_status >= self.league.status_s:
                    self.announce(status_line(self, now))
                    last_status = now
                stop.wait(TICK_S)
        finally:
            self.close()

    def _presence(self, lad: Ladder) -> dict[str, Presence]:
        out = {}
        keys = self.server.lobby.keys
        running = collections.Counter(
            p.table.bots[0]
            for p in self.pods.values()
            if p.ladder == lad.definition.id and p.table.kind == PLACEMENT
        )
        for entry in self.registry.current(lad.definition.id):
            key = keys.get(lobby_key(lad.definition.id, entry.entry))
            connected = key is not None and key.connected.is_set()
            in_placement = entry.state == IN_PLACEMENT
            left = lad.definition.placement.pods - lad.placements[entry.entry] - running[entry.entry]
            if (
                in_placement
                and left <= 0
                and not running[entry.entry]
                and self._maybe_decide(lad, entry.entry)
            ):
                in_placement = False  # placed (or turned away) now
            out[entry.entry] = Presence(connected, in_placement, max(0, left) if in_placement else 0)
        return out

    def _match(self, lad: Ladder, now: float) -> None:
        lad.book.update(now, self._presence(lad))
        if self.stopping.is_set():
            return
        for table in form_tables(lad.book.field(now), lad.book.rules, now):
            if table.kind == HOUSE and lad.house is not None and lad.house.failed:
                continue  # its backend failed (the Ray cluster lost): no more house pods this run
            if table.kind != HOUSE and self._author_pods() >= self.league.max_matches:
                return
            try:
                self._start(lad, table, now)
            except StoreError as exc:
                self.announce(f"error: {exc}")
                return

    def _author_pods(self) -> int:
        return sum(1 for p in self.pods.values() if p.table.kind != HOUSE)

    def _start(self, lad: Ladder, table: Table, now: float) -> None:
        placement = table.kind == PLACEMENT
        tournament = lad.placement if placement else lad.tournament
        index = self.tables.open_pod(
            tournament, lad.definition.id, table.kind, table.bots, lad.book.rules.rotations
        )
        seed = pod_seed(lad.seeds[1] if placement else lad.seeds[0], index)
        tasks = pod_tasks(tournament, index, seed, table.bots, lad.definition.duplicate)
        pod = Pod(lad.definition.id, tournament, index, table, tasks)
        self.pods[pod.key] = pod
        lad.book.started(table, now)
        authors = authors_of(table.bots, lad.definition.house_names())
        if table.kind == HOUSE:
            assert lad.house is not None
            lad.house.put(tasks)
            return
        config = match_config(self.league, lad.definition, authors, str(self.replays))
        keys = {a: lobby_key(lad.definition.id, a) for a in authors}
        seats = RefereeSeats(self.server, keys)

        def deliver(outcome: dict[str, Any]) -> None:
            self.events.put(("outcome", (pod.key, outcome)))

        future = self.executor.submit(play_on_referee, config, lad.game, tasks, seats, deliver, self.stopping)
        future.add_done_callback(lambda f: self.events.put(("ended", pod.key)))

    def _start_house(self, lad: Ladder) -> None:
        lad.house = HouseQueue()
        config = match_config(self.league, lad.definition, (), str(self.replays))
        self.house_threads.append(start_house(config, lad.game, lad.house, lad.definition.id, self.events))

    # -- results -------------------------------------------------------------------------------------

    def _drain(self) -> None:
        while True:
            try:
                kind, payload = self.events.get_nowait()
            except queue.Empty:
                return
            if kind == "outcome":
                key, outcome = payload
                self._outcome(self.pods.get(key), outcome)
            elif kind == "house":
                lid, match_id, outcome = payload
                pod = next(
                    (p for p in self.pods.values() if any(t.match_id == match_id for t in p.tasks)), None
                )
                if pod is None and "error" in outcome:
                    self.announce(f"{lid}: {outcome['error']}")
                self._outcome(pod, outcome)
                if pod is not None and pod.ended:
                    self._ended(pod.key)
            elif kind == "ended":
                self._ended(payload)
            else:
                self.announce(str(payload))

    def _outcome(self, pod: Pod | None, outcome: dict[str, Any]) -> None:
        if pod is None:
            return
        lad = self.ladders[pod.ladder]
        if "void" in outcome:
            pod.failed = len(pod.tasks) - pod.stored  # nothing more comes from this pod
            self.announce(f"{pod.ladder}: {outcome['void']}")
            return
        if "error" in outcome:
            pod.failed += 1
            if self.stopping.is_set():  # the match was cut short by the stop: void, not a failure
                self.announce(f"{pod.ladder}: {outcome['error'].split(':')[0]} voided (the league stopped)")
                return
            self.stats["errors"] += 1
            self.announce(f"{pod.ladder}: match failed: {outcome['error']}")
            return
        placement = pod.table.kind == PLACEMENT
        key = PLACEMENT_PREFIX + lad.key if placement else lad.key
        record = record_of(outcome, key, lad.definition.variant)
        try:
            self.store.record_match(record)
        except StoreError as exc:
            pod.failed += 1
            self.announce(f"error: {exc}")
            return
        pod.stored += 1
        self.stats["matches"] += 1
        if not placement and record.is_rated:
            lad.new_results += 1
        if self.match_lines:
            self.announce(match_line(pod.ladder, record, placement))

    def _ended(self, key: tuple[str, int]) -> None:
        pod = self.pods.pop(key, None)
        if pod is None:
            return
        lad = self.ladders[pod.ladder]
        lad.book.finished(pod.table, self.clock())
        complete = pod.stored == len(pod.tasks)
        try:
            self.tables.close_pod(pod.tournament, pod.index, DONE if complete else VOID)
        except StoreError as exc:
            self.announce(f"error: {exc}")
        if not complete:
            self.stats["voided"] += 1
            if pod.table.kind == PLACEMENT and pod.stored:
                self._judge_cut_placement(lad, pod)
            return
        if pod.table.kind == PLACEMENT:
            entry = pod.table.bots[0]
            lad.placements[entry] += 1
            self._maybe_decide(lad, entry)

    def _placement_records(self, lad: Ladder, entry: str) -> list[MatchRecord]:
        """The stored matches of ``entry``'s whole placement pods."""
        done = {
            p.pod
            for p in self.tables.pods(state=DONE, ladder=lad.definition.id)
            if p.tournament == lad.placement and p.bots[0] == entry
        }
        return [m for m in self.store.tournament_matches(lad.placement) if m.pod_index in done]

    def _judge_cut_placement(self, lad: Ladder, pod: Pod) -> None:
        """A placement pod cut short whose stored matches hold a forfeit of its entry (it crashed or left
        mid-match, then was gone for the next one) rejects the entry now: a bot that fails so in every
        pod would otherwise never be judged. Without such a forfeit the pod is only void."""
        entry = pod.table.bots[0]
        cut = [m for m in self.store.tournament_matches(lad.placement) if m.pod_index == pod.index]
        summary = bot_faults(cut).get(entry)
        if summary is not None and summary.forfeit_total > 0:
            self._maybe_decide(lad, entry, cut=cut)

    def _maybe_decide(self, lad: Ladder, entry: str, cut: Sequence[MatchRecord] = ()) -> bool:
        """Admit or reject an entry whose placement pods are all played (or reject it on the stored
        matches ``cut`` of a pod cut short, which hold its forfeit); True when decided now."""
        needed = lad.definition.placement.pods
        if lad.placements[entry] < needed and not cut:
            return False
        # Design detail: judged on whole pods. A placement pod cut short (the bot left between two of its
        # matches, or the host stopped) is void and played again: its matches count only to reject an
        # entry that forfeited in them (:meth:`_judge_cut_placement`).
        records = [*self._placement_records(lad, entry), *cut] if needed else []
        rejected, note = placement_verdict(records, entry, lad.definition.placement.max_faults)
        if cut and not rejected:
            return False
        state = REJECTED if rejected else ADMITTED
        if not self.registry.set_state(lad.definition.id, entry, state, note if rejected else ""):
            return False
        self.announce(f"{lad.definition.id}: {entry} {state}: {note}")
        if rejected:
            turn_away(self.server, lad.definition.id, entry, note)
        return True

    def _refit(self, lad: Ladder) -> None:
        """Fit the ladder's ratings again, store a snapshot, and give the matchmaker the posterior."""
        refit(self.store, lad, [e.entry for e in self.registry.current(lad.definition.id)])

    def _fairplay(self) -> None:
        """Announce pairs that became suspicious since the last report."""
        for lad in self.ladders.values():
            try:
                pairs = fairplay(self.store, lad.key, lad.tournament)
            except (StoreError, ValueError) as exc:
                self.announce(f"error: fair play on {lad.definition.id}: {exc}")
                continue
            except Exception as exc:  # a report's failure never stops the league: said, logged, retried
                log.exception("fair play on %s", lad.definition.id)
                self.announce(f"error: fair play on {lad.definition.id} failed ({type(exc).__name__}: {exc})")
                continue
            for pair in pairs:
                if (lad.definition.id, pair.ahead, pair.behind) not in self.suspicious:
                    self.suspicious.add((lad.definition.id, pair.ahead, pair.behind))
                    self.announce(
                        f"fair play: {lad.definition.id}: {pair.text()}"
                        f" (arena league fairplay --ladder {lad.definition.id})"
                    )

    def _persist(self) -> None:
        for lad in self.ladders.values():
            try:
                self.tables.save_availability(lad.definition.id, dict(lad.book.available_s))
            except StoreError as exc:
                self.announce(f"error: {exc}")

    # -- stopping ------------------------------------------------------------------------------------

    def close(self) -> None:
        """Stop: no new tables; the referee ends the matches under way (voided, never stored), the
        pods' threads and the house backends end; what finished is committed."""
        self.stopping.set()
        for lad in self.ladders.values():
            if lad.house is not None:
                lad.house.stop()
        self.server.stop(grace=0.5)
        self.executor.shutdown(wait=True, cancel_futures=True)
        for thread in self.house_threads:
            thread.join(timeout=10)
        if self.ray_joined:
            from arena.ray_backend import disconnect

            self.ray_joined = False
            disconnect()
        self._drain()
        for pod in list(self.pods.values()):
            self._ended(pod.key)
        self._persist()
