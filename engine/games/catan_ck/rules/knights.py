"""Knights (cities_and_knights.md §7, §11.6-§11.8): build, activate, promote, move, displace, chase.

A knight stands on a corner (one piece per corner, buildings included) and has a level 1-3, an active
flag and the turns it was last activated and promoted (§7.1). Building needs a free corner touching an
own road and a basic token (§7.2, §11.29); activation costs 1 grain (§7.3); promotion 1 wool + 1 ore,
once per knight per turn, strong to mighty only with politics 3 (the Fortress, §7.4).

An action needs an active knight not activated this turn, and leaves it inactive (§7.5). Paths run
along the owner's roads; a corner on the way must be empty or hold the owner's own piece (§11.6). A
move ends on a free corner; a displacement on a strictly weaker opponent knight, which its owner then
moves to a free corner reachable from there along its own roads, or loses to its supply (§7.5 b,
§11.8); a chase needs the active robber on a hex next to the knight (§7.5 c). Every change of a knight's
corner re-measures the routes of the other seats' roads there, and a displacement also the displacer's
own roads on the corner the weaker knight left (§7.6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.rules.scoring import update_longest_road
from engine.games.catan.tables import MAX_CORNERS
from engine.games.catan_ck.actions import (
    Activate,
    BuildKnight,
    Chase,
    ChooseCorner,
    Displace,
    MoveKnight,
    Promote,
)
from engine.games.catan_ck.decisions import KnightRobber, Relocate
from engine.games.catan_ck.rules.hand import pay, why_unaffordable
from engine.games.catan_ck.tables import (
    ABILITY_LEVEL,
    ACTIVATE_COST,
    KNIGHT_COST,
    KNIGHT_NAMES,
    Track,
)

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan_ck.state import CkState

BUILD = tuple(BuildKnight(c) for c in range(MAX_CORNERS))
ACTIVATE = tuple(Activate(c) for c in range(MAX_CORNERS))
PROMOTE = tuple(Promote(c) for c in range(MAX_CORNERS))
CHASE = tuple(Chase(c) for c in range(MAX_CORNERS))
CHOOSE = tuple(ChooseCorner(c) for c in range(MAX_CORNERS))

_MOVE_ROWS: dict[int, list[MoveKnight | None]] = {}
"""``_MOVE_ROWS[src][dst]``: ``MoveKnight(src, dst)`` kept for :func:`legal_knights`, made on first use
(the class call would run the frozen ``__init__`` again)."""


POLITICS = int(Track.POLITICS)

ACTED = "the knight was activated this turn and cannot act until a later turn (cities_and_knights.md §7.3)"


def knights_of(st: CkState, seat: int) -> list[int]:
    """Corners of the seat's knights, ascending (the state's own list: do not change it)."""
    return st.k_corners[seat]


def strength(st: CkState, seat: int) -> int:
    """§7.7: the levels of the seat's active knights."""
    k_owner, k_level, k_active = st.k_owner, st.k_level, st.k_active
    return sum(k_level[c] for c in range(len(k_owner)) if k_owner[c] == seat and k_active[c])


def knight_spots(st: CkState, seat: int) -> list[int]:
    """§7.2: free corners (no building, no knight) touching one of the seat's roads."""
    occupant = st.occupant
    edge_corners = st.board.topology.edge_corners
    spots = {c for e in st.roads_of[seat] for c in edge_corners[e] if occupant[c] < 0}
    return sorted(spots)


def reachable(st: CkState, seat: int, start: int) -> tuple[list[int], list[int]]:
    """Corners reached from ``start`` along the seat's roads (§11.6): the free ones, and those holding
    another seat's piece (where a path ends); corners on the way hold nothing or the seat's own piece."""
    free, held, _ = network(st, seat, start)
    return free, held


def network(st: CkState, seat: int, start: int) -> tuple[list[int], list[int], list[int]]:
    """:func:`reachable`, and the corners holding the seat's own pieces passed on the way: from any of
    those (a corner of the seat's own piece, as ``start`` of a knight is) the same corners are reached."""
    topo = st.board.topology
    corner_edges, edge_corners = topo.corner_edges, topo.edge_corners
    road_owner, occupant = st.road_owner, st.occupant
    seen = {start}
    frontier = [start]
    free: list[int] = []
    held: list[int] = []
    own: list[int] = []
    while frontier:
        c = frontier.pop()
        for e in corner_edges[c]:
            if road_owner[e] != seat:
                continue
            a, b = edge_corners[e]
            d = b if a == c else a
            if d in seen:
                continue
            seen.add(d)
            o = occupant[d]
            if o < 0:
                free.append(d)
                frontier.append(d)
            elif o == seat:
                frontier.append(d)
                own.append(d)
            else:
                held.append(d)
    free.sort()
    held.sort()
    return free, held, own


