"""The roll (cities_and_knights.md §4.1 steps 2-4): red, yellow and event dice; the event first, then
production with commodities (§5.1) and the Aqueduct (§6.4), or the 7 (§5.2, §5.3).

The three dice are drawn from the ``dice`` stream in that order on every roll, so two matches on one
seed see the same dice whatever is played; the Alchemist's chosen values replace the red and yellow
draws (§2.9), and in the easy start of V4 a 7 is drawn again and the event die is not used (§1.5).

After the roll the rest of the sequence is kept on the stack (``Resume`` frames, see
:mod:`engine.games.catan_ck.decisions`): the attack or the gate draws, then production.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.decisions import ROBBER_FRAMES, TRADE_BUILD, TURN_FRAMES
from engine.games.catan.rules.dice import SEAT_KEYS
from engine.games.catan.tables import MAX_SEATS
from engine.games.catan_ck.actions import CHOOSE_KIND, PASS, ChooseKind
from engine.games.catan_ck.decisions import AqueductAsk, DiscardCards, Resume, resume
from engine.games.catan_ck.tables import (
    ABILITY_LEVEL,
    CITY_YIELD,
    DISCARD_LIMIT,
    EVENT_FACES,
    EVENT_NAMES,
    KIND_NAMES,
    SHIP,
    WALL_BONUS,
    WALLS,
    Track,
)

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan_ck.state import CkState

PRODUCTION = Resume((), "production")
ATTACK = Resume((), "attack")
SCIENCE = int(Track.SCIENCE)

YIELDS: dict[int, tuple[tuple[tuple[int, int], ...], ...]] = {
    int(r): ((), ((int(r), 1),), CITY_YIELD[r]) for r in CITY_YIELD
}
"""``YIELDS[resource][level]``: the ``(kind, count)`` paid to a settlement (level 1) or a city (level 2)
on a hex of that resource (§5.1)."""


TURN_ORDERS = tuple(
    tuple(tuple((f + i) % n for i in range(n)) for f in range(n)) for n in range(MAX_SEATS + 1)
)
"""``TURN_ORDERS[n][first]``: the seats of an ``n``-seat match clockwise from ``first``."""


def turn_order(st: CkState, first: int) -> tuple[int, ...]:
    """Every seat, clockwise from ``first``."""
    return TURN_ORDERS[st.n][first]


def is_easy_turn(st: CkState) -> bool:
    """V4 (§1.5, §11.27): each seat's first two turns."""
    return st.game.easy_start and st.turn <= 2 * st.n


def apply_roll(
    st: CkState, seat: int, action: Action | None = None, chosen: tuple[int, int] | None = None
) -> list[Event]:
    """Roll the three dice (``chosen``: the Alchemist's red and yellow) and queue the rest of the roll."""
    stream = st.rng.stream("dice")
    red, yellow, event = stream.dice(3)
    below = stream.below  # below(6) + 1 is the stream's die()
    easy = st.game.easy_start and st.turn <= 2 * st.n  # is_easy_turn
    if chosen is not None:
        red, yellow = chosen
    elif easy:
        while red + yellow == 7:
            red, yellow = below(6) + 1, below(6) + 1
    st.dice = [red, yellow, 0 if easy else event]
    st.rolled = red + yellow
    st.decisions[-1] = TURN_FRAMES[TRADE_BUILD][seat]
    data: dict[str, object] = {"seat": seat, "red": red, "yellow": yellow, "sum": red + yellow}
    if not easy:
        data["event"] = EVENT_NAMES[event - 1]
    events = [Event("dice", data, None, (), chosen is None)]  # chance: the dice were drawn
    st.decisions.append(PRODUCTION)
    if easy:
        return events
    face = EVENT_FACES[event - 1]
    if face == SHIP:
        st.ship += 1
        events.append(Event("barbarians", {"ship": st.ship, "track": st.game.barbarian_track}))
        if st.ship >= st.game.barbarian_track:
            st.decisions.append(ATTACK)
    else:
        for levels in st.improvements:
            if levels[face]:  # nobody at level 0 draws (§4.3)
                st.decisions.append(resume("draws", (face, *TURN_ORDERS[st.n][seat])))
                break
    return events


