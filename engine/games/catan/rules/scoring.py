"""Scoring: victory points, Longest Road (catan.md §5.9), Largest Army (§5.8) and the win (§5.11).

Design detail: road lengths are recomputed only for the seats whose network can have changed (the
builder of a road; the owners of roads through a corner where a settlement was just built), by a
depth-first search over that seat's roads with a bitmask of used edges. After a road is built only the
network holding it is searched (no other route can have grown), and not at all when that network has no
more roads than the old length; a network that is a tree no opponent's building splits is measured by
its diameter (two breadth-first sweeps) instead of a search. Routes may revisit corners
(loops count) but never pass through a corner holding another seat's building.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.decisions import SpecialBuild
from engine.games.catan.tables import LARGEST_ARMY_MIN, LONGEST_ROAD_MIN, SPECIAL_CARD_VP, DevCard

VP_CARD = int(DevCard.VICTORY_POINT)

if TYPE_CHECKING:
    from engine.games.catan.state import CatanState


def victory_points(st: CatanState, seat: int) -> int:
    """All VP of a seat, hidden VP cards included (catan.md §2.5)."""
    return public_points(st, seat) + st.devs[seat][VP_CARD]


def public_points(st: CatanState, seat: int) -> int:
    """VP everyone can see: buildings and the two special cards (catan.md §2.5), and the gold mine's
    bonus of the Big River (seafarers.md §8.4)."""
    vp = st.building_vp[seat] + st.gold_vp[seat]
    if st.longest == seat:
        vp += SPECIAL_CARD_VP
    if st.army == seat:
        vp += SPECIAL_CARD_VP
    return vp


def road_length(st: CatanState, seat: int, added: int = -1) -> int:
    """The longest continuous route of ``seat``'s roads (catan.md §5.9).

    With ``added``, the edge the seat just built, only that edge's network is searched: every other
    route existed before, so it is at most ``st.road_len[seat]``, which must then be up to date.
    """
    edges = st.roads_of[seat]
    if len(edges) <= 1:
        return len(edges)
    edge_corners = st.board.topology.edge_corners
    owner = st.blockers()
    # the seat's roads as local adjacency: corner -> [(bit, other corner)], bits numbered 0..k-1
    links: dict[int, list[tuple[int, int]]] = {}
    for i, e in enumerate(edges):
        a, b = edge_corners[e]
        bit = 1 << i
        at = links.get(a)
        if at is None:
            links[a] = [(bit, b)]
        else:
            at.append((bit, b))
        at = links.get(b)
        if at is None:
            links[b] = [(bit, a)]
        else:
            at.append((bit, a))
    best = 0
    goal = len(edges)
    if added >= 0:
        best = st.road_len[seat]
        corners = _network(links, edge_corners[added][0])
        goal = sum(len(links[c]) for c in corners) >> 1
        if goal <= best:
            return best  # the network has too few roads to beat the old route
    else:
        corners = list(links)
    # a route never continues through a corner holding an opponent's building (it may start there)
    cont = {c: () if owner[c] >= 0 and owner[c] != seat else tuple(links[c]) for c in corners}
    if added >= 0 and goal == len(corners) - 1 and all(cont[c] or len(links[c]) == 1 for c in corners):
        # a tree that no building splits: the longest route is its diameter (two sweeps, no search)
        far, _ = _farthest(links, corners[0])
        return max(best, _farthest(links, far)[1])

    def extend(corner: int, used: int) -> int:
        longest = 0
        for bit, nxt in cont[corner]:
            if not used & bit:
                n = extend(nxt, used | bit)
                if n >= longest:
                    longest = n + 1
        return longest

    # Design detail: a longest route can always be taken to start at a corner where the seat's roads
    # do not simply pass through (a dead end, a fork, or a corner an opponent's building blocks); only
    # a network that is a plain loop has none, and then any of its corners will do.
    starts = [c for c in corners if len(links[c]) != 2 or not cont[c]]
    if added >= 0:  # one network
        starts = starts or corners[:1]
    else:
        reached: set[int] = set()
        for c in starts:
            if c not in reached:
                reached.update(_network(links, c))
        for c in corners:
            if c not in reached:
                starts.append(c)
                reached.update(_network(links, c))
    for c in starts:
        for bit, nxt in links[c]:
            n = extend(nxt, bit) + 1
            if n > best:
                best = n
                if best == goal:
                    return best
    return best


def _farthest(links: dict[int, list[tuple[int, int]]], start: int) -> tuple[int, int]:
    """A corner farthest from ``start`` in a tree of roads, and its distance."""
    seen = {start}
    frontier = [start]
    far = start
    steps = -1
    while frontier:
        far = frontier[0]
        steps += 1
        ahead = []
        for c in frontier:
            for _, nxt in links[c]:
                if nxt not in seen:
                    seen.add(nxt)
                    ahead.append(nxt)
        frontier = ahead
    return far, steps


def _network(links: dict[int, list[tuple[int, int]]], corner: int) -> list[int]:
    """The corners joined to ``corner`` by the seat's roads (buildings do not split a network here)."""
    found = [corner]
    seen = {corner}
    for c in found:
        for _, nxt in links[c]:
            if nxt not in seen:
                seen.add(nxt)
                found.append(nxt)
    return found


