"""The regular turn as a sequence of named phases (catan.md §5.1, HS-5).

A turn starts in ``pre_roll`` (a development card or the roll, §5.2), continues in the variant's
trade/build phase after the roll (``trade_build`` when combined, else ``trade`` then ``build``), and
ends with ``end``. The turn cap option ends the match, ranked by victory points, after that many turns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.action import Action
from engine.core.events import Event
from engine.games.catan.actions import END, ROLL
from engine.games.catan.decisions import BUILD, PRE_ROLL, TURN_FRAMES, TurnPhase
from engine.games.catan.rules.build import legal_builds
from engine.games.catan.rules.devcards import legal_plays
from engine.games.catan.rules.scoring import check_victory
from engine.games.catan.rules.trade import legal_bank_trades

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
    st.decisions.append(TURN_FRAMES[PRE_ROLL][seat])
    events = [Event("turn", {"seat": seat, "turn": st.turn})]
    events += check_victory(st)
    return events


def end_turn(st: CatanState, seat: int, action: Action | None = None) -> list[Event]:
    """``end``: pass the dice to the left, or stop at the turn cap."""
    st.decisions.pop()
    if st.turn >= st.turn_cap:
        st.over = True
        st.capped = True
        return [Event("turn_cap", {"turn": st.turn})]
    return begin_turn(st, (seat + 1) % st.n)


def mark_built(st: CatanState) -> None:
    """Strict order (catan.md §5.1): the first build of a turn closes trading (no-op when combined)."""
    if st.combined:
        return
    top = st.decisions[-1]
    if isinstance(top, TurnPhase) and top.phase != BUILD:
        st.decisions[-1] = TURN_FRAMES[BUILD][top.seats[0]]


def legal_turn(st: CatanState, seat: int) -> tuple[Action, ...]:
    """The listed actions of the active seat in its current phase."""
    top = st.decisions[-1]
    assert isinstance(top, TurnPhase)
    if top.phase == PRE_ROLL:
        if st.dev_played or not any(st.devs[seat]):
            return ROLL_ONLY
        out: list[Action] = [ROLL]
        legal_plays(st, seat, out)
        return tuple(out)
    out = [END]
    if top.phase != BUILD:
        legal_bank_trades(st, seat, out)
    legal_builds(st, seat, out)
    if not st.dev_played and any(st.devs[seat]):
        legal_plays(st, seat, out)
    return tuple(out)
