"""Engine values <-> wire messages: every Puerto Rico action, every Catan helper action, results, game
references."""

from __future__ import annotations

import pytest

import engine
from engine.core.result import Fault, FaultKind, Result, Termination
from engine.referee import convert, request_bytes
from engine.referee.json_encoders import JsonMemo, observation_json
from engine.wire import common_pb2, referee_pb2


def all_puerto_rico_actions() -> list[object]:
    from engine.games.puerto_rico import actions as pr

    found: list[object] = []
    for value in vars(pr).values():
        if isinstance(value, tuple):
            for item in value:
                found.extend(item if isinstance(item, tuple) else (item,))
        elif isinstance(value, pr.Action):
            found.append(value)
    return [a for a in found if isinstance(a, pr.Action)]


def test_every_puerto_rico_action_round_trips_typed() -> None:
    game = engine.load_game("puerto-rico", players=4)
    actions = all_puerto_rico_actions()
    assert len(actions) > 60
    for action in actions:
        wire = convert.action_to_pb(action, "puerto-rico")  # type: ignore[arg-type]
        assert wire.text == action.text()  # type: ignore[attr-defined]
        assert wire.WhichOneof("typed") == "puerto_rico"
        answer = referee_pb2.Answer(request_id=1, action=common_pb2.Action(puerto_rico=wire.puerto_rico))
        assert convert.answer_to_engine(answer, game) == action
        text_only = referee_pb2.Answer(request_id=1, action=common_pb2.Action(text=wire.text))
        assert game.parse_action(str(convert.answer_to_engine(text_only, game))) == action


def test_result_and_game_ref_round_trip() -> None:
    result = Result(
        places=(2, 1, 3),
        scores=(10.0, 12.0, 3.0),
        termination=Termination.VICTORY,
        forfeits=(2,),
        faults=(Fault(2, FaultKind.TIMEOUT, "late", 7, 1),),
        details=(("tiebreak", [1, 2, 0]),),
    )
    assert convert.result_from_pb(convert.result_to_pb(result)) == result
    ref = engine.load_game("puerto-rico", players=3).ref
    assert convert.game_ref_from_pb(convert.game_ref_to_pb(ref)) == ref


def test_empty_or_foreign_answers_are_refused() -> None:
    game = engine.load_game("puerto-rico", players=3)
    for answer in (
        referee_pb2.Answer(request_id=1),
        referee_pb2.Answer(request_id=1, action=common_pb2.Action()),
        referee_pb2.Answer(request_id=1, action=common_pb2.Action(catan=common_pb2.Action().catan)),
    ):
        try:
            convert.answer_to_engine(answer, game)
        except ValueError:
            continue
        raise AssertionError(f"accepted {answer}")


def _dataclass_fields_in_proto(cls: type, desc: object, path: str) -> list[str]:
    import dataclasses
    import typing

    missing: list[str] = []
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        fd = desc.fields_by_name.get(f.name)  # type: ignore[attr-defined]
        if fd is None:
            missing.append(f"{path}.{f.name}")
            continue
        inner = [a for a in typing.get_args(hints[f.name]) if dataclasses.is_dataclass(a)]
        target = hints[f.name] if dataclasses.is_dataclass(hints[f.name]) else (inner[0] if inner else None)
        if target is not None and fd.message_type is not None:
            missing += _dataclass_fields_in_proto(target, fd.message_type, f"{path}.{f.name}")
    return missing


@pytest.mark.parametrize(
    ("game_id", "variant", "players"),
    [
        ("puerto-rico", None, 4),
        ("catan", None, 4),
        ("catan", "extended", 5),
        ("catan", "helpers", 6),
        ("catan", "jungle", 4),
        ("catan", "big-river", 3),
    ],
)
def test_typed_contracts_cover_every_engine_field_and_every_action_of_a_playout(
    game_id: str, variant: str | None, players: int
) -> None:
    game = engine.load_game(game_id, variant, players)
    state = game.new_state(2)
    obs = state.observe(0)
    wire = convert.observation_to_pb(obs, game_id, typed=True)
    typed = getattr(wire, wire.WhichOneof("typed"))
    assert _dataclass_fields_in_proto(type(obs), typed.DESCRIPTOR, game_id) == []
    codec = convert.codec_for(game_id)
    assert codec is not None
    for ply in range(250):
        if state.is_terminal():
            break
        seat = state.seats_to_move()[0]
        assert convert.observation_to_pb(state.observe(seat), game_id, typed=True).WhichOneof("typed")
        legal = state.legal_actions(seat)
        for action in legal:
            pb = convert.action_to_pb(action, game_id)
            assert codec.from_pb(getattr(pb, pb.WhichOneof("typed"))) == action
        state.apply(seat, legal[ply * 7 % len(legal)])


