"""The Jungle and Big River variants on the wire (seafarers.md §7, §8; catan.proto): the board parts of
``MatchStart.board`` against the engine's own, typed and as JSON; a purchase with discovery tokens as a
typed action; and hostile payments and ids, refused with the rule cited both in process and from a
client on a real stream, the match going on to its end."""

from __future__ import annotations

import re
from typing import Any

import orjson
import pytest

import engine
from engine.core.errors import IllegalAction, MalformedAction, RulesError
from engine.core.match import FaultPolicy, FirstLegal
from engine.core.result import FaultKind, Termination
from engine.games.catan.actions import TOKEN_BUYS, BuyDevTokens, MoveRobber, Settle
from engine.games.catan.notation import from_text
from engine.games.catan.state import CatanState
from engine.referee import Remote, convert
from engine.referee.server import RefereeServer
from engine.wire import catan_pb2, common_pb2, referee_pb2
from tests.engine.referee.helpers import WAIT_S, RawStream

RULE = "seafarers.md §7.5"


@pytest.mark.parametrize(
    "options",
    [{}, {"layout": "beginner", "robber_start": "jungle", "jungle_token": 4}],
    ids=["default", "beginner-on-jungle"],
)
def test_the_jungle_on_the_wire(options: dict[str, Any]) -> None:
    """seafarers.md §7.2: the jungle's hexes and token, the tokens a card may take, the robber's start
    (-1 off the board), typed and as JSON."""
    for seed in range(10):
        st = engine.load_game("catan", "jungle", 4, **options).new_state(seed)
        assert isinstance(st, CatanState)
        wire = convert.board_to_pb(st.static_tables(), "catan")
        typed, data = wire.catan, orjson.loads(wire.json)
        (jungle,) = st.board.jungles
        assert list(typed.jungle.hexes) == data["jungle"]["hexes"] == [jungle]
        assert typed.jungle.tokens_per_card == data["jungle"]["tokens_per_card"] == 3
        assert typed.hexes[jungle].terrain == 9 and typed.hexes[jungle].resource == -1
        assert typed.hexes[jungle].token == st.board.tokens[jungle] == options.get("jungle_token", 10)
        assert typed.robber == data["robber"] == st.robber == (jungle if options else -1)
        assert not typed.HasField("river") and data["river"] is None
        assert not typed.HasField("sea") and data["sea"] is None  # every optional part is in the JSON


@pytest.mark.parametrize("bonus", ["per_building", "first_only"])
def test_the_river_on_the_wire(bonus: str) -> None:
    """seafarers.md §8.2-§8.4: the River's parts top to bottom, its banks, the gold mine with its
    corners and the bonus rule, typed and as JSON; a bot needs nothing else to plan."""
    for seed in range(10):
        game = engine.load_game("catan", "big-river", 3, river_position="random", gold_mine_bonus=bonus)
        st = game.new_state(seed)
        assert isinstance(st, CatanState)
        wire = convert.board_to_pb(st.static_tables(), "catan")
        river, data = wire.catan.river, orjson.loads(wire.json)["river"]
        assert tuple(river.hexes) == tuple(data["hexes"]) == st.board.river
        assert [wire.catan.hexes[h].terrain for h in river.hexes] == [4, 1, 10]
        assert river.gold_mine == data["gold_mine"] == st.board.gold_mine == st.robber == wire.catan.robber
        assert set(river.riverbank) == set(data["riverbank"]) == st.board.riverbank
        assert list(river.riverbank) == sorted(river.riverbank)
        assert list(river.gold_mine_corners) == list(wire.catan.hexes[river.gold_mine].corners)
        assert river.bonus_vp == data["bonus_vp"] == 1 and data["bonus"] == bonus
        name = catan_pb2.CatanBoard.GoldMineBonus.Name(river.bonus)
        assert name == "GOLD_MINE_BONUS_" + bonus.upper()
        assert not wire.catan.HasField("jungle")


def test_a_purchase_with_tokens_is_a_typed_action() -> None:
    """catan.proto BuyDevTokens: every listed purchase round-trips; a client's own message is read."""
    codec = convert.codec_for("catan")
    assert codec is not None
    for buy in TOKEN_BUYS:
        pb = convert.action_to_pb(buy, "catan")
        assert pb.catan.WhichOneof("kind") == "buy_dev_tokens" and pb.text == buy.text()
        assert codec.from_pb(pb.catan) == buy
    answer = referee_pb2.Answer(request_id=1)
    answer.action.catan.buy_dev_tokens.replaced.extend([0, 0, 1, 1, 0])
    game = engine.load_game("catan", "jungle", 4)
    assert convert.answer_to_engine(answer, game) == BuyDevTokens((0, 0, 1, 1, 0))


HOSTILE_PAYMENTS: list[tuple[tuple[int, ...], str]] = [
    ((1, 0, 0, 0, 0), "replaces one wool, one grain or one ore"),
    ((0, 1, 1, 0, 0), "replaces one wool, one grain or one ore"),
    ((0, 0, 2, 0, 0), "each once"),
    ((0, 0, 3, 3, 3), "each once"),
    ((0, 0, 0, 0, 0), "name 1 to 3 resources"),
    ((0, 0, 1, 1, 1), "holds 2 discovery tokens, not 3"),
]
"""Payments a bot may send in range, each refused by the rule of seafarers.md §7.5."""


