"""The registry: lookups by id and alias, and one clear error naming the valid choices."""

from __future__ import annotations

import pytest

import engine
from engine.core.errors import UnknownChoice
from engine.core.registry import TEXT_CHECKED, VariantInfo, resolve_options
from engine.registry import find_game


def test_ids_and_aliases() -> None:
    assert find_game("PR").id == "puerto-rico"
    assert engine.list_games()[0].id == "puerto-rico"


def test_unknown_names_list_the_valid_choices() -> None:
    with pytest.raises(UnknownChoice, match="unknown game 'chess'; valid: puerto-rico"):
        engine.load_game("chess")
    with pytest.raises(UnknownChoice) as named:  # a variant's name where the game's goes
        engine.load_game("Seafarers")
    assert str(named.value).endswith(
        "('seafarers' names a variant: catan --variant seafarers-new-shores | seafarers-four-islands"
        " | seafarers-fog-islands)"
    )
    with pytest.raises(UnknownChoice, match=r"'jungle' names a variant: catan --variant jungle\)$"):
        engine.load_game("jungle")
    with pytest.raises(UnknownChoice, match="valid: base"):
        engine.load_game("puerto-rico", variant="deluxe")
    with pytest.raises(UnknownChoice, match="valid: 3, 4, 5"):
        engine.load_game("puerto-rico", players=2)


def test_options_are_converted_and_checked() -> None:
    spec = VariantInfo(
        "v",
        2,
        4,
        "",
        options=(("flag", False), ("cap", 10), ("board", "beginner")),
        option_ranges=(("cap", (1, 99)), ("board", ("beginner", "random"))),
    )
    assert resolve_options(spec, {"flag": "true", "cap": "12", "board": "random"}) == {
        "flag": True,
        "cap": 12,
        "board": "random",
    }
    with pytest.raises(UnknownChoice, match="unknown option of v 'colour'; valid: board, cap, flag"):
        resolve_options(spec, {"colour": "red"})
    with pytest.raises(UnknownChoice, match="an integer"):
        resolve_options(spec, {"cap": "many"})
    with pytest.raises(UnknownChoice, match="true, false"):
        resolve_options(spec, {"flag": "perhaps"})


def test_values_outside_an_options_range_are_refused_naming_the_range() -> None:
    cases = [
        ("turn_cap", -1, "unknown value of option turn_cap -1; valid: an integer from 1 to 10000"),
        ("turn_cap", 0, "valid: an integer from 1 to 10000"),
        ("turn_cap", 10_001, "valid: an integer from 1 to 10000"),
        ("vp_to_win", 0, "unknown value of option vp_to_win 0; valid: an integer from 3 to 22"),
        ("vp_to_win", 23, "valid: an integer from 3 to 22"),
        ("offer_limit", -3, "unknown value of option offer_limit -3; valid: an integer from 0 to 20"),
        ("layout", "hexes", "unknown value of option layout 'hexes'; valid: beginner, random"),
    ]
    for name, value, message in cases:
        with pytest.raises(UnknownChoice) as caught:
            engine.load_game("catan", **{name: value})
        assert message in str(caught.value), (name, value)
        with pytest.raises(UnknownChoice, match="valid: "):
            engine.load_game("catan", **{name: str(value)})  # as a command line gives it
    for name, value in (("turn_cap", 1), ("turn_cap", 10_000), ("vp_to_win", 3), ("vp_to_win", 22)):
        assert engine.load_game("catan", **{name: value}).options[name] == value
    assert engine.load_game("catan", offer_limit=0).options["offer_limit"] == 0


def test_every_option_of_every_variant_has_a_range_holding_its_default() -> None:
    for info in engine.list_games():
        for variant in info.variants:
            for name, default in variant.options:
                valid = variant.option_range(name)
                if isinstance(default, bool):
                    assert valid == (False, True)
                elif isinstance(default, int):
                    assert valid[0] <= default <= valid[1], (info.id, name)  # type: ignore[operator]
                else:  # a choice, or a text its game checks (helper_stack: its game's own tests)
                    assert default in valid or valid == (TEXT_CHECKED,), (info.id, name)
    with pytest.raises(ValueError, match="option cap has no range"):
        VariantInfo("v", 2, 4, "", options=(("cap", 10),))
    with pytest.raises(ValueError, match="default cap=10 is outside its range"):
        VariantInfo("v", 2, 4, "", options=(("cap", 10),), option_ranges=(("cap", (1, 5)),))
    with pytest.raises(ValueError, match="a range for an unknown option size"):
        VariantInfo("v", 2, 4, "", options=(), option_ranges=(("size", (1, 5)),))


def test_the_catan_victory_point_range_is_what_a_seat_can_reach() -> None:
    """catan.md §2.5: from more than the two set-up settlements to every piece, both special cards
    and every VP card of the deck (§2.1)."""
    from engine.games.catan.tables import BASE_COUNTS, SPECIAL_CARD_VP, DevCard

    counts = BASE_COUNTS
    most = (
        counts.settlements + 2 * counts.cities + 2 * SPECIAL_CARD_VP + counts.dev_deck[DevCard.VICTORY_POINT]
    )
    assert find_game("catan").variant("base").option_range("vp_to_win") == (3, most)
