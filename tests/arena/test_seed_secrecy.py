"""Nothing a seat receives carries a seed: every byte a raw-protobuf bot gets in whole matches, searched.

The spy below is written against the wire contract alone (no SDK): it keeps every RefereeMessage as the
bytes that arrived, asks for everything there is (forced decisions, typed observations and events), and
sends one malformed and one stale answer, so that a FaultNotice and an Error reach it too. After the
matches, every secret number of the run (the tournament seed, each pod and match seed, each chance
stream's seed, the built-in bots' seeds) is searched for in those bytes in every encoding below, and in
every integer field of every message, whole or as a 32-bit half.
"""

from __future__ import annotations

import base64
import queue
import random
import re
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path

import grpc
import pytest
from google.protobuf.message import Message

import engine
from arena.config_loading import from_mapping
from arena.runner import run_tournament
from arena.schedule import pod_seed
from arena.spawn import play_specs
from bots.builtin import bot_seed
from engine.core.rng import derive_seed, secret_seed
from engine.referee import TimeControl
from engine.wire import PROTOCOL_VERSION, common_pb2, referee_pb2
from ladders.store import Store

PLAY = "/arena.v1.Referee/Play"
WAIT_S = 120.0
STREAMS = ("board", "dice", "deck", "steal", "plantations")
"""Every chance stream the games draw from (``MatchRng.stream`` names)."""
GAMES = {
    "catan": ["catan-greedy", "random"],
    "catan-ck": ["ck-greedy", "random"],
    "puerto-rico": ["pr-greedy", "random"],
}
"""The built-in opponents of the spy in each game (3 seats)."""


class Spy:
    """A bot on the raw protobuf stream that records every message it receives, as bytes."""

    def __init__(self, address: str, *, token: str = "", bot_key: str = "", matches: int = 1) -> None:
        self.received: list[bytes] = []
        self.matches = matches
        self.ends = 0
        self.error: list[BaseException] = []
        self._rng = random.Random(11)
        self._faulted = False
        self._outbox: queue.Queue[bytes | None] = queue.Queue()
        hello = referee_pb2.BotMessage()
        hello.hello.protocol_version = PROTOCOL_VERSION
        hello.hello.bot_name = "spy"
        if token:
            hello.hello.seat_token = token
        else:
            hello.hello.bot_key = bot_key
        hello.hello.want_forced = True
        hello.hello.typed_observation = True
        hello.hello.typed_events = True
        self._outbox.put(hello.SerializeToString())
        self._channel = grpc.insecure_channel(address)
        play = self._channel.stream_stream(PLAY, request_serializer=bytes, response_deserializer=bytes)
        self._call = play(iter(self._outbox.get, None))
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            for data in self._call:
                self.received.append(data)
                msg = referee_pb2.RefereeMessage.FromString(data)
                kind = msg.WhichOneof("kind")
                if kind == "decision":
                    self._answer(msg.decision)
                elif kind == "match_end":
                    self.ends += 1
                    if self.ends >= self.matches:
                        break
        except grpc.RpcError as exc:
            if self.ends < self.matches:
                self.error.append(exc)
        finally:
            self._outbox.put(None)
            self._call.cancel()
            self._channel.close()

    def _answer(self, request: referee_pb2.DecisionRequest) -> None:
        answer = referee_pb2.BotMessage()
        answer.answer.request_id = request.request_id
        if not self._faulted:  # an index past the list (a fault and its notice) and a stale answer (an Error)
            self._faulted = True
            answer.answer.index = len(request.legal) + 5
            stale = referee_pb2.BotMessage()
            stale.answer.request_id = request.request_id + 10**9
            self._outbox.put(stale.SerializeToString())
        else:
            answer.answer.index = self._rng.randrange(max(1, len(request.legal)))
        self._outbox.put(answer.SerializeToString())

    def join(self) -> list[referee_pb2.RefereeMessage]:
        self.thread.join(WAIT_S)
        assert not self.thread.is_alive(), "the spy is still playing"
        assert not self.error, self.error
        assert self.ends == self.matches
        return [referee_pb2.RefereeMessage.FromString(b) for b in self.received]


def encodings(value: int) -> set[bytes]:
    """Ways a number could travel: decimal and hex text (whole, zero-padded, any 10-character run),
    base64 and raw bytes in both byte orders, a protobuf varint."""
    digits, hexa = str(value), f"{value:x}"
    texts = {digits, hexa, hexa.upper(), f"{value:016x}", f"{value:032x}"}
    texts |= {digits[i : i + 10] for i in range(len(digits) - 9)}
    texts |= {hexa[i : i + 10] for i in range(len(hexa) - 9)}
    out = {t.encode() for t in texts}
    for size in (8, 16):
        if value < 1 << (8 * size):
            for raw in (value.to_bytes(size, "big"), value.to_bytes(size, "little")):
                out |= {raw, base64.b64encode(raw), base64.urlsafe_b64encode(raw).rstrip(b"=")}
                out.add(base64.b64encode(raw).rstrip(b"="))
    varint, rest = bytearray(), value
    while True:
        byte, rest = rest & 0x7F, rest >> 7
        varint.append(byte | (0x80 if rest else 0))
        if not rest:
            break
    if len(varint) >= 5:
        out.add(bytes(varint))
    return out


