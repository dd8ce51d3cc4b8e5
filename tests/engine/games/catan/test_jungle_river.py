"""The Jungle and Big River variants (seafarers.md §7, §8): the cases of ``jungle_cases.py``, the two
islands, discovery tokens from the dice, the purchases listed, the gold mine's points and what each seat
sees. Each test names the section it checks."""

from __future__ import annotations

import re
from collections import Counter

import pytest

import engine
from engine.core.errors import MalformedAction, RulesError, UnknownChoice
from engine.core.rng import Stream
from engine.games.catan.actions import TOKEN_BUYS, BuyDevTokens
from engine.games.catan.decisions import DiscardHalf, PlaceRobber
from engine.games.catan.islands import DEFAULT_RIVER, river_lines, river_names
from engine.games.catan.notation import from_text, to_text
from engine.games.catan.parse import parse_action
from engine.games.catan.rules.scoring import public_points
from engine.games.catan.state import CatanState
from engine.games.catan.tables import RIVER_OTHER_TERRAINS, SPIRAL_TOKENS, Terrain
from engine.games.catan.topology import BASE_ROWS, topology_for

from .jungle_cases import JUNGLE_CASES, Case
from .test_rules import run_case

TOPO = topology_for(BASE_ROWS)
RED = (6, 8)
RIVER_LINES = (
    "R1C1-R2C2-R3C3", "R1C1-R2C1-R3C1", "R1C2-R2C3-R3C4", "R1C2-R2C2-R3C2", "R1C3-R2C4-R3C5",
    "R1C3-R2C3-R3C3", "R2C1-R3C2-R4C2", "R2C2-R3C3-R4C3", "R2C2-R3C2-R4C1", "R2C3-R3C4-R4C4",
    "R2C3-R3C3-R4C2", "R2C4-R3C4-R4C3", "R3C1-R4C1-R5C1", "R3C2-R4C2-R5C2", "R3C3-R4C3-R5C3",
    "R3C3-R4C2-R5C1", "R3C4-R4C3-R5C2", "R3C5-R4C4-R5C3",
)  # fmt: skip
"""The 18 lines by hand: nine down to the right, nine down to the left (seafarers.md §8.2)."""


@pytest.mark.parametrize("case", JUNGLE_CASES, ids=[f"§{c.section} {c.name}" for c in JUNGLE_CASES])
def test_rule_case(case: Case) -> None:
    run_case(case.before, case)


@pytest.mark.parametrize("case", JUNGLE_CASES, ids=[c.name for c in JUNGLE_CASES])
def test_notation_round_trip(case: Case) -> None:
    text = to_text(from_text(case.before, **case.options))
    assert to_text(from_text(text, **case.options)) == text


def _state(variant: str, seed: int = 0, players: int = 4, **options: object) -> CatanState:
    st = engine.load_game("catan", variant, players, **options).new_state(seed)
    assert isinstance(st, CatanState)
    return st


def _roll_until(st: CatanState, total: int) -> None:
    """Advance the dice stream until the next roll of the active seat is ``total``."""
    for _ in range(500):
        clone = st.clone()
        clone.apply(clone.active, clone.game.parse_action("roll"))
        if clone.rolled == total:
            return
        st.rng.stream("dice").die()
        st.rng.stream("dice").die()
    raise AssertionError("no such roll")


def _no_red_neighbours(terrain: tuple[int, ...], tokens: tuple[int, ...]) -> bool:
    return all(
        not (tokens[h] in RED and tokens[n] in RED) for h in range(len(tokens)) for n in TOPO.hex_neighbors[h]
    )


# -- §7.2 the jungle island -----------------------------------------------------------------------------


