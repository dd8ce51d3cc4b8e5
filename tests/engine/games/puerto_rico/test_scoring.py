"""End triggers with the round completed, scoring with the five large buildings, tie-break (puerto_rico.md §6, §3.5, §8 A12)."""

from __future__ import annotations

import pytest

from engine.games.puerto_rico.scoring import residence_bonus, score_parts
from engine.games.puerto_rico.state import PuertoRicoState

from .cases import position, roles, seat


def finish_round(state: PuertoRicoState) -> list[str]:
    """Play the rest of the round with the first legal action; the game must end exactly then."""
    start = state.turn
    played: list[str] = []
    while not state.is_terminal():
        assert state.turn == start, "the round ended without ending the game"
        mover = state.seats_to_move()[0]
        action = state.legal_actions(mover)[0]
        played.append(f"{mover}:{action.text()}")
        state.apply(mover, action)
    assert state.turn == start
    return played


def test_trigger_1_colonists_ends_the_game_after_the_round() -> None:
    state = position(f"players=3 colonists=1 colship=0 s0={seat(island='i1/0')}")
    state.apply(0, state.game.parse_action("role mayor"))
    state.apply(0, state.game.parse_action("decline"))
    assert state.end_triggered and not state.is_terminal()
    played = finish_round(state)
    assert [p.split(":")[1].split()[0] for p in played].count("role") == 2  # seats 1 and 2 still choose
    assert state.result().termination.value == "victory"


def test_trigger_2_twelfth_city_space_ends_the_game_after_the_round() -> None:
    eleven = (
        "small-indigo-plant/0.small-sugar-mill/0.small-market/0.hacienda/0.construction-hut/0"
        ".small-warehouse/0.indigo-plant/0.sugar-mill/0.hospice/0.office/0.large-market/0"
    )
    state = position(f"players=3 {roles(3)} s1={seat(20, city=eleven)} stack=role(0)")
    state.apply(0, state.game.parse_action("role builder"))
    state.apply(0, state.game.parse_action("pass"))
    state.apply(1, state.game.parse_action("build large-warehouse"))
    assert state.end_triggered and not state.is_terminal()
    finish_round(state)


def test_trigger_3_last_vp_chip_ends_the_game_after_the_round() -> None:
    state = position(f"players=3 vp=3 s1={seat(goods='0.0.4.0.0')}")
    state.apply(0, state.game.parse_action("role captain"))
    state.apply(1, state.game.parse_action("ship sugar 4"))
    assert state.vp_supply == -1 and state.end_triggered and not state.is_terminal()
    finish_round(state)


def test_no_trigger_no_end() -> None:
    state = position("players=3")
    state.apply(0, state.game.parse_action("role settler"))
    for _ in range(3):
        mover = state.seats_to_move()[0]
        state.apply(mover, state.game.parse_action("pass"))
    state.apply(1, state.game.parse_action("role builder"))
    for _ in range(3):
        state.apply(state.seats_to_move()[0], state.game.parse_action("pass"))
    state.apply(2, state.game.parse_action("role trader"))
    for _ in range(3):
        state.apply(state.seats_to_move()[0], state.game.parse_action("pass"))
    assert not state.is_terminal() and state.turn == 2 and state.governor == 1


LARGE = [
    # (name, city, other fields of the seat, expected bonus)
    (
        "guild hall: +1 per small and +2 per large production building (seed example: 6)",
        "small-indigo-plant/0.small-sugar-mill/0.sugar-mill/0.coffee-roaster/0.guild-hall/1",
        {},
        6,
    ),
    ("residence: 10 filled island spaces give +5", "residence/1", {"island": "c5/0.q5/5"}, 5),
    ("fortress: +1 per 3 colonists on the board (20 → +6)", "fortress/1", {"san_juan": 19}, 6),
    ("customs house: +1 per 4 chip VP (23 → +5)", "customs-house/1", {"vp": 23}, 5),
    (
        "city hall: +1 per violet building, itself included (seed example: 7)",
        "hacienda/0.construction-hut/0.office/0.large-warehouse/0.wharf/0.residence/0.city-hall/1",
        {},
        7,
    ),
]


@pytest.mark.parametrize(("name", "city", "extra", "bonus"), LARGE, ids=[c[0] for c in LARGE])
def test_large_building_bonus(name: str, city: str, extra: dict[str, object], bonus: int) -> None:
    state = position(f"players=3 over=1 s0={seat(city=city, **extra)}")  # type: ignore[arg-type]
    chips, building_vp, got = score_parts(state, 0)
    assert got == bonus
    assert state.result().scores[0] == chips + building_vp + bonus
    unoccupied = position(f"players=3 over=1 s0={seat(city=city.replace('/1', '/0'), **extra)}")  # type: ignore[arg-type]
    assert score_parts(unoccupied, 0)[2] == 0, "3.5: the bonus needs an occupied building"
    assert score_parts(unoccupied, 0)[1] == building_vp, "3.1: building VP count even unoccupied"


@pytest.mark.parametrize(("filled", "bonus"), [(0, 4), (9, 4), (10, 5), (11, 6), (12, 7)])
def test_residence_table(filled: int, bonus: int) -> None:
    assert residence_bonus(filled) == bonus


def test_score_is_chips_plus_buildings_plus_bonuses() -> None:
    state = position(f"players=3 over=1 s0={seat(vp=12, city='hospice/0.customs-house/1')}")
    assert state.scores()[0] == 12 + 2 + 4 + 3


def test_tiebreak_doubloons_plus_goods() -> None:
    state = position(
        f"players=3 over=1 s0={seat(2, vp=10, goods='1.0.0.0.0')} s1={seat(4, vp=10)} s2={seat(9, vp=9)}"
    )
    result = state.result()
    assert result.places == (2, 1, 3)
    assert dict(result.details)["tiebreak"] == [3, 4, 9]


def test_second_tie_is_a_shared_victory() -> None:
    state = position(
        f"players=3 over=1 s0={seat(3, vp=10, goods='1.0.0.0.0')} s1={seat(4, vp=10)} s2={seat(0, vp=2)}"
    )
    result = state.result()
    assert result.places == (1, 1, 3)
    assert result.winners == (0, 1)