def can_act(st: CkState, corner: int) -> bool:
    """§7.5: active and not activated this turn."""
    return bool(st.k_active[corner]) and st.k_since[corner] != st.turn


def can_promote(st: CkState, seat: int, corner: int) -> bool:
    """§7.4: below mighty, a token of the next level left, not promoted this turn, the Fortress for
    strong to mighty."""
    lv = st.k_level[corner]
    if lv >= 3 or st.k_promoted[corner] == st.turn or not st.k_supply[seat][lv]:
        return False
    return lv == 1 or st.improvements[seat][POLITICS] >= ABILITY_LEVEL


def robber_next_to(st: CkState, corner: int) -> bool:
    return st.robber_active and st.robber in st.board.topology.corner_hexes[corner]


def legal_chases(st: CkState, seat: int, out: list[Action]) -> None:
    """§7.5 c (and V3 before the roll): knights that may chase the robber."""
    if not st.robber_active:
        return
    k_active, k_since, turn = st.k_active, st.k_since, st.turn
    corner_hexes, robber = st.board.topology.corner_hexes, st.robber
    out += [
        CHASE[c]
        for c in st.k_corners[seat]
        if k_active[c] and k_since[c] != turn and robber in corner_hexes[c]  # can_act, robber_next_to
    ]


def legal_knights(st: CkState, seat: int, out: list[Action]) -> None:
    """Append every knight action of the active seat after the roll."""
    hand = st.hands[seat]
    mine = st.k_corners[seat]  # knights_of
    can_buy = hand[2] >= 1 and hand[4] >= 1
    if can_buy and st.k_supply[seat][0]:
        out += [BUILD[c] for c in knight_spots(st, seat)]
    if not mine:
        return
    k_active, k_level, turn = st.k_active, st.k_level, st.turn
    if hand[3]:
        out += [ACTIVATE[c] for c in mine if not k_active[c]]
    if can_buy:  # can_promote, inline
        supply, promoted = st.k_supply[seat], st.k_promoted
        fortress = st.improvements[seat][POLITICS] >= ABILITY_LEVEL
        out += [
            PROMOTE[c]
            for c in mine
            if (lv := k_level[c]) < 3 and promoted[c] != turn and supply[lv] and (lv == 1 or fortress)
        ]
    k_owner, k_since = st.k_owner, st.k_since
    corner_hexes = st.board.topology.corner_hexes
    robber = st.robber if st.robber_active else -1
    shared: dict[int, tuple[list[int], list[int]]] = {}  # knights on one network reach the same corners
    for c in mine:
        if not k_active[c] or k_since[c] == turn:  # can_act
            continue
        found = shared.get(c)
        if found is None:
            free, held, own = network(st, seat, c)
            for d in own:
                shared[d] = (free, held)
        else:
            free, held = found
        if free:
            row = _MOVE_ROWS.get(c)
            if row is None:
                row = _MOVE_ROWS[c] = [None] * MAX_CORNERS
            for d in free:
                move = row[d]
                if move is None:
                    move = row[d] = MoveKnight(c, d)
                out.append(move)
        lv = k_level[c]
        if lv >= 2 and held:
            out += [
                Displace(c, d) for d in held if k_owner[d] >= 0 and k_owner[d] != seat and k_level[d] < lv
            ]
        if robber in corner_hexes[c]:  # robber_next_to
            out.append(CHASE[c])


def _own_knight(st: CkState, seat: int, corner: int) -> str | None:
    if not 0 <= corner < len(st.k_owner) or st.k_owner[corner] != seat:
        return f"no knight of seat {seat} stands on corner {corner} (cities_and_knights.md §7)"
    return None


