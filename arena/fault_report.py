"""Why bots faulted and forfeited: per-bot summaries for the ladder, one-line causes for a run's output.

A fault has a kind (timeout, illegal, malformed, crash, disconnect) and a message; a seat forfeits at the
fault that takes it past the strike limit, so the cause of a forfeit is the kind of the seat's last
fault. A crash's message quotes the last lines its process printed (``engine/referee/output_tail.py``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

KIND_ORDER = ("crash", "timeout", "disconnect", "illegal", "malformed")
"""Kinds in the order the summaries list them (the most telling first)."""


@dataclass(slots=True)
class FaultSummary:
    """The faults and forfeits of one bot over stored matches."""

    faults: Counter[str] = field(default_factory=Counter)
    """Faults by kind."""
    forfeits: Counter[str] = field(default_factory=Counter)
    """Forfeited seats by the kind of the fault that forfeited them."""
    last: dict[str, str] = field(default_factory=dict)
    """The latest message of each kind."""

    @property
    def fault_total(self) -> int:
        return sum(self.faults.values())

    @property
    def forfeit_total(self) -> int:
        return sum(self.forfeits.values())

    def text(self) -> str:
        """``3 forfeits (3 crash); 9 faults: 6 crash, 3 disconnect; last crash: ...``."""
        parts = []
        if self.forfeits:
            parts.append(f"{_count(self.forfeit_total, 'forfeit')} ({kinds_text(self.forfeits)})")
        parts.append(f"{_count(self.fault_total, 'fault')}: {kinds_text(self.faults)}")
        worst = next((k for k in KIND_ORDER if k in self.last), next(iter(self.last), ""))
        if worst:
            parts.append(f"last {worst}: {self.last[worst]}")
        return "; ".join(parts)

    def to_json(self) -> dict[str, Any]:
        return {
            "fault_kinds": dict(_ordered(self.faults)),
            "forfeit_causes": dict(_ordered(self.forfeits)),
            "last_fault": dict(self.last),
        }


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _ordered(counts: Mapping[str, int]) -> list[tuple[str, int]]:
    rank = {k: i for i, k in enumerate(KIND_ORDER)}
    return sorted(counts.items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0]))


def kinds_text(counts: Mapping[str, int]) -> str:
    """``6 crash, 3 disconnect`` in :data:`KIND_ORDER`."""
    return ", ".join(f"{n} {k}" for k, n in _ordered(counts))


def seat_faults(faults: Sequence[Mapping[str, Any]], forfeits: Sequence[int]) -> dict[int, FaultSummary]:
    """The summary of each seat of one match from its ``Fault.to_json()`` list, in order."""
    out: dict[int, FaultSummary] = {}
    last_kind: dict[int, str] = {}
    for fault in faults:
        seat = int(fault["seat"])
        kind = str(fault["kind"])
        summary = out.setdefault(seat, FaultSummary())
        summary.faults[kind] += 1
        summary.last[kind] = str(fault["message"])
        last_kind[seat] = kind
    for seat in forfeits:
        out.setdefault(seat, FaultSummary()).forfeits[last_kind.get(seat, "unknown")] += 1
    return out


def bot_faults(records: Sequence[Any]) -> dict[str, FaultSummary]:
    """The summary of every bot that faulted, over stored matches (``ladders.records.MatchRecord``)."""
    out: dict[str, FaultSummary] = {}
    for record in records:
        for seat, summary in seat_faults(record.faults, record.forfeits).items():
            total = out.setdefault(record.bots[seat], FaultSummary())
            total.faults.update(summary.faults)
            total.forfeits.update(summary.forfeits)
            total.last.update(summary.last)
    return out


def match_faults_text(
    faults: Sequence[Mapping[str, Any]], forfeits: Sequence[int], names: Sequence[str]
) -> str:
    """The faults of one match in a line: ``seat 2 (x) forfeited after 4 faults (4 timeout), the last a
    timeout: ...; seat 1 (y) 1 fault (1 illegal)``."""
    parts = []
    for seat, summary in sorted(seat_faults(faults, forfeits).items()):
        who = f"seat {seat} ({names[seat]})" if seat < len(names) else f"seat {seat}"
        n = _count(summary.fault_total, "fault")
        if summary.forfeits:
            cause = next(iter(summary.forfeits))
            parts.append(
                f"{who} forfeited after {n} ({kinds_text(summary.faults)}),"
                f" the last a {cause}: {summary.last.get(cause, '')}"
            )
        else:
            parts.append(f"{who} {n} ({kinds_text(summary.faults)})")
    return "; ".join(parts)


def match_faults_brief(faults: Sequence[Mapping[str, Any]], forfeits: Sequence[int]) -> str:
    """The faults of one match in a few words: ``seat 1 forfeited (2 crash); seat 2 1 timeout``."""
    parts = []
    for seat, summary in sorted(seat_faults(faults, forfeits).items()):
        verb = " forfeited" if summary.forfeits else ""
        parts.append(f"seat {seat}{verb} ({kinds_text(summary.faults)})")
    return "; ".join(parts)
