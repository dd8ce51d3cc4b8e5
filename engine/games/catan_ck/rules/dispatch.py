"""Rules dispatch for Cities & Knights (cities_and_knights.md): ``{(decision kind, action kind): handler}`` (HS-11).

An action is legal for a decision only if its pair is in :data:`APPLY`; :data:`WHY` names the rule
that refuses it. A progress card's follow-up (``CardStep``) is routed to its effect module instead.
After every action the ``Resume`` frames that have come to the top of the stack are run (the rest of a
roll: attack, draws, production), then the active seat's victory is checked (§9.5).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.core.action import ActionFamily
from engine.games.catan.actions import (
    Accept,
    City,
    Confirm,
    End,
    MoveRobber,
    Reject,
    Road,
    Roll,
    Settle,
    Withdraw,
)
from engine.games.catan.decisions import PRE_ROLL, PlaceRobber, SetupRoad, SetupSettle, TurnPhase
from engine.games.catan_ck.actions import (
    Activate,
    BankTrade,
    BuildKnight,
    Chase,
    ChooseCorner,
    ChooseDeck,
    ChooseKind,
    Counter,
    Defend,
    Discard,
    Displace,
    DropCard,
    GiveCards,
    Harbor,
    Improve,
    MoveKnight,
    Offer,
    Pass,
    PlayCard,
    Promote,
    TakeCards,
    Wall,
)
from engine.games.catan_ck.decisions import (
    AqueductAsk,
    CardStep,
    Declare,
    DiscardCards,
    KnightRobber,
    MetropolisCity,
    Overflow,
    Pillage,
    Relocate,
    Resume,
    SetupCity,
    TieReward,
    TradeAnswers,
    TradeConfirm,
)
from engine.games.catan_ck.progress import effects
from engine.games.catan_ck.rules import (
    barbarians,
    build,
    dice,
    improvements,
    knights,
    progress,
    robber,
    setup,
    trade,
    turn,
)
from engine.games.catan_ck.rules.scoring import MOST_EXTRA, check_victory

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.core.events import Event
    from engine.games.catan_ck.state import CkState

Handler = Callable[["CkState", int, Any], "list[Event]"]
Why = Callable[["CkState", int, Any], "str | None"]
Legal = Callable[["CkState", int], tuple[Any, ...]]

DISCARD_FAMILY = ActionFamily(
    "discard",
    "discard N KIND [N KIND ...]",
    "return exactly half of your hand cards, rounded down (cities_and_knights.md §5.2, Saboteur §2.9)",
)
OFFER_FAMILY = ActionFamily(
    "offer",
    "offer give N KIND ... get N KIND ... to all|SEAT",
    "a domestic offer of resources and commodities you hold (cities_and_knights.md §4.5)",
)
COUNTER_FAMILY = ActionFamily(
    "counter",
    "counter give N KIND ... get N KIND ...",
    "a counter-offer to the active seat (cities_and_knights.md §4.5)",
)

_KNIGHT_KINDS = (BuildKnight, Activate, Promote, MoveKnight, Displace, Chase)
_BUILD_KINDS = (Road, Settle, City, Wall)

APPLY: dict[tuple[type, type], Handler] = {
    (SetupSettle, Settle): setup.apply_settle,
    (SetupRoad, Road): setup.apply_road,
    (SetupCity, City): setup.apply_city,
    (TurnPhase, Roll): dice.apply_roll,
    (TurnPhase, End): turn.end_turn,
    (TurnPhase, Road): build.apply_road,
    (TurnPhase, Settle): build.apply_settle,
    (TurnPhase, City): build.apply_city,
    (TurnPhase, Wall): build.apply_wall,
    (TurnPhase, BankTrade): trade.apply_bank,
    (TurnPhase, Offer): trade.apply_offer,
    (TurnPhase, BuildKnight): knights.apply_build,
    (TurnPhase, Activate): knights.apply_activate,
    (TurnPhase, Promote): knights.apply_promote,
    (TurnPhase, MoveKnight): knights.apply_move,
    (TurnPhase, Displace): knights.apply_displace,
    (TurnPhase, Chase): knights.apply_chase,
    (TurnPhase, Improve): improvements.apply_improve,
    (TurnPhase, PlayCard): progress.apply_play,
    (TurnPhase, Harbor): progress.apply_turn_use,
    (DiscardCards, Discard): robber.apply_discard,
    (PlaceRobber, MoveRobber): robber.apply_robber,
    (KnightRobber, MoveRobber): robber.apply_robber,
    (AqueductAsk, ChooseKind): dice.apply_aqueduct,
    (AqueductAsk, Pass): dice.apply_aqueduct,
    (Declare, Defend): barbarians.apply_declare,
    (Pillage, ChooseCorner): barbarians.apply_pillage,
    (TieReward, ChooseDeck): barbarians.apply_tie,
    (Overflow, DropCard): progress.apply_drop,
    (Overflow, PlayCard): progress.apply_overflow_play,
    (MetropolisCity, ChooseCorner): improvements.apply_metropolis,
    (Relocate, ChooseCorner): knights.apply_relocate,
    (TradeAnswers, Accept): trade.apply_answer,
    (TradeAnswers, Reject): trade.apply_answer,
    (TradeAnswers, Counter): trade.apply_answer,
    (TradeConfirm, Confirm): trade.apply_confirm,
    (TradeConfirm, Withdraw): trade.apply_confirm,
}
"""Which action kinds each decision accepts, and what they do."""

LEGAL: dict[type, Legal] = {
    SetupSettle: setup.legal_settle,
    SetupRoad: setup.legal_road,
    SetupCity: setup.legal_city,
    TurnPhase: turn.legal_turn,
    DiscardCards: robber.legal_discard,
    PlaceRobber: robber.legal_robber,
    KnightRobber: robber.legal_robber,
    AqueductAsk: dice.legal_aqueduct,
    Declare: barbarians.legal_declare,
    Pillage: barbarians.legal_pillage,
    TieReward: barbarians.legal_tie,
    Overflow: progress.legal_overflow,
    MetropolisCity: improvements.legal_metropolis,
    Relocate: knights.legal_relocate,
    TradeAnswers: trade.legal_answer,
    TradeConfirm: trade.legal_confirm,
    CardStep: progress.legal_step,
}

_ROLL_FIRST = "roll first: before the roll only the Alchemist (and with V3 a knight's chase; cities_and_knights.md §4.1 step 1)"


def _after_roll(check: Why) -> Why:
    def why(st: CkState, seat: int, action: Any) -> str | None:
        top = st.decisions[-1]
        assert isinstance(top, TurnPhase)
        if top.phase == PRE_ROLL:
            return _ROLL_FIRST
        return check(st, seat, action)

    return why


def _why_roll(st: CkState, seat: int, action: Any) -> str | None:
    top = st.decisions[-1]
    if isinstance(top, TurnPhase) and top.phase != PRE_ROLL:
        return "the dice are rolled once per turn (cities_and_knights.md §4.1)"
    return None


def _why_knight(st: CkState, seat: int, action: Any) -> str | None:
    top = st.decisions[-1]
    assert isinstance(top, TurnPhase)
    if top.phase == PRE_ROLL:
        if not (isinstance(action, Chase) and st.game.wandering_knight):
            return _ROLL_FIRST
        if st.chased == st.turn:
            return "V3 allows one knight's chase before the roll; the others act after it (cities_and_knights.md §1.5 V3, §12.2 T1)"
    return knights.why_knight(st, seat, action)


def _why_play(st: CkState, seat: int, action: PlayCard) -> str | None:
    top = st.decisions[-1]
    assert isinstance(top, TurnPhase)
    return progress.why_play(st, seat, action, pre_roll=top.phase == PRE_ROLL)


def _why_robber_now(st: CkState, seat: int, action: Any) -> str | None:
    if not st.robber_active:
        return "the robber cannot be moved before the first barbarian attack (cities_and_knights.md §4.2)"
    return "the robber moves only after a 7, with a Bishop or by a knight's chase (cities_and_knights.md §5.3, §7.5 c)"


def _none(st: CkState, seat: int, action: Any) -> str | None:
    return None


WHY: dict[tuple[type, type], Why] = {
    (SetupSettle, Settle): setup.why_settle,
    (SetupRoad, Road): setup.why_road,
    (SetupCity, City): setup.why_city,
    (TurnPhase, Roll): _why_roll,
    (TurnPhase, End): _after_roll(_none),
    **{(TurnPhase, kind): _after_roll(build.why_build) for kind in _BUILD_KINDS},
    (TurnPhase, BankTrade): _after_roll(trade.why_bank),
    (TurnPhase, Offer): _after_roll(trade.why_offer),
    **{(TurnPhase, kind): _why_knight for kind in _KNIGHT_KINDS},
    (TurnPhase, Improve): _after_roll(improvements.why_improve_action),
    (TurnPhase, PlayCard): _why_play,
    (TurnPhase, Harbor): _after_roll(progress.why_turn_use),
    (TurnPhase, MoveRobber): _why_robber_now,
    (DiscardCards, Discard): robber.why_discard,
    (PlaceRobber, MoveRobber): robber.why_robber,
    (KnightRobber, MoveRobber): robber.why_robber,
    (AqueductAsk, ChooseKind): dice.why_aqueduct,
    (AqueductAsk, Pass): _none,
    (Declare, Defend): barbarians.why_declare,
    (Pillage, ChooseCorner): barbarians.why_pillage,
    (TieReward, ChooseDeck): barbarians.why_tie,
    (Overflow, DropCard): progress.why_overflow,
    (Overflow, PlayCard): progress.why_overflow,
    (MetropolisCity, ChooseCorner): improvements.why_metropolis,
    (Relocate, ChooseCorner): knights.why_relocate,
    (TradeAnswers, Accept): trade.why_answer,
    (TradeAnswers, Reject): _none,
    (TradeAnswers, Counter): trade.why_answer,
    (TradeConfirm, Confirm): trade.why_confirm,
    (TradeConfirm, Withdraw): _none,
}
"""The rule that refuses an action for a decision, or ``None`` when it is legal."""

APPLY_BY: dict[type, dict[type, Handler]] = {}
""":data:`APPLY` by decision kind, then action kind (one lookup per action applied)."""
for (_decision, _action), _handler in APPLY.items():
    APPLY_BY.setdefault(_decision, {})[_action] = _handler

FAMILY_KINDS: frozenset[type] = frozenset({Discard, Offer, Counter, GiveCards, TakeCards})
"""Open action families: accepted when the rules find nothing broken."""

WAITING_FOR: dict[type, str] = {
    SetupSettle: "a setup settlement (cities_and_knights.md §3)",
    SetupRoad: "a setup road next to the piece just placed (cities_and_knights.md §3)",
    SetupCity: "a setup city (cities_and_knights.md §3 step 10)",
    TurnPhase: "the active seat's turn (cities_and_knights.md §4.1)",
    DiscardCards: "discards (cities_and_knights.md §5.2)",
    PlaceRobber: "the robber to be moved (cities_and_knights.md §5.3)",
    KnightRobber: "the robber chased by a knight (cities_and_knights.md §7.5 c)",
    AqueductAsk: "the Aqueduct's choice (cities_and_knights.md §6.4)",
    Declare: "the defenders' declarations (cities_and_knights.md §1.5 V2)",
    Pillage: "the cities lost to the barbarians (cities_and_knights.md §8.3)",
    TieReward: "the tie reward's deck (cities_and_knights.md §8.4)",
    Overflow: "a fifth progress card to go (cities_and_knights.md §4.4, §11.3)",
    MetropolisCity: "the city of a metropolis (cities_and_knights.md §6.5)",
    Relocate: "a displaced knight's new corner (cities_and_knights.md §7.5 b)",
    TradeAnswers: "answers to an offer (cities_and_knights.md §4.5)",
    TradeConfirm: "the active seat to confirm or withdraw its offer (cities_and_knights.md §4.5)",
    CardStep: "an answer to a progress card (cities_and_knights.md §12.6)",
}


def waiting_for(top: Any) -> str:
    """The decision awaited, as a refusal names it: the seat and phase of a turn, the progress card
    and step being answered, else the kind of decision; each with its section."""
    if isinstance(top, TurnPhase):
        if top.phase == PRE_ROLL:
            return (
                f"seat {top.seats[0]}'s turn before the roll: the roll, an Alchemist or (V3) a knight"
                " chasing the robber (cities_and_knights.md §4.1 step 1)"
            )
        return (
            f"seat {top.seats[0]}'s main phase: trades, builds, knights, improvements and progress cards in"
            " any order, then end (cities_and_knights.md §4.1 step 5)"
        )
    if isinstance(top, CardStep):
        return progress.awaited(top)
    return WAITING_FOR[type(top)]


STAGES: dict[str, Callable[[CkState, tuple[int, ...]], list[Event]]] = {
    "production": dice.stage_production,
    "attack": barbarians.stage_attack,
    "draws": progress.stage_draws,
}
"""The steps of a roll kept on the stack as ``Resume`` frames."""


def legal(st: CkState, seat: int) -> tuple[Action, ...]:
    return LEGAL[type(st.decisions[-1])](st, seat)


def families(st: CkState, seat: int) -> tuple[ActionFamily, ...]:
    top = st.decisions[-1]
    if seat not in top.seats:
        return ()
    kind = type(top)
    if kind is TurnPhase:
        assert isinstance(top, TurnPhase)
        return (OFFER_FAMILY,) if top.phase != PRE_ROLL and st.offers_made < st.offer_limit else ()
    if kind is DiscardCards:
        return (DISCARD_FAMILY,)
    if kind is TradeAnswers:
        return (COUNTER_FAMILY,)
    if kind is CardStep:
        assert isinstance(top, CardStep)
        family = effects()[top.card].steps[top.step].family
        return (family,) if family is not None else ()
    return ()


def why(st: CkState, seat: int, action: Action) -> str | None:
    top = st.decisions[-1]
    if type(top) is CardStep:
        return progress.why_step(st, seat, action)
    check = WHY.get((type(top), type(action)))
    if check is None:
        return f"{action.text()!r} is not allowed now: waiting for {waiting_for(top)}"
    return check(st, seat, action)


def apply(st: CkState, seat: int, action: Action) -> list[Event]:
    decisions = st.decisions
    top = decisions[-1]
    if type(top) is CardStep:
        events = progress.apply_step(st, seat, action)
    else:
        events = APPLY_BY[type(top)][type(action)](st, seat, action)
    while decisions and type(decisions[-1]) is Resume and not st.over:
        frame = decisions.pop()
        assert isinstance(frame, Resume)
        events += STAGES[frame.stage](st, frame.data)
    active = st.active
    if (
        not st.over
        and active >= 0
        and st.building_vp[active] + st.defenders[active] + st.vp_cards[active] + MOST_EXTRA >= st.vp_to_win
    ):  # the first test of check_victory, here: it fails on most actions
        events += check_victory(st)
    return events
