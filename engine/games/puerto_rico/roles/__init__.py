"""One module per role (puerto_rico.md §5) and the dispatch tables that route decisions to them.

``LEGAL[type(decision)]`` lists the legal actions, ``APPLY[type(decision)]`` applies one, and
``EXPLAIN[type(decision)]`` names the rule an unlisted action breaks. Choosing a role (DP-ROLE) takes
the tile and starts the role's phase through ``START``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.games.puerto_rico.actions import ChooseRole
from engine.games.puerto_rico.decisions import RoleSelection
from engine.games.puerto_rico.roles import (
    builder,
    captain,
    craftsman,
    mayor,
    prospector,
    settler,
    trader,
)
from engine.games.puerto_rico.round import NOT_IN_PLAY, legal_roles, take_role
from engine.games.puerto_rico.tables import ROLE_TILE_NAMES, TILE_ROLE, Role

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.core.events import Event
    from engine.games.puerto_rico.state import PuertoRicoState

START: dict[Role, Callable[[PuertoRicoState, int], list[Event]]] = {
    Role.SETTLER: settler.start,
    Role.MAYOR: mayor.start,
    Role.BUILDER: builder.start,
    Role.CRAFTSMAN: craftsman.start,
    Role.TRADER: trader.start,
    Role.CAPTAIN: captain.start,
    Role.PROSPECTOR: prospector.start,
}
"""How each role's phase begins once its tile is taken (§5)."""


def apply_role(st: PuertoRicoState, seat: int, action: Action, dec: RoleSelection) -> list[Event]:
    """DP-ROLE: take the tile and its doubloons, then play the role's phase (§4.1)."""
    assert isinstance(action, ChooseRole)
    events = take_role(st, seat, action.tile)
    return events + START[TILE_ROLE[action.tile]](st, seat)


def explain_role(st: PuertoRicoState, seat: int, action: Action, dec: Any) -> str | None:
    """Rule-naming reasons for a refused ``role``."""
    if type(action) is not ChooseRole:
        return None
    owner = st.role_owner[action.tile]
    name = ROLE_TILE_NAMES[action.tile]
    if owner == NOT_IN_PLAY:
        return f"the {name} tile is not used with {st.n} players (puerto_rico.md §2.2)"
    return f"the {name} tile was already chosen this round by seat {owner} (puerto_rico.md §4.2)"


LEGAL: dict[type, Callable[[PuertoRicoState, Any], tuple[Action, ...]]] = {
    RoleSelection: legal_roles,
    **settler.LEGAL,
    **mayor.LEGAL,
    **builder.LEGAL,
    **craftsman.LEGAL,
    **trader.LEGAL,
    **captain.LEGAL,
}
APPLY: dict[type, Callable[[PuertoRicoState, int, Action, Any], list[Event]]] = {
    RoleSelection: apply_role,
    **settler.APPLY,
    **mayor.APPLY,
    **builder.APPLY,
    **craftsman.APPLY,
    **trader.APPLY,
    **captain.APPLY,
}
EXPLAIN: dict[type, Callable[[PuertoRicoState, int, Action, Any], str | None]] = {
    RoleSelection: explain_role,
    **settler.EXPLAIN,
    **mayor.EXPLAIN,
    **builder.EXPLAIN,
    **craftsman.EXPLAIN,
    **trader.EXPLAIN,
    **captain.EXPLAIN,
}
