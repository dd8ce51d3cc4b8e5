"""Deserter (cities_and_knights.md §2.9, §10 items 39-44, §11.18, §11.19): the seat names an opponent
with a knight on the board; that opponent chooses one of its knights (step ``remove``: ``choose N``),
which goes back to its supply. The seat may then place, free, a knight of the same level (a mighty one
without the Fortress too), or a basic one when no token of that level is left, on a free corner
touching one of its roads (§7.2), with the removed knight's status (step ``place``: ``choose N`` or
``pass``). With no token or no corner it places nothing, and the opponent still loses its knight.

The placed knight counts as activated this turn when active: it cannot act before the seat's next
turn (a rule the digest leaves open; docs/rules-decisions.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.tables import MAX_SEATS
from engine.games.catan_ck.actions import PASS, ChooseCorner, Pass, PlayCard, play
from engine.games.catan_ck.decisions import CardStep
from engine.games.catan_ck.progress import Effect, Step
from engine.games.catan_ck.rules.knights import (
    CHOOSE,
    knight_spots,
    knights_of,
    lift_knight,
    place_knight,
    recount_routes,
)
from engine.games.catan_ck.tables import KNIGHT_NAMES, Card

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan_ck.state import CkState


SEAT_PLAYS = tuple(play(Card.DESERTER, s) for s in range(MAX_SEATS))
"""The play naming each seat."""


def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
    return tuple([SEAT_PLAYS[s] for s in range(st.n) if s != seat and knights_of(st, s)])


def why(st: CkState, seat: int, action: PlayCard) -> str | None:
    s = action.args[0]
    if s == seat:
        return "Deserter: name an opponent, not oneself (cities_and_knights.md §2.9)"
    if not 0 <= s < st.n:
        return f"Deserter: there is no seat {s} (0..{st.n - 1}; cities_and_knights.md §2.9)"
    return f"Deserter: seat {s} has no knight on the board (cities_and_knights.md §11.18)"


def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    victim = action.args[0]
    st.decisions.append(CardStep((victim,), Card.DESERTER, "remove", seat))
    return [Event("deserter", {"seat": seat, "victim": victim})]


def legal_remove(st: CkState, seat: int, frame: CardStep) -> tuple[Action, ...]:
    return tuple(CHOOSE[c] for c in knights_of(st, seat))


def why_remove(st: CkState, seat: int, frame: CardStep, action: Action) -> str | None:
    if isinstance(action, ChooseCorner) and action.corner in knights_of(st, seat):
        return None
    return f"Deserter: seat {seat} removes one of its own knights: 'choose N' of a corner it holds (cities_and_knights.md §2.9)"


def placeable(st: CkState, seat: int, level: int) -> int:
    """The level the seat may place for a removed knight of ``level`` (§11.19): the same, else basic,
    else 0 (nothing)."""
    supply = st.k_supply[seat]
    if supply[level - 1]:
        return level
    return 1 if supply[0] else 0


def apply_remove(st: CkState, seat: int, frame: CardStep, action: Action) -> list[Event]:
    assert isinstance(action, ChooseCorner)
    st.decisions.pop()
    corner = action.corner
    level, active, _, _ = lift_knight(st, corner)
    events = [Event("knight_lost", {"seat": seat, "corner": corner, "level": level, "card": "deserter"})]
    events += recount_routes(st, (corner,), seat)
    player = frame.player
    lv = placeable(st, player, level)
    if lv and knight_spots(st, player):
        st.decisions.append(CardStep((player,), Card.DESERTER, "place", player, (lv, active)))
    else:
        events.append(Event("deserter_none", {"seat": player}))
    return events


def legal_place(st: CkState, seat: int, frame: CardStep) -> tuple[Action, ...]:
    return (PASS, *(CHOOSE[c] for c in knight_spots(st, seat)))


def why_place(st: CkState, seat: int, frame: CardStep, action: Action) -> str | None:
    if isinstance(action, Pass) or (
        isinstance(action, ChooseCorner) and action.corner in knight_spots(st, seat)
    ):
        return None
    return (
        f"Deserter: the free {KNIGHT_NAMES[frame.data[0]]} knight goes on a free corner touching a road of "
        f"seat {seat} ('choose N'), or 'pass' (cities_and_knights.md §2.9, §7.2)"
    )


def apply_place(st: CkState, seat: int, frame: CardStep, action: Action) -> list[Event]:
    st.decisions.pop()
    if not isinstance(action, ChooseCorner):
        return [Event("deserter_none", {"seat": seat})]
    level, active = frame.data
    events = [Event("knight", {"seat": seat, "corner": action.corner, "level": level, "card": "deserter"})]
    since = st.turn if active else -1
    return events + place_knight(st, seat, action.corner, (level, active, since, -1))


EFFECT = Effect(
    card=Card.DESERTER,
    targets=targets,
    apply=apply,
    why=why,
    no_target="Deserter: no opponent has a knight on the board (cities_and_knights.md §11.18)",
    steps={
        "remove": Step(legal=legal_remove, apply=apply_remove, why=why_remove),
        "place": Step(legal=legal_place, apply=apply_place, why=why_place),
    },
)
