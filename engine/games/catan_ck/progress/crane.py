"""Crane (cities_and_knights.md §2.9, §10 items 8-12): buy the next level of one improvement track for
one commodity fewer (level 1 free). One play, one level: it never lowers the price of a city, and two
Cranes are never put on one level (each play buys a level at once). The level follows every rule of
``rules.improvements`` (a city on the board, §11.14 for levels 4 and 5, the metropolis of §6.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.catan_ck.actions import PlayCard, play
from engine.games.catan_ck.progress import Effect
from engine.games.catan_ck.rules.improvements import CITIES, can_improve, improve, why_improve
from engine.games.catan_ck.tables import TRACK_NAMES, Card

if TYPE_CHECKING:
    from engine.core.events import Event
    from engine.games.catan_ck.state import CkState

DISCOUNT = 1
PLAYS = tuple(play(Card.CRANE, t) for t in range(3))


def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
    if st.cities_left[seat] >= CITIES:
        return ()  # no city on the board, no improvement (level_open)
    hand, levels = st.hands[seat], st.improvements[seat]
    if hand[5] < levels[2] and hand[6] < levels[0] and hand[7] < levels[1]:
        return ()  # the next level of every track costs its level in commodities with the discount
    return tuple([p for p in PLAYS if can_improve(st, seat, p.args[0], DISCOUNT)])


def why(st: CkState, seat: int, action: PlayCard) -> str | None:
    track = action.args[0]
    if not 0 <= track < 3:
        return None
    reason = why_improve(st, seat, track, DISCOUNT)
    return f"Crane on {TRACK_NAMES[track]}: {reason}" if reason else None


def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    return improve(st, seat, action.args[0], DISCOUNT)


EFFECT = Effect(
    card=Card.CRANE,
    targets=targets,
    apply=apply,
    why=why,
    no_target="Crane: no improvement track the seat can raise now, even one commodity cheaper "
    "(cities_and_knights.md §2.9, §6.2, §11.18)",
)
