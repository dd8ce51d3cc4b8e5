"""An ASCII picture of the board with the ids on it, for ``arena play`` and debugging.

Corners show their id (``17``) or the building on them (``s2`` settlement of seat 2, ``C0`` city of
seat 0); edges are drawn as ``/ \\ |``, replaced by the seat digit of a road on them; each hex shows
its terrain letter and token (``M10``; ``J10`` the jungle, ``$`` the gold mine of seafarers.md §7.2 and
§8.2), its id (``#0``) and ``RR`` under the robber, or ``~~`` under a part of the River. Harbors, hands
and scores follow the picture.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.games.catan.layouts import Board
from engine.games.catan.rules.scoring import shown_points
from engine.games.catan.tables import DEV_NAMES, RESOURCE_NAMES, TERRAIN_LETTER, Terrain

if TYPE_CHECKING:
    from engine.games.catan.state import CatanState


def render_board(
    board: Board,
    owner: list[int] | tuple[int, ...] | None = None,
    level: list[int] | tuple[int, ...] | None = None,
    road_owner: list[int] | tuple[int, ...] | None = None,
    robber: int = -1,
    labels: Sequence[str] | None = None,
    hex_marks: Sequence[str] | None = None,
    edge_marks: Sequence[str] | None = None,
) -> str:
    """The picture of ``board`` with optional pieces on it. ``labels`` (two characters per corner,
    empty for the corner id), ``hex_marks`` (two characters under a hex, empty for none) and
    ``edge_marks`` (one character per edge, empty for none) let a game with more pieces draw them
    (Cities & Knights' knights, walls, metropolises and merchant; Seafarers' ships and pirate)."""
    topo = board.topology
    xs = [x for x, _ in topo.corner_xy]
    ys = [y for _, y in topo.corner_xy]
    x0, y0 = min(xs), min(ys)
    width = (max(xs) - x0) * 4 + 6
    height = (max(ys) - y0) * 2 + 1
    canvas = [[" "] * width for _ in range(height)]

    def put(line: int, col: int, text: str) -> None:
        for i, ch in enumerate(text):
            if 0 <= col + i < width:
                canvas[line][col + i] = ch

    def at(x: int, y: int) -> tuple[int, int]:
        return (y - y0) * 2, (x - x0) * 4 + 1

    for e, (a, b) in enumerate(topo.edge_corners):
        (xa, ya), (xb, yb) = topo.corner_xy[a], topo.corner_xy[b]
        col = ((xa + xb) / 2 - x0) * 4 + 1
        if xa == xb:
            glyph = "|"
        elif (xb - xa) * (yb - ya) > 0:
            glyph = "\\"
        else:
            glyph = "/"
        if road_owner is not None and road_owner[e] >= 0:
            glyph = str(road_owner[e])
        elif edge_marks is not None and edge_marks[e]:
            glyph = edge_marks[e]
        mid = ya + yb - 2 * y0
        put(mid, int(col) + 1, glyph)
        if xa == xb:
            put(mid - 1, int(col) + 1, glyph)
            put(mid + 1, int(col) + 1, glyph)
    for c, (x, y) in enumerate(topo.corner_xy):
        line, col = at(x, y)
        label = f"{c:>2}"
        if owner is not None and level is not None and owner[c] >= 0:
            label = ("s" if level[c] == 1 else "C") + str(owner[c])
        if labels is not None and labels[c]:
            label = labels[c]
        put(line, col, label)
    for h, (x, y) in enumerate(topo.hex_xy):
        line, col = at(x, 3 * y)
        token = board.tokens[h]
        put(line - 1, col - 1, f"{TERRAIN_LETTER[Terrain(board.terrain[h])]}{token or ''}")
        put(line, col - 1, f"#{h}")
        if h == robber:
            put(line + 1, col - 1, "RR")
        elif hex_marks is not None and hex_marks[h]:
            put(line + 1, col - 1, hex_marks[h])
        elif h in board.river:
            put(line + 1, col - 1, "~~")
    lines = ["".join(row).rstrip() for row in canvas]
    harbors = ", ".join(
        f"{board.harbor_text(kind)} at {'-'.join(map(str, topo.edge_corners[e]))}"
        for e, kind in zip(board.harbor_edges, board.harbor_types, strict=True)
    )
    lines.append(f"harbors: {harbors}")
    if robber < 0 and owner is not None:
        lines.append("robber: off the board until the first 7 or knight")
    if board.river:
        lines.append(
            "river: "
            + ", ".join(f"#{h} {part}" for h, part in zip(board.river, _PARTS, strict=True))
            + f"; riverbank corners {' '.join(map(str, sorted(board.riverbank)))}"
        )
    return "\n".join(lines)


_PARTS = ("mountain part", "forest part", "gold mine")


def render(st: CatanState) -> str:
    """The board with pieces, then one line per seat (hand size, VP, pieces) for the CLI."""
    out = [render_board(st.board, st.owner, st.level, st.road_owner, st.robber)]
    jungle = bool(st.board.jungles)
    for s in range(st.n):
        out.append(
            f"seat {s}: {sum(st.hands[s])} cards, {sum(st.devs[s])} dev, {st.knights[s]} knight{'' if st.knights[s] == 1 else 's'}, "
            f"road {st.road_len[s]}, {shown_points(st, s)}"
            + (f", {st.discovery[s]} discovery tokens" if jungle else "")
            + (f" ({st.gold_vp[s]} from the gold mine)" if st.gold_vp[s] else "")
            + (" [longest road]" if st.longest == s else "")
            + (" [largest army]" if st.army == s else "")
        )
    out.append(f"supply: {' '.join(map(str, st.bank))} (b l w g o), deck {len(st.deck)}")
    return "\n".join(out)


def render_for(st: CatanState, seat: int) -> str:
    """The picture as ``seat`` sees it: the board and the public lines of :func:`render` (all public,
    catan.md §5.12), then this seat's own cards from its observation, and a pending offer."""
    obs = st.observe(seat)
    cards = ", ".join(f"{n} {RESOURCE_NAMES[r]}" for r, n in enumerate(obs.hand) if n) or "no cards"
    devs = ", ".join(f"{n} {DEV_NAMES[d]}" for d, n in enumerate(obs.devs) if n) or "none"
    new = sum(obs.new_devs)
    lines = [
        render(st),
        f"you are seat {seat}: {cards}; development cards: {devs}"
        + (f" ({new} bought this turn)" if new else "")
        + f"; {obs.vp} VP with your hidden ones",
        "your bank rates: " + ", ".join(f"{obs.rates[r]}:1 {RESOURCE_NAMES[r]}" for r in range(5)),
    ]
    if obs.offer is not None:
        lines.append(f"offer on the table: {obs.offer.text()}")
    return "\n".join(lines)


