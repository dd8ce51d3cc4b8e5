"""Faults of bot processes the referee started: what a crash quotes, and why a flooding bot's stream was
closed, whatever the bot does next. Real processes (``hostile_bot.py``) on a real referee."""

from __future__ import annotations

import logging
import shutil
import sys
import time
import unicodedata
from pathlib import Path

import pytest

import engine
from arena.spawn import play_specs
from engine.core.match import FirstLegal
from engine.core.result import FaultKind
from engine.referee import Remote, TimeControl
from engine.referee.output_tail import LINE_CHARS, TAIL_BYTES, TAIL_LINES, last_output
from engine.referee.server import RefereeServer
from engine.wire import PROTOCOL_VERSION, referee_pb2
from tests.conformance.toy import HighCardGame
from tests.engine.referee.helpers import WAIT_S, RawStream

HOSTILE = Path(__file__).with_name("hostile_bot.py")


def hostile(mode: str) -> str:
    return f"cmd:{sys.executable} {HOSTILE} {mode}"


@pytest.mark.slow
def test_a_crash_quotes_the_panic_and_the_last_lines_of_a_go_bot(tmp_path: Path) -> None:
    game = engine.load_game("puerto-rico", players=3)
    record = play_specs(
        game, ["random", hostile("panic"), "first"], 3, log_dir=tmp_path, announce=lambda _: None
    )
    crash = next(f for f in record.result.faults if f.seat == 1)
    assert crash.kind is FaultKind.CRASH
    message = crash.message
    assert message.startswith("the bot process exited with code 2 before connecting; its last output: ")
    quoted = message.split("its last output: ", 1)[1].split(" | ")
    # The panic's own message first, then the lines left out, then the last lines of the trace.
    assert quoted[0] == "panic: runtime error: invalid memory address or nil pointer dereference"
    assert quoted[1] == "..."
    assert quoted[-2:] == ["main.main()", "/home/author/bot/main.go:175 +0x65e"]
    assert len(quoted) == 2 + TAIL_LINES


@pytest.mark.slow
def test_a_bot_that_exits_with_code_0_before_connecting_says_so_with_its_last_output(tmp_path: Path) -> None:
    game = engine.load_game("puerto-rico", players=3)
    record = play_specs(
        game, ["random", hostile("quit"), "first"], 3, log_dir=tmp_path, announce=lambda _: None
    )
    gone = next(f for f in record.result.faults if f.seat == 1)
    assert gone.kind is FaultKind.DISCONNECT
    assert gone.message == (
        "the bot process exited with code 0 before connecting; its last output: "
        "no model file: nothing to play with"
    )


def test_the_quoted_output_is_bounded_whatever_the_bot_wrote(tmp_path: Path) -> None:
    log = tmp_path / "bot.log"
    with log.open("wb") as out:
        out.write(b"x" * (4 * TAIL_BYTES) + b"\n")
        for i in range(1000):
            out.write(f"line {i} ".encode() + b"y" * 1000 + b"\n")
        out.write(b"\xff\xfe not utf-8\r\n\n\n")
    tail = last_output(log)
    lines = tail.split(" | ")
    assert len(lines) == TAIL_LINES and all(len(line) <= LINE_CHARS for line in lines)
    assert lines[-1] == "\ufffd\ufffd not utf-8" and lines[0].startswith("line 995 ")
    assert len(tail) <= TAIL_LINES * (LINE_CHARS + 3)
    assert last_output(tmp_path / "missing.log") == ""
    (tmp_path / "empty.log").write_bytes(b"\n\n")
    assert last_output(tmp_path / "empty.log") == ""


@pytest.mark.slow
def test_a_bot_that_exits_on_its_flood_error_is_recorded_for_flooding(tmp_path: Path) -> None:
    """The referee closed the stream for flooding; the bot then exits with code 1 on the fatal error.
    The fault says what the referee did first, then what the process did."""
    game = engine.load_game("puerto-rico", players=3)
    record = play_specs(
        game, ["random", hostile("flood"), "first"], 5, log_dir=tmp_path, announce=lambda _: None
    )
    first = next(f for f in record.result.faults if f.seat == 1)
    assert first.kind is FaultKind.DISCONNECT, first
    assert first.message.startswith(
        "no answer: closed by the referee: too many messages that answer no request"
    ), first.message
    assert "; the bot process then exited with code 1; its last output: fatal error from the referee" in (
        first.message
    )