def test_the_jungle_takes_the_deserts_place_with_the_same_draws() -> None:
    """seafarers.md §7.2: the base island of the same seed with the desert swapped for the jungle, its
    18 tokens unchanged, the jungle's token added; the robber off the board."""
    for seed in range(40):
        base, jungle = _state("base", seed).board, _state("jungle", seed).board
        (h,) = jungle.jungles
        assert base.terrain[h] == Terrain.DESERT and jungle.terrain[h] == Terrain.JUNGLE
        assert [t for i, t in enumerate(jungle.terrain) if i != h] == [
            t for i, t in enumerate(base.terrain) if i != h
        ]
        assert jungle.tokens[h] == 10 and base.tokens[h] == 0
        assert [k for i, k in enumerate(jungle.tokens) if i != h] == [
            k for i, k in enumerate(base.tokens) if i != h
        ]
        assert jungle.harbor_types == base.harbor_types and jungle.hex_resource[h] == -1
        assert all(h not in [site[0] for site in sites] for sites in jungle.roll_sites)
    assert _state("jungle", 3).robber == -1


def test_jungle_options() -> None:
    """seafarers.md §7.2: the beginner map's jungle is R3C3; the token is an option (never 7); the robber
    may start on the jungle."""
    st = _state("jungle", layout="beginner", jungle_token=4, robber_start="jungle")
    assert st.board.jungles == (TOPO.hex_id(3, 3),) == (9,)
    assert st.board.tokens[9] == 4 and st.robber == 9
    assert Counter(st.board.terrain)[Terrain.JUNGLE] == 1 and Terrain.DESERT not in st.board.terrain
    with pytest.raises(UnknownChoice, match=re.escape("seafarers.md §7.2")):
        engine.load_game("catan", "jungle", 4, jungle_token=7)
    with pytest.raises(UnknownChoice):
        engine.load_game("catan", "jungle", 4, robber_start="desert")


# -- §7.3 discovery tokens from the dice ----------------------------------------------------------------


def test_the_jungle_pays_tokens_on_its_number() -> None:
    """seafarers.md §7.3: 1 token per settlement, 2 per city, on the jungle's number; the resource hexes
    of the same number pay cards as usual; the hand does not hold the tokens."""
    st = from_text("v=jungle phase=pre_roll s0.settle=18 s1.city=30 s2.settle=12 robber=-1")
    _roll_until(st, 10)
    events = st.apply(0, st.game.parse_action("roll"))
    assert st.discovery == [1, 2, 0, 0]
    assert next(e.data for e in events if e.kind == "discoveries")["paid"] == {"0": 1, "1": 2}
    assert st.hands[2] == [0, 0, 0, 0, 1]  # M10 beside corner 12
    assert [sum(h) for h in st.hands] == [0, 0, 1, 0]


def test_the_robber_on_the_jungle_stops_it() -> None:
    """seafarers.md §7.3 item 4: no tokens while the robber stands on the jungle."""
    st = from_text("v=jungle phase=pre_roll s0.settle=18 robber=9")
    _roll_until(st, 10)
    events = st.apply(0, st.game.parse_action("roll"))
    assert st.discovery == [0, 0, 0, 0] and all(e.kind != "discoveries" for e in events)


def test_tokens_do_not_count_on_a_seven() -> None:
    """seafarers.md §7.4 item 1: 7 cards and any number of tokens owe no discard."""
    st = from_text("v=jungle phase=pre_roll s0.hand=7o s0.tokens=9 s1.hand=8w s1.tokens=1")
    _roll_until(st, 7)
    st.apply(0, st.game.parse_action("roll"))
    top = st.decisions[-1]
    assert isinstance(top, DiscardHalf) and top.seats == (1,) and top.owed[1] == 4
    st.apply(1, st.game.parse_action("discard 4 wool"))
    assert isinstance(st.decisions[-1], PlaceRobber)
    assert st.discovery == [9, 1, 0, 0]


def test_the_robber_enters_from_off_the_board() -> None:
    """seafarers.md §7.2 item 3: off the board until the first 7, then onto any of the 19 hexes."""
    st = from_text("v=jungle decision=robber")
    assert st.robber == -1
    hexes = {a.hex for a in st.legal_actions(0)}  # type: ignore[attr-defined]
    assert hexes == set(range(19))


# -- §7.4, §7.5 what tokens pay for ----------------------------------------------------------------------


