"""Per-decision clocks: the referee's own timers (gRPC deadlines cover whole streams, not moves).

A seat gets ``deadline_ms`` for every decision, measured from the moment the request is handed to
the transport, plus a time bank that pays for overruns: time beyond the deadline is taken from the
bank, and a decision that outlasts deadline and bank is a TIMEOUT fault. HS-21: the policy is the
referee's, pluggable, and recorded with the match.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TimeControl:
    """The clock settings of a match (the same for every seat)."""

    deadline_ms: int = 5_000
    """Time allowed per decision, in milliseconds from the moment the request is sent."""
    time_bank_ms: int = 30_000
    """Extra time per seat for the whole match, in milliseconds, spent only beyond a deadline."""
    join_timeout_s: float = 30.0
    """How long a match waits for its remote seats to connect before it starts without them."""
    crash_grace_s: float = 2.0
    """After a spawned bot's stream closes, how long to wait for its process to exit to tell a crash."""

    def to_json(self) -> dict[str, float]:
        return {
            "deadline_ms": self.deadline_ms,
            "time_bank_ms": self.time_bank_ms,
            "join_timeout_s": self.join_timeout_s,
        }


class SeatClock:
    """The clock of one seat in one match: a fixed per-decision allowance and a draining bank."""

    __slots__ = ("bank_ms", "deadline_ms")

    def __init__(self, control: TimeControl) -> None:
        self.deadline_ms = control.deadline_ms
        self.bank_ms = control.time_bank_ms

    def budget_s(self) -> float:
        """The longest this decision may take, in seconds: the deadline plus what is left in the bank."""
        return (self.deadline_ms + self.bank_ms) / 1000.0

    def charge(self, elapsed_s: float) -> None:
        """Take the time spent beyond the deadline from the bank (never below zero)."""
        over_ms = elapsed_s * 1000.0 - self.deadline_ms
        if over_ms > 0:
            self.bank_ms = max(0, int(self.bank_ms - over_ms))

    def expire(self) -> None:
        """The decision timed out: the bank is spent."""
        self.bank_ms = 0


def allowance(budget_s: float, control: TimeControl) -> str:
    """What a request that took its whole ``budget_s`` had, as a timeout says it: ``deadline 500 ms +
    time bank``, or ``deadline 500 ms, time bank spent`` (``no time bank`` when the match has none)."""
    if round(budget_s * 1000) > control.deadline_ms:
        return f"deadline {control.deadline_ms} ms + time bank"
    return f"deadline {control.deadline_ms} ms, " + (
        "time bank spent" if control.time_bank_ms else "no time bank"
    )
