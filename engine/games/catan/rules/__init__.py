"""Rules dispatch: ``{(decision kind, action kind): handler}`` tables used by ``CatanState`` (HS-11).

Each rules module owns one phase or topic: ``setup`` (catan.md §4), ``dice`` (§5.3-5.4 roll and production),
``robber`` (§5.4 discards, robber, steal), ``build`` (§5.6), ``devcards`` (§5.7), ``trade`` (§5.5),
``scoring`` (§5.8-5.11), ``turn`` (§5.1 and §6 phases), ``special_build`` (§6), ``helpers`` (§7.2-7.4:
stack, display, keep or exchange, Marianne and Sean), ``helper_effects`` (§7.5), ``jungle`` (discovery
tokens, seafarers.md §7.3-§7.5) and ``river`` (the riverbank and the gold mine, seafarers.md §8.3-§8.4;
every other section cited here is one of catan.md). An action is legal
for a decision only if its pair is in :data:`APPLY`; :data:`WHY` gives the rule that refuses it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.games.catan.actions import (
    Accept,
    BankTrade,
    BuyDev,
    BuyDevTokens,
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
    CandamirPick,
    DiscardHalf,
    FreeRoads,
    HelperAfterUse,
    HildeTake,
    LouisRoad,
    MarianneAsk,
    NassirReturn,
    PlaceRobber,
    SeanAsk,
    SetupRoad,
    SetupSettle,
    SpecialBuild,
    TradeAnswers,
    TradeConfirm,
    TurnPhase,
    WilliamRoad,
)
from engine.games.catan.helper_actions import (
    ChooseDev,
    Decline,
    ExchangeHelper,
    GiveCard,
    KeepHelper,
    TakeCard,
    UseMarianne,
    UseSean,
)
from engine.games.catan.rules import (
    build,
    devcards,
    dice,
    helper_builds,
    helper_effects,
    helpers,
    jungle,
    robber,
    setup,
    special_build,
    trade,
    turn,
)
from engine.games.catan.rules.helper_effects import KIND_HELPER
from engine.games.catan.tables import DISCARD_LIMIT, RESOURCE_NAMES

if TYPE_CHECKING:
    from engine.core.events import Event
    from engine.games.catan.state import CatanState

Handler = Callable[["CatanState", int, Any], "list[Event]"]
Why = Callable[["CatanState", int, Any], "str | None"]
Legal = Callable[["CatanState", int], tuple[Any, ...]]


def _built(fn: Handler) -> Handler:
    def run(st: CatanState, seat: int, action: Any) -> list[Event]:
        build.mark_built(st)
        return fn(st, seat, action)

    return run


def _then_next_turn(fn: Handler) -> Handler:
    """A Special Building Phase step; when the phase is over, the next seat's turn begins (§6)."""

    def run(st: CatanState, seat: int, action: Any) -> list[Event]:
        events = fn(st, seat, action)
        if not st.decisions and not st.over:
            events += turn.next_turn(st, (st.active + 1) % st.n)
        return events

    return run


def _pop(st: CatanState, seat: int, action: Any) -> list[Event]:
    st.decisions.pop()
    return []


_PLAYS = (PlayKnight, PlayRoadBuilding, PlayYearOfPlenty, PlayMonopoly)
_IN_TURN_APPLY: dict[type, Handler] = {kind: entry[4] for kind, entry in helper_effects.IN_TURN.items()}
"""The effects of the helpers used on the turn frame."""
_SBP_BUILDS: dict[type, Handler] = {
    Road: special_build.apply_road,
    Settle: special_build.apply_settle,
    City: special_build.apply_city,
    BuyDev: special_build.apply_buy_dev,
    Decline: special_build.apply_pass,
}

