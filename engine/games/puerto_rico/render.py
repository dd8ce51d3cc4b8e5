"""A short human-readable summary of a Puerto Rico position for the CLI (puerto_rico.md §9 state).

This is the referee's view: it shows every seat's VP chips. Callers showing a position to one seat
should render that seat's observation instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.puerto_rico.notation import decision_text
from engine.games.puerto_rico.round import NOT_IN_PLAY
from engine.games.puerto_rico.scoring import score
from engine.games.puerto_rico.tables import (
    BUILDING_COUNT,
    BUILDINGS,
    GOOD_NAMES,
    NO_GOOD,
    ROLE_TILE_NAMES,
    ROLE_TILES,
    TILE_NAMES,
)

if TYPE_CHECKING:
    from engine.games.puerto_rico.state import PuertoRicoState


def _goods(counts: list[int]) -> str:
    return " ".join(f"{c} {GOOD_NAMES[g]}" for g, c in enumerate(counts) if c) or "none"


def render(st: PuertoRicoState, seat: int | None = None) -> str:
    """A multi-line summary: round, roles, supplies, ships, then one block per seat.

    With ``seat``, the summary as that seat sees it: under ``hidden_vp`` the other seats' VP chips and
    scores are hidden until the game is over (puerto_rico.md §9); everything else is public.
    """
    hidden = st.hidden_vp and not st.over and seat is not None
    status = "game over" if st.over else "to move: " + ", ".join(f"seat {s}" for s in st.seats_to_move())
    lines = [
        f"Puerto Rico, {st.n} seats, round {st.turn}, governor seat {st.governor}"
        + (", END TRIGGERED" if st.end_triggered else "")
        + f" | {status}",
        "stack: " + (" > ".join(decision_text(d) for d in st.decisions) or "-"),
    ]
    roles = []
    for t in range(ROLE_TILES):
        owner = st.role_owner[t]
        if owner == NOT_IN_PLAY:
            continue
        roles.append(ROLE_TILE_NAMES[t] + (f" (seat {owner})" if owner >= 0 else f" +{st.role_doubloons[t]}"))
    lines.append("roles: " + ", ".join(roles))
    lines.append(
        f"colonists: {st.colonist_supply} supply, {st.colonist_ship} on ship | VP chips left {st.vp_supply}"
        f" | quarries {st.quarries} | deck {len(st.deck)}, discard {len(st.discard)}"
    )
    lines.append("row: " + (", ".join(TILE_NAMES[k] for k in st.row) or "empty"))
    lines.append("goods supply: " + _goods(st.goods_supply))
    ships = [
        f"{st.ship_cap[i]}: "
        + ("empty" if st.ship_kind[i] == NO_GOOD else f"{st.ship_count[i]} {GOOD_NAMES[st.ship_kind[i]]}")
        for i in range(3)
    ]
    lines.append(
        "ships: " + " | ".join(ships) + " | house: " + (", ".join(GOOD_NAMES[g] for g in st.house) or "empty")
    )
    for s in range(st.n):
        island = ", ".join(
            f"{TILE_NAMES[k]} {st.tiles_occ[s][k]}/{st.tiles[s][k]}" for k in range(6) if st.tiles[s][k]
        )
        city = ", ".join(
            f"{BUILDINGS[b].name} {st.city[s][b]}/{BUILDINGS[b].circles}"
            for b in range(BUILDING_COUNT)
            if st.city[s][b] >= 0
        )
        vp = "? VP chips, score ?" if hidden and s != seat else f"{st.vp[s]} VP chips, score {score(st, s)}"
        lines.append(
            f"seat {s}{' (you)' if s == seat else ''}: {st.doubloons[s]} doubloons, {vp},"
            f" San Juan {st.san_juan[s]}, goods: {_goods(st.goods[s])}"
        )
        lines.append(f"  island: {island or 'empty'}")
        lines.append(f"  city ({st.city_used[s]}/12): {city or 'empty'}")
    return "\n".join(lines)


LEGEND = (
    "roles: a taken role names its seat, an untaken one shows the doubloons on it (+1); ships: capacity:"
    " load; island and city: colonists/spaces of each plantation or building (corn 1/2: one colonist on"
    " two corn plantations; small-market 1/1); stack: the pending decisions, innermost last"
)
"""What the marks of :func:`render` mean."""