def hand_limit(st: CkState, seat: int) -> int:
    """§5.2: 7 + 2 per city wall of the seat on the board."""
    return DISCARD_LIMIT + WALL_BONUS * (WALLS - st.walls_left[seat])


def stage_production(st: CkState, data: tuple[int, ...]) -> list[Event]:
    """§4.1 step 4: production and the Aqueduct, or on a 7 the discards and (when active) the robber."""
    total = st.rolled
    active = st.active
    if total == 7:
        if st.robber_active:
            st.decisions.append(ROBBER_FRAMES[active])
        owed = [0] * st.n
        walls_left = st.walls_left
        for s, hand in enumerate(st.hands):
            held = sum(hand)
            if held > DISCARD_LIMIT + WALL_BONUS * (WALLS - walls_left[s]):  # hand_limit
                owed[s] = held // 2
        pending = tuple([s for s in range(st.n) if owed[s]])
        if not pending:
            return []
        st.decisions.append(DiscardCards(pending, tuple(owed), "seven"))
        return [Event("must_discard", {"owed": {str(s): owed[s] for s in pending}})]
    events, got = produce(st, total)
    science = SCIENCE
    for levels in st.improvements:
        if levels[science] >= ABILITY_LEVEL:
            break
    else:
        return events  # nobody has the Aqueduct
    if any(st.bank[:5]):
        askers = tuple(
            s for s in turn_order(st, active) if st.improvements[s][science] >= ABILITY_LEVEL and s not in got
        )
        if askers:
            st.decisions.append(AqueductAsk((askers[0],), askers[1:]))
    return events


def produce(st: CkState, total: int) -> tuple[list[Event], set[int]]:
    """Pay every building on the hexes with token ``total`` (§5.1; the base shortage rule per kind);
    also the seats that received at least one card."""
    level = st.level
    owner = st.owner
    robber = st.robber
    n = st.n
    owed: dict[int, list[int]] = {}
    for h, r, corners in st.board.roll_sites[total]:
        if h == robber:
            continue
        for c in corners:
            lv = level[c]
            if not lv:
                continue
            for kind, k in YIELDS[r][lv]:
                row = owed.get(kind)
                if row is None:
                    row = owed[kind] = [0] * n
                row[owner[c]] += k
    if not owed:
        return [], set()
    bank = st.bank
    hands = st.hands
    paid: dict[str, dict[str, int]] = {}
    withheld: list[str] = []
    got: set[int] = set()
    for kind in sorted(owed) if len(owed) > 1 else owed:
        row = owed[kind]
        if sum(row) > bank[kind]:
            if n - row.count(0) > 1:
                withheld.append(KIND_NAMES[kind])
                continue
            row = [bank[kind] if k else 0 for k in row]
        name = KIND_NAMES[kind]
        for s, k in enumerate(row):
            if k:
                hands[s][kind] += k
                bank[kind] -= k
                got.add(s)
                seen = paid.get(SEAT_KEYS[s])
                if seen is None:
                    paid[SEAT_KEYS[s]] = {name: k}
                else:
                    seen[name] = k
    data: dict[str, object] = {"paid": paid}
    if withheld:
        data["shortage"] = withheld
    return [Event("produce", data)], got


def legal_aqueduct(st: CkState, seat: int) -> tuple[Action, ...]:
    """§6.4: one resource the supply holds, or pass."""
    return (PASS, *(CHOOSE_KIND[r] for r in range(5) if st.bank[r]))


def why_aqueduct(st: CkState, seat: int, action: Action) -> str | None:
    if isinstance(action, ChooseKind):
        if action.kind >= 5:
            return "the Aqueduct gives a resource, never a commodity (cities_and_knights.md §11.17)"
        if not st.bank[action.kind]:
            return f"the supply has no {KIND_NAMES[action.kind]} (cities_and_knights.md §11.17)"
    return None


def apply_aqueduct(st: CkState, seat: int, action: Action) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, AqueductAsk)
    events: list[Event] = []
    if isinstance(action, ChooseKind):
        st.bank[action.kind] -= 1
        st.hands[seat][action.kind] += 1
        events.append(Event("aqueduct", {"seat": seat, "card": KIND_NAMES[action.kind]}))
    rest = tuple(s for s in top.rest if any(st.bank[:5]))
    if rest:
        st.decisions.append(AqueductAsk((rest[0],), rest[1:]))
    return events
