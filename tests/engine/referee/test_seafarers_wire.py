"""Seafarers on the wire (catan.proto, docs/rules/seafarers.md): the sea's board tables in
``MatchStart.board``, every observation field and listed action of whole matches in typed form and
back, hostile ship and pirate answers as faults naming the rule, and bots playing over gRPC."""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest

import engine
from bots.builtin import make_bot
from bots.sdk.cli import builtin_factory
from engine.core.match import FaultPolicy, FirstLegal, play_match
from engine.core.result import FaultKind, Termination
from engine.games.catan.seafarers.state import SeafarersState
from engine.referee import Remote, convert
from engine.referee.server import RefereeServer
from engine.wire import referee_pb2
from tests.engine.referee.helpers import WAIT_S, RawStream, start_bot
from tests.engine.referee.test_convert import _dataclass_fields_in_proto

SCENARIOS = [
    (f"seafarers-{name}", seats) for name in ("new-shores", "four-islands", "fog-islands") for seats in (3, 4)
]


@pytest.mark.parametrize(("variant", "seats"), SCENARIOS)
def test_the_board_message_carries_the_sea(variant: str, seats: int) -> None:
    st = engine.load_game("catan", variant, seats).new_state(3)
    assert isinstance(st, SeafarersState)
    wire = convert.board_to_pb(st.static_tables(), "catan")
    typed, data = wire.catan.sea, orjson.loads(wire.json)["sea"]
    board = st.board
    assert typed.scenario == data["scenario"] == board.map.scenario
    assert list(typed.road_edges) == list(board.road_edges) == data["road_edges"]
    assert list(typed.ship_edges) == list(board.ship_edges) == data["ship_edges"]
    assert list(typed.sites) == list(board.sites) and list(typed.corner_island) == list(board.corner_island)
    assert list(typed.fog) == list(board.fog) and typed.pirate == st.pirate
    assert sorted(typed.fog_hexes) == sorted(st.fog_stack) and list(typed.fog_hexes) == sorted(
        typed.fog_hexes
    )
    assert [(i.name, list(i.hexes)) for i in typed.islands] == [
        (name, [h for h, k in enumerate(board.hex_island) if k == i])
        for i, name in enumerate(board.island_names)
    ]
    assert [(h.row, q) for h, q in zip(wire.catan.hexes, typed.hex_q, strict=True)] == list(board.positions)
    assert [h.terrain for h in wire.catan.hexes] == list(board.terrain)  # sea 7, fog 8
    assert list(typed.ship_cost) == [0, 1, 1, 0, 0] and typed.ships == 15 and typed.bonus_vp == 2


@pytest.mark.parametrize(("variant", "seats"), SCENARIOS[::2])
def test_every_observation_field_and_every_listed_action_travel_typed(variant: str, seats: int) -> None:
    game = engine.load_game("catan", variant, seats)
    state = game.new_state(4)
    obs = state.observe(0)
    assert (
        _dataclass_fields_in_proto(
            type(obs), convert.observation_to_pb(obs, "catan", True).catan.DESCRIPTOR, variant
        )
        == []
    )
    codec = convert.codec_for("catan")
    assert codec is not None
    rng = random.Random(4)
    kinds: set[str] = set()
    while not state.is_terminal() and state.ply < 1500:
        seat = state.seats_to_move()[0]
        view = state.observe(seat)
        typed = convert.observation_to_pb(view, "catan", typed=True).catan
        assert list(typed.ship_owner) == list(view.ship_owner) and typed.pirate == view.pirate  # type: ignore[attr-defined]
        assert list(typed.fog_hexes_left) == list(view.fog_hexes_left)  # type: ignore[attr-defined]
        for action in state.legal_actions(seat):
            wire = convert.action_to_pb(action, "catan")
            assert wire.WhichOneof("typed") == "catan", action.text()
            assert codec.from_pb(wire.catan) == action
            kinds.add(wire.catan.WhichOneof("kind"))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert {"ship", "move_ship", "move_pirate"} <= kinds


def crafted(text: str) -> Any:
    def fill(msg: referee_pb2.BotMessage) -> None:
        msg.answer.action.text = text

    return fill