APPLY: dict[tuple[type, type], Handler] = {
    (SetupSettle, Settle): setup.apply_settle,
    (SetupRoad, Road): setup.apply_road,
    (TurnPhase, Roll): dice.apply_roll,
    (TurnPhase, End): turn.end_turn,
    (TurnPhase, Road): _built(build.apply_road),
    (TurnPhase, Settle): _built(build.apply_settle),
    (TurnPhase, City): _built(build.apply_city),
    (TurnPhase, BuyDev): _built(build.apply_buy_dev),
    (TurnPhase, BuyDevTokens): _built(jungle.apply_buy),
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
    **{(SpecialBuild, kind): _then_next_turn(fn) for kind, fn in _SBP_BUILDS.items()},
    **{(TurnPhase, kind): fn for kind, fn in _IN_TURN_APPLY.items()},
    (CandamirPick, ChooseDev): helper_builds.apply_choose,
    (HildeTake, TakeCard): helper_effects.apply_take,
    (NassirReturn, GiveCard): helper_effects.apply_give,
    (LouisRoad, Road): helper_builds.apply_louis_road,
    (WilliamRoad, Road): helper_builds.apply_william_road,
    (MarianneAsk, UseMarianne): helper_effects.apply_marianne,
    (MarianneAsk, Decline): _pop,
    (SeanAsk, UseSean): helper_effects.apply_sean,
    (SeanAsk, Decline): helpers.apply_sean_pass,
    (HelperAfterUse, KeepHelper): helpers.apply_after,
    (HelperAfterUse, ExchangeHelper): helpers.apply_after,
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
    SpecialBuild: special_build.legal_special,
    HelperAfterUse: helpers.legal_after,
    MarianneAsk: helpers.legal_marianne,
    SeanAsk: helpers.legal_sean,
    CandamirPick: helper_builds.legal_choose,
    HildeTake: helper_effects.legal_take,
    NassirReturn: helper_effects.legal_give,
    LouisRoad: helper_builds.legal_louis_road,
    WilliamRoad: helper_builds.legal_william_road,
}
"""The listed legal actions of each decision kind."""

_PRE_ROLL_ONLY = "before the roll only a development card or the roll (catan.md §5.2)"


def _why_turn(check: Why, needs_roll: bool = True, is_trade: bool = False, domestic: bool = False) -> Why:
    def why(st: CatanState, seat: int, action: Any) -> str | None:
        top = st.decisions[-1]
        assert isinstance(top, TurnPhase)
        if needs_roll and top.phase == "pre_roll":
            return _PRE_ROLL_ONLY
        if is_trade:
            reason = trade.why_domestic_phase(top) if domestic else trade.why_trade_phase(top)
            if reason:
                return reason
        return check(st, seat, action)

    return why


def _always(reason: str) -> Why:
    def why(st: CatanState, seat: int, action: Any) -> str | None:
        return reason

    return why


def _why_marianne(st: CatanState, seat: int, action: UseMarianne) -> str | None:
    if not st.bank[action.resource]:
        return f"the supply has no {RESOURCE_NAMES[action.resource]} (catan.md §7.5 Marianne)"
    return None


def _why_sean(st: CatanState, seat: int, action: UseSean) -> str | None:
    over = sum(st.hands[seat]) > DISCARD_LIMIT
    if action.resource < 0:
        return None if over else "Sean waives a discard only for more than 7 cards (catan.md §7.5)"
    if over:
        return "with more than 7 cards Sean waives the discard; no card is taken (catan.md §7.5)"
    if not st.bank[action.resource]:
        return f"the supply has no {RESOURCE_NAMES[action.resource]} (catan.md §7.5 Sean)"
    return None


def _why_william_road(st: CatanState, seat: int, action: Road) -> str | None:
    return build.why_road_spot(st, seat, action)


