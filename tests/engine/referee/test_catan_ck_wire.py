"""Cities & Knights on the wire (catan_ck.proto): every action, observation field, event and table of
whole matches in typed form and back, hidden parts absent for other seats, the board and tables in
MatchStart, and bots playing over gRPC."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import orjson
import pytest

import engine
from bots.builtin import make_bot
from engine.core.events import Event
from engine.core.match import DecisionView, FirstLegal, MatchHooks, play_match
from engine.core.state import State
from engine.games.catan_ck import actions as ck
from engine.games.catan_ck import tables
from engine.games.catan_ck.card_args import CARD_ARGS
from engine.referee import Remote, convert
from engine.referee import typed_events as te
from engine.referee.games import catan_ck as ck_wire
from engine.referee.server import RefereeServer
from engine.wire import catan_ck_pb2, common_pb2, referee_pb2
from tests.engine.referee.helpers import WAIT_S, RawStream, recorder, start_bot
from tests.engine.referee.test_convert import _dataclass_fields_in_proto

pytestmark = pytest.mark.xdist_group("catan-ck-wire")  # one worker plays the module's matches for every test

ROOT = Path(__file__).resolve().parents[3]
GAME = "catan-ck"
KINDS = tables.KIND_NAMES


class Haggler:
    """The random bot, but it also offers, counters and withdraws, so every trade event occurs."""

    def __init__(self, seat: int, seed: int) -> None:
        self.inner = make_bot("random", GAME, seat, seed)
        self.rng = random.Random(seed * 31 + seat)

    def _two(self, hand: Any) -> tuple[str, str] | None:
        held = [k for k in range(8) if hand[k]]
        if not held:
            return None
        give = self.rng.choice(held)
        return KINDS[give], KINDS[self.rng.choice([k for k in range(8) if k != give])]

    def act(self, view: DecisionView) -> Any:
        names = {f.name for f in view.families}
        hand = view.observation.hand  # type: ignore[attr-defined]
        if "withdraw" in [a.text() for a in view.legal] and self.rng.random() < 0.3:
            return "withdraw"
        pair = self._two(hand)
        if pair is not None and "counter" in names and self.rng.random() < 0.5:
            return f"counter give 1 {pair[0]} get 1 {pair[1]}"
        if pair is not None and "offer" in names and self.rng.random() < 0.2:
            return f"offer give 1 {pair[0]} get 1 {pair[1]} to all"
        return self.inner.act(view)


class Collect(MatchHooks):
    def __init__(self) -> None:
        self.events: list[Event] = []

    def on_action(self, seat: int, action: Any, events: list[Event], state: State) -> None:
        self.events.extend(events)


RUNS: list[tuple[int, dict[str, Any], bool]] = [
    (3, {}, False),
    (4, {}, False),
    (4, {}, True),
    (3, {"declared_defenders": True}, True),
    (4, {"wandering_knight": True, "easy_start": True}, False),
    (4, {"turn_cap": 15}, False),
]
"""(seats, options, with hagglers) of the matches whose events are checked."""


RARE = {"tie_reward", "knight_lost", "metropolis", "aqueduct", "defender", "road_removed", "harbor_void"}
"""Kinds that whole random matches seldom reach (:func:`test_rare_events_round_trip_typed` has them)."""
PROGRESS_KINDS = {
    *("deserter", "deserter_none", "diplomat", "harbor", "harbor_void", "harbor_exchange", "intrigue"),
    *("inventor", "irrigation", "mining", "master_merchant", "master_merchant_take", "merchant"),
    *("merchant_fleet", "resource_monopoly", "trade_monopoly", "saboteur", "spy", "spy_take", "warlord"),
}
"""The events of progress-card effects: required in whole matches once the engine emits them."""


def emitted_kinds() -> set[str]:
    """The event kinds written as literals in the engine's source (``Event("kind", ...)``)."""
    pattern = re.compile(r'\bEvent\(\s*"(\w+)"')
    emitted: set[str] = set()
    for path in (ROOT / "engine" / "games" / "catan_ck").rglob("*.py"):
        emitted.update(pattern.findall(path.read_text()))
    return emitted


