"""Merchant (cities_and_knights.md §2.9, §10 items 70-75, §11.23): the merchant goes on a land hex (the
desert included) next to at least one of the seat's settlements or cities; whoever played the last
Merchant controls it: 1 VP, and the hex's resource at 2:1 with the supply on its own turn (read by
``rules.trade.rates_of`` and ``rules.scoring``). The robber does not affect it. Moving it to the hex
where it stands is allowed (control changes hands when another seat plays it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan_ck.actions import PlayCard, play
from engine.games.catan_ck.progress import Effect
from engine.games.catan_ck.tables import Card

if TYPE_CHECKING:
    from engine.games.catan_ck.state import CkState


def hexes(st: CkState, seat: int) -> list[int]:
    """Land hexes next to a building of the seat, ascending."""
    corner_hexes = st.board.topology.corner_hexes
    return sorted({h for c in st.buildings_of[seat] for h in corner_hexes[c]})


def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
    return tuple([play(Card.MERCHANT, h) for h in hexes(st, seat)])


def why(st: CkState, seat: int, action: PlayCard) -> str | None:
    return (
        f"Merchant: hex {action.args[0]} is not a land hex next to a settlement or city of seat {seat} "
        "(cities_and_knights.md §2.9)"
    )


def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    previous = st.merchant_owner
    st.merchant_hex = action.args[0]
    st.merchant_owner = seat
    return [Event("merchant", {"seat": seat, "hex": action.args[0], "from": previous})]


EFFECT = Effect(
    card=Card.MERCHANT,
    targets=targets,
    apply=apply,
    why=why,
    no_target="Merchant: the seat has no settlement or city (cities_and_knights.md §2.9)",
)
