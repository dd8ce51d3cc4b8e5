"""The Longest Trade Route (seafarers.md §5.7): the longest trail over a seat's roads and ships.

A trail uses each piece once. At a corner it goes on road to road or ship to ship unless an opponent's
building stands there, and switches between road and ship only at the seat's own settlement or city.

Design detail: the rule becomes a plain longest-trail problem on a graph whose nodes are split corners.
A corner holding the seat's building is one node (every piece meets there); a corner holding an
opponent's building is a separate dead end for each piece touching it (nothing passes); any other
corner is two nodes, one where the seat's roads meet and one where its ships meet. Each seat's graph
is kept with its pieces (:mod:`.networks`), not built again for every measurement. A network that is
a tree is measured by its diameter; any other by :func:`.loops.longest_loop`.
The card itself moves as in base Catan (:func:`engine.games.catan.rules.scoring.award_longest_road`).

Design detail: a piece put on an edge where one of its ends touches nothing else of the seat (a ship
moved there from an open end, or a road or ship built) changes the route by at most one piece either
way, and most such pieces cannot move the card (the seat stays below the holder, or the holder stays
above everyone). Such a piece only widens the seat's known bounds (``route_hi``, the upper bounds,
beside the lengths, which are then lower bounds); a seat's length is measured when something reads it
(:func:`settle_routes`, through the state's ``road_len``) or when the bounds can no longer tell who
holds the card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.events import Event
from engine.games.catan.rules.scoring import award_longest_road
from engine.games.catan.seafarers.decisions import PlaceShip
from engine.games.catan.seafarers.rules.loops import longest_loop
from engine.games.catan.seafarers.rules.networks import Links, networks
from engine.games.catan.state import CatanState
from engine.games.catan.tables import LONGEST_ROAD_MIN

if TYPE_CHECKING:
    from engine.games.catan.seafarers.state import SeafarersState

LENGTHS: Any = CatanState.__dict__["road_len"]
"""The base state's slot of route lengths, read and written without the Seafarers state's ``road_len``
property (which measures open bounds first): there a length is a lower bound while the seat's entry of
``route_hi`` is above it."""


def route_length(st: SeafarersState, seat: int, added: int = -1) -> int:
    """The number of pieces of the seat's longest trade route (§5.7). With ``added``, the edge of the
    piece the seat just placed, only the network holding it is measured: every other route existed
    before, so it is at most the seat's length from before, which must then be known."""
    net = networks(st)[seat]
    links = net.links
    count = len(net.ends)
    if count <= 1:
        return count
    if added >= 0:
        best: int = LENGTHS.__get__(st)[seat]
        a, b = net.ends[added]
        through, nodes, pieces, _ = _sweep(links, a, b)
        if through >= 0:
            return max(best, through)
        return max(best, longest_loop(links, nodes, pieces)) if pieces > best else best
    return _all_networks(links, count)


def moved_route_length(st: SeafarersState, seat: int, moved: int) -> int:
    """The seat's longest trade route after one of its ships with an open end moved to the edge
    ``moved`` (§5.5); the seat's length from before the ship was lifted must be known.

    Design detail: without the lifted ship every trail existed before, so the routes not through the
    ship where it now lies are at most ``road_len`` long; and since the lifted ship had an open end
    (a node of its own, which no other piece touches), a trail through it ended with it and lost only
    that piece: the new length is at least one less than the old. When the longest trail through the
    ship (or, in a network with a loop, the whole network's) reaches the old length, it is the
    answer; else the answer is the old length if the ship's network (a tree: by one more sweep, from
    the node the first sweeps found farthest from one end) or another reaches it, and one less if
    none does. Networks with fewer pieces than the old length are not measured.
    """
    net = networks(st)[seat]
    links = net.links
    count = len(net.ends)
    if count <= 1:
        return count
    old: int = LENGTHS.__get__(st)[seat]
    a, b = net.ends[moved]
    through, nodes, pieces, far = _sweep(links, a, b)
    if through >= 0:  # a tree
        if through >= old:
            return through
        if pieces >= old and _farthest(links, far) >= old:  # its diameter: none exceeds the old length
            return old
    elif pieces >= old:  # a loop: the longest trail of the whole network bounds those through the ship
        best = longest_loop(links, nodes, pieces)
        if best >= old:
            return best
    if count - pieces < old:  # the other networks together have fewer pieces than the old length
        return old - 1
    return old if _all_networks(links, old, set(nodes), old, count - pieces) >= old else old - 1


