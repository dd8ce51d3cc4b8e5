"""What each helper does and when (catan.md §7.5, §9.19): one ``legal_*``, ``why_*`` and ``apply_*``
per helper (those that build or buy are in :mod:`.helper_builds`), and the listing and checking of the
helper actions on the turn frame.

Timing. In the seat's own turn: Lin before or after the roll (never between the roll and its
resolution: helper actions are only offered on the turn frame); Candamir, Hilde, Louis, Vincent and
William after the roll; Jean where maritime trade is open; Nassir where domestic trade is open (after
the roll, like a trade, §7.5 [rec]). With paired players Settler 2's part counts as its turn (domestic
trade, hence Nassir, excepted). Marianne and Sean are offered by :mod:`.helpers` in any seat's turn.

Candamir, Hilde, Nassir, Louis and William take a second step (a decision of the same seat) before the
keep-or-exchange decision; Candamir's three drawn cards are seen by the buyer only, Hilde's view of a
hand by the two seats only, and Nassir's returns likewise.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.core.events import Event
from engine.games.catan.decisions import (
    BUILD,
    PARTNER,
    PRE_ROLL,
    TRADE,
    TRADE_BUILD,
    HildeTake,
    NassirReturn,
    SeanAsk,
)
from engine.games.catan.helper_actions import (
    GIVE,
    HILDE,
    JEAN,
    LIN,
    NASSIR,
    TAKE,
    GiveCard,
    TakeCard,
    UseCandamir,
    UseHilde,
    UseJean,
    UseLin,
    UseLouis,
    UseMarianne,
    UseNassir,
    UseSean,
    UseVincent,
    UseWilliam,
)
from engine.games.catan.rules import helper_builds as hb
from engine.games.catan.rules import helpers
from engine.games.catan.rules.scoring import public_points
from engine.games.catan.tables import HELPER_NAMES, RESOURCE_NAMES, Helper

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan.state import CatanState

AFTER_ROLL = frozenset({TRADE_BUILD, TRADE, BUILD, PARTNER})
MARITIME = frozenset({TRADE_BUILD, TRADE, PARTNER})
DOMESTIC = frozenset({TRADE_BUILD, TRADE})
ANY_TIME = AFTER_ROLL | {PRE_ROLL}


def _names(cards: tuple[int, ...] | list[int]) -> dict[str, int]:
    return {RESOURCE_NAMES[r]: k for r, k in enumerate(cards) if k}


def _take_from_bank(st: CatanState, seat: int, r: int) -> None:
    st.bank[r] -= 1
    st.hands[seat][r] += 1


# -- Hilde: a card of choice from an opponent with more VP on the board -------------------------------


def legal_hilde(st: CatanState, seat: int) -> list[Action]:
    mine = public_points(st, seat)
    return [HILDE[s] for s in range(st.n) if s != seat and public_points(st, s) > mine]


def why_hilde(st: CatanState, seat: int, action: UseHilde) -> str | None:
    v = action.victim
    if v == seat or v >= st.n:
        return f"Hilde chooses an opponent (0..{st.n - 1}, not {seat}; catan.md §7.5)"
    if public_points(st, v) <= public_points(st, seat):
        return (
            f"seat {v} has {public_points(st, v)} VP on the board, not more than seat {seat}'s "
            f"{public_points(st, seat)} (catan.md §7.5 Hilde, §9.19.2)"
        )
    return None


def apply_hilde(st: CatanState, seat: int, action: UseHilde) -> list[Event]:
    v = action.victim
    helpers.mark_used(st, seat)
    if any(st.hands[v]):
        st.decisions.append(HildeTake((seat,), v))
    return [
        Event(
            "hilde",
            {"seat": seat, "victim": v, "count": sum(st.hands[v])},
            {"hand": _names(st.hands[v])},
            audience=(seat, v),
        )
    ]


def legal_take(st: CatanState, seat: int) -> tuple[Action, ...]:
    top = st.decisions[-1]
    assert isinstance(top, HildeTake)
    return tuple(TAKE[r] for r in range(5) if st.hands[top.victim][r])


def why_take(st: CatanState, seat: int, action: TakeCard) -> str | None:
    top = st.decisions[-1]
    assert isinstance(top, HildeTake)
    return f"seat {top.victim} holds no {RESOURCE_NAMES[action.resource]} (catan.md §7.5 Hilde)"


def apply_take(st: CatanState, seat: int, action: TakeCard) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, HildeTake)
    r = action.resource
    st.hands[top.victim][r] -= 1
    st.hands[seat][r] += 1
    return [
        Event(
            "hilde_take",
            {"seat": seat, "victim": top.victim},
            {"resource": RESOURCE_NAMES[r]},
            audience=(seat, top.victim),
        )
    ]


# -- Jean: 2:1 for one type for the rest of the turn ---------------------------------------------------


def legal_jean(st: CatanState, seat: int) -> list[Action]:
    return list(JEAN)


def apply_jean(st: CatanState, seat: int, action: UseJean) -> list[Event]:
    st.jean_seat = seat
    st.jean_type = action.resource
    helpers.mark_used(st, seat)
    return [Event("jean", {"seat": seat, "resource": RESOURCE_NAMES[action.resource]})]


# -- Lin: the robber to a desert, a card of the vacated hex's type -----------------------------------------


def legal_lin(st: CatanState, seat: int) -> list[Action]:
    deserts = st.board.deserts
    if st.robber in deserts:
        return []
    return [LIN[d] for d in deserts]


def why_lin(st: CatanState, seat: int, action: UseLin) -> str | None:
    deserts = st.board.deserts
    if st.robber in deserts:
        return "the robber is on a desert already (catan.md §7.5 Lin)"
    if action.hex not in deserts:
        return f"Lin moves the robber to a desert ({', '.join(map(str, deserts))}; catan.md §7.5)"
    return None


def apply_lin(st: CatanState, seat: int, action: UseLin) -> list[Event]:
    vacated = st.robber
    st.robber = action.hex
    r = st.board.hex_resource[vacated]
    data: dict[str, object] = {"seat": seat, "vacated": vacated, "hex": action.hex}
    if r >= 0 and st.bank[r]:
        _take_from_bank(st, seat, r)
        data["resource"] = RESOURCE_NAMES[r]
    helpers.mark_used(st, seat)
    return [Event("lin", data)]


# -- Marianne and Sean (asked by :mod:`.helpers`) -----------------------------------------------------------


def apply_marianne(st: CatanState, seat: int, action: UseMarianne) -> list[Event]:
    st.decisions.pop()
    _take_from_bank(st, seat, action.resource)
    helpers.mark_used(st, seat)
    return [Event("marianne", {"seat": seat, "resource": RESOURCE_NAMES[action.resource]})]


def apply_sean(st: CatanState, seat: int, action: UseSean) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, SeanAsk)
    owed = list(top.owed)
    data: dict[str, object] = {"seat": seat}
    if action.resource < 0:
        owed[seat] = 0
    else:
        _take_from_bank(st, seat, action.resource)
        data["resource"] = RESOURCE_NAMES[action.resource]
    events = helpers.push_discards(st, owed)
    helpers.mark_used(st, seat)
    return [Event("sean", data), *events]


# -- Nassir: a declared type from one or two opponents, paid back card for card -------------------------


@functools.cache
def _nassir_choices(n: int, seat: int) -> tuple[Action, ...]:
    others = [s for s in range(n) if s != seat]
    out: list[Action] = []
    for r in range(5):
        for i, a in enumerate(others):
            out.append(NASSIR[r][a][0])
            out.extend(NASSIR[r][a][b + 1] for b in others[i + 1 :])
    return tuple(out)


def legal_nassir(st: CatanState, seat: int) -> list[Action]:
    """Every type with one opponent or two (catan.md §7.5)."""
    return list(_nassir_choices(st.n, seat))


def why_nassir(st: CatanState, seat: int, action: UseNassir) -> str | None:
    for s in (action.first, action.second):
        if s == seat or s >= st.n:
            return f"Nassir names one or two opponents (0..{st.n - 1}, not {seat}; catan.md §7.5)"
    if action.second >= 0 and action.second <= action.first:
        return "Nassir names two different opponents, the lower seat first"
    return None


def apply_nassir(st: CatanState, seat: int, action: UseNassir) -> list[Event]:
    r = action.resource
    gave = []
    for s in (action.first, action.second):
        if s >= 0 and st.hands[s][r]:
            st.hands[s][r] -= 1
            st.hands[seat][r] += 1
            gave.append(s)
    helpers.mark_used(st, seat)
    if gave:
        st.decisions.append(NassirReturn((seat,), tuple(gave)))
    asked = [s for s in (action.first, action.second) if s >= 0]
    return [Event("nassir", {"seat": seat, "resource": RESOURCE_NAMES[r], "asked": asked, "gave": gave})]


def legal_give(st: CatanState, seat: int) -> tuple[Action, ...]:
    return tuple(GIVE[r] for r in range(5) if st.hands[seat][r])


def why_give(st: CatanState, seat: int, action: GiveCard) -> str | None:
    return f"seat {seat} holds no {RESOURCE_NAMES[action.resource]} (catan.md §7.5 Nassir)"


def apply_give(st: CatanState, seat: int, action: GiveCard) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, NassirReturn)
    to, rest = top.to[0], top.to[1:]
    r = action.resource
    st.hands[seat][r] -= 1
    st.hands[to][r] += 1
    if rest:
        st.decisions.append(NassirReturn((seat,), rest))
    return [
        Event("nassir_give", {"seat": seat, "to": to}, {"resource": RESOURCE_NAMES[r]}, audience=(seat, to))
    ]


# -- the listing of the active seat's helper actions ------------------------------------------------------


Lister = Callable[["CatanState", int], "list[Action]"]
Why = Callable[["CatanState", int, Any], "str | None"]
Apply = Callable[["CatanState", int, Any], "list[Event]"]


def _no_reason(st: CatanState, seat: int, action: Action) -> str | None:
    return None


IN_TURN: dict[type, tuple[int, frozenset[str], Lister, Why, Apply]] = {
    UseCandamir: (Helper.CANDAMIR, AFTER_ROLL, hb.legal_candamir, hb.why_candamir, hb.apply_candamir),
    UseHilde: (Helper.HILDE, AFTER_ROLL, legal_hilde, why_hilde, apply_hilde),
    UseJean: (Helper.JEAN, MARITIME, legal_jean, _no_reason, apply_jean),
    UseLin: (Helper.LIN, ANY_TIME, legal_lin, why_lin, apply_lin),
    UseLouis: (Helper.LOUIS, AFTER_ROLL, hb.legal_louis, hb.why_louis, hb.apply_louis),
    UseNassir: (Helper.NASSIR, DOMESTIC, legal_nassir, why_nassir, apply_nassir),
    UseVincent: (Helper.VINCENT, AFTER_ROLL, hb.legal_vincent, hb.why_vincent, hb.apply_vincent),
    UseWilliam: (Helper.WILLIAM, AFTER_ROLL, hb.legal_william, hb.why_william, hb.apply_william),
}
"""The helpers used in their holder's own turn, by action kind: the helper, the turn phases that allow
it, its listing, its specific rule check and its effect."""

_BY_HELPER = {entry[0]: entry for entry in IN_TURN.values()}

KIND_HELPER: dict[type, int] = {
    **{kind: entry[0] for kind, entry in IN_TURN.items()},
    UseMarianne: Helper.MARIANNE,
    UseSean: Helper.SEAN,
}
"""The helper of every helper action kind."""

_WHEN = {
    AFTER_ROLL: "after the roll",
    MARITIME: "where maritime trade is open, after the roll",
    DOMESTIC: "where domestic trade is open, after the roll",
}


def legal_in_turn(st: CatanState, seat: int, phase: str, out: list[Action]) -> None:
    """Append the usable helper's actions of the seat in its own turn (the helper is usable)."""
    entry = _BY_HELPER.get(st.helper[seat])
    if entry is not None and phase in entry[1]:
        out += entry[2](st, seat)


def why_use_in_turn(st: CatanState, seat: int, action: Action) -> str | None:
    """The rule that refuses a helper action on the turn frame (catan.md §7.4, §7.5), or ``None``."""
    helper = KIND_HELPER[type(action)]
    reason = helpers.why_cannot(st, seat, helper)
    if reason:
        return reason
    name = HELPER_NAMES[helper]
    entry = IN_TURN.get(type(action))
    if entry is None:
        return f"{name} is used when the dice are rolled, in any seat's turn (catan.md §7.5)"
    top = st.decisions[-1]
    phase = getattr(top, "phase", "")
    if phase not in entry[1]:
        return f"{name} is used {_WHEN.get(entry[1], 'in its holder turn')} (catan.md §7.5)"
    return entry[3](st, seat, action)
