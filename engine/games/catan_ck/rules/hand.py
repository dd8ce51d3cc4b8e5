"""Hand cards (cities_and_knights.md §2.3): paying, checking and naming cards of the eight kinds, and
the random pick of the robber, the Bishop and a knight's chase (§11.31: uniform over resources and
commodities together, never a progress card). Paying and stealing are base Catan's, which serve any
number of kinds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.rules import build, robber
from engine.games.catan.rules.build import pay as pay
from engine.games.catan_ck.tables import KIND_NAMES

if TYPE_CHECKING:
    from engine.games.catan_ck.state import CkState


def why_unaffordable(st: CkState, seat: int, cost: tuple[int, ...], what: str) -> str | None:
    """The cards ``seat`` lacks for ``what``, or ``None``."""
    return build.why_unaffordable(st, seat, cost, what, KIND_NAMES, "cities_and_knights.md §2.10")


def cards_text(cards: list[int] | tuple[int, ...]) -> dict[str, int]:
    """Non-zero counts by kind name, for events."""
    return {KIND_NAMES[k]: n for k, n in enumerate(cards) if n}


def steal(st: CkState, thief: int, victim: int) -> list[Event]:
    """Move one random hand card of ``victim`` to ``thief`` (base Catan's steal over the eight kinds)."""
    return robber.steal(st, thief, victim, KIND_NAMES, "card")