def _all_networks(
    links: Links, cap: int, reached: set[int] | None = None, floor: int = 0, rest: int = -1
) -> int:
    """The longest trail over every network of ``links`` (but those of the nodes ``reached``, and
    those with fewer than ``floor`` pieces), stopping once one reaches ``cap`` (the number of pieces,
    or a known bound on the answer) or the networks not yet measured have too few pieces left
    between them (``rest``: the pieces of the networks not ``reached``, when known)."""
    best = 0
    if reached is None:
        reached = set()
    for v in links:
        if v not in reached:
            if 0 <= rest < floor or 0 <= rest <= best:
                break
            nodes, pieces = _network(links, v)
            reached.update(nodes)
            rest -= pieces
            if pieces <= best or pieces < floor:
                continue
            if pieces == len(nodes) - 1:  # a tree: its diameter, the last node reached being farthest
                n = _farthest(links, nodes[-1])
            else:
                n = longest_loop(links, nodes, pieces)
            if n > best:
                best = n
                if best >= cap:
                    break
    return best


def _sweep(links: Links, first: int, second: int) -> tuple[int, list[int], int, int]:
    """The network of the piece just placed between the nodes ``first`` and ``second``: the longest
    trail through the piece when the network is a tree (else -1), its nodes, its number of pieces and,
    in a tree, a node farthest from ``first`` (else unset).

    Design detail: in a tree every other trail existed before, so only the trails through the new piece
    can be longer than the old route: one sweep from each of its ends, away from it, finds the
    farthest node on each side. In a network with a loop the first sweep goes round to the other side
    and the depths mean nothing: the network has as many pieces as nodes or more.
    """
    seen = {first, second}
    nodes = [first, second]
    degrees = 0
    depths = []  # per side: the depth of its farthest nodes and one of them
    for side in (first, second):
        frontier = [side]
        depth = 0
        while True:
            ahead = []
            for v in frontier:
                out = links[v]
                degrees += len(out)
                for _, nxt in out:
                    if nxt not in seen:
                        seen.add(nxt)
                        ahead.append(nxt)
            if not ahead:
                break
            depth += 1
            nodes += ahead
            frontier = ahead
        depths.append((depth, frontier[0]))
    pieces = degrees >> 1
    if pieces != len(nodes) - 1:
        return -1, nodes, pieces, first
    (near, near_far), (other, other_far) = depths
    return near + other + 1, nodes, pieces, (other_far if other + 1 > near else near_far)


def _network(links: Links, node: int) -> tuple[list[int], int]:
    """The nodes of the network of ``node``, in breadth-first order from it, and its pieces."""
    found = [node]
    seen = {node}
    degrees = 0
    for v in found:
        out = links[v]
        degrees += len(out)
        for _, nxt in out:
            if nxt not in seen:
                seen.add(nxt)
                found.append(nxt)
    return found, degrees >> 1


def _farthest(links: Links, start: int) -> int:
    """The distance from ``start`` to a node farthest from it in a tree."""
    seen = {start}
    frontier = [start]
    steps = -1
    while frontier:
        steps += 1
        ahead = []
        for v in frontier:
            for _, nxt in links[v]:
                if nxt not in seen:
                    seen.add(nxt)
                    ahead.append(nxt)
        frontier = ahead
    return steps


def update_routes(
    st: SeafarersState, seats: list[int] | tuple[int, ...], added: int = -1, moved: bool = False
) -> list[Event]:
    """Measure the routes of ``seats`` again and move the Longest Trade Route card (§5.7; the cases of
    catan.md §5.9); ``added``: the edge of the piece the only seat in ``seats`` just placed, ``moved``:
    a ship moved there (:func:`moved_route_length`; or only the seat's bounds: :func:`_bounds_only`).
    A seat in ``seats`` known only within bounds is measured whole; the other seats' bounds are
    measured only when they could move the card."""
    lows: list[int] = LENGTHS.__get__(st)
    if added >= 0 and _bounds_only(st, lows, seats[0], added, moved):
        return []
    highs = st.route_hi
    for seat in seats:
        if highs is None or highs[seat] == lows[seat]:
            length = moved_route_length(st, seat, added) if moved else route_length(st, seat, added)
        else:  # known only within bounds: measured whole (an opponent's building may have split it)
            length = _measured(st, seat, lows[seat] - 1 if moved else 0)
        lows[seat] = length
        if highs is not None:
            highs[seat] = length
    if highs is not None:
        if _card_stays(st.longest, lows, highs):
            return []
        settle_routes(st)
    return award_longest_road(st)


