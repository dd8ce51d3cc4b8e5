"""Rules dispatch: ``{(decision kind, action kind): handler}`` tables used by ``CatanState`` (HS-11).

Each rules module owns one phase or topic: ``setup`` (catan.md §4), ``dice`` (§5.3-5.4 roll and production),
``robber`` (§5.4 discards, robber, steal), ``build`` (§5.6), ``devcards`` (§5.7), ``trade`` (§5.5),
``scoring`` (§5.8-5.11) and ``turn`` (§5.1 phases). An action is legal for a decision only if its pair
is in :data:`APPLY`; :data:`WHY` gives the rule that refuses it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.games.catan.actions import (
    Accept,
    BankTrade,
    BuyDev,
    City,
    Confirm,
    Counter,
    Discard,
    End,
    MoveRobber,
    Offer,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    Reject,
    Road,
    Roll,
    Settle,
    Withdraw,
)
from engine.games.catan.decisions import (
    DiscardHalf,
    FreeRoads,
    PlaceRobber,
    SetupRoad,
    SetupSettle,
    TradeAnswers,
    TradeConfirm,
    TurnPhase,
)
from engine.games.catan.rules import build, devcards, dice, robber, setup, trade, turn

if TYPE_CHECKING:
    from engine.core.events import Event
    from engine.games.catan.state import CatanState

Handler = Callable[["CatanState", int, Any], "list[Event]"]
Why = Callable[["CatanState", int, Any], "str | None"]
Legal = Callable[["CatanState", int], tuple[Any, ...]]


def _built(fn: Handler) -> Handler:
    def run(st: CatanState, seat: int, action: Any) -> list[Event]:
        turn.mark_built(st)
        return fn(st, seat, action)

    return run


_PLAYS = (PlayKnight, PlayRoadBuilding, PlayYearOfPlenty, PlayMonopoly)

APPLY: dict[tuple[type, type], Handler] = {
    (SetupSettle, Settle): setup.apply_settle,
    (SetupRoad, Road): setup.apply_road,
    (TurnPhase, Roll): dice.apply_roll,
    (TurnPhase, End): turn.end_turn,
    (TurnPhase, Road): _built(build.apply_road),
    (TurnPhase, Settle): _built(build.apply_settle),
    (TurnPhase, City): _built(build.apply_city),
    (TurnPhase, BuyDev): _built(build.apply_buy_dev),
    (TurnPhase, BankTrade): trade.apply_bank,
    (TurnPhase, Offer): trade.apply_offer,
    **{(TurnPhase, kind): devcards.apply_play for kind in _PLAYS},
    (DiscardHalf, Discard): robber.apply_discard,
    (PlaceRobber, MoveRobber): robber.apply_robber,
    (FreeRoads, Road): devcards.apply_free_road,
    (TradeAnswers, Accept): trade.apply_answer,
    (TradeAnswers, Reject): trade.apply_answer,
    (TradeAnswers, Counter): trade.apply_answer,
    (TradeConfirm, Confirm): trade.apply_confirm,
    (TradeConfirm, Withdraw): trade.apply_confirm,
}
"""Which action kinds each decision accepts, and what they do."""

APPLY_BY_KIND: dict[type, Handler] = {
    kind: handler
    for (_, kind), handler in APPLY.items()
    if sum(1 for _, other in APPLY if other is kind) == 1
}
"""The handler of each action kind that only one decision kind accepts (every kind but ``Road`` and
``Settle``): a validated action of such a kind needs no look at the decision."""

LEGAL: dict[type, Legal] = {
    SetupSettle: setup.legal_settle,
    SetupRoad: setup.legal_road,
    TurnPhase: turn.legal_turn,
    DiscardHalf: robber.legal_discard,
    PlaceRobber: robber.legal_robber,
    FreeRoads: devcards.legal_free_road,
    TradeAnswers: trade.legal_answer,
    TradeConfirm: trade.legal_confirm,
}
"""The listed legal actions of each decision kind."""

_PRE_ROLL_ONLY = "before the roll only a development card or the roll (catan.md §5.2)"


def _why_turn(check: Why, needs_roll: bool = True, is_trade: bool = False) -> Why:
    def why(st: CatanState, seat: int, action: Any) -> str | None:
        top = st.decisions[-1]
        assert isinstance(top, TurnPhase)
        if needs_roll and top.phase == "pre_roll":
            return _PRE_ROLL_ONLY
        if is_trade:
            reason = trade.why_trade_phase(top)
            if reason:
                return reason
        return check(st, seat, action)

    return why


def _why_roll(st: CatanState, seat: int, action: Any) -> str | None:
    top = st.decisions[-1]
    if isinstance(top, TurnPhase) and top.phase != "pre_roll":
        return "the dice are rolled once per turn (catan.md §5.3)"
    return None


def _no_reason(st: CatanState, seat: int, action: Any) -> str | None:
    return None


WHY: dict[tuple[type, type], Why] = {
    (SetupSettle, Settle): setup.why_settle,
    (SetupRoad, Road): setup.why_road,
    (TurnPhase, Roll): _why_roll,
    (TurnPhase, End): _why_turn(_no_reason),
    (TurnPhase, Road): _why_turn(build.why_build),
    (TurnPhase, Settle): _why_turn(build.why_build),
    (TurnPhase, City): _why_turn(build.why_build),
    (TurnPhase, BuyDev): _why_turn(build.why_build),
    (TurnPhase, BankTrade): _why_turn(trade.why_bank, is_trade=True),
    (TurnPhase, Offer): _why_turn(trade.why_offer, is_trade=True),
    **{(TurnPhase, kind): _why_turn(devcards.why_play, needs_roll=False) for kind in _PLAYS},
    (DiscardHalf, Discard): robber.why_discard,
    (PlaceRobber, MoveRobber): robber.why_robber,
    (FreeRoads, Road): devcards.why_free_road,
    (TradeAnswers, Accept): trade.why_answer,
    (TradeAnswers, Reject): trade.why_answer,
    (TradeAnswers, Counter): trade.why_answer,
    (TradeConfirm, Confirm): trade.why_confirm,
    (TradeConfirm, Withdraw): _no_reason,
}
"""The rule that refuses an action for a decision, or ``None`` when it is legal."""

FAMILY_KINDS: frozenset[type] = frozenset({Discard, Offer, Counter})
"""Open action families: accepted when :data:`WHY` finds no broken rule."""

WAITING_FOR: dict[type, str] = {
    SetupSettle: "a setup settlement (catan.md §4)",
    SetupRoad: "a setup road next to the settlement just placed (catan.md §4)",
    TurnPhase: "the active seat's turn",
    DiscardHalf: "discards after a 7 (catan.md §5.4)",
    PlaceRobber: "the robber to be moved (catan.md §5.4)",
    FreeRoads: "free roads from road building (catan.md §5.7)",
    TradeAnswers: "answers to an offer (catan.md §5.5)",
    TradeConfirm: "the active seat to confirm or withdraw its offer (catan.md §5.5)",
}
