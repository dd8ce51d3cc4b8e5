"""Inventor (cities_and_knights.md §2.9, §10 items 16-19): two number tokens change places. Neither may
be a 2, 12, 6 or 8, so both come from {3, 4, 5, 9, 10, 11}; no building is needed next to either hex,
and the robber's hex may take part. The play names the two hexes, the lower id first (``play inventor
3 11``). Two tokens of the same value may be swapped (nothing changes).

The board is immutable and shared between copies of a match: the effect builds a new one with the
tokens exchanged (production then reads its ``roll_sites``)."""

from __future__ import annotations

import dataclasses
import functools
from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.layouts import Board
from engine.games.catan_ck.actions import PlayCard, play
from engine.games.catan_ck.progress import Effect
from engine.games.catan_ck.tables import Card

if TYPE_CHECKING:
    from engine.games.catan_ck.state import CkState

SWAPPABLE = frozenset({3, 4, 5, 9, 10, 11})
"""§2.9: the tokens the Inventor may move."""


def hexes(st: CkState) -> list[int]:
    """Hexes carrying a swappable token, ascending."""
    return [h for h, tok in enumerate(st.board.tokens) if tok in SWAPPABLE]


@functools.lru_cache(maxsize=64)
def _pairs(tokens: tuple[int, ...]) -> tuple[PlayCard, ...]:
    hs = [h for h, tok in enumerate(tokens) if tok in SWAPPABLE]
    return tuple(play(Card.INVENTOR, a, b) for i, a in enumerate(hs) for b in hs[i + 1 :])


def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
    return _pairs(st.board.tokens)


def why(st: CkState, seat: int, action: PlayCard) -> str | None:
    a, b = action.args[0], action.args[1]
    tokens = st.board.tokens
    for h in (a, b):
        if not 0 <= h < len(tokens):
            return f"Inventor: hex {h} does not exist (0..{len(tokens) - 1}; cities_and_knights.md §2.9)"
        if tokens[h] not in SWAPPABLE:
            return (
                f"Inventor: hex {h} carries {tokens[h] or 'no token'}; only 3, 4, 5, 9, 10 and 11 move "
                "(cities_and_knights.md §2.9, §10 item 16)"
            )
    if a == b:
        return "Inventor: name two different hexes (cities_and_knights.md §2.9)"
    if a > b:
        return f"Inventor: name the lower hex first: 'play inventor {b} {a}'"
    return None


def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    a, b = action.args[0], action.args[1]
    st.board = board = swapped(st.board, a, b)
    tokens = board.tokens
    return [Event("inventor", {"seat": seat, "hexes": [a, b], "tokens": [tokens[a], tokens[b]]})]


def swapped(board: Board, a: int, b: int) -> Board:
    """``board`` with the tokens of hexes ``a`` and ``b`` exchanged: the board ``make_board`` builds from
    those tokens, with its roll sites built again and every other part shared."""
    tokens = list(board.tokens)
    tokens[a], tokens[b] = tokens[b], tokens[a]
    roll_hexes: list[list[int]] = [[] for _ in board.roll_sites]
    for h, tok in enumerate(tokens):
        if tok:
            roll_hexes[tok].append(h)
    terrain, corners = board.terrain, board.topology.hex_corners
    sites = tuple(tuple((h, terrain[h], corners[h]) for h in hs) for hs in roll_hexes)
    return dataclasses.replace(board, tokens=tuple(tokens), roll_sites=sites)


EFFECT = Effect(
    card=Card.INVENTOR,
    targets=targets,
    apply=apply,
    why=why,
    no_target="Inventor: fewer than two hexes carry a 3, 4, 5, 9, 10 or 11 (cities_and_knights.md §2.9)",
)