def why_knight(st: CkState, seat: int, action: Action) -> str | None:
    """The rule a knight action breaks, or ``None``."""
    if isinstance(action, BuildKnight):
        if not st.k_supply[seat][0]:
            return (
                "no basic knight left in the supply; promote one first (cities_and_knights.md §7.2, §11.29)"
            )
        if action.corner not in knight_spots(st, seat):
            return f"corner {action.corner} is not a free corner touching a road of seat {seat} (cities_and_knights.md §7.2)"
        return why_unaffordable(st, seat, KNIGHT_COST, "a knight")
    c = getattr(action, "corner", getattr(action, "src", -1))
    reason = _own_knight(st, seat, c)
    if reason:
        return reason
    if isinstance(action, Activate):
        if st.k_active[c]:
            return f"the knight on corner {c} is active already (cities_and_knights.md §7.3)"
        return why_unaffordable(st, seat, ACTIVATE_COST, "an activation")
    if isinstance(action, Promote):
        lv = st.k_level[c]
        if lv >= 3:
            return "a mighty knight cannot be promoted (cities_and_knights.md §7.4)"
        if st.k_promoted[c] == st.turn:
            return "a knight is promoted at most once per turn (cities_and_knights.md §7.4)"
        if lv == 2 and st.improvements[seat][Track.POLITICS] < ABILITY_LEVEL:
            return "strong to mighty needs politics level 3, the Fortress (cities_and_knights.md §6.4, §7.4)"
        if not st.k_supply[seat][lv]:
            return f"no {KNIGHT_NAMES[lv + 1]} knight left in the supply (cities_and_knights.md §2.6, §7.4)"
        return why_unaffordable(st, seat, KNIGHT_COST, "a promotion")
    if not st.k_active[c]:
        return (
            f"the knight on corner {c} is inactive; only an active knight acts (cities_and_knights.md §7.5)"
        )
    if st.k_since[c] == st.turn:
        return ACTED
    if isinstance(action, Chase):
        if not st.robber_active:
            return "the robber cannot be moved before the first barbarian attack (cities_and_knights.md §4.2)"
        if not robber_next_to(st, c):
            return f"the robber is not on a hex next to corner {c} (cities_and_knights.md §7.5 c)"
        return None
    assert isinstance(action, MoveKnight | Displace)
    free, held = reachable(st, seat, c)
    if isinstance(action, MoveKnight):
        if action.dst not in free:
            return f"corner {action.dst} is not a free corner reachable along seat {seat}'s roads (cities_and_knights.md §7.5 a, §11.6)"
        return None
    if st.k_level[c] < 2:
        return "a basic knight cannot displace (cities_and_knights.md §7.5 b)"
    d = action.dst
    if d not in held or st.k_owner[d] < 0 or st.k_owner[d] == seat:
        return f"corner {d} holds no opponent knight reachable along seat {seat}'s roads (cities_and_knights.md §7.5 b, §11.8)"
    if st.k_level[d] >= st.k_level[c]:
        return "only a strictly weaker knight can be displaced (cities_and_knights.md §7.5 b)"
    return None


def recount_routes(st: CkState, corners: tuple[int, ...], mover: int, only: int = -1) -> list[Event]:
    """Re-measure the roads of the other seats whose routes pass through these corners (a knight of
    ``mover`` came or went, §7.6): only a seat with two roads or more at a corner can have a route
    split or joined there. ``only``: that seat's roads alone (it is not ``mover``)."""
    corner_edges = st.board.topology.corner_edges
    road_owner = st.road_owner
    seats: set[int] = set()
    for c in corners:
        at = [road_owner[e] for e in corner_edges[c] if road_owner[e] >= 0 and road_owner[e] != mover]
        seats.update(s for s in at if at.count(s) >= 2 and (only < 0 or s == only))
    return update_longest_road(st, sorted(seats)) if seats else []


def place_knight(st: CkState, seat: int, corner: int, knight: tuple[int, int, int, int]) -> list[Event]:
    """Put a knight (level, active, activated turn, promoted turn) on a free corner; its token leaves
    the supply."""
    level, active, since, promoted = knight
    st.k_owner[corner] = seat
    st.k_level[corner] = level
    st.k_active[corner] = active
    st.k_since[corner] = since
    st.k_promoted[corner] = promoted
    st.occupant[corner] = seat
    st.k_supply[seat][level - 1] -= 1
    mine = st.k_corners[seat]
    mine.append(corner)
    mine.sort()
    return recount_routes(st, (corner,), seat)


def lift_knight(st: CkState, corner: int) -> tuple[int, int, int, int]:
    """Take the knight off ``corner`` back to its owner's supply; what it was."""
    seat = st.k_owner[corner]
    knight = (st.k_level[corner], st.k_active[corner], st.k_since[corner], st.k_promoted[corner])
    st.k_supply[seat][knight[0] - 1] += 1
    st.k_corners[seat].remove(corner)
    st.k_owner[corner] = -1
    st.k_level[corner] = 0
    st.k_active[corner] = 0
    st.k_since[corner] = -1
    st.k_promoted[corner] = -1
    st.occupant[corner] = -1
    return knight


