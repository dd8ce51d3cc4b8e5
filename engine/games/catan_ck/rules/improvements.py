"""City improvements and metropolises (cities_and_knights.md §6, §11.14, §11.15).

Level n of a track costs n commodities of the track's kind (the Crane: one fewer, §2.9), levels in
order up to 5, and needs a city on the board (a metropolis city counts; §6.2, §6.3). Levels 4 and 5
also need the track's metropolis or a city without one (§11.14). The first seat to reach level 4 while
the track's metropolis is unclaimed places it on one of its cities without a metropolis; reaching 5
first takes it from a holder still below 5 (§6.5). Level 3 brings the track's ability (§6.4), read where
it applies: the trading house in ``trade``, the fortress in ``knights``, the aqueduct in ``dice``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan_ck.actions import IMPROVE, ChooseCorner, Improve
from engine.games.catan_ck.decisions import MetropolisCity
from engine.games.catan_ck.rules.knights import CHOOSE
from engine.games.catan_ck.tables import KIND_NAMES, MAX_LEVEL, METROPOLIS_LEVEL, TRACK_COMMODITY, TRACK_NAMES

CITIES = 4
"""§2.7: city pieces per seat."""

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan_ck.state import CkState


def cities_of(st: CkState, seat: int) -> list[int]:
    """Corners of the seat's cities, metropolises included."""
    level = st.level
    return [c for c in st.buildings_of[seat] if level[c] == 2]


def free_cities(st: CkState, seat: int) -> list[int]:
    """The seat's cities without a metropolis, ascending."""
    metros = st.metropolis
    return sorted([c for c in cities_of(st, seat) if c not in metros])


def holder(st: CkState, track: int) -> int:
    """The seat holding the track's metropolis, or -1."""
    c = st.metropolis[track]
    return st.owner[c] if c >= 0 else -1


def level_open(st: CkState, seat: int, track: int) -> bool:
    """Whether ``seat`` may buy the next level of ``track``, cost aside (:func:`why_level` names the
    rule when not): below level 5, a city on the board, and for levels 4 and 5 the track's metropolis
    or a city without one (§6.2, §6.3, §11.14)."""
    lv = st.improvements[seat][track]
    if lv >= MAX_LEVEL or st.cities_left[seat] >= CITIES:
        return False
    return lv + 1 < METROPOLIS_LEVEL or holder(st, track) == seat or bool(free_cities(st, seat))


def why_level(st: CkState, seat: int, track: int) -> str | None:
    """The rule that stops ``seat`` buying the next level of ``track`` (cost aside), or ``None``."""
    if level_open(st, seat, track):
        return None
    lv = st.improvements[seat][track]
    name = TRACK_NAMES[track]
    if lv >= MAX_LEVEL:
        return f"{name} is at level {MAX_LEVEL}, the last (cities_and_knights.md §6.2)"
    if st.cities_left[seat] >= CITIES:  # every city piece in the supply: no city on the board
        return f"seat {seat} has no city; improvements need one (cities_and_knights.md §6.2, §6.3)"
    if lv + 1 >= METROPOLIS_LEVEL and holder(st, track) != seat and not free_cities(st, seat):
        return (
            f"level {lv + 1} of {name} needs a city that can take a metropolis: every city of seat {seat}"
            " holds one (cities_and_knights.md §6.2, §11.14)"
        )
    return None


def cost_of(st: CkState, seat: int, track: int, discount: int = 0) -> int:
    """Commodities the next level of ``track`` costs (§6.2; the Crane's ``discount`` of 1)."""
    return max(0, st.improvements[seat][track] + 1 - discount)


def can_improve(st: CkState, seat: int, track: int, discount: int = 0) -> bool:
    """Whether :func:`why_improve` finds nothing broken (without naming a rule)."""
    return st.hands[seat][TRACK_COMMODITY[track]] >= cost_of(st, seat, track, discount) and level_open(
        st, seat, track
    )


def why_improve(st: CkState, seat: int, track: int, discount: int = 0) -> str | None:
    reason = why_level(st, seat, track)
    if reason:
        return reason
    kind = TRACK_COMMODITY[track]
    need = cost_of(st, seat, track, discount)
    if st.hands[seat][kind] < need:
        return f"level {st.improvements[seat][track] + 1} of {TRACK_NAMES[track]} costs {need} {KIND_NAMES[kind]} (cities_and_knights.md §6.2)"
    return None


def legal_improve(st: CkState, seat: int, out: list[Action]) -> None:
    hand = st.hands[seat]
    levels = st.improvements[seat]
    if hand[5] <= levels[2] and hand[6] <= levels[0] and hand[7] <= levels[1]:
        return  # no track's next level is affordable
    for track in range(3):
        if hand[TRACK_COMMODITY[track]] > levels[track] and level_open(st, seat, track):
            out.append(IMPROVE[track])


def why_improve_action(st: CkState, seat: int, action: Improve) -> str | None:
    return why_improve(st, seat, action.track)


def improve(st: CkState, seat: int, track: int, discount: int = 0) -> list[Event]:
    """Pay for and take the next level (checked already), then settle the metropolis (§6.5)."""
    kind = TRACK_COMMODITY[track]
    need = cost_of(st, seat, track, discount)
    st.hands[seat][kind] -= need
    st.bank[kind] += need
    levels = st.improvements[seat]
    levels[track] += 1
    lv = levels[track]
    events = [Event("improve", {"seat": seat, "track": TRACK_NAMES[track], "level": lv, "paid": need})]
    owner = holder(st, track)
    if owner == seat or lv < METROPOLIS_LEVEL:
        return events
    if (lv == METROPOLIS_LEVEL and owner < 0) or (
        lv == MAX_LEVEL and owner >= 0 and st.improvements[owner][track] < MAX_LEVEL
    ):
        spots = free_cities(st, seat)
        if len(spots) == 1:
            events += place_metropolis(st, seat, track, spots[0])
        else:
            st.decisions.append(MetropolisCity((seat,), track))
    return events


def place_metropolis(st: CkState, seat: int, track: int, corner: int) -> list[Event]:
    """Put (or move) the track's metropolis onto the seat's city on ``corner``."""
    previous = holder(st, track)
    st.metropolis[track] = corner
    return [
        Event("metropolis", {"seat": seat, "track": TRACK_NAMES[track], "corner": corner, "from": previous})
    ]


def apply_improve(st: CkState, seat: int, action: Improve) -> list[Event]:
    return improve(st, seat, action.track)


def legal_metropolis(st: CkState, seat: int) -> tuple[Action, ...]:
    return tuple([CHOOSE[c] for c in free_cities(st, seat)])


def why_metropolis(st: CkState, seat: int, action: ChooseCorner) -> str | None:
    if action.corner not in free_cities(st, seat):
        return f"corner {action.corner} is not a city of seat {seat} without a metropolis (cities_and_knights.md §6.5)"
    return None


def apply_metropolis(st: CkState, seat: int, action: ChooseCorner) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, MetropolisCity)
    return place_metropolis(st, seat, top.track, action.corner)