_NOT_IN_SBP: dict[type, str] = {
    **dict.fromkeys((BankTrade, Offer, Counter, Accept, Reject, Confirm, Withdraw), special_build.NO_TRADE),
    **dict.fromkeys(_PLAYS, special_build.NO_PLAY),
    **dict.fromkeys((*KIND_HELPER, KeepHelper, ExchangeHelper), special_build.NO_HELPER),
    **dict.fromkeys((End, Roll), special_build.TURN_OVER),
}
"""Kinds the Special Building Phase refuses outright, with the rule (catan.md §6, §7.4)."""


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
    (TurnPhase, BuyDevTokens): _why_turn(jungle.why_buy),
    (TurnPhase, BankTrade): _why_turn(trade.why_bank, is_trade=True),
    (TurnPhase, Offer): _why_turn(trade.why_offer, is_trade=True, domestic=True),
    **{(TurnPhase, kind): _why_turn(devcards.why_play, needs_roll=False) for kind in _PLAYS},
    (DiscardHalf, Discard): robber.why_discard,
    (PlaceRobber, MoveRobber): robber.why_robber,
    (FreeRoads, Road): devcards.why_free_road,
    (TradeAnswers, Accept): trade.why_answer,
    (TradeAnswers, Reject): trade.why_answer,
    (TradeAnswers, Counter): trade.why_answer,
    (TradeConfirm, Confirm): trade.why_confirm,
    (TradeConfirm, Withdraw): _no_reason,
    **{(SpecialBuild, kind): special_build.why_special for kind in (Road, Settle, City, BuyDev)},
    (SpecialBuild, Decline): _no_reason,
    **{(SpecialBuild, kind): _always(reason) for kind, reason in _NOT_IN_SBP.items()},
    **{(TurnPhase, kind): helper_effects.why_use_in_turn for kind in KIND_HELPER},
    (CandamirPick, ChooseDev): helper_builds.why_choose,
    (HildeTake, TakeCard): helper_effects.why_take,
    (NassirReturn, GiveCard): helper_effects.why_give,
    (LouisRoad, Road): helper_builds.why_louis_road,
    (WilliamRoad, Road): _why_william_road,
    (MarianneAsk, UseMarianne): _why_marianne,
    (MarianneAsk, Decline): _no_reason,
    (SeanAsk, UseSean): _why_sean,
    (SeanAsk, Decline): _no_reason,
    (HelperAfterUse, KeepHelper): helpers.why_after,
    (HelperAfterUse, ExchangeHelper): helpers.why_after,
}
"""The rule that refuses an action for a decision, or ``None`` when it is legal."""

FAMILY_KINDS: frozenset[type] = frozenset({Discard, Offer, Counter})
"""Open action families: accepted when :data:`WHY` finds no broken rule."""

WAITING_FOR: dict[type, str] = {
    SetupSettle: "a setup settlement (catan.md §4)",
    SetupRoad: "a setup road next to the settlement just placed (catan.md §4)",
    TurnPhase: "the active seat's turn (catan.md §5.1)",
    DiscardHalf: "discards after a 7 (catan.md §5.4)",
    PlaceRobber: "the robber to be moved (catan.md §5.4)",
    FreeRoads: "free roads from road building (catan.md §5.7)",
    TradeAnswers: "answers to an offer (catan.md §5.5)",
    TradeConfirm: "the active seat to confirm or withdraw its offer (catan.md §5.5)",
    SpecialBuild: "the Special Building Phase (catan.md §6)",
    HelperAfterUse: "a helper to be kept or exchanged after its use (catan.md §7.3)",
    MarianneAsk: "Marianne's holder to take a card or pass (catan.md §7.5)",
    SeanAsk: "Sean's holder to choose before the discards (catan.md §7.5)",
    CandamirPick: "the development card kept with Candamir (catan.md §7.5)",
    HildeTake: "the card taken with Hilde (catan.md §7.5)",
    NassirReturn: "the cards given back with Nassir (catan.md §7.5)",
    LouisRoad: "the road moved with Louis (catan.md §7.5)",
    WilliamRoad: "the road built with William (catan.md §7.5)",
}

"""What each decision kind waits for, with its section (the turn's phases: :func:`waiting_for`)."""

_PHASES: dict[str, str] = {
    "pre_roll": "turn before the roll: a development card or the roll (catan.md §5.2)",
    "trade_build": "trade and build phase: trades, builds, one development card, then end (catan.md §5.1)",
    "trade": "trade phase: trades, one development card, then a build or end (catan.md §5.1, §5.5)",
    "build": "build phase: builds, one development card, then end (catan.md §5.1, §5.6)",
    "partner": (
        "part of the turn as Settler 2: maritime trade, builds, one development card, then end (catan.md §6)"
    ),
}


def waiting_for(top: Any) -> str:
    """The decision awaited, as a refusal names it: the seat and phase of a turn, else the kind of
    decision, each with its section."""
    if isinstance(top, TurnPhase) and top.phase in _PHASES:
        return f"seat {top.seats[0]}'s {_PHASES[top.phase]}"
    if isinstance(top, SpecialBuild):
        return f"seat {top.seats[0]}'s part of the Special Building Phase: builds or pass (catan.md §6)"
    return WAITING_FOR[type(top)]


def not_now(action: Any, top: Any) -> str:
    """The refusal of an action the awaited decision has no place for."""
    return f"{action.text()!r} is not allowed now: waiting for {waiting_for(top)}"
