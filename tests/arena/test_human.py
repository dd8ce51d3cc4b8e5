"""A human seat driven by a stdin script in a real ``arena play`` process: the seat's view, numbered
actions, typos answered with the parser's message, text actions, families with their syntax, a spawned
gRPC bot beside it, the end of input, the optional clock; and the live view shows a human seat only
what its seat sees."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import time
from pathlib import Path

from rich.console import Console

import engine
from arena.report import LiveView
from bots.builtin import make_bot
from engine.core.match import play_match
from engine.core.replay import ReplayLog

ROOT = Path(__file__).resolve().parents[2]
ARENA = [sys.executable, "-m", "arena", "play"]


def play(args: list[str], script: str | None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*ARENA, *args],
        input=script,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
        stdin=subprocess.DEVNULL if script is None else None,
    )


def test_puerto_rico_typos_get_the_parser_message_and_the_question_again(tmp_path: Path) -> None:
    log = tmp_path / "m.jsonl"
    script = "blah\n99\nrole mayorx\n\nrole builder\n" + "0\n" * 3000
    out = play(["pr", "--bots", "human,random,random", "--seed", "3", "--replay", str(log)], script)
    assert out.returncode == 0, out.stdout + out.stderr
    text = out.stdout
    assert "You play seat 0. Type the number of an action, or its text." in text
    assert (
        "seat 0 (you): 2 doubloons, 0 VP chips, score 0" in text
        and "seat 1: 2 doubloons, ? VP chips, score ?" in text
    )
    assert (
        "ply 0 turn 1: seat 0, your move" in text
        and "[0] role settler" in text
        and "[5] role captain" in text
    )
    assert "seat 0> blah\nblah: unknown action 'blah'; actions: build," in text
    assert "seat 0> 99\nno action 99: type 0 to 5, or an action's text" in text
    assert "seat 0> role mayorx\nrole mayorx: unknown role 'mayorx'" in text
    assert text.count("ply 0 turn 1: seat 0, your move") == 2  # the empty line showed the actions again
    first = ReplayLog.read(log).records[0]
    assert (first["seat"], first["action"]) == (0, "role builder")  # typed as text
    assert "Result (victory)" in text and "forfeited" not in text


def test_catan_beside_a_spawned_grpc_bot_with_text_actions_and_families(tmp_path: Path) -> None:
    log = tmp_path / "m.jsonl"
    opening = engine.load_game("catan", players=3).new_state(5).legal_actions(0)
    settle = opening[7].text()
    script = "settle 999\n" + settle + "\n" + "0\n" * 3000
    out = play(
        [
            "catan",
            "--bots",
            "human,grpc:random,random",
            "--seed",
            "5",
            "-o",
            "turn_cap=40",
            "--replay",
            str(log),
        ],
        script,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    text = out.stdout
    assert "edge id:corners  0:0-3" in text  # the legend, once
    assert re.search(r"settle 999: .*\n", text)
    assert "you are seat 0: no cards; development cards: none" in text
    assert "or type offer: offer give N RESOURCE ... get N RESOURCE ... to all|SEAT" in text
    assert "seat 1: " in text and "random (grpc)" in text
    first = ReplayLog.read(log).records[0]
    assert (first["seat"], first["action"]) == (0, settle)
    assert "Result (turn_cap)" in text or "Result (victory)" in text


def test_end_of_input_is_a_disconnect_and_the_seat_forfeits() -> None:
    out = play(["pr", "--bots", "human,random,random", "--seed", "3", "--strike-limit", "1"], None)
    assert out.returncode == 0, out.stdout + out.stderr
    # said, 2 faults, and the first of them again under the result
    assert out.stdout.count("end of input: nobody answers at the terminal") == 4
    assert out.stdout.count("seat 0> ") == 1  # asked once: after the input ended, no prompt comes back
    assert re.search(r"│ +3 │ +0 │ human +│ +\d+ │ forfeited 2 fault\(s\) │", out.stdout)


def test_the_human_clock_times_out_only_when_asked_for() -> None:
    silent, keep_open = os.pipe()  # standard input stays open, and nothing is typed
    started = time.monotonic()
    proc = subprocess.Popen(
        [
            *ARENA,
            "pr",
            "--bots",
            "human,random,random",
            "--seed",
            "3",
            "--strike-limit",
            "1",
            "--human-clock",
            "300",
        ],
        stdin=silent,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        out, err = proc.communicate(timeout=60)
    finally:
        os.close(silent)
        os.close(keep_open)
    assert proc.returncode == 0, out + err
    # 2 faults, and the first of them again under the result
    assert out.count("no answer within the human clock of 300 ms") == 3
    assert time.monotonic() - started >= 0.6


def test_a_tournament_refuses_a_human_seat() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "arena", "run", "--game", "pr", "--bots", "human,random,first"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert out.returncode == 2 and "a human seat plays in arena play, not in a tournament" in out.stderr


def test_the_live_view_of_a_human_seat_shows_only_what_the_seat_sees() -> None:
    game = engine.load_game("catan", players=4)
    buffer = io.StringIO()
    view = LiveView(Console(file=buffer, width=200), ["a", "b", "c", "d"], seat=0)
    bots = [make_bot("random", "catan", s, 12) for s in range(4)]
    record = play_match(game, bots, 12, hooks=view)
    steals = [
        c
        for r in record.log.records
        for c in r.get("chance", [])
        if c.get("kind") == "steal" and c.get("count")
    ]
    others = [c for c in steals if 0 not in (c["thief"], c["victim"])]
    assert others, "the match needs a steal between two other seats"
    text = buffer.getvalue()
    for c in others:
        assert f"steal thief={c['thief']} victim={c['victim']} count=1\n" in text
    assert not re.search(r"steal thief=[123] victim=[123] count=1 resource=", text)


def test_a_negative_number_is_an_index_out_of_range() -> None:
    out = play(["pr", "--bots", "human,random,random", "--seed", "3", "--strike-limit", "0"], "-1\n")
    assert "no action -1: type 0 to" in out.stdout, out.stdout
