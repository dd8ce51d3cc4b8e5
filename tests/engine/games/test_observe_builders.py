"""The fast observation builders equal the plain ones (same values, same wire JSON, no stale caches).

The reference builders below are the straightforward constructions the fast ones replaced: every view
built through its dataclass ``__init__`` from the state, nothing shared or cached.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from engine.core.state import State
from engine.games.catan.actions import Bundle
from engine.games.catan.decisions import (
    CandamirPick,
    DiscardHalf,
    FreeRoads,
    HildeTake,
    LouisRoad,
    NassirReturn,
    SeanAsk,
    SpecialBuild,
    TradeAnswers,
    TradeConfirm,
    TurnPhase,
    WilliamRoad,
)
from engine.games.catan.notation import from_text as catan_from_text
from engine.games.catan.observe import CatanObservation
from engine.games.catan.parse import parse_action
from engine.games.catan.rules.scoring import public_points, victory_points
from engine.games.catan.state import CatanState
from engine.games.frozen import maker
from engine.games.puerto_rico.notation import decision_text
from engine.games.puerto_rico.observe import (
    BuildingView,
    IslandView,
    PuertoRicoObservation,
    RoleView,
    SeatView,
    ShipView,
)
from engine.games.puerto_rico.round import NOT_IN_PLAY
from engine.games.puerto_rico.state import PuertoRicoState
from engine.games.puerto_rico.tables import (
    BUILDING_COUNT,
    BUILDINGS,
    GOOD_NAMES,
    NO_GOOD,
    ROLE_TILE_NAMES,
    ROLE_TILES,
    TILE_NAMES,
)
from engine.referee.convert import observation_json
from engine.registry import load_game

# -- reference builders ------------------------------------------------------------------------------------


def _pr_seat(st: PuertoRicoState, seat: int, observer: int) -> SeatView:
    city = st.city[seat]
    shows_vp = seat == observer or not st.hidden_vp or st.over
    return SeatView(
        seat=seat,
        doubloons=st.doubloons[seat],
        vp=st.vp[seat] if shows_vp else None,
        goods=tuple(st.goods[seat]),
        san_juan=st.san_juan[seat],
        island=tuple(
            IslandView(TILE_NAMES[k], st.tiles[seat][k], st.tiles_occ[seat][k])
            for k in range(6)
            if st.tiles[seat][k]
        ),
        city=tuple(BuildingView(BUILDINGS[b].name, city[b]) for b in range(BUILDING_COUNT) if city[b] >= 0),
        city_spaces=st.city_used[seat],
        took_quarry=bool(st.quarry_taken >> seat & 1),
        used_wharf=bool(st.wharf_used >> seat & 1),
    )


def pr_reference(st: PuertoRicoState, seat: int) -> PuertoRicoObservation:
    top = st.decisions[-1] if st.decisions else None
    return PuertoRicoObservation(
        seat=seat,
        players=st.n,
        round=st.turn,
        governor=st.governor,
        to_move=st.seats_to_move(),
        decision=type(top).__name__ if top is not None else "",
        stack=tuple(decision_text(d) for d in st.decisions),
        end_triggered=st.end_triggered,
        game_over=st.over,
        colonist_supply=st.colonist_supply,
        colonist_ship=st.colonist_ship,
        vp_supply=st.vp_supply,
        quarries=st.quarries,
        goods_supply=tuple(st.goods_supply),
        trading_house=tuple(GOOD_NAMES[g] for g in st.house),
        ships=tuple(
            ShipView(
                st.ship_cap[i],
                GOOD_NAMES[st.ship_kind[i]] if st.ship_kind[i] != NO_GOOD else None,
                st.ship_count[i],
            )
            for i in range(3)
        ),
        roles=tuple(
            RoleView(
                ROLE_TILE_NAMES[t], st.role_doubloons[t], st.role_owner[t] if st.role_owner[t] >= 0 else None
            )
            for t in range(ROLE_TILES)
            if st.role_owner[t] != NOT_IN_PLAY
        ),
        plantation_row=tuple(TILE_NAMES[k] for k in st.row),
        deck_size=len(st.deck),
        discard=tuple(TILE_NAMES[k] for k in sorted(st.discard)),
        building_supply=tuple(st.building_supply),
        craftsman_received=tuple(GOOD_NAMES[g] for g in range(5) if st.received >> g & 1),
        captain_bonus_used=bool(st.captain_bonus),
        seats=tuple(_pr_seat(st, s, seat) for s in range(st.n)),
    )


def _t5(values: list[int]) -> Bundle:
    return (values[0], values[1], values[2], values[3], values[4])


def catan_reference(st: CatanState, seat: int) -> CatanObservation:
    top = st.decisions[-1] if st.decisions else None
    n = st.n
    board = st.board
    offer = None
    answers: tuple[tuple[int, str, Bundle, Bundle], ...] = ()
    owed: tuple[int, ...] = (0,) * n
    if isinstance(top, TradeAnswers):
        offer = top.offer
    elif isinstance(top, TradeConfirm):
        offer, answers = top.offer, top.answers
    elif isinstance(top, DiscardHalf):
        owed = tuple(top.owed[s] if s in top.seats else 0 for s in range(n))
    elif isinstance(top, SeanAsk):
        owed = top.owed
    phase = next((d.phase for d in reversed(st.decisions) if isinstance(d, TurnPhase)), "")
    if isinstance(top, SpecialBuild):
        phase = "special_build"
    rates = list(st.rates[seat])
    if st.jean_seat == seat:
        rates[st.jean_type] = 2
    deciding = top is not None and top.seats == (seat,)
    return CatanObservation(
        seat=seat,
        decision=type(top).__name__ if top is not None else "",
        phase=phase,
        turn=st.turn,
        active=st.active,
        settler=(st.active - 3) % n if phase == "partner" else st.active,
        rolled=st.rolled,
        terrain=board.terrain,
        tokens=board.tokens,
        harbor_edges=board.harbor_edges,
        harbor_types=board.harbor_types,
        robber=st.robber,
        owner=tuple(st.owner),
        level=tuple(st.level),
        road_owner=tuple(st.road_owner),
        hand=_t5(st.hands[seat]),
        hand_sizes=tuple(sum(h) for h in st.hands),
        devs=_t5(st.devs[seat]),
        new_devs=_t5(st.new_devs[seat]),
        dev_counts=tuple(sum(d) for d in st.devs),
        knights=tuple(st.knights),
        bank=_t5(st.bank),
        deck_size=len(st.deck),
        longest_road=st.longest,
        largest_army=st.army,
        road_lengths=tuple(st.road_len),
        public_vp=tuple(public_points(st, s) for s in range(n)),
        vp=victory_points(st, seat),
        vp_to_win=st.vp_to_win,
        pieces_left=tuple((st.settlements_left[s], st.cities_left[s], st.roads_left[s]) for s in range(n)),
        rates=_t5(rates),
        dev_played=st.dev_played,
        offers_made=st.offers_made,
        offer_limit=st.offer_limit,
        offer=offer,
        answers=answers,
        discard_owed=owed,
        free_roads=top.remaining if isinstance(top, FreeRoads) else 0,
        helpers=tuple(st.helper),
        helper_sides=tuple(st.helper_side),
        helper_received=tuple(st.helper_got),
        helper_used=tuple(st.helper_used),
        helper_stack=tuple(st.helper_stack),
        display=tuple(st.display),
        jean_seat=st.jean_seat,
        jean_type=st.jean_type if st.jean_seat >= 0 else -1,
        candamir_cards=top.cards if deciding and isinstance(top, CandamirPick) else (),
        hilde_hand=tuple(st.hands[top.victim]) if deciding and isinstance(top, HildeTake) else (),
        nassir_to=top.to if isinstance(top, NassirReturn) else (),
        moving_road=top.removed if isinstance(top, LouisRoad) else -1,
        road_cost=top.cost if isinstance(top, WilliamRoad) else (),
        discovery_tokens=tuple(st.discovery),
        river=st.board.river,
        gold_mine_first=st.gold_first,
    )


# -- helpers -----------------------------------------------------------------------------------------------


def playout(game_id: str, players: int, seed: int, variant: str | None = None, **options: Any) -> list[State]:
    """Every position of one random game (clones)."""
    state = load_game(game_id, variant, players=players, **options).new_state(seed)
    chooser = random.Random(seed)
    seen = [state.clone()]
    while not state.is_terminal():
        mover = state.seats_to_move()[0]
        legal = state.legal_actions(mover)
        state.apply(mover, legal[chooser.randrange(len(legal))])
        seen.append(state.clone())
    return seen


def reference(st: State, seat: int) -> Any:
    if isinstance(st, PuertoRicoState):
        return pr_reference(st, seat)
    assert isinstance(st, CatanState)
    return catan_reference(st, seat)


def assert_same(st: State, seat: int) -> None:
    fast, plain = st.observe(seat), reference(st, seat)
    assert fast == plain
    assert type(fast) is type(plain)
    assert repr(fast) == repr(plain)
    assert observation_json(fast) == observation_json(plain)
    assert fast.to_text() == plain.to_text()


# -- tests -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    [
        ("puerto-rico", 3, {}),
        ("puerto-rico", 4, {"hidden_vp": False}),
        ("puerto-rico", 5, {"hacienda_slot_allows_quarry": True, "allow_decline_production": True}),
        ("catan", 3, {}),
        ("catan", 4, {}),
        ("catan", 5, {"variant": "extended"}),
        ("catan", 5, {"variant": "extended", "turn_structure": "paired"}),
        ("catan", 4, {"variant": "helpers"}),
        ("catan", 6, {"variant": "helpers"}),
        ("catan", 3, {"variant": "jungle"}),
        ("catan", 4, {"variant": "big-river", "gold_mine_bonus": "first_only"}),
    ],
)
def test_fast_observation_equals_the_plain_one_over_a_whole_game(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    # Every ply: the seats to move and one more seat in rotation (each seat every few plies).
    for ply, st in enumerate(playout(game_id, players, 11, **options)):
        movers = [] if st.is_terminal() else st.seats_to_move()
        for seat in sorted({ply % players, *movers}):
            assert_same(st, seat)


@pytest.mark.parametrize("game_id", ["puerto-rico", "catan"])
def test_no_stale_views_after_mutating_or_cloning(game_id: str) -> None:
    state = load_game(game_id, players=4).new_state(5)
    chooser = random.Random(5)
    for _ in range(300):
        if state.is_terminal():
            break
        before = [state.observe(s) for s in range(4)]
        twin = state.clone()
        mover = state.seats_to_move()[0]
        legal = state.legal_actions(mover)
        state.apply(mover, legal[chooser.randrange(len(legal))])
        for s in range(4):
            assert_same(state, s)
            assert twin.observe(s) == before[s]  # the clone was left as it was


def test_puerto_rico_views_follow_direct_edits() -> None:
    """Each field edited alone (then put back) shows at once: no cached view outlives its values."""
    state = load_game("puerto-rico", players=3).new_state(2)
    assert isinstance(state, PuertoRicoState)
    first = [state.observe(s) for s in range(3)]

    def put(name: str, value: Any, index: tuple[int, ...] = ()) -> Any:
        if not index:
            old = getattr(state, name)
            setattr(state, name, value)
            return old
        row = getattr(state, name)
        for i in index[:-1]:
            row = row[i]
        old, row[index[-1]] = row[index[-1]], value
        return old

    edits: list[tuple[str, Any, tuple[int, ...]]] = [
        ("city", 1, (1, 3)),
        ("city_used", 1, (1,)),
        ("tiles", 2, (2, 4)),
        ("tiles_occ", 1, (2, 0)),
        ("goods", 3, (0, 1)),
        ("doubloons", 9, (2,)),
        ("vp", 4, (1,)),
        ("san_juan", 2, (0,)),
        ("ship_kind", 2, (0,)),
        ("ship_count", 4, (1,)),
        ("role_owner", 1, (0,)),
        ("role_doubloons", 3, (2,)),
        ("quarry_taken", 0b100, ()),
        ("wharf_used", 0b010, ()),
        ("received", 0b10101, ()),
        ("captain_bonus", 1, ()),
        ("discard", [3, 0, 3], ()),
        ("house", [1, 4], ()),
        ("over", True, ()),
    ]
    for name, value, index in edits:
        old = put(name, value, index)
        for seat in range(3):
            assert_same(state, seat)
        assert [state.observe(s) for s in range(3)] != first, name
        put(name, old, index)
        assert [state.observe(s) for s in range(3)] == first, name


def test_catan_trade_and_discard_views() -> None:
    st = catan_from_text("s0.hand=2g1b s1.hand=1o1w s2.hand=2o s3.hand=1l")
    st.apply(0, parse_action("offer give 1 grain get 1 ore to all"))
    assert isinstance(st.decisions[-1], TradeAnswers)
    for seat in range(4):
        assert_same(st, seat)
    st.apply(2, parse_action("accept"))
    st.apply(3, parse_action("reject"))
    st.apply(1, parse_action("counter give 1 ore get 2 grain"))
    assert isinstance(st.decisions[-1], TradeConfirm)
    for seat in range(4):
        assert_same(st, seat)
    assert st.observe(0).answers


@pytest.mark.parametrize(
    "cls",
    [CatanObservation, PuertoRicoObservation, SeatView, IslandView, BuildingView, ShipView, RoleView],
)
def test_maker_builds_the_same_frozen_value(cls: type) -> None:
    values = [f"v{i}" for i in range(len(dataclasses.fields(cls)))]
    made = maker(cls)(*values)
    assert made == cls(*values) and type(made) is cls
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(made, dataclasses.fields(cls)[0].name, 1)


def test_maker_refuses_what_it_cannot_build() -> None:
    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        a: int

    @dataclasses.dataclass(slots=True)
    class Mutable:
        a: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Derived:
        a: int
        b: int = dataclasses.field(init=False, default=0)

    for cls in (NoSlots, Mutable, Derived):
        with pytest.raises(TypeError):
            maker(cls)
