"""Seafarers rules dispatch: base Catan's ``{(decision kind, action kind): handler}`` tables with the
sea's entries (HS-11).

Modules: ``pieces`` (where roads, ships and settlements go; island bonuses, seafarers.md §4.3, §5.4,
§5.10), ``routes`` (the Longest Trade Route, §5.7), ``fog`` (discovery, §5.11), ``gold`` (gold
choices, §5.3), ``thief`` (robber or pirate, §5.6), ``setup`` (§5.1), ``build`` (building and moving
ships, §5.4, §5.5), ``devcards`` (§5.8) and ``turn`` (§5.2). Trading, discards, cities, development
card purchases, Year of Plenty and Monopoly are base Catan's handlers, unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from engine.games.catan import rules as base
from engine.games.catan.actions import (
    BuyDev,
    City,
    Confirm,
    MoveRobber,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    Road,
    Roll,
    Settle,
)
from engine.games.catan.decisions import FreeRoads, PlaceRobber, SetupRoad, SetupSettle, TurnPhase
from engine.games.catan.rules import robber
from engine.games.catan.rules.scoring import check_victory
from engine.games.catan.seafarers.actions import ChooseGold, MovePirate, MoveShip, Ship
from engine.games.catan.seafarers.decisions import GoldChoice, PlaceShip
from engine.games.catan.seafarers.rules import build, devcards, gold, setup, thief, turn

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.core.events import Event
    from engine.games.catan.seafarers.state import SeafarersState

_PLAYS = (PlayKnight, PlayRoadBuilding, PlayYearOfPlenty, PlayMonopoly)
_BASE_KEEPS = (
    "SetupSettle",
    "SetupRoad",
    "TurnPhase",
    "DiscardHalf",
    "PlaceRobber",
    "FreeRoads",
    "TradeAnswers",
    "TradeConfirm",
)
"""The decision kinds of base Catan a Seafarers match uses (no helpers, no 5-6 seat phases)."""


Handler = Callable[..., "list[Event]"]
Why = Callable[..., "str | None"]
Legal = Callable[..., "tuple[Action, ...]"]


def _in_turn(check: Why, needs_roll: bool = True) -> Why:
    """Base Catan's turn-phase checks (the roll first, catan.md §5.2), then ``check``."""
    return base._why_turn(cast(base.Why, check), needs_roll=needs_roll)


def _kept(table: dict[tuple[type, type], Any]) -> dict[tuple[type, type], Any]:
    """Base Catan's entries for those decisions, the helpers' actions left out (seafarers.md §9.25)."""
    return {
        key: value
        for key, value in table.items()
        if key[0].__name__ in _BASE_KEEPS and key[1].__module__ == "engine.games.catan.actions"
    }


APPLY: dict[tuple[type, type], Handler] = {
    **_kept(base.APPLY),
    (SetupSettle, Settle): setup.apply_settle,
    (SetupRoad, Road): setup.apply_piece,
    (SetupRoad, Ship): setup.apply_piece,
    (TurnPhase, Roll): turn.apply_roll,
    (TurnPhase, Road): base._built(cast(base.Handler, build.apply_road)),
    (TurnPhase, Ship): base._built(cast(base.Handler, build.apply_ship)),
    (TurnPhase, Settle): base._built(cast(base.Handler, build.apply_settle)),
    (TurnPhase, MoveShip): base._built(cast(base.Handler, build.apply_move)),
    **{(TurnPhase, kind): devcards.apply_play for kind in _PLAYS},
    (PlaceRobber, MoveRobber): robber.apply_robber,
    (PlaceRobber, MovePirate): thief.apply_pirate,
    (FreeRoads, Road): devcards.apply_free,
    (FreeRoads, Ship): devcards.apply_free,
    (GoldChoice, ChooseGold): gold.apply_gold,
    (PlaceShip, Ship): build.apply_moved,
}
"""Which action kinds each decision accepts, and what they do."""

APPLY_BY_KIND: dict[type, Handler] = {
    kind: handler
    for (_, kind), handler in APPLY.items()
    if sum(1 for _, other in APPLY if other is kind) == 1
}
"""The handler of each action kind only one decision kind accepts."""

LEGAL: dict[type, Legal] = {
    **{kind: fn for kind, fn in base.LEGAL.items() if kind.__name__ in _BASE_KEEPS},
    SetupSettle: setup.legal_settle,
    SetupRoad: setup.legal_piece,
    TurnPhase: turn.legal_turn,
    PlaceRobber: thief.legal_thief,
    FreeRoads: devcards.legal_free,
    GoldChoice: gold.legal_gold,
    PlaceShip: build.legal_moved,
}
"""The listed legal actions of each decision kind."""

WHY: dict[tuple[type, type], Why] = {
    **_kept(base.WHY),
    (SetupSettle, Settle): setup.why_settle,
    (SetupRoad, Road): setup.why_piece,
    (SetupRoad, Ship): setup.why_piece,
    (TurnPhase, Road): _in_turn(build.why_road),
    (TurnPhase, Ship): _in_turn(build.why_ship),
    (TurnPhase, Settle): _in_turn(build.why_settle),
    (TurnPhase, MoveShip): _in_turn(build.why_move),
    **{(TurnPhase, kind): _in_turn(devcards.why_play, needs_roll=False) for kind in _PLAYS},
    (PlaceRobber, MoveRobber): thief.why_robber,
    (PlaceRobber, MovePirate): thief.why_pirate,
    (FreeRoads, Road): devcards.why_free,
    (FreeRoads, Ship): devcards.why_free,
    (GoldChoice, ChooseGold): gold.why_gold,
    (PlaceShip, Ship): build.why_moved,
}
"""The rule that refuses an action for a decision, or ``None`` when it is legal."""

FAMILY_KINDS = base.FAMILY_KINDS

WAITING_FOR: dict[type, str] = {
    **base.WAITING_FOR,
    TurnPhase: "the active seat's turn (seafarers.md §5.2)",
    SetupRoad: "a setup road or ship next to the settlement just placed (seafarers.md §5.1)",
    PlaceRobber: "the robber or the pirate to be moved (seafarers.md §5.6)",
    FreeRoads: "free roads or ships from road building (seafarers.md §5.8)",
    GoldChoice: "gold choices (seafarers.md §5.3)",
    PlaceShip: "the ship being moved to be put on its new edge (seafarers.md §5.5)",
}

MAY_SCORE: frozenset[type] = frozenset(
    {Road, Ship, Settle, City, BuyDev, PlayKnight, PlayRoadBuilding, PlayYearOfPlenty}
    | {PlayMonopoly, Confirm}
)
"""Actions after which the active seat's VP can have changed (seafarers.md §5.12)."""


def waiting_for(top: Any) -> str:
    """The decision awaited, as a refusal names it: a turn's seat and phase as in the base game, else
    the kind of decision with its section."""
    if isinstance(top, TurnPhase):
        return base.waiting_for(top)
    return WAITING_FOR[type(top)]


def why(st: SeafarersState, seat: int, action: Action) -> str | None:
    top = st.decisions[-1]
    check = WHY.get((type(top), type(action)))
    if check is None:
        return f"{action.text()!r} is not allowed now: waiting for {waiting_for(top)}"
    return check(st, seat, action)


def apply(st: SeafarersState, seat: int, action: Action) -> list[Event]:
    kind = type(action)
    handler = APPLY_BY_KIND.get(kind)
    if handler is None:
        handler = APPLY[(type(st.decisions[-1]), kind)]
    events = handler(st, seat, action)
    if kind in MAY_SCORE:
        events += check_victory(st)
    return events
