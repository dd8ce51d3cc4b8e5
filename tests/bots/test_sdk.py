"""The Python SDK without a network: answers, bot shapes, the engine bridge, the command line."""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine
from bots.sdk import LegalAction, Match, PerMatch, Request, encode_answer
from bots.sdk.bridge import EngineBot, from_jsonable
from bots.sdk.cli import main
from bots.sdk.client import as_factory
from engine.referee import convert
from engine.wire import common_pb2, referee_pb2


def test_answers_of_every_shape() -> None:
    assert encode_answer(3, 2).answer.index == 2
    legal = LegalAction(4, "role mayor", common_pb2.Action(text="role mayor"))
    assert encode_answer(3, legal).answer.index == 4
    assert encode_answer(3, "role mayor").answer.action.text == "role mayor"
    assert encode_answer(3, common_pb2.Action(text="pass")).answer.action.text == "pass"
    from engine.games.puerto_rico.actions import PASS

    assert encode_answer(3, PASS).answer.action.text == "pass"
    with pytest.raises(TypeError):
        encode_answer(3, True)
    with pytest.raises(TypeError):
        encode_answer(3, 2.5)


def test_bot_shapes() -> None:
    match = Match.from_pb(referee_pb2.MatchStart(match_id="m", seat=1))

    class Counter:
        def __init__(self) -> None:
            self.count = 0

        def act(self, request: Any) -> int:
            self.count += 1
            return self.count

    per_match = as_factory(Counter)
    assert per_match(match) is not per_match(match)
    instance = Counter()
    assert as_factory(instance)(match) is instance
    assert as_factory(lambda r: 7)(match).act(None) == 7  # type: ignore[arg-type]
    assert isinstance(as_factory(PerMatch(lambda m: instance))(match), Counter)


def test_the_bridge_rebuilds_the_engine_view_exactly() -> None:
    game = engine.load_game("puerto-rico", players=4)
    state = game.new_state(9)
    for _ in range(40):
        seat = state.seats_to_move()[0]
        obs = state.observe(seat)
        rebuilt = from_jsonable(type(obs), json.loads(json.dumps(obs.to_json())))
        assert rebuilt == obs
        state.apply(seat, state.legal_actions(seat)[-1])
    seat = state.seats_to_move()[0]
    start = referee_pb2.MatchStart(match_id="m", seat=seat)
    start.game.CopyFrom(convert.game_ref_to_pb(game.ref))
    bridge = EngineBot(Match.from_pb(start), inner=None)  # type: ignore[arg-type]
    msg = convert.decision_request(
        match_id="m",
        request_id=1,
        seat=seat,
        ply=state.ply,
        game_id=game.ref.game,
        observation=state.observe(seat),
        events=[{"kind": "role", "seat": 0}],
        legal=state.legal_actions(seat),
        families=state.families(seat),
        deadline_ms=100,
        time_bank_ms=0,
        forced=False,
    )
    request = Request(bridge.match, msg.decision)
    view = bridge.view(request)
    # counted without parsing the listed actions (a bot answering by index never needs them)
    assert view.legal_count == len(state.legal_actions(seat)) > 1 and not view.forced
    assert view._legal is None  # type: ignore[attr-defined]
    assert view.legal == state.legal_actions(seat)
    assert view.legal is view.legal and view.legal_count == len(view.legal)
    assert view.families == state.families(seat)
    assert view.observation == state.observe(seat)
    assert isinstance(view.observation, type(state.observe(seat)))
    assert "events" not in vars(request)  # decoded when the bot first reads them
    assert view.events == ({"kind": "role", "seat": 0},)
    assert view.game == game.ref
    # another match of the same game reuses the actions parsed for the first
    start.match_id = "m2"
    again = EngineBot(Match.from_pb(start), inner=None).view(Request(None, msg.decision))  # type: ignore[arg-type]
    assert all(a is b for a, b in zip(again.legal, view.legal, strict=True))


def test_request_wrapper_decodes_lazily() -> None:
    msg = referee_pb2.DecisionRequest(match_id="m", request_id=5, seat=2, deadline_ms=10)
    msg.observation.json = '{"seat": 2}'
    msg.legal.add(index=0).action.text = "pass"
    msg.events.add(kind="dice", json='{"kind": "dice", "roll": 7}')
    request = Request(None, msg)
    assert request.legal_count == 1 and request.legal[0].text == "pass"
    assert request.observation == {"seat": 2}
    assert request.events == [{"kind": "dice", "roll": 7}]
    assert request.typed_observation is None


def test_cli_needs_an_address_and_a_token(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("ARENA_ADDRESS", raising=False)
    monkeypatch.delenv("ARENA_TOKEN", raising=False)
    assert main(argv=["random"]) == 2
    assert "ARENA_TOKEN" in capsys.readouterr().err


def test_request_exposes_typed_events() -> None:
    events = [
        {"kind": "forced", "seat": 1, "action": "roll"},
        {"kind": "dice", "seat": 1, "dice": [3, 4], "sum": 7},
        {"kind": "comet"},
    ]
    msg = referee_pb2.DecisionRequest()
    msg.events.extend(convert.event_to_pb(e, "catan", typed=True) for e in events)
    request = Request(None, msg)
    forced, dice, comet = request.typed_events
    assert forced.action == "roll" and list(dice.dice) == [3, 4] and dice.sum == 7
    assert comet is None
    assert request.pb.events[1].catan.dice == dice
    assert [convert.event_from_pb(e) for e in msg.events] == events
