"""``--log``: one line per message on the wire, with the chosen action and its timing; ``--log=full``."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from arena.cli import app, log_forms
from engine.core.replay import ReplayLog

runner = CliRunner()
MATCH = r"m-[0-9a-f]{16}"
REQUEST = re.compile(
    rf"^-> ({MATCH}) seat 2 decision #(\d+) ply (\d+): (\d+) legal(, forced)?; \d+ events; deadline 5000 ms, bank \d+ ms$"
)
ANSWER = re.compile(rf"^<- ({MATCH}) seat 2 answer #(\d+): \[(\d+)\] (.+) \((\d+\.\d) ms\)$")


def test_short_log_is_one_line_per_message_with_the_choice_and_its_time(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    args = ["play", "pr", "--bots", "random,first,grpc:random", "--seed", "3", "-q", "--replay", str(path)]
    out = runner.invoke(app, [*args, "--log"])
    assert out.exit_code == 0, out.output
    wire = [line for line in out.output.splitlines() if line[:3] in ("-> ", "<- ")]
    assert wire[0].startswith("-> m-") and " seat 2 match_start puerto-rico/base@1(players=3" in wire[0]
    assert re.match(rf"^-> {MATCH} seat 2 match_end: places [123] [123] [123], 0 faults$", wire[-1])
    requests = [REQUEST.match(line) for line in wire[1:-1:2]]
    answers = [ANSWER.match(line) for line in wire[2:-1:2]]
    assert all(requests) and all(answers) and len(requests) == len(answers) > 20, wire[:6]
    played = {int(r["ply"]): r["action"] for r in ReplayLog.read(path).records if r["seat"] == 2}
    for req, ans in zip(requests, answers, strict=True):
        assert req is not None and ans is not None
        assert req.group(2) == ans.group(2)  # the answer names the request it answers
        assert int(ans.group(3)) < int(req.group(4))
        assert played[int(req.group(3))] == ans.group(4)  # the action it chose is the one applied


def test_full_log_prints_each_message_as_json_with_the_observation_parsed() -> None:
    args = ["play", "pr", "--bots", "random,first,grpc:random", "--seed", "3", "-q", "--log=full"]
    out = runner.invoke(app, args)
    assert out.exit_code == 0, out.output
    blocks = re.split(rf"^(?:->|<-) {MATCH} seat 2 ", out.output, flags=re.M)[1:]
    assert len(blocks) > 20
    first_request = next(
        json.loads(b[: b.rindex("}") + 1]) for b in blocks if b.startswith('{\n  "decision"')
    )
    observation = first_request["decision"]["observation"]["json"]
    assert isinstance(observation, dict) and observation["players"] == 3


def test_log_takes_no_other_value() -> None:
    out = runner.invoke(app, ["play", "pr", "--bots", "random,first,random", "--log=long"])
    assert out.exit_code == 2 and "the wire log is --log (one line per message) or --log=full" in out.output
    assert log_forms(["play", "--log=full", "--", "--log=x"]) == ["play", "--log-full", "--", "--log=x"]


def test_a_match_start_sent_again_says_the_bot_connected_again() -> None:
    from arena.wirelog import ShortLog
    from engine.wire import referee_pb2

    lines: list[str] = []
    log = ShortLog(lines.append)
    start = referee_pb2.RefereeMessage()
    start.match_start.seat = 1
    end = referee_pb2.RefereeMessage()
    end.match_end.seat = 1
    for msg in (start, start, end, start):  # a reconnect, then the seat's next match of the same id
        log("->", "m-1", 1, msg)
    again = [" (again: the seat's bot connected again" in line for line in lines]
    assert again == [False, True, False, False], lines
