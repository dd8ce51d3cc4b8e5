"""One numbering of moves (the live view, the replay log, ``arena replay``), stepping a replay with
``--ply``/``--seat``, faults in place, ``arena render --replay`` and the board legend."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import engine
from arena.cli import app
from engine.core.match import DecisionView, play_match
from engine.core.replay import ReplayLog, replay
from engine.core.rng import MatchRng
from engine.registry import game_of_log, list_games, load_game

runner = CliRunner()
ACTION = re.compile(r"^ply +(\d+) turn +(\d+)  seat (\d+) \(([^)]*)\): (.+)$")


def actions_of(output: str) -> list[tuple[int, int, str]]:
    """(ply, seat, action) of every action line printed."""
    found = []
    for line in output.splitlines():
        m = ACTION.match(line.strip())
        if m:
            found.append((int(m.group(1)), int(m.group(3)), m.group(5)))
    return found


def test_live_view_replay_log_and_arena_replay_number_moves_alike(tmp_path: Path) -> None:
    log_path = tmp_path / "m.jsonl"
    live = runner.invoke(
        app, ["play", "pr", "--bots", "random,first,random", "--seed", "5", "--replay", str(log_path)]
    )
    assert live.exit_code == 0, live.output
    log = ReplayLog.read(log_path)
    recorded = [(int(r["ply"]), int(r["seat"]), r["action"]) for r in log.records]
    assert recorded[0][0] == 0 and [p for p, _, _ in recorded] == list(range(len(recorded)))
    assert actions_of(live.output) == recorded
    replayed = runner.invoke(app, ["replay", str(log_path)])
    assert replayed.exit_code == 0, replayed.output
    assert actions_of(replayed.output) == recorded


def test_the_request_of_ply_n_is_made_from_the_position_after_n_actions() -> None:
    """DecisionView.ply (DecisionRequest.ply on the wire) counts the actions applied before it: a seat
    alone to move has its answer recorded under that ply; the seats of a simultaneous decision are all
    asked from it and their answers recorded one after another from it on."""
    game = load_game("catan", players=3)
    asked: list[tuple[int, int]] = []

    class Recorder:
        def __init__(self, seed: int) -> None:
            self.rng = random.Random(seed)

        def act(self, view: DecisionView) -> int:
            asked.append((view.ply, view.seat))
            return self.rng.randrange(len(view.legal))

    record = play_match(game, [Recorder(1), Recorder(2), Recorder(3)], 11, max_plies=3000)
    state = game.new_state(11)
    movers = []
    for entry in record.log.records:
        movers.append(state.seats_to_move())
        state.apply(int(entry["seat"]), game.parse_action(entry["action"]))
    by_ply = {int(r["ply"]): int(r["seat"]) for r in record.log.records}
    assert any(len(m) > 1 for m in movers)  # the match had a simultaneous decision
    for ply, seat in asked:
        if ply == len(movers):
            continue
        assert seat in movers[ply]
        if len(movers[ply]) == 1:
            assert by_ply[ply] == seat


def test_ply_shows_the_position_after_n_actions(tmp_path: Path) -> None:
    log_path = tmp_path / "m.jsonl"
    assert (
        runner.invoke(
            app,
            ["play", "pr", "--bots", "random,random,random", "-q", "--seed", "3", "--replay", str(log_path)],
        ).exit_code
        == 0
    )
    log = ReplayLog.read(log_path)
    n = 40
    state = replay(log, game_of_log(log), upto=n)
    mover = state.seats_to_move()[0]
    out = runner.invoke(app, ["replay", str(log_path), "--ply", str(n)])
    assert out.exit_code == 0, out.output
    assert f"position at ply {n} (after {n} actions), turn {state.turn}" in out.output
    assert state.render() in out.output
    assert f"next: ply   {n} turn" in out.output and log.records[n]["action"] in out.output

    seen = runner.invoke(app, ["replay", str(log_path), "--ply", str(n), "--seat", str(mover)])
    assert seen.exit_code == 0, seen.output
    assert state.render_for(mover) in seen.output
    legal = [a.text() for a in state.legal_actions(mover)]
    assert f"legal actions of seat {mover} ({len(legal)}):" in seen.output
    assert all(f"[{i}] {t}" in seen.output for i, t in enumerate(legal))
    answered = log.records[n]["action"]
    assert f"it answered: {answered} (index {legal.index(answered)}), applied at ply {n}" in seen.output

    other = (mover + 1) % 3
    idle = runner.invoke(app, ["replay", str(log_path), "--ply", str(n), "--seat", str(other)])
    nxt = next(int(r["ply"]) for r in log.records[n:] if int(r["seat"]) == other)
    assert f"seat {other} is not to move at ply {n}; its next action is at ply {nxt}" in idle.output
    assert "legal actions" not in idle.output

    drawn = runner.invoke(app, ["render", "--replay", str(log_path), "--ply", str(n), "--seat", str(mover)])
    assert (
        drawn.exit_code == 0
        and state.render_for(mover) in drawn.output
        and state.render_legend() in drawn.output
    )

    for bad, message in (
        (["--ply", str(len(log.records) + 1)], f"plies 0 to {len(log.records)}"),
        (["--ply", "-1"], "plies 0 to"),
        (["--seat", "3"], "seats 0 to 2"),
    ):
        out = runner.invoke(app, ["replay", str(log_path), *bad])
        assert out.exit_code == 2 and message in out.output


class Faulty:
    """Answers an index out of range at its first three decisions (three strikes, then a forfeit)."""

    def __init__(self) -> None:
        self.left = 3

    def act(self, view: DecisionView) -> int:
        if self.left:
            self.left -= 1
            return 999
        return 0


def test_replay_shows_faults_and_the_forfeit_where_they_happened(tmp_path: Path) -> None:
    from engine.core.match import FaultPolicy

    game = load_game("pr", players=3)
    record = play_match(
        game,
        [Faulty(), Faulty(), Faulty()],
        2,
        seat_names=["a", "b", "c"],
        policy=FaultPolicy(strike_limit=2),
    )
    path = tmp_path / "f.jsonl"
    record.log.write(path)
    assert record.result.forfeits
    out = runner.invoke(app, ["replay", str(path)])
    assert out.exit_code == 0, out.output
    lines = [line.strip() for line in out.output.splitlines()]
    first = record.result.faults[0]
    at = lines.index(
        f"fault seat {first.seat} ({first.kind.value}, strike 1): {first.message}; the referee played its default action"
    )
    assert ACTION.match(lines[at + 1]) and lines[at + 1].startswith(f"ply {first.ply:>4}")
    forfeited = record.result.forfeits[0]
    assert f"seat {forfeited} forfeits: a fallback bot plays it to the end, ranked last" in lines
    shown = runner.invoke(app, ["replay", str(path), "--ply", str(first.ply), "--seat", str(first.seat)])
    assert "the referee played:" in shown.output and f"fault seat {first.seat}" in shown.output


@pytest.mark.parametrize("info", list_games(), ids=lambda g: g.id)
def test_render_for_a_seat_hides_what_the_seat_may_not_know(info: engine.core.registry.GameInfo) -> None:
    """A position re-dealt for seat s (everything hidden from s drawn again) draws the same for s."""
    variant = info.variants[0]
    game = load_game(info.id, variant.id, variant.min_players)
    state = game.new_state(8)
    for step in range(400):
        if state.is_terminal():
            break
        seat = state.seats_to_move()[0]
        state.apply(seat, state.legal_actions(seat)[step % len(state.legal_actions(seat))])
        if step % 40 == 0:
            for s in range(game.players):
                twin = state.determinized_for(s, MatchRng(step).stream("determinize"))
                assert twin.render_for(s) == state.render_for(s)


def test_catan_legend_names_the_marks_and_every_edge() -> None:
    state = load_game("catan", players=4).new_state(1)
    legend = state.render_legend()
    for mark in (
        "H hills (brick)",
        "M mountains (ore)",
        "D desert",
        "s2 a settlement",
        "C0 a city",
        "RR the robber",
    ):
        assert mark in legend
    edges = state.board.topology.edge_corners  # type: ignore[attr-defined]
    flat = " ".join(legend.split())
    assert all(f" {e}:{a}-{b} " in f" {flat} " for e, (a, b) in enumerate(edges))
    out = runner.invoke(app, ["render", "catan"])
    assert out.exit_code == 0 and "edge id:corners" in out.output and "71:50-53" in out.output


def test_a_seats_view_hides_the_text_of_other_seats_actions(tmp_path: Path) -> None:
    """catan.md §5.12: the cards of a discard are seen by the discarding seat, the others see the count.
    A seat's view (``arena replay --seat``, a human seat's live view) prints another seat's action as
    ``acts`` and what the seat may see of it in the events under it; its own actions in full."""
    from io import StringIO

    from rich.console import Console

    from arena.report import LiveView

    game = load_game("catan", players=3)
    bots = [engine.core.match.FirstLegal(), *(make_random(s) for s in (1, 2))]
    text = StringIO()
    live = LiveView(Console(file=text, width=200), ["a", "b", "c"], seat=0)
    record = play_match(game, bots, seed=7, seat_names=["a", "b", "c"], hooks=live)
    log_path = tmp_path / "m.jsonl"
    record.log.write(log_path)
    discards = [
        r for r in record.log.records if str(r["action"]).startswith("discard") and int(r["seat"]) != 0
    ]
    assert discards, "seed 7 has a discard by another seat"
    seen = runner.invoke(app, ["replay", str(log_path), "--seat", "0"])
    for output in (seen.output, text.getvalue()):
        lines = actions_of(output)
        assert len(lines) == len(record.log.records)
        for (ply, seat, shown_text), entry in zip(lines, record.log.records, strict=True):
            assert shown_text == (entry["action"] if seat == 0 else "acts"), (ply, seat, shown_text)
        for entry in discards:
            assert f"discard seat={entry['seat']} count=" in output  # the count, not the cards
    everything = actions_of(runner.invoke(app, ["replay", str(log_path)]).output)
    assert [t for _, _, t in everything] == [r["action"] for r in record.log.records]


def make_random(seat: int) -> engine.core.match.Bot:
    from bots.builtin import make_bot

    return make_bot("random", "catan", seat, 7)


BUGGY = """
class Buggy:
    def act(self, request):
        if request.ply >= 20 and request.legal_count > 1:
            return request.legal[request.legal_count]  # off by one
        return 0