@pytest.fixture(scope="module")
def all_events() -> list[tuple[int, Event]]:
    out: list[tuple[int, Event]] = []
    for players, options, haggle in RUNS:
        for seed in (1, 2, 3):
            game = engine.load_game(GAME, players=players, **options)
            bots = [Haggler(s, seed) if haggle else make_bot("random", GAME, s, seed) for s in range(players)]
            collect = Collect()
            play_match(game, bots, seed, hooks=collect)
            out += [(players, e) for e in collect.events]
    return out


def test_every_event_of_whole_matches_round_trips_typed(all_events: list[tuple[int, Event]]) -> None:
    seen: set[str] = set()
    for players, event in all_events:
        for seat in (None, *range(players)):
            view = event.view(seat)
            if view is None:
                continue
            wire = convert.event_to_pb(view, GAME, typed=True)
            assert wire.WhichOneof("typed") == "catan_ck", view
            again = common_pb2.Event.FromString(wire.SerializeToString())
            assert te.view_of_typed(again) == view
            assert convert.event_from_pb(again) == view
        seen.add(event.kind)
    unseen = set(ck_wire.EVENTS) - seen - RARE - (PROGRESS_KINDS - emitted_kinds())
    assert not unseen, f"kinds never played: {unseen}"


def test_rare_events_round_trip_typed() -> None:
    """Events whole random matches seldom reach, written as the engine writes them."""
    for view in (
        {"kind": "tie_reward", "seats": [1, 3], "drawn": False},
        {"kind": "knight_lost", "seat": 2, "corner": 40},
        {"kind": "knight_lost", "seat": 2, "corner": 40, "level": 3, "card": "deserter"},
        {"kind": "robber", "seat": 1, "hex": 4, "victims": [], "card": "bishop"},
        {"kind": "harbor_void", "seat": 1, "with": 2, "offered": "ore"},
        {"kind": "harbor_void", "seat": 1, "with": 2},
        {"kind": "road_removed", "seat": 2, "edge": 17, "corners": [10, 15]},
        {"kind": "metropolis", "seat": 1, "track": "science", "corner": 12, "from": 3},
        {"kind": "aqueduct", "seat": 0, "card": "ore"},
        {"kind": "defender", "seat": 0, "cards": 2},
        {"kind": "draw", "seat": 0, "deck": "trade", "empty": True},
        {"kind": "dice", "seat": 1, "red": 3, "yellow": 4, "sum": 7},
        {"kind": "produce", "paid": {"0": {"paper": 1, "ore": 1}}, "shortage": ["coin"]},
    ):
        wire = convert.event_to_pb(view, GAME, typed=True)
        assert wire.WhichOneof("typed") == "catan_ck", view
        assert convert.event_from_pb(common_pb2.Event.FromString(wire.SerializeToString())) == view


def test_hidden_parts_are_absent_from_other_seats_typed_events(all_events: list[tuple[int, Event]]) -> None:
    checked = set()
    for players, event in all_events:
        if not event.private:
            continue
        for seat in range(players):
            wire = convert.event_to_pb(event.view(seat) or {}, GAME, typed=True)
            body = getattr(wire.catan_ck, event.kind)
            for key in event.private:
                assert body.HasField(key) == (seat in event.audience), (seat, event)
        checked.add(event.kind)
    assert checked >= {"discard", "steal", "draw", "drop_card", "answer", "wedding_gift"}


def test_every_event_kind_the_engine_emits_has_a_typed_message() -> None:
    """Fails when the engine adds an event kind (or the proto a message) without the other and a codec."""
    emitted = emitted_kinds() | {"longest_road"}  # written by base Catan code the game calls
    assert emitted - set(ck_wire.EVENTS) == set(), "no typed message"
    descriptor = catan_ck_pb2.CatanCkEvent.DESCRIPTOR
    assert [f.name for f in descriptor.oneofs_by_name["kind"].fields] == list(ck_wire.EVENTS)
    for kind, fields in ck_wire.EVENTS.items():
        message = descriptor.fields_by_name[kind].message_type
        covered = {name for f in fields for name in f.proto_fields()}
        assert covered == set(message.fields_by_name), kind


