"""Merchant Fleet (cities_and_knights.md §2.9, §10 items 77-78, §11.30): the seat names a resource or
commodity; for the rest of its turn it trades that kind with the supply at 2:1, for any kind, as often
as it likes (``st.fleet``, read by ``rules.trade.rates_of``; cleared at the next turn). Always has a
target: any of the eight kinds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan_ck.actions import PlayCard, play
from engine.games.catan_ck.progress import Effect
from engine.games.catan_ck.tables import KIND_NAMES, N_KINDS, Card

if TYPE_CHECKING:
    from engine.games.catan_ck.state import CkState

PLAYS = tuple(play(Card.MERCHANT_FLEET, k) for k in range(N_KINDS))


def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
    return PLAYS


def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    kind = action.args[0]
    if kind not in st.fleet:
        st.fleet.append(kind)
        st.fleet.sort()
    return [Event("merchant_fleet", {"seat": seat, "card": KIND_NAMES[kind]})]


EFFECT = Effect(
    card=Card.MERCHANT_FLEET,
    targets=targets,
    apply=apply,
    no_target="the Merchant Fleet is always playable (cities_and_knights.md §2.9)",
)
