"""Bishop (cities_and_knights.md §2.9, §10 items 36-37): the robber moves by the rules of a 7 (any land
hex but its own, the desert included, §11.9), then the seat steals one random hand card (resource or
commodity, §11.31) from each opponent with a settlement or city next to the new hex and a card to
lose: one card per opponent, however many buildings it has there, in seat order. Not before the
first barbarian attack (§4.2, §11.18: no target)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.rules.robber import victims_at
from engine.games.catan_ck.actions import PlayCard, play
from engine.games.catan_ck.progress import Effect
from engine.games.catan_ck.rules.hand import steal
from engine.games.catan_ck.rules.robber import robber_hexes
from engine.games.catan_ck.tables import Card

if TYPE_CHECKING:
    from engine.games.catan_ck.state import CkState


def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
    if not st.robber_active:
        return ()
    return tuple([play(Card.BISHOP, h) for h in robber_hexes(st, numbered=False)])


def why(st: CkState, seat: int, action: PlayCard) -> str | None:
    h = action.args[0]
    if h == st.robber:
        return f"Bishop: the robber must move to another hex than {h} (cities_and_knights.md §11.9)"
    return f"Bishop: hex {h} is not a land hex (cities_and_knights.md §2.9, §11.9)"


def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    h = action.args[0]
    st.robber = h
    victims = [v for v in victims_at(st, seat, h) if sum(st.hands[v])]
    events = [Event("robber", {"seat": seat, "hex": h, "victims": victims, "card": "bishop"})]
    for v in victims:
        events += steal(st, seat, v)
    return events


EFFECT = Effect(
    card=Card.BISHOP,
    targets=targets,
    apply=apply,
    why=why,
    no_target="Bishop: the robber cannot be moved before the first barbarian attack "
    "(cities_and_knights.md §2.9, §4.2, §11.18)",
)