def test_tokens_are_no_resource_in_any_text() -> None:
    """seafarers.md §7.4: no trade, discard or card names discovery tokens."""
    for text in (
        "bank give 4 discovery get 1 ore",
        "offer give 1 discovery get 1 wool to all",
        "counter give 1 discovery get 1 wool",
        "discard 2 discovery",
        "play monopoly discovery",
        "play year-of-plenty discovery ore",
        "buy dev tokens discovery",
    ):
        with pytest.raises(MalformedAction, match="not a resource"):
            parse_action(text)


def test_purchase_texts_round_trip() -> None:
    """seafarers.md §7.5 item 2: ``buy dev tokens`` names the resources replaced, in resource order."""
    for buy in TOKEN_BUYS[1:]:
        assert parse_action(buy.text()) == buy
    assert parse_action("buy dev tokens ore wool") == BuyDevTokens((0, 0, 1, 0, 1))
    assert TOKEN_BUYS[5].text() == "buy dev tokens wool ore"
    assert parse_action("buy dev tokens") == TOKEN_BUYS[0]  # the rules refuse it (seafarers.md §7.5)
    with pytest.raises(MalformedAction):
        parse_action("buy dev tokens ore ore ore ore")


@pytest.mark.parametrize("variant", ["base", "helpers", "big-river", "seafarers-new-shores"])
def test_no_purchase_with_tokens_outside_the_jungle(variant: str) -> None:
    """seafarers.md §7.5: ``buy dev tokens`` is the Jungle's own text: another variant refuses it as
    another variant's word, and the action itself, handed over in process, breaks §7.5 there."""
    game = engine.load_game("catan", variant, 4)
    with pytest.raises(MalformedAction, match=re.escape("belongs to the Jungle (seafarers.md §7.5)")):
        game.parse_action("buy dev tokens ore")
    assert engine.load_game("catan", "jungle", 4).parse_action("buy dev tokens ore") == TOKEN_BUYS[4]
    if variant in ("base", "big-river"):  # seat 0 after its roll, able to pay every mix
        st = from_text(f"v={variant} s0.hand=1w1g1o")
        before = st.fingerprint()
        with pytest.raises(RulesError, match=r"only in the Jungle variant") as caught:
            st.apply(0, TOKEN_BUYS[4])
        assert "seafarers.md §7.5" in str(caught.value)
        assert st.fingerprint() == before


@pytest.mark.parametrize(
    ("hand", "tokens", "listed"),
    [
        ("1w1g1o", 1, {"wool", "grain", "ore"}),
        ("1o", 2, {"wool grain"}),
        ("1o", 3, {"wool grain", "wool grain ore"}),
        ("", 3, {"wool grain ore"}),
        ("1w1g1o", 3, {"wool", "grain", "ore", "wool grain", "wool ore", "grain ore", "wool grain ore"}),
        ("2b2l", 2, set()),
        ("1w1g1o", 0, set()),
    ],
)
def test_the_listed_purchases(hand: str, tokens: int, listed: set[str]) -> None:
    """seafarers.md §7.5: every payable mix of tokens and cards is listed, and no other."""
    st = from_text(f"v=jungle s0.hand={hand} s0.tokens={tokens}" if hand else f"v=jungle s0.tokens={tokens}")
    got = {
        a.text().removeprefix("buy dev tokens ") for a in st.legal_actions(0) if isinstance(a, BuyDevTokens)
    }
    assert got == listed
    assert ("buy dev" in {a.text() for a in st.legal_actions(0)}) == (hand == "1w1g1o")


def test_a_purchase_with_tokens_tells_everyone_the_payment() -> None:
    """seafarers.md §7.6: the tokens and cards paid are public, the card drawn only the buyer's."""
    st = from_text("v=jungle s0.hand=1o s0.tokens=2")
    (event,) = st.apply(0, parse_action("buy dev tokens wool grain"))
    assert event.view(1) == {"kind": "buy_dev", "seat": 0, "deck": 24, "tokens": 2, "paid": {"ore": 1}}
    assert event.view(0)["card"] == "victory-point"


def test_tokens_are_public_and_kept_by_a_redeal() -> None:
    """seafarers.md §7.6: every seat sees every seat's tokens; a re-deal for search keeps them."""
    st = from_text("v=jungle s0.tokens=2 s1.tokens=5 s1.hand=3o s2.hand=2w")
    for seat in range(4):
        assert st.observe(seat).discovery_tokens == (2, 5, 0, 0)
    twin = st.determinized_for(0, Stream(5))
    assert twin.discovery == [2, 5, 0, 0]