class Seen:
    def act(self, request):  # what it was shown: the observation's round and the events it saw
        if request.observation["round"] != 4 or not request.events:
            raise AssertionError((request.observation["round"], request.events))
        return request.legal_count - 1
"""


def test_a_bot_is_asked_a_logged_decision_again_from_the_same_view(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``arena replay LOG --ply N --seat S --bot SPEC``: the seat's decision at ply N asked again of a
    bot in process, from the same view: the traceback of what it raises, or its answer checked."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "buggy.py").write_text(BUGGY)
    args = [
        "play",
        "pr",
        "--bots",
        "py:buggy.py:Buggy,random,random",
        "--seed",
        "2",
        "-q",
        "--replay",
        "m.jsonl",
    ]
    played = runner.invoke(app, args)
    assert played.exit_code == 0, played.output
    log = ReplayLog.read(tmp_path / "m.jsonl")
    ply = int(log.result["faults"][0]["ply"])  # type: ignore[index]
    again = ["replay", "m.jsonl", "--ply", str(ply), "--seat", "0", "--bot"]
    asked = runner.invoke(app, [*again, "py:buggy.py:Buggy"])
    assert asked.exit_code == 0, asked.output
    tail = asked.output.split("asking py:buggy.py:Buggy the decision of seat 0 at ply", 1)[1]
    assert "crash: py:buggy.py:Buggy raised IndexError" in tail and "buggy.py:5" in tail
    assert "return request.legal[request.legal_count]  # off by one" in tail
    assert "/bots/sdk/" not in tail  # the traceback starts at the bot's own code
    greedy = runner.invoke(app, [*again, "pr-greedy"])
    assert greedy.exit_code == 0 and ": legal here" in greedy.output.splitlines()[-1], greedy.output
    game = game_of_log(log)
    fourth = next(
        p
        for p in range(len(log.records))
        if int(log.records[p]["seat"]) == 0 and replay(log, game, p).turn == 4
    )
    seen = runner.invoke(
        app, ["replay", "m.jsonl", "--ply", str(fourth), "--seat", "0", "--bot", "py:buggy.py:Seen"]
    )
    assert seen.exit_code == 0, seen.output
    last = len(replay(log, game, fourth).legal_actions(0)) - 1
    assert f"(index {last}): legal here" in seen.output.splitlines()[-1], seen.output
    for bad, message in (
        (["--ply", str(ply), "--seat", "1", "--bot", "first"], f"--seat 1 is not to move at ply {ply}"),
        (["--ply", str(ply), "--bot", "first"], "give the position with --ply N and --seat S"),
        (["--ply", str(ply), "--seat", "0", "--bot", "cmd:./bot"], "--bot cmd:./bot: not a bot in process"),
    ):
        out = runner.invoke(app, ["replay", "m.jsonl", *bad])
        assert out.exit_code == 2 and message in out.output, out.output
