"""What the league host prints: a line per match, a status line every few seconds, the fair-play
report."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from arena.fault_report import match_faults_brief
from arena.web.names import plural
from ladders.fairplay import ALPHA, PairEvidence, suspicious_pairs
from ladders.fit import fit_ladder
from ladders.records import MatchRecord
from ladders.store import Store

if TYPE_CHECKING:
    from arena.league.host import LeagueHost


def match_line(ladder: str, record: MatchRecord, placement: bool = False) -> str:
    """``pr3 5f0c...-0004-2: 1 alpha@2, 2 random, 3 beta@1 (victory) 12.3 s``: bots in seat order with
    their places, how the match ended, its faults, how long it took."""
    seats = ", ".join(f"{place} {bot}" for bot, place in zip(record.labels, record.places, strict=True))
    faults = match_faults_brief(record.faults, record.forfeits)
    end = record.termination + (f"; {faults}" if faults else "")
    kind = " placement" if placement else ""
    return f"{ladder}{kind} {record.match_id}: {seats} ({end}) {record.seconds:.1f} s"


def status_line(host: LeagueHost, now: float) -> str:
    """``12:00:05 pr3: 12 bots, 9 connected, 6 playing, 2 waiting (longest 4 s); ...; 1234 matches``."""
    parts = [time.strftime("%H:%M:%S", time.localtime(now))]
    for lid, lad in host.ladders.items():
        present = lad.book.present
        connected = sum(1 for p in present.values() if p.connected)
        # a bot whose stream dropped in a pod is not playing: its seat faults until the pod ends
        playing = sum(1 for n, p in present.items() if p.connected and lad.book.running[n])
        waiting = [now - s for s in lad.book.free_since.values()]
        longest = f" (longest {max(waiting):.0f} s)" if waiting else ""
        running = lad.book.house_running
        house = f", {plural(running, 'house pod')}" if running else ""
        if lad.house is not None and lad.house.failed:  # the Ray cluster lost: none until a restart
            house = ", house pods stopped"
        # connected, neither playing nor free: at the hourly limit, or in placement awaiting its verdict
        book = lad.book
        held = sum(
            1 for n, p in present.items() if p.connected and not book.running[n] and n not in book.free_since
        )
        held_text = f", {held} held (hourly limit or placement verdict)" if held > 0 else ""
        parts.append(
            f"{lid}: {plural(len(present), 'bot')}, {connected} connected, {playing} playing,"
            f" {len(waiting)} waiting{longest}{held_text}{house}, max wait {lad.book.longest_wait(now):.0f} s"
        )
    stats = host.stats
    tail = plural(stats["matches"], "match")
    if stats["errors"]:
        tail += f", {stats['errors']} failed"
    if stats["voided"]:
        tail += f", {plural(stats['voided'], 'pod')} voided"
    refused = host.registry.refusals
    if refused:
        tail += f", {plural(refused, 'hello')} refused"
    return " | ".join([*parts, tail])


def fairplay(store: Store, ladder_key: str, tournament: str, alpha: float = ALPHA) -> list[PairEvidence]:
    """The suspicious pairs of a league ladder's rated matches (:mod:`ladders.fairplay`)."""
    matches = [(m.match_id, m.rated()) for m in store.tournament_matches(tournament) if m.is_rated]
    if not matches:
        return []
    return suspicious_pairs(matches, fit_ladder([m for _, m in matches]), alpha=alpha)