def typed_pirate(hex_id: int, victim: int) -> Any:
    def fill(msg: referee_pb2.BotMessage) -> None:
        msg.answer.action.catan.move_pirate.hex = hex_id
        msg.answer.action.catan.move_pirate.victim = victim

    return fill


def test_hostile_ship_and_pirate_answers_are_faults_naming_the_rule(referee: RefereeServer) -> None:
    game = engine.load_game("catan", "seafarers-fog-islands", 3)
    blank = game.new_state(8)
    assert isinstance(blank, SeafarersState)
    topo = blank.board.topology
    land = next(e for e in range(topo.n_edges) if not blank.board.ship_edges[e])
    a, b = topo.edge_corners[land]
    answers = [
        ("ship on land", crafted(f"ship {a}-{b}"), FaultKind.ILLEGAL),
        ("pirate on fog", crafted(f"pirate {blank.board.fog[0]}"), FaultKind.ILLEGAL),
        ("ship 0-107", crafted("ship 0-107"), FaultKind.ILLEGAL),
        ("move ship", crafted(f"move ship {a}-{b}"), FaultKind.ILLEGAL),
        ("gold ore", crafted("gold ore"), FaultKind.ILLEGAL),
        ("ship in Arabic digits", crafted("ship \u0663-\u0664"), FaultKind.MALFORMED),
        ("pirate -1 steal -1", crafted("pirate -1 steal -1"), FaultKind.MALFORMED),
        ("typed pirate hex 99", typed_pirate(99, -1), FaultKind.MALFORMED),
        ("typed pirate victim 7", typed_pirate(3, 7), FaultKind.MALFORMED),
    ]
    policy = FaultPolicy(strike_limit=len(answers) + 1)
    session = referee.open_match(game, [Remote("crafted"), FirstLegal(), FirstLegal()], seed=8, policy=policy)
    raw = RawStream(referee.address)
    raw.hello(session.tokens[0], want_forced=True)
    session.start()
    pending = list(answers)

    def on_decision(req: referee_pb2.DecisionRequest) -> None:
        msg = referee_pb2.BotMessage()
        msg.answer.request_id = req.request_id
        if pending:
            pending.pop(0)[1](msg)
        else:
            msg.answer.index = 0
        raw.send(msg)

    seen = raw.drain_until_end(on_decision)
    assert not pending and sum(m.WhichOneof("kind") == "match_end" for m in seen) == 1
    result = session.wait(WAIT_S).result
    assert result.termination in (Termination.VICTORY, Termination.TURN_CAP)
    assert [f.kind for f in result.faults] == [kind for _, _, kind in answers]
    for (label, _, kind), fault in zip(answers, result.faults, strict=True):
        if kind == FaultKind.ILLEGAL:
            assert "seafarers.md" in fault.message or "catan.md" in fault.message, (label, fault.message)


def test_sdk_bots_play_a_scenario_over_grpc(referee: RefereeServer) -> None:
    # the built-in bots as spawned bots run them: the SDK rebuilds each observation (fog included) from
    # the wire
    game = engine.load_game("catan", "seafarers-fog-islands", 3)
    session = referee.open_match(game, [Remote("greedy"), Remote("mcts"), FirstLegal()], seed=5)
    bots = [
        start_bot(
            builtin_factory("catan-greedy", 1), referee.address, token=session.tokens[0], typed_events=True
        ),
        start_bot(builtin_factory("mcts:iterations=8", 2), referee.address, token=session.tokens[1]),
    ]
    result = session.start().wait(WAIT_S).result
    for bot in bots:
        bot.join()
    assert result.termination in (Termination.VICTORY, Termination.TURN_CAP) and not result.faults


def test_a_greedy_match_in_process_matches_the_wire_observation() -> None:
    game = engine.load_game("catan", "seafarers-four-islands", 4)
    record = play_match(game, [make_bot("catan-greedy", "catan", s, 2) for s in range(4)], 2)
    assert record.result.termination in (Termination.VICTORY, Termination.TURN_CAP)
