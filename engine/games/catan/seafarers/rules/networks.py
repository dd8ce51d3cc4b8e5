"""Each seat's pieces as a route graph, kept up to date as pieces are placed, moved and split.

The trade route (seafarers.md §5.7) is measured over a graph of split corners (:mod:`.routes`): a
corner holding the seat's building is one node (every piece meets there); one holding an opponent's
building is a separate dead end for each piece touching it; any other corner is two nodes, one where
the seat's roads meet and one where its ships meet. Node ids: ``4c + 2`` the seat's building at
corner ``c``, ``4c`` and ``4c + 1`` its roads and its ships meeting at ``c``, ``-(2e + side + 1)``
the end of the piece on edge ``e`` at an opponent's building. Links are labelled by their edge.

Beside the graph a seat's :class:`Network` counts its ships ending at each corner and keeps the set
of its ships with an open end (one holding no other ship and no building of the seat), the corners a
new ship may start from (its buildings and the ends of its ships where no opponent's building
stands), and the edges a ship may be built on (empty ship edges at those corners, off the pirate's
hex), which the ship moves (§5.5) and the ship spots (§5.4) read.

Design detail: this is derived data. A state keeps it in its ``networks`` slot, which a copy, a
fingerprint and an observation leave out (a copy starts with none); :func:`networks` builds it from
the pieces on first use, and the functions placing, lifting and splitting pieces update it when it
exists (never rebuilt from all pieces). A position filled in by hand (a loaded text, a re-dealt
observation) calls :func:`forget` once its pieces are in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.catan.seafarers.board import FRAME

if TYPE_CHECKING:
    from engine.games.catan.seafarers.state import SeafarersState

Links = dict[int, list[tuple[int, int]]]
"""node -> [(edge of a piece, the node at its other end)]"""


class Network:
    """One seat's route graph (``links``, each piece's two end nodes in ``ends`` by edge), the number
    of its ships ending at each corner (``ship_at``, a list by corner), its ships with an open end
    (``open``), the corners a ship may start from (``starts``), how many of them each edge touches
    (``reach``, a list by edge), the edges among those a ship may be built on now (``spots``) and, once
    listed, the ships that may move with somewhere to go, ships built this turn included (``movable``;
    ``None`` after any change of those)."""

    __slots__ = ("ends", "links", "movable", "open", "reach", "ship_at", "spots", "starts")

    def __init__(self, corners: int, edges: int) -> None:
        self.links: Links = {}
        self.ends: dict[int, tuple[int, int]] = {}
        self.ship_at = [0] * corners
        self.open: set[int] = set()
        self.starts: set[int] = set()
        self.reach = [0] * edges
        self.spots: set[int] = set()
        self.movable: list[int] | None = None

    def link(self, st: SeafarersState, seat: int, edge: int, kind: int) -> None:
        """Add the seat's piece on ``edge`` (``kind`` 0 a road, 1 a ship)."""
        c, d = st.board.topology.edge_corners[edge]
        owner = st.owner
        o = owner[c]
        a = 4 * c + kind if o < 0 else (4 * c + 2 if o == seat else -2 * edge - 1)
        o = owner[d]
        b = 4 * d + kind if o < 0 else (4 * d + 2 if o == seat else -2 * edge - 2)
        links = self.links
        out = links.get(a)
        if out is None:
            links[a] = [(edge, b)]
        else:
            out.append((edge, b))
        out = links.get(b)
        if out is None:
            links[b] = [(edge, a)]
        else:
            out.append((edge, a))
        self.ends[edge] = (a, b)

    def unlink(self, edge: int) -> None:
        """Take the piece on ``edge`` out of the graph."""
        a, b = self.ends.pop(edge)
        links = self.links
        out = links[a]
        if len(out) == 1:
            del links[a]
        else:
            out.remove((edge, b))
        out = links[b]
        if len(out) == 1:
            del links[b]
        else:
            out.remove((edge, a))

    def count_ship(self, corners: tuple[int, int], step: int) -> None:
        at = self.ship_at
        for c in corners:
            at[c] += step

    def reopen(self, st: SeafarersState, seat: int, corner: int) -> None:
        """Whether each of the seat's ships at ``corner`` has an open end, again."""
        topo = st.board.topology
        ship_owner = st.ship_owner
        owner = st.owner
        at = self.ship_at
        for e in topo.corner_edges[corner]:
            if ship_owner[e] == seat:
                a, b = topo.edge_corners[e]
                if (at[a] == 1 and owner[a] != seat) or (at[b] == 1 and owner[b] != seat):
                    self.open.add(e)
                else:
                    self.open.discard(e)

    def count_at(self, st: SeafarersState, seat: int, edge: int, step: int) -> None:
        """A ship of the seat was put on ``edge`` (``step`` 1) or lifted from it (-1): the counts, the
        open ends and the starts at its corners again (what :meth:`count_ship`, :meth:`reopen` and
        :meth:`restart` would find, in one pass: a ship moves at every few decisions of random bots).

        Design detail: a corner where no building of the seat stands opens the ship ending there when
        it is the seat's only ship there. So at each corner only the seat's one other ship there can
        change, when the count goes from one to two (put) or from two to one (lifted), besides the
        ship put itself; and the corner is a start while the seat has a ship there or its building
        stands there."""
        topo = st.board.topology
        edge_corners = topo.edge_corners
        corners = edge_corners[edge]
        a, b = corners
        at = self.ship_at
        at[a] += step
        at[b] += step
        owner = st.owner
        opened = self.open
        starts = self.starts
        turned = 2 if step > 0 else 1  # the count at which the other ship there stops or starts being alone
        for c in corners:
            n = at[c]
            o = owner[c]
            if n == turned and o != seat:
                ship_owner = st.ship_owner
                for e in topo.corner_edges[c]:
                    if ship_owner[e] == seat and e != edge:
                        if step < 0:
                            opened.add(e)  # now its only ship at a corner without the seat's building
                        else:
                            x, y = edge_corners[e]
                            x = y if x == c else x  # its other end
                            if at[x] == 1 and owner[x] != seat:
                                opened.add(e)
                            else:
                                opened.discard(e)
                        break
            on = o == seat or (o < 0 and n > 0)
            if on != (c in starts):
                self._flip(st, c, on)
        if step > 0:
            if (at[a] == 1 and owner[a] != seat) or (at[b] == 1 and owner[b] != seat):
                opened.add(edge)
            else:
                opened.discard(edge)

    def restart(self, st: SeafarersState, seat: int, corner: int) -> None:
        """Whether ``corner`` is a start of the seat's ships, again, with the edges it reaches."""
        o = st.owner[corner]
        on = o == seat or (o < 0 and self.ship_at[corner] > 0)
        if on != (corner in self.starts):
            self._flip(st, corner, on)

    def _flip(self, st: SeafarersState, corner: int, on: bool) -> None:
        """``corner`` becomes a start (``on``) or stops being one: the edges it reaches, and the spots."""
        starts = self.starts
        reach = self.reach
        topo = st.board.topology
        if on:
            starts.add(corner)
            ship_edges = st.board.ship_edges
            road_owner = st.road_owner
            ship_owner = st.ship_owner
            pirate = st.pirate
            blocked = () if pirate == FRAME else topo.hex_edges[pirate]
            for d in topo.corner_edges[corner]:
                n = reach[d]
                reach[d] = n + 1
                # :func:`fits`, inline: a corner becomes a start at every few decisions of random bots
                if not n and ship_edges[d] and road_owner[d] < 0 and ship_owner[d] < 0 and d not in blocked:
                    self.spots.add(d)
        else:
            starts.discard(corner)
            for d in topo.corner_edges[corner]:
                n = reach[d] - 1
                reach[d] = n
                if not n:
                    self.spots.discard(d)


