"""Actions: frozen values with a canonical text form that round-trips through ``Game.parse_action``.

A game defines one ``@dataclass(frozen=True, slots=True)`` per kind of action, subclassing
:class:`Action`. Enumerated legal actions come in a deterministic order; parametric actions too many to
list (a trade offer, a set of cards to discard) belong to an :class:`ActionFamily` and are checked by the
state's validator instead.
"""

from __future__ import annotations

from dataclasses import dataclass


class Action:
    """Base of every action. Subclasses are frozen slotted dataclasses and implement :meth:`text`."""

    __slots__ = ()

    def text(self) -> str:
        """The canonical text form, e.g. ``role captain`` or ``build small-market``."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, slots=True)
class ActionFamily:
    """A parametric kind of action that a seat may take now without it being listed one by one."""

    name: str
    """Short name of the family, e.g. ``offer`` or ``discard``."""
    syntax: str
    """The text form with placeholders, e.g. ``discard N RESOURCE [N RESOURCE ...]``."""
    description: str = ""
    """What the family does and the limits the validator applies."""
