"""What four progress cards share (cities_and_knights.md §2.9, §11.18): they gather hand cards of one
kind, and are always playable (even for nothing).

- A **harvest** (Irrigation, Mining): 2 cards of the terrain's resource from the supply for each hex
  of that terrain next to at least one of the seat's settlements or cities; a city does not double it
  and several buildings on one hex count it once (§10 items 20-21, 24-25). A card effect, not
  production: the robber does not stop it (§11.16), unless the option ``robber_blocks_cards`` says so
  (then the robber's hex counts for nothing). The supply pays what it holds when it holds less than is
  owed (the base shortage rule has a single receiver here).
- A **monopoly** (Resource Monopoly, Trade Monopoly): the seat names a kind; each opponent, in seat
  order, gives it up to ``each`` cards of that kind (§10 items 76, 79-80); the counts are public.

Each card's module builds its ``EFFECT`` with :func:`harvest_effect` or :func:`monopoly_effect`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan_ck.actions import PlayCard, play
from engine.games.catan_ck.progress import Effect
from engine.games.catan_ck.tables import CARD_NAMES, KIND_NAMES

if TYPE_CHECKING:
    from engine.games.catan_ck.state import CkState

PER_HEX = 2
"""§2.9: cards a harvest gives for each hex."""


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


def collect(st: CkState, seat: int, kind: int, each: int, name: str) -> list[Event]:
    """Each opponent in seat order gives the seat up to ``each`` cards of ``kind`` (public counts)."""
    given: dict[str, int] = {}
    mine = st.hands[seat]
    for s in range(st.n):
        k = min(each, st.hands[s][kind]) if s != seat else 0
        if k:
            st.hands[s][kind] -= k
            mine[kind] += k
            given[str(s)] = k
    return [Event(name, {"seat": seat, "card": KIND_NAMES[kind], "given": given})]


def _event_name(card: int) -> str:
    return CARD_NAMES[card].replace("-", "_")


def harvest_effect(card: int, terrain: int, kind: int, no_target: str) -> Effect:
    """The effect of a harvest card: ``play CARD``, :func:`harvest` of ``terrain`` in ``kind``."""
    plays = (play(card),)
    name = _event_name(card)

    def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
        return plays

    def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
        return harvest(st, seat, terrain, kind, name)

    return Effect(card=card, targets=targets, apply=apply, no_target=no_target)


def monopoly_effect(card: int, kinds: Iterable[int], each: int, no_target: str) -> Effect:
    """The effect of a monopoly card: ``play CARD KIND`` for each of ``kinds``, :func:`collect` of up to
    ``each`` from every opponent."""
    plays = tuple(play(card, k) for k in kinds)
    name = _event_name(card)

    def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
        return plays

    def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
        return collect(st, seat, action.args[0], each, name)

    return Effect(card=card, targets=targets, apply=apply, no_target=no_target)