def test_hostile_payments_and_ids_in_process() -> None:
    """seafarers.md §7.5: every hostile payment is an IllegalAction citing the rule; values out of
    their range, other scripts and robber ids are refused before the rules; the position is unchanged."""
    st = from_text("v=jungle s0.tokens=2 s0.hand=1o")
    game = st.game
    before = st.fingerprint()
    for replaced, why in HOSTILE_PAYMENTS:
        with pytest.raises(IllegalAction, match=why) as caught:
            st.apply(0, BuyDevTokens(replaced))  # type: ignore[arg-type]
        assert RULE in str(caught.value)
    for text in (
        "buy dev tokens шерсть",
        "buy dev tokens ウール",
        "buy dev tokens wool ²",
        "buy dev tokens " + "ore " * 4,
    ):
        with pytest.raises(MalformedAction):
            game.parse_action(text)
    codec = convert.codec_for("catan")
    assert codec is not None
    for counts in ([-1, 0, 1, 0, 0], [0, 0, 2**31 - 1, 0, 0], [0, 0, 1], [0, 0, 1, 0, 0, 0]):
        msg = common_pb2.Action().catan
        msg.buy_dev_tokens.replaced.extend(counts)
        with pytest.raises((RulesError, ValueError)):
            codec.from_pb(msg)
    robber = from_text("v=jungle decision=robber")
    for hex_id in (19, 63):
        with pytest.raises(IllegalAction, match="does not exist"):
            robber.apply(0, MoveRobber(hex_id, -1))
    with pytest.raises(RulesError):
        robber.apply(0, game.parse_action("robber -1"))
    setup = from_text("v=big-river decision=setup:0")
    with pytest.raises(IllegalAction, match="riverbank.*" + re.escape("seafarers.md §8.3")):
        setup.apply(0, Settle(12))
    assert st.fingerprint() == before


def test_hostile_payments_over_the_wire(referee: RefereeServer) -> None:
    """The same payments as typed answers of a client on a real stream, at its turns after the roll:
    each is an ILLEGAL fault whose message cites seafarers.md §7.5, out-of-range values are MALFORMED,
    and the match ends normally for every seat."""
    game = engine.load_game("catan", "jungle", 3)
    answers = [replaced for replaced, _ in HOSTILE_PAYMENTS] + [(0, 0, 2**31 - 1, 0, 0), (-1, 0, 4, 0, 0)]
    policy = FaultPolicy(strike_limit=len(answers) + 1)
    session = referee.open_match(game, [Remote("hostile"), FirstLegal(), FirstLegal()], seed=5, policy=policy)
    raw = RawStream(referee.address)
    raw.hello(session.tokens[0], want_forced=True)
    session.start()
    pending = list(answers)

    def on_decision(req: referee_pb2.DecisionRequest) -> None:
        msg = referee_pb2.BotMessage()
        msg.answer.request_id = req.request_id
        after_roll = any(item.action.text == "end" for item in req.legal)
        if pending and after_roll:
            msg.answer.action.catan.buy_dev_tokens.replaced.extend(pending.pop(0))
        else:
            msg.answer.index = 0
        raw.send(msg)

    seen = raw.drain_until_end(on_decision)
    assert not pending, "the match ended before every payment was sent"
    assert sum(1 for m in seen if m.WhichOneof("kind") == "match_end") == 1
    result = session.wait(WAIT_S).result
    assert result.termination in (Termination.VICTORY, Termination.TURN_CAP)
    kinds = [f.kind for f in result.faults]
    assert kinds == [FaultKind.ILLEGAL] * len(HOSTILE_PAYMENTS) + [FaultKind.MALFORMED] * 2
    for fault in result.faults[: len(HOSTILE_PAYMENTS)]:
        assert RULE in fault.message, fault.message
    notices = [m.fault for m in seen if m.WhichOneof("kind") == "fault"]
    assert [n.fault.message for n in notices] == [f.message for f in result.faults]


def test_a_real_referee_sends_the_river_in_match_start(referee: RefereeServer) -> None:
    """A raw client reads the River and the gold mine from MatchStart.board before its first request."""
    game = engine.load_game("catan", "big-river", 4, river_position="random")
    session = referee.open_match(game, [FirstLegal(), Remote("raw"), FirstLegal(), FirstLegal()], seed=9)
    raw = RawStream(referee.address)
    raw.hello(session.tokens[1])
    session.start()
    start = raw.next("match_start").match_start
    expected = game.new_state(9)
    assert isinstance(expected, CatanState)
    assert tuple(start.board.catan.river.hexes) == expected.board.river
    request = raw.next("decision").decision
    obs = orjson.loads(request.observation.json)
    assert tuple(obs["river"]) == expected.board.river and obs["gold_mine_first"] == -1
    assert not set(obs["owner"][c] for c in start.board.catan.river.riverbank) - {-1}
    raw.answer(request.request_id, 0)
    raw.drain_until_end(lambda req: raw.answer(req.request_id, 0))
    assert session.wait(WAIT_S).result.faults == ()