@pytest.mark.parametrize(("players", "options"), [(3, {}), (4, {"declared_defenders": True})])
def test_every_observation_field_and_every_listed_action_travel_typed(
    players: int, options: dict[str, Any]
) -> None:
    game = engine.load_game(GAME, players=players, **options)
    state = game.new_state(5)
    obs = state.observe(0)
    wire = convert.observation_to_pb(obs, GAME, typed=True)
    assert wire.WhichOneof("typed") == "catan_ck"
    assert _dataclass_fields_in_proto(type(obs), wire.catan_ck.DESCRIPTOR, GAME) == []
    codec = convert.codec_for(GAME)
    assert codec is not None
    kinds: set[str] = set()
    rng = random.Random(5)
    for _ in range(3000):
        if state.is_terminal():
            break
        seat = state.seats_to_move()[0]
        typed = convert.observation_to_pb(state.observe(seat), GAME, typed=True)
        assert typed.WhichOneof("typed") == "catan_ck"
        assert list(typed.catan_ck.hand) == list(state.observe(seat).hand)  # type: ignore[attr-defined]
        legal = state.legal_actions(seat)
        for action in legal:
            pb = convert.action_to_pb(action, GAME)
            assert pb.WhichOneof("typed") == "catan_ck", action.text()
            kinds.add(pb.catan_ck.WhichOneof("kind"))
            assert codec.from_pb(pb.catan_ck) == action
        state.apply(seat, rng.choice(legal))
    assert {"settle", "road", "city", "roll", "end", "build_knight", "activate", "improve"} <= kinds


def test_every_kind_of_action_round_trips_typed_and_as_text() -> None:
    game = engine.load_game(GAME, players=4)
    hand = (1, 0, 2, 0, 0, 1, 0, 3)
    actions: list[Any] = [
        ck.Discard(hand),
        ck.GiveCards(hand),
        ck.TakeCards(hand),
        ck.Offer(hand, (0, 1, 0, 0, 0, 0, 0, 0), -1),
        ck.Offer((0, 0, 0, 0, 1, 0, 0, 0), hand, 2),
        ck.Counter(hand, (0, 0, 0, 0, 0, 0, 1, 0)),
        ck.BankTrade(7, 2, 4),
        ck.Wall(3),
        ck.BuildKnight(4),
        ck.Activate(4),
        ck.Promote(4),
        ck.MoveKnight(4, 9),
        ck.Displace(4, 10),
        ck.Chase(11),
        *ck.IMPROVE,
        *ck.DROP,
        ck.TakeCard(16),
        ck.ChooseCorner(12),
        *ck.CHOOSE_KIND,
        *ck.CHOOSE_DECK,
        ck.defend([3, 9]),
        ck.defend([]),
        ck.PASS,
        *([ck.Harbor(2, 4)] if hasattr(ck, "Harbor") else []),  # type: ignore[attr-defined]
        *(ck.play(int(card), *_args(kinds)) for card, kinds in CARD_ARGS.items()),
    ]
    seen = set()
    for action in actions:
        pb = convert.action_to_pb(action, GAME)
        assert pb.WhichOneof("typed") == "catan_ck", action.text()
        seen.add(pb.catan_ck.WhichOneof("kind"))
        answer = referee_pb2.Answer(request_id=1, action=common_pb2.Action(catan_ck=pb.catan_ck))
        assert convert.answer_to_engine(answer, game) == action
        assert game.parse_action(pb.text) == action
    oneof = catan_ck_pb2.CatanCkAction.DESCRIPTOR.oneofs_by_name["kind"]
    shared = {
        "settle",
        "road",
        "city",
        "roll",
        "end",
        "move_robber",
        "accept",
        "reject",
        "confirm",
        "withdraw",
    }
    codec = convert.codec_for(GAME)
    assert codec is not None
    ahead = {f.name for f in oneof.fields} - set(codec.classes)
    assert ahead <= {"harbor"}  # the Commercial Harbor's action, once its effect is in the engine
    assert {f.name for f in oneof.fields} - seen - ahead == shared


def _args(kinds: tuple[str, ...]) -> list[int]:
    values = {"die": [2], "hex": [7], "corner": [13], "corner?": [14], "seat": [1], "road": [3, 4]}
    values |= {"resource": [4], "commodity": [6], "kind": [5], "track": [2]}
    out: list[int] = []
    for kind in kinds:
        out += values[kind]
    return out


