"""Crafted answers over a real stream: each is a fault of the seat, the match finishes, MatchEnd arrives.

The answers are those of a client written against the ``.proto`` files alone: action texts with
non-ASCII digits or thousands of digits, and typed actions whose int32 fields hold values far outside
what the engine's tables cover. Before they were read with range checks, each of them ended the match
for every seat with an engine exception.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable

import pytest
from google.protobuf.message import Message

from engine.core.answers import read_answer
from engine.core.errors import RulesError
from engine.core.match import DecisionView, FaultPolicy, FirstLegal
from engine.core.result import FaultKind, Termination
from engine.referee import Remote, convert
from engine.referee.server import RefereeServer
from engine.registry import load_game
from engine.wire import common_pb2, referee_pb2
from tests.engine.referee.helpers import WAIT_S, RawStream

Fill = Callable[[referee_pb2.BotMessage], None]


def text(words: str) -> Fill:
    def fill(msg: referee_pb2.BotMessage) -> None:
        msg.answer.action.text = words

    return fill


def typed(game_field: str, message: str, **values: int | list[int]) -> Fill:
    def fill(msg: referee_pb2.BotMessage) -> None:
        body = getattr(getattr(msg.answer.action, game_field), message)
        body.SetInParent()
        for name, value in values.items():
            if isinstance(value, list):
                getattr(body, name).extend(value)
            else:
                setattr(body, name, value)

    return fill


CATAN_ANSWERS: list[tuple[str, Fill]] = [
    ("settle \u00b2", text("settle \u00b2")),
    ("robber 0 steal \u00b2", text("robber 0 steal \u00b2")),
    ("settle \uff11", text("settle \uff11")),
    ("5,000 digits", text("settle " + "1" * 5000)),
    ("play_monopoly resource 19", typed("catan", "play_monopoly", resource=19)),
    ("discard -2^31", typed("catan", "discard", cards=[-(2**31), 2**31 - 1, 0, 0, 1])),
    ("bank_trade give 72", typed("catan", "bank_trade", give=72, count=4, get=0)),
    ("settle corner -1", typed("catan", "settle", corner=-1)),
    ("road 2^31-1", typed("catan", "road", a=2**31 - 1, b=0)),
    ("offer to -7", typed("catan", "offer", give=[1, 0, 0, 0, 0], get=[0, 0, 0, 0, 1], to=-7)),
    ("year of plenty -5", typed("catan", "play_year_of_plenty", first=-5, second=9)),
]
CATAN_CK_ANSWERS: list[tuple[str, Fill]] = [
    ("settle \u00b2", text("settle \u00b2")),
    ("play spy \uff11", text("play spy \uff11")),
    ("play_card card 25", typed("catan_ck", "play_card", card=25, args=[0, 0, 0])),
    ("play_card four args", typed("catan_ck", "play_card", card=0, args=[1, 2, 3, 4])),
    ("discard 5 counts", typed("catan_ck", "discard", cards=[1, 0, 0, 0, 1])),
    ("discard -2^31", typed("catan_ck", "discard", cards=[-(2**31), 2**31 - 1, 0, 0, 1, 0, 0, 0])),
    ("bank_trade get 8", typed("catan_ck", "bank_trade", give=0, count=4, get=8)),
    ("improve track 3", typed("catan_ck", "improve", track=3)),
    ("move_knight dst 160", typed("catan_ck", "move_knight", src=0, dst=160)),
    ("defend five slots", typed("catan_ck", "defend", corners=[1, 2, 3, 4, 5])),
    ("choose_kind -1", typed("catan_ck", "choose_kind", kind=-1)),
]
PUERTO_RICO_ANSWERS: list[tuple[str, Fill]] = [
    ("ship corn \u00b2", text("ship corn \u00b2")),
    ("ship corn 5,000 digits", text("ship corn " + "1" * 5000)),
    ("choose_role tile 54", typed("puerto_rico", "choose_role", tile=54)),
    ("choose_role tile -1", typed("puerto_rico", "choose_role", tile=-1)),
    ("ship capacity -3", typed("puerto_rico", "ship", kind=1, capacity=-3)),
    ("sell good 99", typed("puerto_rico", "sell", kind=99)),
]


@pytest.mark.parametrize(
    ("game_id", "answers"),
    [("catan", CATAN_ANSWERS), ("catan-ck", CATAN_CK_ANSWERS), ("puerto-rico", PUERTO_RICO_ANSWERS)],
)
def test_crafted_answers_are_malformed_faults_and_the_match_ends(
    referee: RefereeServer, game_id: str, answers: list[tuple[str, Fill]]
) -> None:
    game = load_game(game_id, players=3)
    policy = FaultPolicy(strike_limit=len(answers) + 1)
    session = referee.open_match(game, [Remote("crafted"), FirstLegal(), FirstLegal()], seed=8, policy=policy)
    raw = RawStream(referee.address)
    raw.hello(session.tokens[0], want_forced=True)
    session.start()
    pending = list(answers)
    notices: list[referee_pb2.FaultNotice] = []

    def on_decision(req: referee_pb2.DecisionRequest) -> None:
        msg = referee_pb2.BotMessage()
        msg.answer.request_id = req.request_id
        if pending:
            pending.pop(0)[1](msg)
        else:
            msg.answer.index = 0
        raw.send(msg)

    seen = raw.drain_until_end(on_decision)
    notices = [m.fault for m in seen if m.WhichOneof("kind") == "fault"]
    ends = [m.match_end for m in seen if m.WhichOneof("kind") == "match_end"]
    assert not pending, "the match ended before every crafted answer was sent"
    assert len(ends) == 1, "the bot got no MatchEnd"
    result = session.wait(WAIT_S).result
    assert result.termination in (Termination.VICTORY, Termination.TURN_CAP)
    assert [f.kind for f in result.faults] == [FaultKind.MALFORMED] * len(answers)
    assert len(notices) == len(answers)
    for (label, _), fault in zip(answers, result.faults, strict=True):
        assert "could not be" not in fault.message, (label, fault.message)
    assert ends[0].result.termination != common_pb2.TERMINATION_ABORTED


def extreme(rng: random.Random) -> int:
    return rng.choice((-(2**31), -(2**31) + 1, -2, -1, 0, 1, 2, 4, 5, 7, 8, 19, 54, 72, 160, 2**31 - 1))


def random_typed(body: Message, rng: random.Random) -> None:
    """Fill every field of a typed action message with extreme values (repeated fields 0..7 long)."""
    body.SetInParent()
    for desc in body.DESCRIPTOR.fields:
        repeated = getattr(desc, "is_repeated", None)
        if repeated is None:
            repeated = desc.label == desc.LABEL_REPEATED
        if desc.enum_type is not None:
            numbers = [v.number for v in desc.enum_type.values] + [extreme(rng) for _ in range(3)]
            values = [rng.choice(numbers) for _ in range(rng.randint(0, 7))]
        else:
            values = [extreme(rng) for _ in range(rng.randint(0, 7))]
        if repeated:
            getattr(body, desc.name).extend(values)
        elif values:
            setattr(body, desc.name, values[0])


@pytest.mark.parametrize(
    ("game_id", "game_field"), [("catan", "catan"), ("catan-ck", "catan_ck"), ("puerto-rico", "puerto_rico")]
)
def test_random_typed_messages_of_every_kind_are_read_or_refused(game_id: str, game_field: str) -> None:
    """Every kind of typed action with every field at extreme values, at the decisions of a match."""
    game = load_game(game_id, players=4)
    state = game.new_state(21)
    rng = random.Random(game_id)
    kinds = [
        f.name for f in getattr(common_pb2.Action(), game_field).DESCRIPTOR.oneofs_by_name["kind"].fields
    ]
    checked = 0
    while not state.is_terminal() and state.ply < 400:
        seat = state.seats_to_move()[0]
        legal = state.legal_actions(seat)
        view = DecisionView(
            game=game.ref, seat=seat, ply=state.ply, legal=legal, families=(), events=(), forced=False,
            observe=lambda: state.observe(seat),  # noqa: B023
        )  # fmt: skip
        before = state.fingerprint()
        for kind in kinds:
            answer = referee_pb2.Answer(request_id=1)
            random_typed(getattr(getattr(answer.action, game_field), kind), rng)
            with contextlib.suppress(RulesError, ValueError):  # refused: fine; anything else fails
                read_answer(convert.answer_to_engine(answer, game), view, game, state)
            checked += 1
        assert state.fingerprint() == before
        state.apply(seat, rng.choice(legal))
    assert checked > 1000