def legend(st: CatanState) -> str:
    """What the marks of the picture mean, and every edge id with its two corners (edges are drawn
    without their ids)."""
    terrains = ", ".join(
        f"{TERRAIN_LETTER[t]} {t.name.lower().replace('_', ' ')}"
        + (f" ({RESOURCE_NAMES[t]})" if t < len(RESOURCE_NAMES) else "")
        for t in Terrain
        # the resources always; the others on the board (a Seafarers map's fog may hide a desert; the
        # sea's own terrains are its legend line in seafarers/render.py)
        if t < Terrain.DESERT
        or (t == Terrain.DESERT and Terrain.SEA in st.board.terrain)
        or (t in st.board.terrain and t not in (Terrain.GOLD, Terrain.SEA, Terrain.FOG))
    )
    edges = "  ".join(f"{e}:{a}-{b}" for e, (a, b) in enumerate(st.board.topology.edge_corners))
    marks = (
        f"hexes: {terrains}; the number after the letter is the hex's token (M10), #7 is the hex id,"
        " RR the robber"
        + ("; J the jungle yields discovery tokens" if st.board.jungles else "")
        + (
            "; ~~ the River, $ its gold mine (bonus VP for buildings on its corners)"
            if st.board.river
            else ""
        )
        + ". Corners: the corner id, or s2 a settlement of seat 2, C0 a city of seat 0."
        " Edges: / \\ |, or the digit of the seat whose road is on it; a road is named by its corners"
        " (road 3-7)."
    )
    lines = textwrap.wrap(marks, 110) + textwrap.wrap(
        "edge id:corners  " + edges, 110, break_on_hyphens=False
    )
    return "\n".join(lines)