def settle_routes(st: SeafarersState) -> None:
    """Measure every seat whose route is known only within bounds (the state's ``road_len`` calls this
    before it answers): from its last known length when a single piece changed it since
    (``route_step``), else within its bounds. While a lifted ship waits to be put down (§5.5), its
    seat's bounds are those from before the lift, and so is the length measured: with the ship back in
    its graph."""
    highs = st.route_hi
    if highs is None:
        return
    steps = st.route_step
    st.route_hi = st.route_step = None
    lows: list[int] = LENGTHS.__get__(st)
    top = st.decisions[-1] if st.decisions else None
    mover, origin = (top.seats[0], top.origin) if type(top) is PlaceShip else (-1, -1)
    for seat, high in enumerate(highs):
        if high > lows[seat]:
            if seat == mover:
                net = networks(st)[seat]
                net.link(st, seat, origin, 1)
                lows[seat] = _settled(st, seat, high, steps)
                net.unlink(origin)
            else:
                lows[seat] = _settled(st, seat, high, steps)


def _settled(
    st: SeafarersState, seat: int, high: int, steps: list[tuple[int, int, bool] | None] | None
) -> int:
    """The seat's route, known to lie from its length in the state to ``high``: measured from the length
    before its one piece since (``steps``, when it holds one for the seat), else within the bounds."""
    step = None if steps is None else steps[seat]
    if step is None:
        return _measured(st, seat, LENGTHS.__get__(st)[seat], high)
    edge, old, moved = step
    LENGTHS.__get__(st)[seat] = old
    return moved_route_length(st, seat, edge) if moved else route_length(st, seat, edge)


def _measured(st: SeafarersState, seat: int, low: int = 0, high: int = -1) -> int:
    """The seat's longest trade route, known to lie from ``low`` to ``high`` pieces (when given)."""
    net = networks(st)[seat]
    count = len(net.ends)
    if count <= 1:
        return count
    return _all_networks(net.links, count if high < 0 else min(high, count), None, low)


def _bounds_only(st: SeafarersState, lows: list[int], seat: int, edge: int, moved: bool) -> bool:
    """After the seat's piece was put on ``edge`` (``moved``: a ship moved there, §5.5): whether bounds
    on its new length show that the card stays where it is (catan.md §5.9); if so they are kept and
    nothing is measured. ``lows``: the state's lengths (lower bounds while bounds are open).

    Design detail: when one end of the new edge touches nothing else of the seat, every trail through
    the piece ends there, and the rest of it existed before: the new length is at most one more than
    the old. It is at least the old for a piece added, and at least one less for a ship moved (the
    lifted ship ended every trail through it).
    """
    net = networks(st)[seat]
    links = net.links
    a, b = net.ends[edge]
    if len(links[a]) > 1 and len(links[b]) > 1:
        return False
    highs = st.route_hi
    old = lows[seat]
    bounds = lows.copy() if highs is None else highs
    was = bounds[seat]
    count = len(net.ends)
    bounds[seat] = was + 1 if was < count else count
    if moved:
        lows[seat] = old - 1 if old > 1 else 1
    if _card_stays(st.longest, lows, bounds):
        st.route_hi = bounds
        steps = st.route_step
        if steps is None:
            steps = st.route_step = [None] * st.n
        steps[seat] = (edge, old, moved) if was == old else None
        return True
    bounds[seat] = was
    lows[seat] = old
    return False


def _card_stays(holder: int, lows: list[int], highs: list[int]) -> bool:
    """Whether the card stays where it is for every length within the bounds (catan.md §5.9 case 1,
    or nobody reaching its minimum while nobody holds it)."""
    if holder < 0:
        return max(highs) < LONGEST_ROAD_MIN
    floor = lows[holder]
    if floor < LONGEST_ROAD_MIN:
        return False
    # a loop, not all(): no generator made at every ship placed
    for seat, high in enumerate(highs):  # noqa: SIM110
        if high > floor and seat != holder:
            return False
    return True


def seats_at(st: SeafarersState, seat: int, corner: int) -> list[int]:
    """The seats whose routes a new building of ``seat`` on ``corner`` changes, ascending: the builder
    if its road and its ship meet there (now joined), another seat if two of its roads or two of its
    ships meet there (now split)."""
    roads = [0] * st.n
    ships = [0] * st.n
    for e in st.board.topology.corner_edges[corner]:
        if st.road_owner[e] >= 0:
            roads[st.road_owner[e]] += 1
        elif st.ship_owner[e] >= 0:
            ships[st.ship_owner[e]] += 1
    return [
        s for s in range(st.n) if ((roads[s] and ships[s]) if s == seat else (roads[s] > 1 or ships[s] > 1))
    ]
