"""Inventor (cities_and_knights.md §2.9, §10 items 16-19)."""

from __future__ import annotations

import dataclasses

from engine.core.rng import MatchRng
from engine.games.catan.layouts import board_for, make_board
from engine.games.catan_ck.progress.inventor import SWAPPABLE, swapped
from engine.games.catan_ck.tables import Card
from tests.engine.games.catan_ck.progress.cards import act, hold, main_phase, refused


def test_two_tokens_change_places_and_production_follows() -> None:
    """§10 item 18: the tokens physically trade places; the robber's hex may take part (item 19)."""
    st = main_phase()
    hold(st, 0, Card.INVENTOR)
    tokens = st.board.tokens
    a = next(h for h, t in enumerate(tokens) if t in SWAPPABLE)
    b = next(h for h, t in enumerate(tokens) if t in SWAPPABLE and t != tokens[a])
    ta, tb = tokens[a], tokens[b]
    st.robber = a
    act(st, 0, f"play inventor {min(a, b)} {max(a, b)}")
    assert st.board.tokens[a] == tb and st.board.tokens[b] == ta
    assert a in [h for h, _, _ in st.board.roll_sites[tb]]
    assert b in [h for h, _, _ in st.board.roll_sites[ta]]
    assert b not in [h for h, _, _ in st.board.roll_sites[tb]]


def test_six_eight_two_twelve_never_move() -> None:
    """§10 item 16: not a 2, 12, 6 or 8."""
    st = main_phase()
    hold(st, 0, Card.INVENTOR)
    tokens = st.board.tokens
    six = next(h for h, t in enumerate(tokens) if t in (6, 8))
    other = next(h for h, t in enumerate(tokens) if t in SWAPPABLE)
    lo, hi = min(six, other), max(six, other)
    refused(st, 0, f"play inventor {lo} {hi}", f"hex {six} carries")


def test_lower_hex_first() -> None:
    """§2.9: one play per pair of hexes, written lower id first."""
    st = main_phase()
    hold(st, 0, Card.INVENTOR)
    hs = [h for h, t in enumerate(st.board.tokens) if t in SWAPPABLE]
    refused(st, 0, f"play inventor {hs[1]} {hs[0]}", "lower hex first")


def test_the_swapped_board_is_the_board_built_from_the_swapped_tokens() -> None:
    """The effect's board (only the roll sites rebuilt) equals ``make_board`` of the new tokens, field by
    field, for every pair of hexes on a few random islands."""
    for seed in range(3):
        board = board_for("random", MatchRng(seed).stream("board"))
        hexes = [h for h, t in enumerate(board.tokens) if t in SWAPPABLE]
        for a in hexes:
            for b in hexes:
                if a < b:
                    tokens = list(board.tokens)
                    tokens[a], tokens[b] = tokens[b], tokens[a]
                    built = make_board(
                        board.layout, board.terrain, tuple(tokens), board.harbor_types, board.topology.rows
                    )
                    fast = swapped(board, a, b)
                    for f in dataclasses.fields(built):
                        assert getattr(fast, f.name) == getattr(built, f.name), f.name