def test_every_catan_helper_action_round_trips_typed() -> None:
    """The actions of the Helpers scenario and ``pass`` (catan.md §6, §7) as typed messages and back."""
    from engine.games.catan import helper_actions as ha

    found: list[object] = []
    for value in vars(ha).values():
        if isinstance(value, tuple):
            for item in value:
                found.extend(item if isinstance(item, tuple) else (item,))
        elif isinstance(value, ha.Action) and not isinstance(value, type):
            found.append(value)
    actions = [a for a in found if isinstance(a, ha.Action)]
    kinds = {type(a) for a in actions}
    assert len(kinds) >= 13, kinds
    codec = convert.codec_for("catan")
    assert codec is not None
    for action in [*actions, ha.UseLouis(12, 17), ha.UseVincent(3, 2)]:
        pb = convert.action_to_pb(action, "catan")  # type: ignore[arg-type]
        assert pb.WhichOneof("typed") == "catan", action
        assert codec.from_pb(pb.catan) == action


def test_catan_family_actions_round_trip_typed() -> None:
    from engine.games.catan.actions import Counter, Discard, Offer

    game = engine.load_game("catan", players=4)
    for action in (
        Discard((1, 0, 2, 0, 0)),
        Offer((1, 0, 0, 0, 0), (0, 0, 0, 0, 2), -1),
        Counter((0, 1, 0, 0, 0), (1, 0, 0, 0, 0)),
    ):
        pb = convert.action_to_pb(action, "catan")
        answer = referee_pb2.Answer(request_id=1, action=common_pb2.Action(catan=pb.catan))
        assert convert.answer_to_engine(answer, game) == action


def test_fast_request_bytes_and_observation_json_match_the_reference() -> None:
    """The concatenated request bytes and the compiled JSON encoder agree with the plain builders."""
    import json

    from bots.builtin import make_bot
    from engine.core.match import play_match
    from tests.engine.referee.helpers import ViewCollector

    for game_id in ("puerto-rico", "catan"):
        game = engine.load_game(game_id, players=4)
        collect = ViewCollector()
        play_match(game, [make_bot("random", game_id, s, 5) for s in range(4)], 5, hooks=collect)
        views = collect.views
        events = [{"kind": "dice", "seat": 1, "roll": [3, 4]}, {"kind": "forced", "seat": 0, "action": "é"}]
        if game_id == "puerto-rico":
            events.append({"kind": "ship", "seat": 2, "good": "corn", "barrels": 3, "on": "wharf", "vp": 4})
        memos = [JsonMemo() for _ in range(4)]
        for i, view in enumerate(views[::3]):
            reference = json.dumps(view.observation.to_json(), separators=(",", ":"))
            assert convert.observation_json(view.observation) == reference
            assert observation_json(view.observation, memos[view.seat]) == reference
            kwargs = dict(
                match_id="m1-5",
                request_id=10_000 + 131 * i,
                seat=view.seat,
                ply=view.ply,
                game_id=game_id,
                observation=view.observation,
                events=events[: i % 4],
                legal=view.legal,
                families=view.families,
                deadline_ms=5000,
                time_bank_ms=37 * i,
                forced=view.forced,
                typed_observation=i % 5 == 0,
                typed_events=i % 2 == 0,
            )
            message = convert.decision_request(**kwargs)  # type: ignore[arg-type]
            data = request_bytes.decision_request_bytes(**kwargs)  # type: ignore[arg-type]
            assert request_bytes.decision_request_bytes(**kwargs, memo=memos[view.seat]) == data  # type: ignore[arg-type]
            assert referee_pb2.RefereeMessage.FromString(data) == message
            assert data == message.SerializeToString()
