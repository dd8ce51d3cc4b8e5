"""The roll and production (catan.md §5.3), and what a 7 sets in motion (§5.4).

Production pays 1 card per settlement and 2 per city on every hex with the rolled token except the
robber's. The bank shortage rule is applied per resource (§9.2): if the supply cannot pay everyone owed
that resource, nobody gets it, unless only one seat is owed it, who then takes what is left. A jungle
pays discovery tokens after the resource cards (seafarers.md §7.3). In the
Helpers scenario the roll may ask the holder of Marianne (after production) or Sean (on a 7, before
the discards), see :mod:`.helpers`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.decisions import ROBBER_FRAMES, TURN_FRAMES, DiscardHalf
from engine.games.catan.rules import helpers, jungle
from engine.games.catan.tables import DISCARD_LIMIT, MAX_SEATS, RESOURCE_NAMES

SEAT_KEYS = tuple(str(s) for s in range(MAX_SEATS))
"""Seat ids as the string keys of event data."""

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan.state import CatanState


def apply_roll(st: CatanState, seat: int, action: Action | None = None) -> list[Event]:
    """Roll two dice from the ``dice`` stream; produce, or start the 7 sequence."""
    dice = st.rng.stream("dice")
    d1 = dice.die()
    d2 = dice.die()
    total = d1 + d2
    st.rolled = total
    st.decisions[-1] = TURN_FRAMES[st.phases[1]][seat]
    events = [Event("dice", {"seat": seat, "dice": [d1, d2], "sum": total}, None, (), True)]
    if total == 7:
        st.decisions.append(ROBBER_FRAMES[seat])
        owed = [len_hand // 2 if len_hand > DISCARD_LIMIT else 0 for len_hand in map(sum, st.hands)]
        if st.helpers_on and helpers.on_seven(st, owed):
            return events  # Sean's holder chooses before the discards are collected (catan.md §7.5)
        pending = tuple(s for s in range(st.n) if owed[s])
        if pending:
            st.decisions.append(DiscardHalf(pending, tuple(owed)))
            events.append(Event("must_discard", {"owed": {str(s): owed[s] for s in pending}}))
        return events
    paid = produce(st, total)
    if st.helpers_on:
        helpers.after_production(st, paid[0].data["paid"] if paid else {})
    if st.board.discovery_sites[total]:
        paid += jungle.produce(st, total)
    return events + paid


def produce(st: CatanState, total: int) -> list[Event]:
    """Pay every building on the hexes with token ``total`` (catan.md §5.3)."""
    level = st.level
    owner = st.owner
    robber = st.robber
    owed: dict[int, list[int]] = {}
    for h, r, corners in st.board.roll_sites[total]:
        if h == robber:
            continue
        row = None
        for c in corners:
            lv = level[c]
            if lv:
                if row is None:
                    row = owed.get(r)
                    if row is None:
                        row = owed[r] = [0] * st.n
                row[owner[c]] += lv
    if not owed:
        return []
    bank = st.bank
    hands = st.hands
    paid: dict[str, dict[str, int]] = {}
    withheld: list[str] = []
    for r in sorted(owed) if len(owed) > 1 else owed:
        row = owed[r]
        if sum(row) > bank[r]:
            if len(row) - row.count(0) > 1:
                withheld.append(RESOURCE_NAMES[r])
                continue
            row = [bank[r] if k else 0 for k in row]  # one seat owed: it takes what is left (§9.2)
        name = RESOURCE_NAMES[r]
        for s, k in enumerate(row):
            if k:
                hands[s][r] += k
                bank[r] -= k
                got = paid.get(SEAT_KEYS[s])
                if got is None:
                    paid[SEAT_KEYS[s]] = {name: k}
                else:
                    got[name] = k
    data: dict[str, object] = {"paid": paid}
    if withheld:
        data["shortage"] = withheld
    return [Event("produce", data)]