def fits(st: SeafarersState, edge: int) -> bool:
    """Whether a ship may lie on ``edge`` now, its connection aside: an empty ship edge off the
    pirate's hex (§4.3, §5.6)."""
    if not st.board.ship_edges[edge] or st.road_owner[edge] >= 0 or st.ship_owner[edge] >= 0:
        return False
    return st.pirate == FRAME or edge not in st.board.topology.hex_edges[st.pirate]


def _refit(st: SeafarersState, nets: list[Network], edges: tuple[int, ...]) -> None:
    """Whether each of ``edges`` is a spot of each seat, again (it was emptied, or the pirate or the
    board changed)."""
    for e in edges:
        ok = None
        for net in nets:
            if net.reach[e]:
                if ok is None:
                    ok = fits(st, e)
                spots = net.spots
                if ok:
                    if e not in spots:
                        spots.add(e)
                        net.movable = None
                elif e in spots:
                    spots.discard(e)
                    net.movable = None


def build(st: SeafarersState, seat: int) -> Network:
    """The seat's :class:`Network` from its pieces."""
    topo = st.board.topology
    net = Network(topo.n_corners, topo.n_edges)
    for e in st.roads_of[seat]:
        net.link(st, seat, e, 0)
    corners = st.board.topology.edge_corners
    ships = st.ships_of[seat]
    for e in ships:
        net.link(st, seat, e, 1)
        net.count_ship(corners[e], 1)
    for e in ships:
        for c in corners[e]:
            net.reopen(st, seat, c)
            net.restart(st, seat, c)
    for c in st.buildings_of[seat]:
        net.restart(st, seat, c)
    return net


