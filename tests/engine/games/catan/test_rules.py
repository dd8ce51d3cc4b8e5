"""The rule cases of ``cases.py`` and ``helper_cases.py``: apply each action to its position and check
the result or the error. The base game's cases run in ``base`` and ``helpers`` (HS-14: where no helper
is involved the rules are the same).

Every refused action must leave the state's fingerprint unchanged (bad input, catan.md §10).
"""

from __future__ import annotations

import pytest

from engine.games.catan.game import CatanGame
from engine.games.catan.notation import from_text, to_text

from .cases import CASES, EXTENDED_CASES, Case
from .helper_cases import HELPER_CASES

ALL: list[tuple[str, Case]] = [
    *(("base", c) for c in CASES),
    *(("helpers", c) for c in CASES),
    *(("extended", c) for c in EXTENDED_CASES),
    *(("helpers", c) for c in HELPER_CASES),
]


def _position(variant: str, case: Case) -> str:
    """The case's position in ``variant`` (the base cases name none)."""
    return case.before if variant == "base" or "v=" in case.before else f"v={variant} {case.before}"


def _tokens(text: str) -> dict[str, str]:
    return dict(tok.split("=", 1) if "=" in tok else (tok, "") for tok in text.split())


@pytest.mark.parametrize(("variant", "case"), ALL, ids=[f"{v} §{c.section} {c.name}" for v, c in ALL])
def test_rule_case(variant: str, case: Case) -> None:
    run_case(_position(variant, case), case)


def run_case(position: str, case: Case) -> None:
    """Apply the case's action to ``position``; check the tokens of the result, or the error and an
    unchanged fingerprint."""
    state = from_text(position, **case.options)
    game = state.game
    assert isinstance(game, CatanGame)
    if case.first:
        state.apply(state.active, game.parse_action(case.first))
    action = game.parse_action(case.action)
    if case.error is not None:
        kind, why = case.error
        before = state.fingerprint()
        with pytest.raises(kind) as caught:
            state.apply(case.seat, action)
        assert why in str(caught.value), str(caught.value)
        assert state.fingerprint() == before
        return
    state.apply(case.seat, action)
    got = _tokens(to_text(state))
    assert case.after is not None
    for token in case.after.split():
        if token.startswith("!"):
            assert token[1:] not in got, f"{token[1:]} present: {to_text(state)}"
            continue
        key, _, value = token.partition("=")
        assert got.get(key) == value, f"{key}: expected {value!r}, got {got.get(key)!r} in {to_text(state)}"


def test_every_digest_section_has_cases() -> None:
    sections = {part.split(".")[0] for _, c in ALL for part in c.section.split("/")}
    assert {"2", "3", "4", "5", "6", "7", "9"} <= sections


@pytest.mark.parametrize(("variant", "case"), ALL, ids=[f"{v} {c.name}" for v, c in ALL])
def test_notation_round_trip(variant: str, case: Case) -> None:
    state = from_text(_position(variant, case), **case.options)
    text = to_text(state)
    assert to_text(from_text(text, **case.options)) == text
