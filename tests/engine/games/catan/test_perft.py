"""Perft-style counts of legal action sequences (HS-16) from ``perft.txt``; a mismatch prints a breakdown."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.games.catan.notation import from_text
from tests.engine.games.helpers import perft

PERFT = Path(__file__).with_name("perft.txt")


def _entries() -> list[tuple[str, str, int, int]]:
    out = []
    ident = text = ""
    for line in PERFT.read_text().splitlines():
        if line.startswith("id "):
            ident = line[3:].strip()
        elif line.startswith("state "):
            text = line[6:].strip()
        elif line.startswith("count "):
            _, depth, n = line.split()
            out.append((ident, text, int(depth), int(n)))
    return out


@pytest.mark.parametrize(("ident", "text", "depth", "expected"), _entries(), ids=lambda v: str(v))
def test_perft(ident: str, text: str, depth: int, expected: int) -> None:
    state = from_text(text)
    got = perft(state, depth)
    if got != expected:
        seat = state.seats_to_move()[0]
        breakdown = {
            a.text(): perft(state.child(seat, a), depth - 1) if depth > 1 else 1
            for a in state.legal_actions(seat)
        }
        pytest.fail(f"{ident} depth {depth}: {got} != {expected}; breakdown {breakdown}")