def update_longest_road(st: CatanState, seats: tuple[int, ...] | list[int], added: int = -1) -> list[Event]:
    """Recompute the lengths of ``seats`` and move the Longest Road card (catan.md §5.9 cases 1-5);
    ``added``: the edge the only seat in ``seats`` just built (see :func:`road_length`)."""
    lengths = st.road_len
    for s in seats:
        lengths[s] = road_length(st, s, added)
    return award_longest_road(st)


def award_longest_road(st: CatanState) -> list[Event]:
    """Move the Longest Road card for the lengths in ``st.road_len`` (catan.md §5.9 cases 1-5): the
    holder keeps it while tied for longest with 5 or more; else the unique longest with 5 or more takes
    it, or it is set aside."""
    lengths = st.road_len
    best = max(lengths)
    holder = st.longest
    if holder >= 0 and lengths[holder] == best and best >= LONGEST_ROAD_MIN:
        return []  # case 1: the holder is still (tied for) longest
    leaders = [s for s, n in enumerate(lengths) if n == best]
    new = leaders[0] if best >= LONGEST_ROAD_MIN and len(leaders) == 1 else -1
    if new == holder:
        return []
    st.longest = new
    return [Event("longest_road", {"seat": new, "previous": holder, "length": best})]


def update_largest_army(st: CatanState) -> list[Event]:
    """Move the Largest Army card after a knight is played or discarded (catan.md §5.8; Vincent, §7.5 and
    §9.19.6): the holder keeps it while it has the most knights, at least 3; else the unique leader with
    3 or more takes it, or it is set aside."""
    knights = st.knights
    best = max(knights)
    holder = st.army
    if holder >= 0 and knights[holder] == best and best >= LARGEST_ARMY_MIN:
        return []
    leaders = [s for s, n in enumerate(knights) if n == best]
    new = leaders[0] if best >= LARGEST_ARMY_MIN and len(leaders) == 1 else -1
    if new == holder:
        return []
    st.army = new
    return [Event("largest_army", {"seat": new, "previous": holder, "knights": best})]


def check_victory(st: CatanState) -> list[Event]:
    """Declare the active seat the winner at the target, hidden VP cards included (catan.md §5.11)."""
    seat = st.active
    if st.over or seat < 0:  # the match is over, or still in setup
        return []
    if st.decisions and type(st.decisions[-1]) is SpecialBuild:  # no seat's turn (catan.md §6)
        return []
    points = victory_points(st, seat)
    if points < st.vp_to_win:
        return []
    st.over = True
    st.winner = seat
    st.decisions.clear()
    return [Event("victory", {"seat": seat, "points": points, "vp_cards": st.devs[seat][VP_CARD]})]


def shown_points(st: CatanState, seat: int) -> str:
    """The VP a board shows for ``seat``: its public points, and once the game is over (when every
    card is shown) its total with the victory point cards, ``9 VP (10 with VP cards)``."""
    public = public_points(st, seat)
    if st.over:
        total = victory_points(st, seat)
        if total != public:
            return f"{public} VP ({total} with VP cards)"
    return f"{public} VP"
