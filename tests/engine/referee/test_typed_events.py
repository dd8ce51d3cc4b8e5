"""Typed events and result details: every event of whole matches round-trips, none is left untyped,
hidden parts stay hidden, and an SDK bot that asks for them gets them over gRPC."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import engine
from bots.builtin import make_bot
from bots.sdk import typed_event
from engine.core.events import Event
from engine.core.match import DecisionView, MatchHooks, play_match
from engine.core.state import State
from engine.referee import Remote, convert
from engine.referee import typed_events as te
from engine.referee.games import puerto_rico as pr_wire
from engine.referee.games import wire_for
from engine.referee.server import RefereeServer
from engine.wire import catan_pb2, common_pb2, puerto_rico_pb2
from tests.engine.referee.helpers import WAIT_S, recorder, start_bot

pytestmark = pytest.mark.xdist_group("typed-events")  # one worker plays the module's matches for every test

ROOT = Path(__file__).resolve().parents[3]
GAMES = {"puerto-rico": (3, 4, 5), "catan": (3, 4)}
MESSAGES = {"puerto-rico": puerto_rico_pb2.PuertoRicoEvent, "catan": catan_pb2.CatanEvent}


class Haggler:
    """catan-greedy, but it also counters offers and withdraws its own, so every trade event occurs."""

    def __init__(self, seat: int, seed: int) -> None:
        self.inner = make_bot("catan-greedy", "catan", seat, seed)
        self.rng = random.Random(seed * 31 + seat)

    def act(self, view: DecisionView) -> Any:
        texts = [a.text() for a in view.legal]
        if "withdraw" in texts and self.rng.random() < 0.3:
            return "withdraw"
        if any(f.name == "counter" for f in view.families) and self.rng.random() < 0.5:
            hand = view.observation.hand  # type: ignore[attr-defined]
            held = [r for r in range(5) if hand[r]]
            if held:
                give = self.rng.choice(held)
                get = self.rng.choice([r for r in range(5) if r != give])
                names = ("brick", "lumber", "wool", "grain", "ore")
                return f"counter give 1 {names[give]} get 1 {names[get]}"
        return self.inner.act(view)


class Collect(MatchHooks):
    def __init__(self) -> None:
        self.events: list[Event] = []

    def on_action(self, seat: int, action: Any, events: list[Event], state: State) -> None:
        self.events.extend(events)


def match_events() -> Iterator[tuple[str, int, Event]]:
    """Every engine event of random matches of both games at every player count (and Catan trades)."""
    for game_id, counts in GAMES.items():
        for players in counts:
            for seed in (1, 2):
                runs: list[tuple[dict[str, Any], list[Any]]] = [
                    ({}, [make_bot("random", game_id, s, seed) for s in range(players)])
                ]
                if game_id == "catan":
                    runs.append(({}, [Haggler(s, seed) for s in range(players)]))
                    runs.append(
                        ({"turn_cap": 20}, [make_bot("random", game_id, s, seed) for s in range(players)])
                    )
                for options, bots in runs:
                    game = engine.load_game(game_id, players=players, **options)
                    collect = Collect()
                    play_match(game, bots, seed, hooks=collect)
                    yield from ((game_id, players, e) for e in collect.events)
    for variant, players, options in VARIANTS:  # the 5-6 extension, the helpers, Seafarers, Jungle, Big River
        for seed in (1, 2):
            game = engine.load_game("catan", variant, players, **options)
            collect = Collect()
            play_match(
                game, [make_bot("random", "catan", s, seed) for s in range(players)], seed, hooks=collect
            )
            yield from (("catan", players, e) for e in collect.events)


VARIANTS: list[tuple[str, int, dict[str, Any]]] = [
    ("extended", 5, {}),
    ("extended", 6, {"turn_structure": "paired"}),
    ("helpers", 4, {}),
    ("helpers", 6, {}),
    ("seafarers-new-shores", 4, {}),
    ("seafarers-four-islands", 3, {}),
    ("seafarers-fog-islands", 4, {}),
    ("seafarers-fog-islands", 3, {"setup_discovery_reward": False}),
    ("jungle", 3, {}),
    ("big-river", 4, {}),
]


@pytest.fixture(scope="module")
def all_events() -> list[tuple[str, int, Event]]:
    return list(match_events())


def test_every_event_of_whole_matches_round_trips_typed(all_events: list[tuple[str, int, Event]]) -> None:
    seen: dict[str, set[str]] = {g: set() for g in GAMES}
    for game_id, players, event in all_events:
        for seat in (None, *range(players)):
            view = event.view(seat)
            if view is None:
                continue
            wire = convert.event_to_pb(view, game_id, typed=True)
            assert wire.WhichOneof("typed") == game_id.replace("-", "_"), view
            again = common_pb2.Event.FromString(wire.SerializeToString())
            assert te.view_of_typed(again) == view
            assert convert.event_from_pb(again) == view
            assert not convert.event_to_pb(view, game_id).HasField(wire.WhichOneof("typed"))
        seen[game_id].add(event.kind)
    for game_id in GAMES:
        kinds = wire_for(game_id).events  # type: ignore[union-attr]
        assert seen[game_id] == set(kinds), f"{game_id}: kinds never played {set(kinds) - seen[game_id]}"


def test_forced_events_are_typed_in_every_game() -> None:
    view = {"kind": "forced", "seat": 0, "action": "roll"}
    for game_id in ("catan", "puerto-rico", "high-card"):
        wire = convert.event_to_pb(view, game_id, typed=True)
        assert wire.WhichOneof("typed") == "forced" and wire.forced.seat == 0
        assert convert.event_from_pb(wire) == view


def test_unknown_kinds_and_keys_stay_json_only() -> None:
    for view in ({"kind": "comet", "seat": 1}, {"kind": "dice", "seat": 1, "roll": [3, 4]}):
        wire = convert.event_to_pb(view, "catan", typed=True)
        assert wire.WhichOneof("typed") is None
        assert convert.event_from_pb(wire) == view


def engine_event_kinds(game_dir: str) -> set[str]:
    pattern = re.compile(r'\bEvent\(\s*"(\w+)"')
    kinds: set[str] = set()
    for path in (ROOT / "engine" / "games" / game_dir).rglob("*.py"):
        kinds.update(pattern.findall(path.read_text()))
    return kinds


def test_every_event_kind_an_engine_emits_has_a_typed_message() -> None:
    """Fails when an engine adds an event kind (or a proto message) without the other and a codec."""
    for game_id, game_dir in (("puerto-rico", "puerto_rico"), ("catan", "catan")):
        kinds = wire_for(game_id).events  # type: ignore[union-attr]
        emitted = engine_event_kinds(game_dir)
        assert emitted, game_dir
        assert emitted == set(kinds), f"{game_id}: no typed message for {emitted - set(kinds)}"
        descriptor = MESSAGES[game_id].DESCRIPTOR
        assert [f.name for f in descriptor.oneofs_by_name["kind"].fields] == list(kinds)
        for kind, fields in kinds.items():
            message = descriptor.fields_by_name[kind].message_type
            covered = {name for f in fields for name in f.proto_fields()}
            assert covered == set(message.fields_by_name), f"{game_id} {kind}"


def test_hidden_parts_are_absent_from_other_seats_typed_events(
    all_events: list[tuple[str, int, Event]],
) -> None:
    checked = set()
    for game_id, players, event in all_events:
        if not event.private:
            continue
        for seat in range(players):
            wire = convert.event_to_pb(event.view(seat) or {}, game_id, typed=True)
            body = getattr(getattr(wire, wire.WhichOneof("typed")), event.kind)
            for key in event.private:
                assert body.HasField(key) == (seat in event.audience), (seat, event)
        checked.add(event.kind)
    assert checked == {
        "buy_dev",
        "discard",
        "steal",
        "answer",
        "candamir",
        "candamir_keep",
        "hilde",
        "hilde_take",
        "nassir_give",
    }


def test_engine_names_agree_with_the_codec_tables() -> None:
    from engine.games.puerto_rico.tables import ROLE_TILE_NAMES

    assert pr_wire.ROLES == ROLE_TILE_NAMES
    enum = puerto_rico_pb2.PuertoRicoBuilding
    assert [
        n.removeprefix("PUERTO_RICO_BUILDING_").lower().replace("_", "-") for n in enum.keys()[1:]
    ] == list(pr_wire.BUILDING_NAMES)
    assert [
        n.removeprefix("PUERTO_RICO_TILE_").lower() for n in puerto_rico_pb2.PuertoRicoTile.keys()[1:]
    ] == list(pr_wire.TILES)


def test_result_details_are_typed_for_puerto_rico() -> None:
    game = engine.load_game("puerto-rico", players=3)
    result = play_match(game, [make_bot("random", game.ref.game, s, 4) for s in range(3)], 4).result
    wire = convert.result_to_pb(result, "puerto-rico")
    assert wire.WhichOneof("typed_details") == "puerto_rico"
    assert te.details_of_typed(wire) == dict(result.details)
    assert convert.result_from_pb(wire) == result
    catan = engine.load_game("catan", players=3)
    result = play_match(catan, [make_bot("random", "catan", s, 4) for s in range(3)], 4).result
    assert convert.result_to_pb(result, "catan").WhichOneof("typed_details") is None


@pytest.mark.parametrize("game_id", ["puerto-rico", "catan"])
def test_an_sdk_bot_that_asks_gets_typed_events_over_grpc(referee: RefereeServer, game_id: str) -> None:
    game = engine.load_game(game_id, players=3)
    session = referee.open_match(game, [Remote("typed"), Remote("plain"), Remote("plain")], seed=8)
    requests: dict[int, list[Any]] = {0: [], 1: []}
    bots = [
        start_bot(recorder(requests, 0), referee.address, token=session.tokens[0], typed_events=True),
        start_bot(recorder(requests, 1), referee.address, token=session.tokens[1]),
        start_bot(recorder(requests, 2), referee.address, token=session.tokens[2]),
    ]
    session.start().wait(WAIT_S)
    ends = [bot.join().ends[0] for bot in bots]
    typed_count = 0
    for request in requests[0]:
        assert len(request.typed_events) == len(request.events)
        for wire, view, message in zip(request.pb.events, request.events, request.typed_events, strict=True):
            assert message is not None, view
            assert convert.event_from_pb(wire) == view
            which = wire.WhichOneof("typed")
            body = getattr(wire, which)
            assert message == (body if which == "forced" else getattr(body, view["kind"]))
            typed_count += 1
    assert typed_count > 20
    assert any(typed_event(e) is not None for e in ends[0].pb.events) or not ends[0].pb.events
    assert all(e.WhichOneof("typed") is None for r in requests[1] for e in r.pb.events)
    assert all(e.WhichOneof("typed") is None for e in ends[1].pb.events)
    details = ends[0].pb.result.WhichOneof("typed_details")
    assert details == ("puerto_rico" if game_id == "puerto-rico" else None)
