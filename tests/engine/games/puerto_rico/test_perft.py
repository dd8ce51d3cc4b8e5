"""Legal-action counts from ``perft.txt`` (HS-16); a mismatch prints the actions listed."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.engine.games.helpers import perft

from .cases import position

PERFT = Path(__file__).with_name("perft.txt")


@dataclass(frozen=True)
class Perft:
    id: str
    state: str
    counts: tuple[tuple[int, int], ...]


def load() -> list[Perft]:
    entries: list[Perft] = []
    ident, state, counts = "", "", []
    for line in [*PERFT.read_text().splitlines(), ""]:
        if line.startswith("#"):
            continue
        if not line.strip():
            if ident:
                entries.append(Perft(ident, state, tuple(counts)))
            ident, state, counts = "", "", []
            continue
        key, _, rest = line.partition(" ")
        if key == "id":
            ident = rest
        elif key == "state":
            state = rest
        elif key == "count":
            words = [int(w) for w in rest.split()]
            counts.append((words[0], words[1]) if len(words) == 2 else (1, words[0]))
    return entries


ENTRIES = load()


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.id for e in ENTRIES])
def test_perft(entry: Perft) -> None:
    state = position(entry.state)
    seat = state.seats_to_move()[0]
    for depth, expected in entry.counts:
        got = perft(state, depth)
        listed = [a.text() for a in state.legal_actions(seat)]
        assert got == expected, f"{entry.id} depth {depth}: {got} != {expected}; actions: {listed}"


def test_the_file_covers_every_player_count() -> None:
    assert {"first-role-3-players", "first-role-4-players", "first-role-5-players-two-prospectors"} <= {
        e.id for e in ENTRIES
    }
