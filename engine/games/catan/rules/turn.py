"""The regular turn as a sequence of named phases (catan.md §5.1 and §6, HS-5).

A turn starts in ``pre_roll`` (a development card or the roll, §5.2), continues in the variant's
trade/build phase after the roll (``trade_build`` when combined, else ``trade`` then ``build``), and
ends with ``end``. With 5-6 seats the variant's last phase follows: the Special Building Phase of the
other seats after the turn (``special_build``, :mod:`.special_build`), or with paired players the
``partner`` part of the same turn, in which the seat three to the left of the roller trades with the
supply and builds (it may play a development card, a knight too, but makes no domestic trade). The
turn cap option ends the match, ranked by victory points, after that many turns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.action import Action
from engine.core.events import Event
from engine.games.catan.actions import END, ROLL
from engine.games.catan.decisions import BUILD, PARTNER, PRE_ROLL, SPECIAL_BUILD, TURN_FRAMES, TurnPhase
from engine.games.catan.rules import helper_effects, jungle, special_build
from engine.games.catan.rules.build import legal_builds
from engine.games.catan.rules.devcards import legal_plays
from engine.games.catan.rules.scoring import check_victory
from engine.games.catan.rules.trade import legal_bank_trades
from engine.games.catan.tables import PARTNER_OFFSET

ROLL_ONLY: tuple[Action, ...] = (ROLL,)

if TYPE_CHECKING:
    from engine.games.catan.state import CatanState


def begin_turn(st: CatanState, seat: int) -> list[Event]:
    """Hand the dice to ``seat``: reset the per-turn limits, then check for a win (catan.md §5.11)."""
    st.turn += 1
    active = st.active
    if active >= 0 and any(st.new_devs[active]):
        st.new_devs[active] = [0] * 5
    st.active = seat
    st.dev_played = False
    st.offers_made = 0
    st.rolled = 0
    st.jean_seat = -1
    st.decisions.append(TURN_FRAMES[PRE_ROLL][seat])
    events = [Event("turn", {"seat": seat, "turn": st.turn})]
    events += check_victory(st)
    return events


def next_turn(st: CatanState, seat: int) -> list[Event]:
    """Start ``seat``'s turn, or stop at the turn cap."""
    if st.turn >= st.turn_cap:
        st.over = True
        st.capped = True
        return [Event("turn_cap", {"turn": st.turn})]
    return begin_turn(st, seat)


def end_turn(st: CatanState, seat: int, action: Action | None = None) -> list[Event]:
    """``end``: the partner's part, the Special Building Phase, or the next seat's turn (§5.1, §6)."""
    top = st.decisions.pop()
    assert isinstance(top, TurnPhase)
    last = st.phases[-1]
    if last == PARTNER:
        if top.phase != PARTNER:
            return _begin_partner(st, seat)
        seat = (seat - PARTNER_OFFSET) % st.n
    elif last == SPECIAL_BUILD:
        events = special_build.ask_next(st, seat)
        if st.decisions:
            return events
        return events + next_turn(st, (seat + 1) % st.n)
    return next_turn(st, (seat + 1) % st.n)


def _begin_partner(st: CatanState, settler: int) -> list[Event]:
    """Paired players: Settler 2 trades with the supply and builds in the same turn (catan.md §6)."""
    if any(st.new_devs[settler]):
        st.new_devs[settler] = [0] * 5
    partner = (settler + PARTNER_OFFSET) % st.n
    st.active = partner
    st.dev_played = False
    st.decisions.append(TURN_FRAMES[PARTNER][partner])
    events = [Event("partner", {"seat": partner, "settler": settler})]
    events += check_victory(st)
    return events


def legal_turn(st: CatanState, seat: int) -> tuple[Action, ...]:
    """The listed actions of the active seat in its current phase."""
    top = st.decisions[-1]
    assert isinstance(top, TurnPhase)
    phase = top.phase
    usable = st.helpers_on and st.helper_got[seat] < st.turn and st.helper_used[seat] != st.turn  # can_use
    if phase == PRE_ROLL:
        if not usable and (st.dev_played or not any(st.devs[seat])):
            return ROLL_ONLY
        out: list[Action] = [ROLL]
        legal_plays(st, seat, out)
        if usable:
            helper_effects.legal_in_turn(st, seat, phase, out)
        return tuple(out)
    out = [END]
    if phase != BUILD:
        legal_bank_trades(st, seat, out)
    legal_builds(st, seat, out)
    if st.discovery[seat]:
        jungle.legal_token_buys(st, seat, out)
    if not st.dev_played and any(st.devs[seat]):
        legal_plays(st, seat, out)
    if usable:
        helper_effects.legal_in_turn(st, seat, phase, out)
    return tuple(out)
