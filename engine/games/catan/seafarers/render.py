"""An ASCII picture of a Seafarers board for ``arena render``, ``arena play`` and debugging.

Base Catan's picture (:func:`engine.games.catan.render.render_board`) of the whole frame: ``~`` marks a
sea hex, ``?`` a fog space not yet discovered, ``$`` a gold field; a ship is drawn on its edge as the
letter of its seat (``a`` seat 0, ``b`` seat 1, ...), a road as the seat's digit; ``PP`` is under the
pirate's hex, ``RR`` under the robber's. Hands, VP, routes, ships and island bonuses follow.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from engine.games.catan.render import legend as base_legend
from engine.games.catan.render import render_board
from engine.games.catan.rules.scoring import shown_points
from engine.games.catan.seafarers.board import FRAME
from engine.games.catan.tables import DEV_NAMES, RESOURCE_NAMES, TERRAIN_LETTER, Terrain

if TYPE_CHECKING:
    from engine.games.catan.seafarers.state import SeafarersState

SHIP_LETTERS = "abcdef"
"""The letter drawn on a ship's edge, by seat."""


def render(st: SeafarersState) -> str:
    board = st.board
    marks = [""] * board.topology.n_hexes
    if st.pirate != FRAME:
        marks[st.pirate] = "PP"
    ships = [SHIP_LETTERS[s] if s >= 0 else "" for s in st.ship_owner]
    out = [
        render_board(board, st.owner, st.level, st.road_owner, st.robber, hex_marks=marks, edge_marks=ships)
    ]
    names = board.island_names
    for s in range(st.n):
        bonus = [names[i] for i in range(len(names)) if st.rewarded[s] >> i & 1]
        out.append(
            f"seat {s}: {sum(st.hands[s])} cards, {sum(st.devs[s])} dev, {st.knights[s]} knight{'' if st.knights[s] == 1 else 's'}, "
            f"route {st.road_len[s]}, {st.ships_left[s]} ships left, {shown_points(st, s)}"
            + (f" ({st.island_vp[s]} from islands {', '.join(bonus)})" if st.island_vp[s] else "")
            + (" [longest trade route]" if st.longest == s else "")
            + (" [largest army]" if st.army == s else "")
        )
    out.append(f"supply: {' '.join(map(str, st.bank))} (b l w g o), deck {len(st.deck)}")
    out.append("pirate: " + ("on the frame" if st.pirate == FRAME else f"hex {st.pirate}"))
    if board.fog:
        out.append(f"fog: {len(board.fog)} spaces undiscovered, {len(st.fog_stack)} hexes face down")
    return "\n".join(out)


def render_for(st: SeafarersState, seat: int) -> str:
    """The picture as ``seat`` sees it: all public, then its own cards (seafarers.md §5.13)."""
    obs = st.observe(seat)
    cards = ", ".join(f"{n} {RESOURCE_NAMES[r]}" for r, n in enumerate(obs.hand) if n) or "no cards"
    devs = ", ".join(f"{n} {DEV_NAMES[d]}" for d, n in enumerate(obs.devs) if n) or "none"
    lines = [
        render(st),
        f"you are seat {seat}: {cards}; development cards: {devs}; {obs.vp} VP with your hidden ones",
        "your bank rates: " + ", ".join(f"{obs.rates[r]}:1 {RESOURCE_NAMES[r]}" for r in range(5)),
    ]
    if obs.offer is not None:
        lines.append(f"offer on the table: {obs.offer.text()}")
    return "\n".join(lines)


def legend(st: SeafarersState) -> str:
    extra = ", ".join(
        f"{TERRAIN_LETTER[t]} {t.name.lower()}" for t in (Terrain.GOLD, Terrain.SEA, Terrain.FOG)
    )
    sea = (
        f"Seafarers: {extra} (a fog space not yet discovered). A ship is the letter of its seat on an"
        " edge (a seat 0, b seat 1, c seat 2, d seat 3); PP is under the pirate's hex. Islands: "
        + "; ".join(
            f"{name} " + ",".join(str(h) for h, i in enumerate(st.board.hex_island) if i == k)
            for k, name in enumerate(st.board.island_names)
        )
        + " (hex ids)."
    )
    return "\n".join([*textwrap.wrap(sea, 110), base_legend(st)])
