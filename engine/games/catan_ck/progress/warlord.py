"""Warlord (cities_and_knights.md §2.9, §10 items 59-60): every inactive knight of the seat turns
active, free. Each is marked activated this turn, so it cannot act before a later turn; a knight that
acted this turn (and so turned inactive) is activated again but cannot act again. Always playable
(§11.18)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan_ck.actions import PlayCard, play
from engine.games.catan_ck.progress import Effect
from engine.games.catan_ck.rules.knights import activate, knights_of
from engine.games.catan_ck.tables import Card

if TYPE_CHECKING:
    from engine.games.catan_ck.state import CkState

PLAY = play(Card.WARLORD)


def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
    return (PLAY,)


def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    corners = [c for c in knights_of(st, seat) if not st.k_active[c]]
    for c in corners:
        activate(st, c)
    return [Event("warlord", {"seat": seat, "corners": corners})]


EFFECT = Effect(
    card=Card.WARLORD,
    targets=targets,
    apply=apply,
    no_target="the Warlord is always playable (cities_and_knights.md §11.18)",
)
