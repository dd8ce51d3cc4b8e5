"""Irrigation (cities_and_knights.md §2.9, §10 items 20-21): 2 grain for each fields hex next to at
least one of the seat's settlements or cities; a city does not double it and several buildings on one
hex count it once. Always playable, even for nothing (§11.18).

A card effect, not production: the robber does not stop it (§11.16), unless the option
``robber_blocks_cards`` says so (then the robber's hex counts for nothing). The supply pays what it holds
when it holds less than is owed (the base shortage rule has a single receiver here)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.tables import Resource, Terrain
from engine.games.catan_ck.actions import PlayCard, play
from engine.games.catan_ck.progress import Effect
from engine.games.catan_ck.tables import KIND_NAMES, Card

if TYPE_CHECKING:
    from engine.games.catan_ck.state import CkState

PER_HEX = 2


def hexes_next_to(st: CkState, seat: int, terrain: int) -> list[int]:
    """The ``terrain`` hexes next to at least one of the seat's buildings, ascending."""
    corner_hexes = st.board.topology.corner_hexes
    kinds = st.board.terrain
    return sorted({h for c in st.buildings_of[seat] for h in corner_hexes[c] if kinds[h] == terrain})


def harvest(st: CkState, seat: int, terrain: int, kind: int, name: str) -> list[Event]:
    """``PER_HEX`` cards of ``kind`` for each ``terrain`` hex next to the seat (what the supply holds)."""
    found = hexes_next_to(st, seat, terrain)
    if st.game.options["robber_blocks_cards"]:
        found = [h for h in found if h != st.robber]
    owed = PER_HEX * len(found)
    got = min(owed, st.bank[kind])
    st.bank[kind] -= got
    st.hands[seat][kind] += got
    data = {"seat": seat, "hexes": found, "card": KIND_NAMES[kind], "count": got, "owed": owed}
    return [Event(name, data)]


PLAY = play(Card.IRRIGATION)


def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
    return (PLAY,)


def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    return harvest(st, seat, Terrain.FIELDS, Resource.GRAIN, "irrigation")


EFFECT = Effect(
    card=Card.IRRIGATION,
    targets=targets,
    apply=apply,
    no_target="Irrigation is always playable (cities_and_knights.md §11.18)",
)
