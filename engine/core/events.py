"""Events: what happened when an action was applied, with per-seat visibility.

An event has a public part that every seat sees, and optionally a private part that only its audience
sees (the type of a stolen card goes to thief and victim). Chance outcomes (dice, draws) are events
marked ``chance``; the replay log stores them beside the action that caused them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

JsonValue = Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. ``data`` must hold JSON-ready values only."""

    kind: str
    """What happened, e.g. ``role``, ``produce``, ``ship``, ``dice``."""
    data: Mapping[str, JsonValue] = field(default_factory=dict)
    """The public part: every seat sees it."""
    private: Mapping[str, JsonValue] | None = None
    """Extra fields seen only by the seats in ``audience``."""
    audience: tuple[int, ...] = ()
    """Seats that see ``private``."""
    chance: bool = False
    """True when the event reports a chance outcome drawn from the match's streams."""
    hidden: bool = False
    """True when seats outside ``audience`` must not even learn that the event happened."""

    def view(self, seat: int | None) -> dict[str, JsonValue] | None:
        """What ``seat`` sees of this event (``None`` for the full referee view), or None if nothing."""
        if seat is None or seat in self.audience:
            merged = {"kind": self.kind, **self.data}
            if self.private:
                merged.update(self.private)
            return merged
        if self.hidden:
            return None
        return {"kind": self.kind, **self.data}

    def text(self, seat: int | None = None) -> str:
        """A one-line rendering of :meth:`view` for logs and the CLI."""
        seen = self.view(seat)
        if seen is None:
            return ""
        parts = [str(seen.pop("kind"))]
        parts.extend(f"{k}={_short(v)}" for k, v in seen.items())
        return " ".join(parts)


def _short(value: JsonValue) -> str:
    if isinstance(value, list | tuple):
        return ",".join(_short(v) for v in value)
    if isinstance(value, dict):
        return "{" + ",".join(f"{k}:{_short(v)}" for k, v in value.items()) + "}"
    return str(value)
