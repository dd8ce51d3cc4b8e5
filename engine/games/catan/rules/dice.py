"""The roll and production (catan.md §5.3), and what a 7 sets in motion (§5.4).

Production pays 1 card per settlement and 2 per city on every hex with the rolled token except the
robber's. The bank shortage rule is applied per resource (§9.2): if the supply cannot pay everyone owed
that resource, nobody gets it, unless only one seat is owed it, who then takes what is left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.decisions import DiscardHalf, PlaceRobber, TurnPhase
from engine.games.catan.tables import DISCARD_LIMIT, RESOURCE_NAMES

if TYPE_CHECKING:
    from engine.games.catan.state import CatanState


def apply_roll(st: CatanState, seat: int) -> list[Event]:
    """Roll two dice from the ``dice`` stream; produce, or start the 7 sequence."""
    dice = st.rng.stream("dice")
    d1, d2 = dice.die(), dice.die()
    total = d1 + d2
    st.rolled = total
    st.decisions[-1] = TurnPhase((seat,), st.phases[1])
    events = [Event("dice", {"seat": seat, "dice": [d1, d2], "sum": total}, chance=True)]
    if total == 7:
        st.decisions.append(PlaceRobber((seat,)))
        owed = [len_hand // 2 if len_hand > DISCARD_LIMIT else 0 for len_hand in map(sum, st.hands)]
        pending = tuple(s for s in range(st.n) if owed[s])
        if pending:
            st.decisions.append(DiscardHalf(pending, tuple(owed)))
            events.append(Event("must_discard", {"owed": {str(s): owed[s] for s in pending}}))
        return events
    return events + produce(st, total)


def produce(st: CatanState, total: int) -> list[Event]:
    """Pay every building on the hexes with token ``total`` (catan.md §5.3)."""
    board = st.board
    owner = st.owner
    level = st.level
    n = st.n
    owed = [[0] * 5 for _ in range(n)]
    any_owed = False
    hex_corners = board.topology.hex_corners
    robber = st.robber
    for h in board.roll_hexes[total]:
        if h == robber:
            continue
        r = board.hex_resource[h]
        for c in hex_corners[h]:
            if level[c]:
                owed[owner[c]][r] += level[c]
                any_owed = True
    if not any_owed:
        return []
    bank = st.bank
    hands = st.hands
    paid: dict[str, dict[str, int]] = {}
    withheld: list[str] = []
    for r in range(5):
        need = 0
        takers = 0
        for s in range(n):
            if owed[s][r]:
                need += owed[s][r]
                takers += 1
        if not need:
            continue
        if need > bank[r]:
            if takers > 1:
                withheld.append(RESOURCE_NAMES[r])
                continue
            for s in range(n):  # one seat owed: it takes what is left (catan.md §9.2)
                if owed[s][r]:
                    owed[s][r] = bank[r]
        for s in range(n):
            k = owed[s][r]
            if k:
                hands[s][r] += k
                bank[r] -= k
                paid.setdefault(str(s), {})[RESOURCE_NAMES[r]] = k
    data: dict[str, object] = {"paid": paid}
    if withheld:
        data["shortage"] = withheld
    return [Event("produce", data)]