def test_the_referee_logs_a_hello_name_with_its_controls_made_visible(
    referee: RefereeServer, caplog: pytest.LogCaptureFixture
) -> None:
    session = referee.open_match(HighCardGame("base", 2, {"rounds": 1}), [Remote("a"), FirstLegal()], seed=1)
    caplog.set_level(logging.INFO, logger="arena.referee")
    raw = RawStream(referee.address)
    hello = referee_pb2.Hello(
        protocol_version=PROTOCOL_VERSION,
        bot_name="\x1b[2J\x1b]0;owned\x07evil\u202e\x9b",
        seat_token=session.tokens[0],
    )
    raw.send(referee_pb2.BotMessage(hello=hello))
    raw.next("welcome")
    session.start()
    raw.drain_until_end(lambda req: raw.answer(req.request_id, 0))
    session.wait(WAIT_S)
    joined = [r.getMessage() for r in caplog.records if " joined " in r.getMessage()]
    assert len(joined) == 1
    assert joined[0].startswith("\\x1b[2J\\x1b]0;owned\\x07evil\\u202e\\x9b ("), joined[0]
    assert not any(unicodedata.category(c) in ("Cc", "Cf") for c in joined[0]), joined[0]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_a_node_bot_whose_script_is_missing_is_told_so(tmp_path: Path) -> None:
    """A script that is not there stops the match before it starts; one that fails to load what it
    requires is a crash quoting node's first line."""
    game = engine.load_game("puerto-rico", players=3)
    missing = tmp_path / "no_such_bot.js"
    with pytest.raises(ValueError, match=f"script '{missing}' not found"):
        play_specs(
            game, ["random", f"cmd:node {missing}", "first"], 3, log_dir=tmp_path, announce=lambda _: None
        )
    broken = tmp_path / "broken_bot.js"
    broken.write_text('require("./no_such_module");\n', encoding="utf-8")
    record = play_specs(
        game, ["random", f"cmd:node {broken}", "first"], 3, log_dir=tmp_path, announce=lambda _: None
    )
    crash = next(f for f in record.result.faults if f.seat == 1)
    assert crash.kind is FaultKind.CRASH
    quoted = crash.message.split("its last output: ", 1)[1].split(" | ")
    assert quoted[0] == "Error: Cannot find module './no_such_module'" and quoted[1] == "...", quoted


PAUSES = """
import time
from bots.sdk import run

class Pauses:
    def __init__(self):
        self.acts = 0

    def act(self, request):
        self.acts += 1
        if self.acts == 2:
            time.sleep(1.5)  # a breakpoint: the match goes on without the bot
        return 0

run(Pauses)
"""


@pytest.mark.slow
def test_a_bot_that_answers_after_its_match_ended_is_told_so(tmp_path: Path) -> None:
    """A bot paused past its deadline and bank (a debugger's breakpoint) is timed out and forfeits; when
    it answers, the SDK says that the referee had closed the stream, for which request and after how
    long, and not that the referee refused the bot."""
    script = tmp_path / "pauses.py"
    script.write_text(PAUSES)
    game = engine.load_game("puerto-rico", players=3)
    control = TimeControl(deadline_ms=100, time_bank_ms=0)
    logs = tmp_path / "logs"
    record = play_specs(
        game, [f"cmd:{sys.executable} {script}", "random", "first"], 3, control=control, log_dir=logs,
        announce=lambda _: None,
    )  # fmt: skip
    assert record.result.forfeits == (0,) and record.result.faults[0].kind is FaultKind.TIMEOUT
    (log,) = logs.glob("*seat0.log")
    deadline = time.monotonic() + WAIT_S
    while "error:" not in log.read_text() and time.monotonic() < deadline:
        time.sleep(0.1)
    (line,) = [ln for ln in log.read_text().splitlines() if ln.startswith("error:")]
    request = record.result.faults[0].message.split("request ")[1].split()[0]
    assert line.startswith(
        f"error: the referee had closed the stream when the bot answered request {request}"
    )
    assert "refused" not in line