def apply_build(st: CkState, seat: int, action: BuildKnight) -> list[Event]:
    pay(st, seat, KNIGHT_COST)
    events = [Event("knight", {"seat": seat, "corner": action.corner})]
    return events + place_knight(st, seat, action.corner, (1, 0, -1, -1))


def activate(st: CkState, corner: int) -> None:
    """Flip a knight active, marked as activated this turn (§7.3; also the Warlord)."""
    st.k_active[corner] = 1
    st.k_since[corner] = st.turn


def apply_activate(st: CkState, seat: int, action: Activate) -> list[Event]:
    pay(st, seat, ACTIVATE_COST)
    activate(st, action.corner)
    return [Event("activate", {"seat": seat, "corner": action.corner})]


def promote(st: CkState, seat: int, corner: int) -> None:
    """One level up on the same corner, same status (§7.4; also the Smith)."""
    lv = st.k_level[corner]
    st.k_supply[seat][lv - 1] += 1
    st.k_supply[seat][lv] -= 1
    st.k_level[corner] = lv + 1
    st.k_promoted[corner] = st.turn


def apply_promote(st: CkState, seat: int, action: Promote) -> list[Event]:
    pay(st, seat, KNIGHT_COST)
    promote(st, seat, action.corner)
    return [Event("promote", {"seat": seat, "corner": action.corner, "level": st.k_level[action.corner]})]


def apply_move(st: CkState, seat: int, action: MoveKnight) -> list[Event]:
    level, _, since, promoted = lift_knight(st, action.src)
    events = [Event("move_knight", {"seat": seat, "from": action.src, "to": action.dst})]
    events += place_knight(st, seat, action.dst, (level, 0, since, promoted))
    return events + recount_routes(st, (action.src,), seat)


def apply_displace(st: CkState, seat: int, action: Displace) -> list[Event]:
    victim = st.k_owner[action.dst]
    theirs = lift_knight(st, action.dst)
    level, _, since, promoted = lift_knight(st, action.src)
    events = [Event("displace", {"seat": seat, "from": action.src, "to": action.dst, "victim": victim})]
    events += place_knight(st, seat, action.dst, (level, 0, since, promoted))
    events += recount_routes(st, (action.src,), seat)
    # the weaker knight split the displacer's own roads on its corner; the displacer's knight does not
    events += recount_routes(st, (action.dst,), victim, only=seat)
    return events + displaced(st, victim, action.dst, theirs)


def displaced(st: CkState, owner: int, origin: int, knight: tuple[int, int, int, int]) -> list[Event]:
    """The owner of a displaced knight relocates it (§7.5 b, Intrigue), or it stays in the supply when no
    free corner is reachable from ``origin`` along the owner's roads (it was lifted already)."""
    free, _ = reachable(st, owner, origin)
    if not free:
        return [Event("knight_lost", {"seat": owner, "corner": origin})]
    st.decisions.append(Relocate((owner,), origin, knight))
    return []


def legal_relocate(st: CkState, seat: int) -> tuple[Action, ...]:
    top = st.decisions[-1]
    assert isinstance(top, Relocate)
    return tuple(CHOOSE[c] for c in reachable(st, seat, top.origin)[0])


def why_relocate(st: CkState, seat: int, action: ChooseCorner) -> str | None:
    top = st.decisions[-1]
    assert isinstance(top, Relocate)
    if action.corner not in reachable(st, seat, top.origin)[0]:
        return f"corner {action.corner} is not free and reachable from {top.origin} along seat {seat}'s roads (cities_and_knights.md §7.5 b)"
    return None


def apply_relocate(st: CkState, seat: int, action: ChooseCorner) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, Relocate)
    events = [Event("relocate", {"seat": seat, "from": top.origin, "to": action.corner})]
    return events + place_knight(st, seat, action.corner, top.knight)


def apply_chase(st: CkState, seat: int, action: Chase) -> list[Event]:
    if not st.rolled:
        st.chased = st.turn  # V3: the one chase before the roll (§1.5)
    st.k_active[action.corner] = 0
    st.decisions.append(KnightRobber((seat,)))
    return [Event("chase", {"seat": seat, "corner": action.corner})]


def deactivate_all(st: CkState, corners: list[int] | None = None) -> None:
    """§8.5: every knight (V2: the declared ones) turns inactive after an attack."""
    k_active = st.k_active
    for c in range(len(k_active)) if corners is None else corners:
        k_active[c] = 0
