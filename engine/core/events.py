"""Events: what happened when an action was applied, with per-seat visibility.

An event has a public part that every seat sees, and optionally a private part that only its audience
sees (the type of a stolen card goes to thief and victim). Chance outcomes (dice, draws) are events
marked ``chance``; the replay log stores them beside the action that caused them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

JsonValue = Any


@dataclass(slots=True)
class Event:
    """One thing that happened. ``data`` must hold JSON-ready values only.

    An event is a value: equal by its fields, never changed once made. The fields are ``Final``, so
    ``mypy --strict`` refuses any assignment to one. The class is not ``frozen``: a frozen dataclass's
    ``__init__`` stores every field through ``object.__setattr__``, which makes an event cost three to
    four times as much, and every game makes one or two events per decision.
    """

    kind: Final[str]
    """What happened, e.g. ``role``, ``produce``, ``ship``, ``dice``."""
    data: Final[Mapping[str, JsonValue]] = field(default_factory=dict)
    """The public part: every seat sees it."""
    private: Final[Mapping[str, JsonValue] | None] = None
    """Extra fields seen only by the seats in ``audience``."""
    audience: Final[tuple[int, ...]] = ()
    """Seats that see ``private``."""
    chance: Final[bool] = False
    """True when the event reports a chance outcome drawn from the match's streams."""
    hidden: Final[bool] = False
    """True when seats outside ``audience`` must not even learn that the event happened."""

    def view(self, seat: int | None) -> dict[str, JsonValue] | None:
        """What ``seat`` sees of this event (``None`` for the full referee view), or None if nothing."""
        if seat is None or seat in self.audience:
            merged = self.public()
            if self.private:
                merged.update(self.private)
            return merged
        if self.hidden:
            return None
        return self.public()

    def public(self) -> dict[str, JsonValue]:
        """The part every seat outside ``audience`` sees (a new dict at every call)."""
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
