"""What the bridge's two processes tell each other: the match a seat plays, and a seat's answer.

Kept apart from the modules that import catanatron, so that the main process (the one speaking the
arena's protocol) never loads catanatron.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class MatchInfo:
    """What the seat is told at match start (``MatchStart``)."""

    game: str
    variant: str
    players: int
    options: dict[str, Any]
    seat: int
    board: dict[str, Any]
    """The ``CatanBoard`` as JSON (``MatchStart.board``)."""


@dataclass(frozen=True, slots=True)
class Answer:
    """The seat's answer: an index into the listed actions, or an action's text; and a note for the log."""

    answer: int | str
    note: str = ""