def networks(st: SeafarersState) -> list[Network]:
    """Every seat's :class:`Network`, built on first use."""
    nets = st.networks
    if nets is None:
        nets = st.networks = [build(st, s) for s in range(st.n)]
    return nets


def forget(st: SeafarersState) -> None:
    """Drop the kept networks: the pieces were set without the functions below."""
    st.networks = None


def added(st: SeafarersState, seat: int, edge: int, kind: int) -> None:
    """The seat's road (``kind`` 0) or ship (1) was put on ``edge``."""
    nets = st.networks
    if nets is not None:
        net = nets[seat]
        net.link(st, seat, edge, kind)
        if kind:
            net.movable = None
            net.count_at(st, seat, edge, 1)
        for other in nets:  # a seat's movable ships change with its spots, not with others' pieces
            spots = other.spots
            if edge in spots:
                spots.discard(edge)
                other.movable = None


def lifted(st: SeafarersState, seat: int, edge: int) -> None:
    """The seat's ship on ``edge`` was lifted (no longer on the board)."""
    nets = st.networks
    if nets is not None:
        net = nets[seat]
        net.movable = None
        net.unlink(edge)
        net.open.discard(edge)
        net.count_at(st, seat, edge, -1)
        # the edge, a spot of no seat while it held the ship, is one of every seat reaching it if a
        # ship may lie there (:func:`_refit` for an edge known to be in no seat's spots)
        if fits(st, edge):
            for other in nets:
                if other.reach[edge]:
                    other.spots.add(edge)
                    other.movable = None


def built_at(st: SeafarersState, corner: int) -> None:
    """A building now stands on ``corner``: every piece touching it ends at another node, the
    builder's ships there lose their open end, and the corner is a start of the builder's ships and
    of no other seat's."""
    nets = st.networks
    if nets is None:
        return
    nets[st.owner[corner]].reopen(st, st.owner[corner], corner)
    for s, net in enumerate(nets):
        net.movable = None
        net.restart(st, s, corner)
    for e in st.board.topology.corner_edges[corner]:
        s = st.road_owner[e]
        kind = 0
        if s < 0:
            s = st.ship_owner[e]
            kind = 1
        if s >= 0:
            net = nets[s]
            net.unlink(e)
            net.link(st, s, e, kind)


def pirate_moved(st: SeafarersState, previous: int) -> None:
    """The pirate moved from the hex ``previous`` (or the frame) to ``st.pirate``."""
    nets = st.networks
    if nets is not None:
        hex_edges = st.board.topology.hex_edges
        for h in (previous, st.pirate):
            if h != FRAME:
                edges = hex_edges[h]
                for net in nets:  # a ship on the pirate's hex does not move
                    if net.movable is not None and not net.open.isdisjoint(edges):
                        net.movable = None
                _refit(st, nets, edges)


def revealed(st: SeafarersState, hexes: list[int]) -> None:
    """The fog hexes ``hexes`` were turned face up on ``st.board`` (their edges may now take ships)."""
    nets = st.networks
    if nets is not None:
        hex_edges = st.board.topology.hex_edges
        for h in hexes:
            _refit(st, nets, hex_edges[h])