# -- §8.2 the Big River island ---------------------------------------------------------------------------


def test_the_eighteen_river_lines() -> None:
    """seafarers.md §8.2 item 3: 18 straight lines of three hexes, each going down one diagonal, named
    by their hexes top first."""
    lines = river_lines(TOPO)
    assert len(lines) == len(set(lines)) == 18
    for top, mid, low in lines:
        (x0, y0), (x1, y1), (x2, y2) = (TOPO.hex_xy[h] for h in (top, mid, low))
        assert y1 == y0 + 1 and y2 == y1 + 1 and x1 - x0 == x2 - x1 in (-1, 1)
    assert river_names(TOPO) == RIVER_LINES
    assert river_names(TOPO)[7] == DEFAULT_RIVER == "R2C2-R3C3-R4C3"


@pytest.mark.parametrize("position", RIVER_LINES)
def test_every_river_island(position: str) -> None:
    """seafarers.md §8.2: the parts top to bottom, the 16 other hexes, the 18 tokens along the spiral
    with the gold mine skipped and no two red tokens neighbours, the robber on the gold mine, the
    riverbank of 14 corners (§8.3)."""
    for seed in range(12):
        st = _state("big-river", seed, river_position=position)
        board = st.board
        line = board.river
        assert "-".join(f"R{TOPO.hex_rc[h][0]}C{TOPO.hex_rc[h][1]}" for h in line) == position
        assert [board.terrain[h] for h in line] == [Terrain.MOUNTAINS, Terrain.FOREST, Terrain.GOLD_MINE]
        others = [t for h, t in enumerate(board.terrain) if h not in line]
        assert Counter(others) == Counter(RIVER_OTHER_TERRAINS)
        assert board.tokens[line[2]] == 0 and board.hex_resource[line[2]] == -1
        assert sorted(k for k in board.tokens if k) == sorted(SPIRAL_TOKENS)
        assert _no_red_neighbours(board.terrain, board.tokens)
        assert st.robber == board.gold_mine == line[2]
        assert (
            board.riverbank == {c for h in line for c in TOPO.hex_corners[h]} and len(board.riverbank) == 14
        )
        assert board.gold_corners == set(TOPO.hex_corners[line[2]])


def test_a_random_river_comes_from_the_board_stream() -> None:
    """seafarers.md §8.2 item 3: ``random`` draws a line per match seed, the same for the same seed."""
    lines = {_state("big-river", seed, river_position="random").board.river for seed in range(40)}
    assert len(lines) > 8
    assert _state("big-river", 7, river_position="random").board.river == (
        _state("big-river", 7, river_position="random").board.river
    )


def test_big_river_options() -> None:
    """seafarers.md §8.1: random layout only; a position must be one of the lines."""
    with pytest.raises(UnknownChoice):
        engine.load_game("catan", "big-river", 4, layout="beginner")
    with pytest.raises(UnknownChoice, match="R3C5-R4C4-R5C3"):
        engine.load_game("catan", "big-river", 4, river_position="R1C1-R1C2-R1C3")
    with pytest.raises(UnknownChoice):
        engine.load_game("catan", "big-river", 4, gold_mine_bonus="never")


# -- §8.3 the riverbank at setup -------------------------------------------------------------------------


def test_setup_lists_no_riverbank_corner() -> None:
    """seafarers.md §8.3: 54 corners less the 14 of the riverbank at the first placement."""
    st = _state("big-river")
    corners = {a.corner for a in st.legal_actions(0)}  # type: ignore[attr-defined]
    assert len(corners) == 40 and not corners & st.board.riverbank


# -- §8.4 the gold mine's points ---------------------------------------------------------------------------


