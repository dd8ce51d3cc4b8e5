"""Prospector: the chooser takes one doubloon from the bank; there is no action (puerto_rico.md §5.7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.puerto_rico.round import finish_phase

if TYPE_CHECKING:
    from engine.games.puerto_rico.state import PuertoRicoState


def start(st: PuertoRicoState, chooser: int) -> list[Event]:
    """+1 doubloon for the chooser, then the next seat chooses a role (§5.7)."""
    st.doubloons[chooser] += 1
    return [Event("prospector", {"seat": chooser, "doubloons": 1}), *finish_phase(st)]