def integers(msg: Message) -> Iterator[int]:
    """Every integer field value in a message, at any depth (map keys and values included)."""
    for field, value in msg.ListFields():
        items = value.items() if hasattr(value, "items") else None
        if items is not None:
            values: Iterable[object] = [v for pair in items for v in pair]
        elif field.is_repeated:
            values = value
        else:
            values = [value]
        for item in values:
            if isinstance(item, Message):
                yield from integers(item)
            elif isinstance(item, int) and not isinstance(item, bool):
                yield item


def match_secrets(seed: int, names: Iterable[tuple[int, str]]) -> dict[str, int]:
    """The seed of a match, its chance streams' seeds and its built-in bots' own seeds."""
    found = {"match seed": seed}
    found |= {f"stream {s}": derive_seed("arena-match", seed, s) for s in STREAMS}
    found |= {f"bot seed of seat {seat}": bot_seed(name, seed, seat) for seat, name in names}
    return found


def assert_nothing_carries(spy: Spy, secrets: dict[str, int]) -> None:
    messages = spy.join()
    kinds = [m.WhichOneof("kind") for m in messages]
    assert {"welcome", "match_start", "decision", "fault", "error", "match_end"} <= set(kinds), kinds
    assert kinds.count("decision") > 10 * spy.matches  # whole matches (their length depends on the seed)
    for end in (m.match_end for m in messages if m.HasField("match_end")):
        assert end.result.termination == common_pb2.TERMINATION_VICTORY, end.result
    for name, value in secrets.items():
        for needle in encodings(value):
            for data in spy.received:
                assert needle not in data, (
                    f"{name} ({needle!r}) in {referee_pb2.RefereeMessage.FromString(data)}"
                )
    halves = {v & 0xFFFFFFFF for v in secrets.values()} | {v >> 32 & 0xFFFFFFFF for v in secrets.values()}
    whole = set(secrets.values()) | {v for v in halves if v > 1 << 20}
    for msg in messages:
        assert not whole & set(integers(msg)), msg


def match_ids(spy: Spy) -> set[str]:
    return {
        m.match_start.match_id for m in (referee_pb2.RefereeMessage.FromString(b) for b in spy.received)
    } - {""}


def play_match(game_id: str, seed: int, log_dir: Path) -> Spy:
    """One match as `arena play` plays it: the spy in a ``remote`` seat joins with the printed token."""
    spies: list[Spy] = []

    def announce(line: str) -> None:
        found = re.search(r"ARENA_ADDRESS=(\S+) ARENA_TOKEN=(\S+)", line)
        if found:
            spies.append(Spy(found.group(1), token=found.group(2)))

    game = engine.load_game(game_id, players=3)
    control = TimeControl(deadline_ms=5000, time_bank_ms=5000, join_timeout_s=30)
    play_specs(game, ["remote", *GAMES[game_id]], seed, control=control, log_dir=log_dir, announce=announce)
    (spy,) = spies
    return spy


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_single_match_sends_nothing_of_its_seed(game_id: str, tmp_path: Path) -> None:
    seed = secret_seed()  # what `arena play` draws without --seed
    built_in = [(1 + i, name) for i, name in enumerate(GAMES[game_id])]
    ids = []
    for _ in range(2):  # the same seed twice: the ids differ, so they are no function of it
        spy = play_match(game_id, seed, tmp_path)
        assert_nothing_carries(spy, match_secrets(seed, built_in))
        ids.append(match_ids(spy))
    assert len(ids[0]) == len(ids[1]) == 1 and ids[0] != ids[1]


def play_tournament(game_id: str, db: Path, seed: int | None) -> tuple[Spy, str]:
    config = from_mapping(
        {
            "game": game_id,
            "players": 3,
            "bots": ["remote:spy", *GAMES[game_id]],
            "seed": seed,
            "workers": 1,
            "db": str(db),
            "listen": "127.0.0.1:0",
            "time": {"deadline_ms": 5000, "time_bank_ms": 5000},
        }
    )
    spies: list[Spy] = []

    def announce(line: str) -> None:
        found = re.search(r"ARENA_ADDRESS=(\S+) ARENA_BOT_KEY=(\S+)", line)
        if found:
            spies.append(Spy(found.group(1), bot_key=found.group(2), matches=3))

    summary = run_tournament(config, announce=announce)
    assert summary.played == 3 and not summary.failed
    return spies[0], summary.tournament_id


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_tournament_sends_nothing_of_its_seeds(game_id: str, tmp_path: Path) -> None:
    spy, tid = play_tournament(game_id, tmp_path / "secret.sqlite", None)
    with Store(tmp_path / "secret.sqlite") as store:
        seed = store.tournament_seed(tid)
        records = store.tournament_matches(tid)
    assert seed is not None and len(records) == 3
    secrets = {"tournament seed": seed, "pod seed": pod_seed(seed, 0)}
    for r in records:
        built_in = [(s, b) for s, b in enumerate(r.bots) if b in GAMES[game_id]]
        secrets |= {f"{k} ({r.match_id})": v for k, v in match_secrets(r.seed, built_in).items()}
    assert_nothing_carries(spy, secrets)

    # The host's seed given on a fresh database: the same seeds, other ids, nothing of it sent.
    again, other = play_tournament(game_id, tmp_path / "given.sqlite", seed)
    with Store(tmp_path / "given.sqlite") as store:
        assert [r.seed for r in store.tournament_matches(other)] == [r.seed for r in records]
    assert_nothing_carries(again, secrets)
    assert match_ids(spy).isdisjoint(match_ids(again)) and len(match_ids(again)) == 3
