"""Table-driven rule cases (HS-13, HS-14): before-state, seat, action, after-state or error.

A case's ``before`` is a full position in :mod:`engine.games.puerto_rico.notation` (fields left out take
blank values). Its ``after`` lists only the fields the action changes: the expected position is
``before`` with those fields replaced, and it must equal the actual position field for field. An
``error`` case expects that exception, a message containing ``message``, and an unchanged fingerprint.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from engine.core.errors import RulesError
from engine.games.puerto_rico.game import PuertoRicoGame
from engine.games.puerto_rico.notation import from_text, to_text
from engine.games.puerto_rico.state import PuertoRicoState
from engine.games.puerto_rico.tables import BUILDING_BY_NAME, BUILDINGS, SETUP

ROLE_KEYS = ("settler", "mayor", "builder", "craftsman", "trader", "captain", "prospector", "prospector2")


@dataclass(frozen=True)
class Case:
    """One rule case; ``name`` cites the digest section."""

    name: str
    before: str
    seat: int
    action: str
    after: str | None = None
    error: type[RulesError] | None = None
    message: str = ""
    options: dict[str, bool] = field(default_factory=dict)


def seat(
    doubloons: int = 0,
    vp: int = 0,
    san_juan: int = 0,
    goods: str = "0.0.0.0.0",
    island: str = "-",
    city: str = "-",
) -> str:
    """The value of an ``sN=`` field."""
    return f"{doubloons}:{vp}:{san_juan}:{goods}:{island}:{city}"


def roles(players: int, doubloons: dict[str, int] | None = None, **owners: int) -> str:
    """A ``roles=`` field: every tile in play, with doubloons and the seats that chose them."""
    tiles = SETUP[players].role_tiles
    parts = []
    for t in tiles:
        key = ROLE_KEYS[t]
        owner = owners.get(key)
        parts.append(f"{key}:{(doubloons or {}).get(key, 0)}" + (f"@{owner}" if owner is not None else ""))
    return "roles=" + ",".join(parts)


def buildings(*taken: str) -> str:
    """A ``buildings=`` supply field with one copy of each named building taken."""
    counts = [b.copies for b in BUILDINGS]
    for name in taken:
        counts[BUILDING_BY_NAME[name]] -= 1
    return "buildings=" + ".".join(str(c) for c in counts)


def fields(text: str) -> dict[str, str]:
    """The ``key=value`` fields of a notation, in order."""
    return dict(token.split("=", 1) for token in text.split())


def merge(before: str, after: str) -> str:
    """``before`` with the fields of ``after`` replaced or added."""
    merged = fields(before)
    merged.update(fields(after))
    return " ".join(f"{k}={v}" for k, v in merged.items())


def game_for(text: str, options: dict[str, bool] | None = None) -> PuertoRicoGame:
    return PuertoRicoGame("base", int(fields(text)["players"]), options or {})


def position(text: str, options: dict[str, bool] | None = None) -> PuertoRicoState:
    return from_text(text, game_for(text, options))


def run_case(case: Case) -> None:
    """Apply the case's action and check the after-state or the error."""
    game = game_for(case.before, case.options)
    state = from_text(case.before, game)
    action = game.parse_action(case.action)
    if case.error is not None:
        before = state.fingerprint()
        with pytest.raises(case.error) as caught:
            state.apply(case.seat, action)
        assert case.message in str(caught.value), str(caught.value)
        assert state.fingerprint() == before
        return
    assert case.after is not None
    state.apply(case.seat, action)
    expected = fields(to_text(from_text(merge(case.before, case.after), game)))
    actual = fields(to_text(state))
    diff = {
        k: (expected.get(k), actual.get(k))
        for k in expected.keys() | actual.keys()
        if expected.get(k) != actual.get(k)
    }
    assert not diff, f"field: (expected, actual) {diff}"


def ids(cases: list[Case]) -> list[str]:
    return [c.name for c in cases]
