"""Captain phase: compulsory loading, wharf, harbor, the Captain's +1, storage, emptying full ships.

puerto_rico.md §5.6, §3.4 and §9 DP-CAP1/DP-CAP2.

Loading (DP-CAP1): one kind onto one ship per turn, as many barrels as fit; a kind already aboard a ship
may only go on that ship; otherwise on an empty ship that takes the most of it. A seat with a ship load
must load (ship or wharf); a seat with only wharf loads may pass; a seat with nothing is skipped. Loading
ends after N consecutive turns without a load (A3). Each barrel is 1 VP, +1 for the Captain's first load
(wharf included, A14), +1 per load with an occupied harbor; the chip supply may go negative and reaching
0 fires the end trigger (§6, A17).

Storage (DP-CAP2, A15) runs as small steps: ``warehouse KIND`` once per warehouse slot, then
``keep KIND`` for the one barrel; steps with a single outcome are applied automatically, and a seat that
can keep everything keeps everything. Finally every full ship is emptied (A2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.events import Event
from engine.games.puerto_rico.actions import (
    KEEP,
    PASS,
    SHIP,
    WAREHOUSE,
    WHARF,
    Keep,
    Pass,
    Ship,
    Warehouse,
    Wharf,
)
from engine.games.puerto_rico.buildings import warehouse_kinds
from engine.games.puerto_rico.decisions import SEAT, CaptainTurn, StorageTurn
from engine.games.puerto_rico.round import finish_phase
from engine.games.puerto_rico.tables import GOOD_NAMES, NO_GOOD, Building

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.puerto_rico.state import PuertoRicoState

_GOODS = range(5)
_SHIPS = range(3)


def start(st: PuertoRicoState, chooser: int) -> list[Event]:
    """The Captain loads first (§5.6)."""
    st.captain_bonus = 0
    st.wharf_used = 0
    return _advance(st, chooser, chooser, 0)


def _can_wharf(st: PuertoRicoState, seat: int) -> bool:
    return st.city[seat][Building.WHARF] > 0 and not st.wharf_used >> seat & 1


def _advance(st: PuertoRicoState, seat: int, chooser: int, idle: int) -> list[Event]:
    """Find the next seat with an option, skipping the rest; N idle turns end loading (A3)."""
    n = st.n
    while idle < n:
        if any(st.goods[seat]) and (_can_wharf(st, seat) or bool(ship_loads(st, seat))):
            st.decisions.append(CaptainTurn(SEAT[seat], chooser, idle))
            return []
        idle += 1
        seat = (seat + 1) % n
    return _storage(st, chooser, chooser)


def ship_loads(st: PuertoRicoState, seat: int) -> list[Action]:
    """Every legal ship load of ``seat`` in good order, then ship capacity (§5.6)."""
    goods = st.goods[seat]
    kinds = st.ship_kind
    caps = st.ship_cap
    loads: list[Action] = []
    for g in _GOODS:
        held = goods[g]
        if not held:
            continue
        if g in kinds:
            i = kinds.index(g)
            if st.ship_count[i] < caps[i]:
                loads.append(SHIP[g][caps[i]])  # type: ignore[arg-type]
            continue
        best = 0
        for i in _SHIPS:
            if kinds[i] == NO_GOOD:
                fit = held if held < caps[i] else caps[i]
                best = fit if fit > best else best
        if best:
            for i in _SHIPS:
                if kinds[i] == NO_GOOD and (held if held < caps[i] else caps[i]) == best:
                    loads.append(SHIP[g][caps[i]])  # type: ignore[arg-type]
    return loads


def legal_load(st: PuertoRicoState, dec: CaptainTurn) -> tuple[Action, ...]:
    """DP-CAP1: ship loads, then wharf loads; pass only when no ship load exists (A3)."""
    seat = dec.seats[0]
    loads = ship_loads(st, seat)
    if _can_wharf(st, seat):
        goods = st.goods[seat]
        wharfs: list[Action] = [WHARF[g] for g in _GOODS if goods[g]]
        return (*loads, *wharfs) if loads else (*wharfs, PASS)
    return tuple(loads) if loads else (PASS,)


def _score_load(st: PuertoRicoState, seat: int, chooser: int, barrels: int) -> int:
    gain = barrels
    if seat == chooser and not st.captain_bonus:
        st.captain_bonus = 1
        gain += 1
    if st.city[seat][Building.HARBOR] > 0:
        gain += 1
    st.vp[seat] += gain
    st.vp_supply -= gain
    return gain


def apply_load(st: PuertoRicoState, seat: int, action: Action, dec: CaptainTurn) -> list[Event]:
    """Load, score, and move on; a pass counts as a turn without a load."""
    del st.decisions[1:]
    following = (seat + 1) % st.n
    if type(action) is Ship:
        kind = int(action.kind)
        i = st.ship_cap.index(action.capacity)
        barrels = min(st.goods[seat][kind], st.ship_cap[i] - st.ship_count[i])
        st.ship_kind[i] = kind
        st.ship_count[i] += barrels
        where = str(action.capacity)
    elif type(action) is Wharf:
        kind = int(action.kind)
        barrels = st.goods[seat][kind]
        st.goods_supply[kind] += barrels
        st.wharf_used |= 1 << seat
        where = "wharf"
    else:
        return _advance(st, following, dec.chooser, dec.idle + 1)
    st.goods[seat][kind] -= barrels
    gain = _score_load(st, seat, dec.chooser, barrels)
    events = [
        Event("ship", {"seat": seat, "good": GOOD_NAMES[kind], "barrels": barrels, "on": where, "vp": gain})
    ]
    if st.vp_supply <= 0 and not st.end_triggered:
        st.end_triggered = True
        events.append(Event("end_trigger", {"reason": "vp_chips"}))
    return events + _advance(st, following, dec.chooser, 0)


# -- storage ---------------------------------------------------------------------------------------------


def _storage(st: PuertoRicoState, seat: int, chooser: int) -> list[Event]:
    """Storage for each seat from ``seat`` on, stopping at the first real choice."""
    while True:
        if _storage_step(st, seat, chooser, 0):
            return []
        seat = (seat + 1) % st.n
        if seat == chooser:
            return _finish(st)


def _rest(st: PuertoRicoState, seat: int, kept: int) -> list[int]:
    goods = st.goods[seat]
    return [g for g in _GOODS if goods[g] and not kept >> g & 1]


def _storage_step(st: PuertoRicoState, seat: int, chooser: int, kept: int) -> bool:
    """Resolve what is forced; push a :class:`StorageTurn` and return True when a choice remains."""
    goods = st.goods[seat]
    rest = _rest(st, seat, kept)
    slots = warehouse_kinds(st, seat) - kept.bit_count()
    if len(rest) <= slots:
        return False
    if len(rest) == slots + 1 and sum(1 for g in rest if goods[g] > 1) <= slots:
        return False  # every barrel fits: the maximal keep is unique
    if slots == 0 and len(rest) == 1:
        _keep_one(st, seat, rest, rest[0])
        return False
    st.decisions.append(StorageTurn(SEAT[seat], chooser, kept))
    return True


def _keep_one(st: PuertoRicoState, seat: int, rest: list[int], kind: int) -> None:
    """Keep one barrel of ``kind``; every other barrel in ``rest`` goes back to the supply."""
    goods = st.goods[seat]
    for g in rest:
        lost = goods[g] - 1 if g == kind else goods[g]
        goods[g] -= lost
        st.goods_supply[g] += lost


def legal_store(st: PuertoRicoState, dec: StorageTurn) -> tuple[Action, ...]:
    """DP-CAP2: a kind for the next warehouse slot, or the kind of the one kept barrel."""
    seat = dec.seats[0]
    rest = _rest(st, seat, dec.kept)
    if warehouse_kinds(st, seat) > dec.kept.bit_count():
        return tuple([WAREHOUSE[g] for g in rest])
    return tuple([KEEP[g] for g in rest])


def apply_store(st: PuertoRicoState, seat: int, action: Action, dec: StorageTurn) -> list[Event]:
    """Warehouse a kind or keep one barrel; the rest returns to the supply (§5.6)."""
    del st.decisions[1:]
    events: list[Event] = []
    if type(action) is Warehouse:
        events.append(Event("warehouse", {"seat": seat, "good": GOOD_NAMES[action.kind]}))
        if _storage_step(st, seat, dec.chooser, dec.kept | 1 << action.kind):
            return events
    elif type(action) is Keep:
        _keep_one(st, seat, _rest(st, seat, dec.kept), int(action.kind))
        events.append(Event("keep", {"seat": seat, "good": GOOD_NAMES[action.kind]}))
    following = (seat + 1) % st.n
    if following == dec.chooser:
        return events + _finish(st)
    return events + _storage(st, following, dec.chooser)


def _finish(st: PuertoRicoState) -> list[Event]:
    """Empty every full ship into the supply (A2); partial ships keep their cargo."""
    emptied: list[int] = []
    for i in _SHIPS:
        if st.ship_count[i] == st.ship_cap[i]:
            st.goods_supply[st.ship_kind[i]] += st.ship_count[i]
            st.ship_kind[i] = NO_GOOD
            st.ship_count[i] = 0
            emptied.append(st.ship_cap[i])
    st.captain_bonus = 0
    st.wharf_used = 0
    events = [Event("ships_emptied", {"ships": emptied})] if emptied else []
    return events + finish_phase(st)


def explain(st: PuertoRicoState, seat: int, action: Action, dec: Any) -> str | None:
    """Rule-naming reasons for refused Captain actions."""
    if type(action) is Ship:
        name = GOOD_NAMES[action.kind]
        if not st.goods[seat][action.kind]:
            return f"seat {seat} has no {name} (puerto_rico.md §5.6)"
        if action.capacity not in st.ship_cap:
            return f"there is no cargo ship of capacity {action.capacity} (puerto_rico.md §2.2)"
        i = st.ship_cap.index(action.capacity)
        if action.kind in st.ship_kind and st.ship_kind[i] != action.kind:
            other = st.ship_cap[st.ship_kind.index(action.kind)]
            return f"{name} is already on the ship of capacity {other}; a kind may be on one ship only (puerto_rico.md §5.6)"
        if st.ship_kind[i] not in (NO_GOOD, action.kind):
            return f"the ship of capacity {action.capacity} carries another kind (puerto_rico.md §5.6)"
        if st.ship_count[i] >= st.ship_cap[i]:
            return f"the ship of capacity {action.capacity} is full (puerto_rico.md §5.6)"
        return "an empty ship must be the one that takes the most of the kind (puerto_rico.md §5.6)"
    if type(action) is Wharf:
        return "needs an occupied wharf not used this phase and a barrel of the kind (puerto_rico.md §3.4)"
    if type(action) is Pass:
        return "loading is compulsory while a ship load exists (puerto_rico.md §5.6, §8 A3)"
    return None


def explain_store(st: PuertoRicoState, seat: int, action: Action, dec: Any) -> str | None:
    """Rule-naming reasons for refused storage steps."""
    if type(action) is Warehouse:
        return (
            "a warehouse keeps a kind the seat holds and has not warehoused yet, while an occupied"
            " warehouse slot is free (puerto_rico.md §3.4, §8 A15)"
        )
    if type(action) is Keep:
        return "the one kept barrel comes after the warehouse slots, from a kind held and not warehoused (puerto_rico.md §5.6, §8 A15)"
    return None


LEGAL: dict[type, Any] = {CaptainTurn: legal_load, StorageTurn: legal_store}
APPLY: dict[type, Any] = {CaptainTurn: apply_load, StorageTurn: apply_store}
EXPLAIN: dict[type, Any] = {CaptainTurn: explain, StorageTurn: explain_store}