def test_out_of_range_typed_answers_are_malformed() -> None:
    game = engine.load_game(GAME, players=4)
    bad = catan_ck_pb2.CatanCkAction()
    bad.discard.cards.extend([0, 0, 0, 0, 0, 0, 0, 500])
    with pytest.raises(ValueError):
        convert.answer_to_engine(
            referee_pb2.Answer(request_id=1, action=common_pb2.Action(catan_ck=bad)), game
        )
    short = catan_ck_pb2.CatanCkAction()
    short.discard.cards.extend([1, 0])
    with pytest.raises(ValueError):
        convert.answer_to_engine(
            referee_pb2.Answer(request_id=1, action=common_pb2.Action(catan_ck=short)), game
        )


def test_the_tables_in_match_start_are_the_engines() -> None:
    game = engine.load_game(GAME, players=4, spies=2, barbarian_track=9)
    state = game.new_state(4)
    board = convert.board_to_pb(state.static_tables(), GAME)
    assert board.WhichOneof("typed") == "catan_ck"
    typed = board.catan_ck
    base = convert.board_to_pb(engine.load_game("catan", players=4).new_state(4).static_tables(), "catan")
    assert typed.board == base.catan  # the same seed draws the same board as base Catan
    assert list(typed.kinds) == list(KINDS) and list(typed.supply) == list(tables.FULL_BANK)
    assert typed.barbarian_track == 9 and typed.vp_to_win == 13
    assert [c.copies for c in typed.cards if c.name == "spy"] == [2]
    assert sum(c.copies for c in typed.cards) == 53
    assert [t.commodity for t in typed.tracks] == [tables.CLOTH, tables.COIN, tables.PAPER]
    assert {c.name: list(c.cards) for c in typed.costs}["city"] == [0, 0, 0, 2, 3, 0, 0, 0]
    assert [list(y.cards) for y in typed.city_yield if y.terrain == 1] == [[0, 1, 0, 0, 0, 1, 0, 0]]
    assert orjson.loads(board.json)["cards"][16]["args"] == ["seat"]


def test_a_real_referee_sends_the_tables_in_match_start(referee: RefereeServer) -> None:
    game = engine.load_game(GAME, players=3)
    session = referee.open_match(game, [FirstLegal(), Remote("raw"), FirstLegal()], seed=11)
    raw = RawStream(referee.address)
    raw.hello(session.tokens[1])
    session.start()
    start = raw.next("match_start").match_start
    assert start.board == convert.board_to_pb(game.new_state(11).static_tables(), GAME)
    obs = orjson.loads(raw.next("decision").decision.observation.json)
    assert [h.terrain for h in start.board.catan_ck.board.hexes] == obs["terrain"]
    assert len(start.board.catan_ck.board.corners) == len(obs["knight_owner"])


def test_bots_play_over_grpc_and_a_typed_bot_gets_typed_events(referee: RefereeServer) -> None:
    game = engine.load_game(GAME, players=3)
    session = referee.open_match(game, [Remote("typed"), Remote("plain"), Remote("plain")], seed=8)
    requests: dict[int, list[Any]] = {0: [], 1: []}
    bots = [
        start_bot(recorder(requests, 0), referee.address, token=session.tokens[0], typed_events=True),
        start_bot(recorder(requests, 1), referee.address, token=session.tokens[1]),
        start_bot(recorder(requests, 2), referee.address, token=session.tokens[2]),
    ]
    session.start().wait(WAIT_S)
    ends = [bot.join().ends[0] for bot in bots]
    typed = 0
    for request in requests[0]:
        for wire, view in zip(request.pb.events, request.events, strict=True):
            assert wire.WhichOneof("typed") in ("catan_ck", "forced"), view
            assert convert.event_from_pb(wire) == view
            typed += 1
    assert typed > 50
    assert all(e.WhichOneof("typed") is None for r in requests[1] for e in r.pb.events)
    assert ends[0].pb.result.termination in (common_pb2.TERMINATION_VICTORY, common_pb2.TERMINATION_TURN_CAP)
    assert not ends[0].pb.result.faults
