"""``arena play`` and ``arena run`` with a spawned bot that sends crafted answers: faults, never a void.

The bot is a client written against the raw protobuf stream. Its answers (non-ASCII digits, five
thousand digits, typed fields far outside their range) once made ``arena play`` print a traceback and
exit 1, and ``arena run`` report the match as not played.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from ladders.store import Store

ROOT = Path(__file__).resolve().parents[2]
ARENA = [sys.executable, "-m", "arena"]

CRAFTED_BOT = textwrap.dedent(
    """
    import os, queue, grpc
    from engine.wire import PROTOCOL_VERSION, SERVICE, referee_pb2
    crafted = [
        lambda a: setattr(a.action, "text", "settle \\u00b2"),
        lambda a: setattr(a.action, "text", "robber 0 steal \\u00b2"),
        lambda a: setattr(a.action, "text", "settle " + "1" * 5000),
        lambda a: setattr(a.action.catan.play_monopoly, "resource", 19),
        lambda a: a.action.catan.discard.cards.extend([-(2**31), 0, 0, 0, 0]),
        lambda a: setattr(a.action.catan.bank_trade, "give", 72),
    ]
    outbox = queue.Queue()
    hello = referee_pb2.BotMessage()
    hello.hello.protocol_version = PROTOCOL_VERSION
    hello.hello.seat_token = os.environ["ARENA_TOKEN"]
    hello.hello.want_forced = True
    outbox.put(hello.SerializeToString())
    channel = grpc.insecure_channel(os.environ["ARENA_ADDRESS"])
    call = channel.stream_stream(f"/{SERVICE}/Play", request_serializer=None,
                                 response_deserializer=referee_pb2.RefereeMessage.FromString)
    for msg in call(iter(outbox.get, None)):
        if msg.WhichOneof("kind") == "decision":
            answer = referee_pb2.BotMessage()
            answer.answer.request_id = msg.decision.request_id
            if crafted:
                crafted.pop(0)(answer.answer)
            else:
                answer.answer.index = 0
            outbox.put(answer.SerializeToString())
        elif msg.WhichOneof("kind") == "match_end":
            print("match end received", flush=True)
    outbox.put(None)
    """
)


@pytest.fixture
def crafted_bot(tmp_path: Path) -> str:
    path = tmp_path / "crafted_bot.py"
    path.write_text(CRAFTED_BOT, encoding="utf-8")
    return f'cmd:"{sys.executable} {path}"'


def test_arena_play_records_crafted_answers_as_faults(crafted_bot: str) -> None:
    done = subprocess.run(
        [*ARENA, "play", "catan", "--bots", f"random,random,random,{crafted_bot}", "--seed", "4",
         "--strike-limit", "10", "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    result = json.loads(done.stdout)
    assert result["termination"] in ("victory", "turn_cap")
    faults = [f for f in result["faults"] if f["seat"] == 3]
    assert [f["kind"] for f in faults] == ["malformed"] * 6
    assert result["forfeits"] == []


def test_arena_run_stores_the_match_of_a_bot_sending_crafted_answers(
    crafted_bot: str, tmp_path: Path
) -> None:
    db = tmp_path / "crafted.sqlite"
    done = subprocess.run(
        [*ARENA, "run", "--game", "catan", "--players", "4", "--bots", f"random,first,catan-greedy,{crafted_bot}",
         "--pods", "1", "--workers", "1", "--strike-limit", "10", "--db", str(db), "--quiet"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "not played" not in done.stdout
    with Store(db) as store:
        (tid, _), *_ = store.tournaments()
        matches = store.tournament_matches(tid)
    assert len(matches) == 4
    kinds = [f["kind"] for m in matches for f in m.faults]
    assert kinds.count("malformed") == 4 * 6  # each rotation's match, six crafted answers each
