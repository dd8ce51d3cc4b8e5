"""The decision stack: multi-step and multi-seat decisions as small frozen values.

A game keeps ``state.decisions``, a list used as a stack. The top says which seats must act now
(several at once for discards after a 7 or answers to a trade offer) and carries its own progress
(which seats are still pending, which step of a role phase is running). When a step finishes the game
pops or replaces the top; nested steps (a hospice colonist after a plantation pick) are pushed on top.
This replaces per-situation boolean flags.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Decision:
    """Base of every decision. Subclasses add their own fields and keep ``seats`` up to date."""

    seats: tuple[int, ...]
    """The seats that must act on this decision now, in ascending order of asking."""

    @property
    def name(self) -> str:
        """Name of the decision kind (the class name), for logs and observations."""
        return type(self).__name__
