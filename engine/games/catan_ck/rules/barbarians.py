"""The barbarian attack (cities_and_knights.md §8, §11.11-§11.13; V2 of §1.5).

Barbarian strength is the number of cities on the board, metropolises included; Catan's is the sum of
the active knights' levels (under V2 only the declared knights, named one seat at a time in turn order
from the active seat). If Catan holds (D >= B), the one strongest seat takes a Defender of Catan card
(1 VP; counted on once the six are gone); tied strongest seats each draw a progress card from a deck of
their choice, in turn order; nobody with strength 0 is rewarded. Otherwise every seat with a city
without a metropolis and the least strength among such seats loses one such city of its choice (all
choosing at once): it becomes a settlement (even with no settlement piece left) and its wall is lost.
After every attack the ship returns to the start, the knights that took part turn inactive and the
robber is active from then on.
"""

from __future__ import annotations

import functools
from itertools import combinations
from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan_ck.actions import CHOOSE_DECK, ChooseCorner, ChooseDeck, Defend, defend
from engine.games.catan_ck.decisions import Declare, Pillage, Resume, TieReward
from engine.games.catan_ck.rules import progress
from engine.games.catan_ck.rules.dice import turn_order
from engine.games.catan_ck.rules.improvements import free_cities
from engine.games.catan_ck.rules.knights import CHOOSE, deactivate_all, knights_of
from engine.games.catan_ck.tables import TRACK_NAMES

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan_ck.state import CkState

DECLARED = 1
"""First item of the ``attack`` stage's data once V2 declarations are in (the corners follow)."""


def active_knights(st: CkState, seat: int) -> list[int]:
    return [c for c in knights_of(st, seat) if st.k_active[c]]


def stage_attack(st: CkState, data: tuple[int, ...]) -> list[Event]:
    """The ship reached Catan: ask the V2 declarations, or resolve the attack."""
    if data and data[0] == DECLARED:
        return resolve(st, list(data[1:]))
    if not st.game.declared_defenders:
        return resolve(st, [c for c in range(len(st.k_owner)) if st.k_owner[c] >= 0 and st.k_active[c]])
    seats = tuple([s for s in turn_order(st, st.active) if active_knights(st, s)])
    if not seats:
        return resolve(st, [])
    st.decisions.append(Declare((seats[0],), seats[1:], ()))
    return []


def legal_declare(st: CkState, seat: int) -> tuple[Action, ...]:
    """V2: every subset of the seat's active knights (none and all included)."""
    return _declarations(tuple(active_knights(st, seat)))


@functools.lru_cache(maxsize=4096)
def _declarations(mine: tuple[int, ...]) -> tuple[Action, ...]:
    """:func:`legal_declare` of these active knights (ascending), kept: up to 64 subsets per attack."""
    return tuple(defend(list(sub)) for k in range(len(mine) + 1) for sub in combinations(mine, k))


def why_declare(st: CkState, seat: int, action: Defend) -> str | None:
    mine = set(active_knights(st, seat))
    named = [c for c in action.corners if c >= 0]
    if len(set(named)) != len(named) or not set(named) <= mine:
        return (
            f"seat {seat} may declare only its own active knights, each once (cities_and_knights.md §1.5 V2)"
        )
    return None


def apply_declare(st: CkState, seat: int, action: Defend) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, Declare)
    named = tuple([c for c in action.corners if c >= 0])
    declared = top.declared + named
    if top.rest:
        st.decisions.append(Declare((top.rest[0],), top.rest[1:], declared))
    else:
        st.decisions.append(Resume((), "attack", (DECLARED, *declared)))
    return [Event("declare", {"seat": seat, "knights": list(named)})]


def resolve(st: CkState, defenders: list[int]) -> list[Event]:
    """§8.2-§8.5 with the defending knights on ``defenders``."""
    n = st.n
    level = st.level
    barbarians = level.count(2)  # the cities on the board
    power = [0] * n
    for c in defenders:
        power[st.k_owner[c]] += st.k_level[c]
    catan = sum(power)
    deactivate_all(st, defenders)
    st.ship = 0
    st.attacks += 1
    first = not st.robber_active
    st.robber_active = True
    data: dict[str, object] = {"barbarians": barbarians, "knights": catan, "strength": power, "first": first}
    events: list[Event] = []
    order = turn_order(st, st.active)
    if catan >= barbarians:
        best = max(power)
        leaders = [s for s in order if power[s] == best] if best >= 1 else []
        data["outcome"] = "defended"
        events.append(Event("attack", data))
        if len(leaders) == 1:
            st.defenders[leaders[0]] += 1
            events.append(Event("defender", {"seat": leaders[0], "cards": st.defenders[leaders[0]]}))
        elif leaders:
            events += _ask_tie(st, tuple(leaders))
        return events
    eligible = [s for s in order if free_cities(st, s)]
    data["outcome"] = "pillaged"
    events.append(Event("attack", data))
    if not eligible:
        return events
    least = min(power[s] for s in eligible)
    choosers: list[int] = []
    for s in eligible:
        if power[s] != least:
            continue
        cities = free_cities(st, s)
        if len(cities) == 1:
            events += pillage(st, s, cities[0])
        else:
            choosers.append(s)
    if choosers:
        st.decisions.append(Pillage(tuple(sorted(choosers))))
    return events


def pillage(st: CkState, seat: int, corner: int) -> list[Event]:
    """§8.3 step 4: the city on ``corner`` becomes a settlement; its wall is lost (§9.1, §11.13)."""
    st.level[corner] = 1
    st.cities_left[seat] += 1
    st.settlements_left[seat] -= 1
    st.building_vp[seat] -= 1
    wall = bool(st.walls[corner])
    if wall:
        st.walls[corner] = 0
        st.walls_left[seat] += 1
    return [Event("pillage", {"seat": seat, "corner": corner, "wall": wall})]


def legal_pillage(st: CkState, seat: int) -> tuple[Action, ...]:
    return tuple([CHOOSE[c] for c in free_cities(st, seat)])


def why_pillage(st: CkState, seat: int, action: ChooseCorner) -> str | None:
    if action.corner not in free_cities(st, seat):
        return f"corner {action.corner} is not a city of seat {seat} without a metropolis (cities_and_knights.md §8.3, §11.13)"
    return None


def apply_pillage(st: CkState, seat: int, action: ChooseCorner) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, Pillage)
    left = tuple(s for s in top.seats if s != seat)
    if left:
        st.decisions.append(Pillage(left))
    return pillage(st, seat, action.corner)


def _ask_tie(st: CkState, seats: tuple[int, ...]) -> list[Event]:
    if not any(st.decks):
        return [Event("tie_reward", {"seats": list(seats), "drawn": False})]
    st.decisions.append(TieReward((seats[0],), seats[1:]))
    return []


def legal_tie(st: CkState, seat: int) -> tuple[Action, ...]:
    return tuple(CHOOSE_DECK[t] for t in range(3) if st.decks[t])


def why_tie(st: CkState, seat: int, action: ChooseDeck) -> str | None:
    if not st.decks[action.track]:
        return f"the {TRACK_NAMES[action.track]} deck is empty; choose another (cities_and_knights.md §8.4, §11.28)"
    return None


def apply_tie(st: CkState, seat: int, action: ChooseDeck) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, TieReward)
    events: list[Event] = []
    if top.rest:
        events += _ask_tie(st, top.rest)
    return events + progress.draw(st, seat, action.track)
