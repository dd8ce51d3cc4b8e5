"""Medicine (cities_and_knights.md §2.9, §10 items 22-23): one of the seat's settlements becomes a city
for 2 ore + 1 grain instead of 3 ore + 2 grain; a city piece must be left. One card, one city: two
Medicines never combine on one city."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.catan.rules import build as base
from engine.games.catan.tables import MAX_CORNERS
from engine.games.catan_ck.actions import PlayCard, play
from engine.games.catan_ck.progress import Effect
from engine.games.catan_ck.rules.hand import pay
from engine.games.catan_ck.tables import Card, Hand

if TYPE_CHECKING:
    from engine.core.events import Event
    from engine.games.catan_ck.state import CkState

COST: Hand = (0, 0, 0, 1, 2, 0, 0, 0)
"""§2.9: 2 ore + 1 grain."""
PLAYS = tuple(play(Card.MEDICINE, c) for c in range(MAX_CORNERS))


def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
    if st.cities_left[seat] <= 0 or not base.can_pay(st.hands[seat], COST):
        return ()
    level = st.level
    return tuple([PLAYS[c] for c in sorted(st.buildings_of[seat]) if level[c] == 1])


def why(st: CkState, seat: int, action: PlayCard) -> str | None:
    c = action.args[0]
    if not 0 <= c < len(st.owner) or st.owner[c] != seat or st.level[c] != 1:
        return f"Medicine: corner {c} is not a settlement of seat {seat} (cities_and_knights.md §2.9)"
    return None


def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    pay(st, seat, COST)
    return base.place_city(st, seat, action.args[0])


EFFECT = Effect(
    card=Card.MEDICINE,
    targets=targets,
    apply=apply,
    why=why,
    no_target="Medicine: the seat needs a settlement, a city piece left and 2 ore + 1 grain "
    "(cities_and_knights.md §2.9, §11.18)",
)