def test_gold_mine_points_per_building() -> None:
    """seafarers.md §8.4 item 1: a settlement there is worth 2, a city 3, for every seat."""
    st = from_text("v=big-river s0.settle=48 s0.road=44-48,40-44 s0.hand=1b1l1w1g3o2g s1.settle=41")
    assert public_points(st, 1) == 2 and public_points(st, 0) == 1
    events = st.apply(0, parse_action("settle 40"))
    assert public_points(st, 0) == 3
    assert {"kind": "gold_mine", "seat": 0, "corner": 40, "points": 1} in [e.view(2) for e in events]
    st.apply(0, parse_action("city 40"))
    assert public_points(st, 0) == 4 and st.gold_vp == [1, 1, 0, 0]
    assert st.observe(2).public_vp[:2] == (4, 2)


def test_gold_mine_first_only() -> None:
    """seafarers.md §8.4 item 2: only the first seat to build there scores, for each of its buildings."""
    st = from_text(
        "v=big-river s0.settle=48,40 s0.road=44-48,40-44 gold_first=0 active=1"
        " s1.settle=50 s1.road=46-50,41-46 s1.hand=1b1l1w1g",
        gold_mine_bonus="first_only",
    )
    assert st.gold_vp == [1, 0, 0, 0]
    events = st.apply(1, parse_action("settle 41"))
    assert all(e.kind != "gold_mine" for e in events)
    assert st.gold_first == 0 and st.gold_vp == [1, 0, 0, 0]
    assert public_points(st, 1) == 2 and public_points(st, 0) == 3
    assert st.observe(3).gold_mine_first == 0
    assert st.static_tables().river.bonus.name == "FIRST_ONLY"  # type: ignore[union-attr]


def test_the_gold_mine_can_win() -> None:
    """seafarers.md §8.4 item 3: the bonus counts toward the target on one's own turn."""
    st = from_text("v=big-river s0.settle=48 s0.city=2,10,20,53 s0.road=44-48,40-44 s0.hand=1b1l1w1g")
    assert public_points(st, 0) == 9
    st.apply(0, parse_action("settle 40"))
    assert st.is_terminal() and st.result().places[0] == 1 and public_points(st, 0) == 11


def test_a_sample_for_search_keeps_the_gold_mine() -> None:
    """seafarers.md §8.5: the River, the first builder and every bonus come back from an observation."""
    st = from_text(
        "v=big-river s0.settle=48,40 s0.road=44-48,40-44 s1.settle=41 gold_first=1 s1.hand=2o",
        gold_mine_bonus="first_only",
    )
    obs = st.observe(0)
    assert obs.river == st.board.river and obs.gold_mine_first == 1
    sample = st.game.state_from_observation(obs, Stream(3))
    assert sample.gold_vp == st.gold_vp == [0, 1, 0, 0]
    assert sample.observe(0) == obs


def test_arena_render_draws_the_jungle_and_the_river() -> None:
    """``arena render``: the jungle's letter and token, the robber off the board and every seat's
    tokens (seafarers.md §7.6); the River's parts, its banks and each seat's gold-mine VP (§8.5)."""
    from typer.testing import CliRunner

    from arena.cli import app

    runner = CliRunner()
    out = runner.invoke(app, ["render", "catan", "--variant", "jungle", "-o", "layout=beginner"])
    assert out.exit_code == 0, out.output
    assert "J10" in out.output and "robber: off the board" in out.output
    assert "seat 3: 0 cards, 0 dev, 0 knights, road 0, 0 VP, 0 discovery tokens" in out.output
    assert "J the jungle yields discovery tokens" in " ".join(out.output.split())  # the wrapped legend
    out = runner.invoke(app, ["render", "catan", "--variant", "big-river", "--players", "3", "--seed", "0"])
    assert out.exit_code == 0, out.output
    assert "river: #4 mountain part, #9 forest part, #14 gold mine; riverbank corners 8 12 13" in out.output
    assert out.output.count("~~") == 3  # two River parts (the robber stands on the gold mine), the legend
    assert "RR" in out.output
    st = from_text("v=big-river s0.settle=40 s1.city=41")
    assert "seat 0: 0 cards, 0 dev, 0 knights, road 0, 2 VP (1 from the gold mine)" in st.render()
    assert "seat 1: 0 cards, 0 dev, 0 knights, road 0, 3 VP (1 from the gold mine)" in st.render()
