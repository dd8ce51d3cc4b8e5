"""The round: role selection order, doubloons on roles, governor rotation and the end of the game.

puerto_rico.md §4.1: the governor chooses first and the others follow clockwise, each taking one role
tile and its doubloons; once every seat has chosen and the last phase is over, one doubloon goes on
each unchosen tile, the governor tile passes left, and if an end trigger fired (§6) the game ends.
``State.turn`` is the round number, starting at 1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.puerto_rico.actions import ROLE
from engine.games.puerto_rico.decisions import SEAT, RoleSelection
from engine.games.puerto_rico.tables import ROLE_TILE_NAMES, ROLE_TILES

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.puerto_rico.state import PuertoRicoState

NOT_IN_PLAY = -2
"""``role_owner`` value of a tile not used at this player count."""
AVAILABLE = -1
"""``role_owner`` value of a tile nobody has chosen this round."""

_TILES = range(ROLE_TILES)


def legal_roles(st: PuertoRicoState, dec: RoleSelection) -> tuple[Action, ...]:
    """DP-ROLE: every tile not chosen this round; each prospector is its own option (§4.2)."""
    owner = st.role_owner
    return tuple([ROLE[t] for t in _TILES if owner[t] == AVAILABLE])


def take_role(st: PuertoRicoState, seat: int, tile: int) -> list[Event]:
    """The chooser takes the tile and every doubloon on it (§4.2)."""
    gain = st.role_doubloons[tile]
    st.doubloons[seat] += gain
    st.role_doubloons[tile] = 0
    st.role_owner[tile] = seat
    return [Event("role", {"seat": seat, "role": ROLE_TILE_NAMES[tile], "doubloons": gain})]


def finish_phase(st: PuertoRicoState) -> list[Event]:
    """End the running phase: drop its decisions and pass the selection to the next seat (§4.1)."""
    del st.decisions[1:]
    owner = st.role_owner
    picks = ROLE_TILES - owner.count(AVAILABLE) - owner.count(NOT_IN_PLAY)
    if picks < st.n:
        st.decisions[0] = RoleSelection(SEAT[(st.governor + picks) % st.n])
        return []
    return end_round(st)


def end_round(st: PuertoRicoState) -> list[Event]:
    """One doubloon on each unchosen tile, tiles back, governor to the left, or game over (§4.1, §6)."""
    owner = st.role_owner
    for t in _TILES:
        if owner[t] == AVAILABLE:
            st.role_doubloons[t] += 1
        elif owner[t] >= 0:
            owner[t] = AVAILABLE
    if st.end_triggered:
        st.over = True
        st.decisions.clear()
        return [Event("game_over", {"round": st.turn, "scores": list(st.scores())})]
    st.governor = (st.governor + 1) % st.n
    st.turn += 1
    st.decisions[0] = RoleSelection(SEAT[st.governor])
    return [Event("round", {"round": st.turn, "governor": st.governor})]
