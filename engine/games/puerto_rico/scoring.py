"""Scoring: VP chips, building VP, the five large buildings' bonuses, and the tie-break.

puerto_rico.md §6 and §3.5: a score is the seat's chips (VP on paper included, the chip supply may go
negative), plus the VP of every building owned, occupied or not, plus the bonus of each *occupied* large
building. Ties for a place are broken by doubloons + goods; a second tie shares the place (A12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.result import Result, Termination, places_from_scores
from engine.games.puerto_rico.buildings import colonists_on_board
from engine.games.puerto_rico.tables import (
    BUILDING_COUNT,
    BUILDINGS,
    LARGE_PRODUCTION,
    SMALL_PRODUCTION,
    VIOLET,
    Building,
)

if TYPE_CHECKING:
    from engine.games.puerto_rico.state import PuertoRicoState

_VP: tuple[int, ...] = tuple(b.vp for b in BUILDINGS)


def residence_bonus(filled: int) -> int:
    """Residence: 4 up to 9 filled island spaces, then 5, 6, 7 for 10, 11, 12 (§3.5)."""
    return 4 if filled <= 9 else filled - 5


def large_bonus(st: PuertoRicoState, seat: int, building: int) -> int:
    """End-game bonus of one large building for ``seat``, whether or not it is occupied (§3.5)."""
    city = st.city[seat]
    if building == Building.GUILD_HALL:
        return sum(1 for b in SMALL_PRODUCTION if city[b] >= 0) + 2 * sum(
            1 for b in LARGE_PRODUCTION if city[b] >= 0
        )
    if building == Building.RESIDENCE:
        return residence_bonus(sum(st.tiles[seat]))
    if building == Building.FORTRESS:
        return colonists_on_board(st, seat) // 3
    if building == Building.CUSTOMS_HOUSE:
        return st.vp[seat] // 4
    if building == Building.CITY_HALL:
        return sum(1 for b in VIOLET if city[b] >= 0)
    return 0


LARGE: tuple[int, ...] = (
    Building.GUILD_HALL,
    Building.RESIDENCE,
    Building.FORTRESS,
    Building.CUSTOMS_HOUSE,
    Building.CITY_HALL,
)


def score_parts(st: PuertoRicoState, seat: int) -> tuple[int, int, int]:
    """(chips, building VP, bonuses of occupied large buildings) of ``seat`` (§6)."""
    city = st.city[seat]
    building_vp = sum(_VP[b] for b in range(BUILDING_COUNT) if city[b] >= 0)
    bonus = sum(large_bonus(st, seat, b) for b in LARGE if city[b] > 0)
    return st.vp[seat], building_vp, bonus


def score(st: PuertoRicoState, seat: int) -> int:
    """The seat's current VP total (§6)."""
    chips, building_vp, bonus = score_parts(st, seat)
    return chips + building_vp + bonus


def tiebreak(st: PuertoRicoState, seat: int) -> int:
    """Doubloons plus barrels, the tie-breaker (§6)."""
    return st.doubloons[seat] + sum(st.goods[seat])


def result(st: PuertoRicoState) -> Result:
    """Places by (score, doubloons + goods); equal pairs share the place (A12)."""
    seats = range(st.n)
    parts = [score_parts(st, s) for s in seats]
    totals = [sum(p) for p in parts]
    ties = [tiebreak(st, s) for s in seats]
    return Result(
        places=places_from_scores([(totals[s], ties[s]) for s in seats]),
        scores=tuple(float(t) for t in totals),
        termination=Termination.VICTORY,
        details=(
            ("tiebreak", ties),
            ("chips", [p[0] for p in parts]),
            ("building_vp", [p[1] for p in parts]),
            ("bonus_vp", [p[2] for p in parts]),
            ("rounds", st.turn),
        ),
    )
