"""The referee's graded fault policy (HS-21): a default legal action and a strike per fault, and past
the strike limit a fallback bot plays the seat, ranked last as forfeited.

The loop in ``engine/core/match.py`` applies the policy; this module builds it from the referee's
settings. Every fault is recorded in the result and told to the bot in a ``FaultNotice``.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.match import Bot, FaultPolicy, FirstLegal


def fault_policy(strike_limit: int = 3, fallback: Callable[[int], Bot] | None = None) -> FaultPolicy:
    """The policy of a referee match: ``strike_limit`` faults allowed, the next one forfeits the seat.

    ``fallback(seat)`` builds the bot that plays a forfeited seat (default: the first listed action).
    """
    return FaultPolicy(strike_limit=strike_limit, fallback=fallback or (lambda seat: FirstLegal()))


def is_forfeiting(strike: int, policy: FaultPolicy) -> bool:
    """True when a fault with this strike count forfeits the seat."""
    return strike > policy.strike_limit
