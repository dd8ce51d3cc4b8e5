"""Mining (cities_and_knights.md §2.9, §10 items 24-25): 2 ore for each mountains hex next to at least
one of the seat's settlements or cities; a city does not double it. Always playable (§11.18); the
robber does not stop it (§11.16; the ``robber_blocks_cards`` option). The counting is Irrigation's (:func:`irrigation.harvest`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.catan.tables import Resource, Terrain
from engine.games.catan_ck.actions import PlayCard, play
from engine.games.catan_ck.progress import Effect
from engine.games.catan_ck.progress.irrigation import harvest
from engine.games.catan_ck.tables import Card

if TYPE_CHECKING:
    from engine.core.events import Event
    from engine.games.catan_ck.state import CkState

PLAY = play(Card.MINING)


def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
    return (PLAY,)


def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    return harvest(st, seat, Terrain.MOUNTAINS, Resource.ORE, "mining")


EFFECT = Effect(
    card=Card.MINING,
    targets=targets,
    apply=apply,
    no_target="Mining is always playable (cities_and_knights.md §11.18)",
)
