"""``py:`` bot specs: an author's SDK class seated in process, and the same class over gRPC.

The same file plays both ways and is told the same things (observation, events, legal actions, board);
every way a spec can fail is one line naming the file; what the class does wrong in a match is a fault
of its seat; ``arena run`` seats it in its worker processes.
"""

from __future__ import annotations

import json
import sqlite3
import textwrap
import threading
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from arena.bot_specs import is_in_process
from arena.cli import app
from arena.config import ConfigError
from arena.config_loading import from_mapping
from arena.runner import run_tournament
from arena.spawn import parse_bot_spec, play_specs
from bots.pyclass import PyBotError, check_py_spec, is_author_code, parse_py_spec
from engine.registry import load_game
from learning.gym_env import ArenaEnv

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = "bots/examples/python/prefer_bot.py"
RECORDER = Path(__file__).with_name("recorder_bot.py")
runner = CliRunner()


@pytest.mark.slow
def test_the_docs_example_plays_the_same_match_in_process_and_over_grpc(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    game = load_game("puerto-rico", players=3)
    spec = f"py:{EXAMPLE}:PreferBot:prefer=build"
    here = play_specs(game, [spec, "random", "random"], 11, announce=lambda line: None)
    wire = play_specs(game, [f"grpc:{spec}", "random", "random"], 11, announce=lambda line: None)
    assert here.result.places == wire.result.places and here.result.scores == wire.result.scores
    assert not here.result.faults and not wire.result.faults
    moves = [(r["seat"], r["action"]) for r in here.log.records]
    assert moves == [(r["seat"], r["action"]) for r in wire.log.records]
    assert here.log.records and len({seat for seat, _ in moves}) == 3


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["puerto-rico", "catan"])
def test_a_class_is_told_the_same_in_process_as_over_grpc(game_id: str, tmp_path: Path) -> None:
    game = load_game(game_id, players=3 if game_id == "puerto-rico" else 4)
    out = tmp_path / "told.jsonl"  # one spec (its text seeds the bot), so one file for both runs
    spec = f"py:{RECORDER}:Recorder:out={out}:view=true"
    rest = ["random"] * (game.players - 1)
    play_specs(game, [spec, *rest], 3, announce=lambda line: None)
    told_here = [json.loads(line) for line in out.read_text().splitlines()]
    out.unlink()
    play_specs(game, [f"grpc:{spec}", *rest], 3, announce=lambda line: None)
    told_wire = [json.loads(line) for line in out.read_text().splitlines()]
    # the seat names differ by the " (grpc)" the arena adds to a spawned bot's name
    told_wire[0]["start"][3][0] = told_here[0]["start"][3][0]
    assert len(told_here) > 20 and told_here == told_wire
    assert any(line.get("events") for line in told_here) and told_here[-1]["end"][1] == "victory"
    typed = [line["typed"] for line in told_here if "typed" in line]
    assert all(observation for observation, _ in typed) and any(any(events) for _, events in typed)


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


BOTS = """
    import random

    class Good:
        def __init__(self, seed: int = 0, depth: int = 1, rate: float = 0.5, tag: str = "x") -> None:
            self.rng, self.depth, self.rate, self.tag = random.Random(seed), depth, rate, tag

        def act(self, request):
            return self.rng.randrange(request.legal_count)

    class Raises:
        def act(self, request):
            return {}[request.ply]

    class Garbage:
        def act(self, request):
            return {"not": "an answer"}

    class Illegal:
        def act(self, request):
            return "build castle"

    class NoAct:
        pass

    def first(request):
        return 0
"""


def test_every_way_a_spec_fails_is_one_line_naming_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "bots.py", BOTS)
    write(tmp_path, "broken.py", "def f(:\n")
    write(tmp_path, "raises.py", "import math\nmath.sqrt(-1)\n")
    write(tmp_path, "script.py", "from bots.sdk import run\n\ndef act(request):\n    return 0\n\nrun(act)\n")
    cases = {
        "py:missing.py:Good": "missing.py: no such file",
        "py:broken.py:Good": "broken.py does not import: SyntaxError",
        "py:raises.py:Good": "raises.py does not import: ValueError: math domain error (raises.py:2)",
        "py:script.py:act": 'script.py does not import: SystemExit: 2 (script.py:6); start it only under `if __name__ == "__main__":`',
        "py:bots.py:Nope": "bots.py has no 'Nope' (its classes: Garbage, Good, Illegal, NoAct, Raises)",
        "py:bots.py:NoAct": "bots.py: class NoAct has no act(request) method",
        "py:bots.py:Good:width=3": "Good() takes no parameter 'width' (it takes: seed, depth, rate, tag)",
        "py:bots.py:Good:depth=deep": "parameter depth: invalid literal for int()",
        "py:bots.py:first:depth=1": "first is a function: it takes no parameters",
        "py:no_such_module:Good": "module no_such_module not found",
        "py:bots.py": "a py: spec is py:FILE.py:Class",
        "py:bots.py:Good:depth": "parameter 'depth' is not KEY=VALUE",
    }
    for spec, message in cases.items():
        with pytest.raises(PyBotError) as caught:
            check_py_spec(spec)
        assert message in str(caught.value) and "\n" not in str(caught.value), spec
        out = runner.invoke(app, ["play", "pr", "--bots", f"{spec},random,random", "--seed", "1"])
        assert out.exit_code == 2, spec
        assert message in out.output and "Traceback" not in out.output, spec
        with pytest.raises(ConfigError, match="flags: "):
            from_mapping({"game": "pr", "players": 3, "bots": [spec, "random", "first"]})


def test_parameters_are_converted_by_their_annotations_and_a_module_spec_loads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    package = tmp_path / "mybots"
    package.mkdir()
    write(package, "__init__.py", "")
    write(package, "player.py", BOTS)
    from bots.pyclass import constructor

    bot = constructor("py:mybots.player:Good:depth=3:rate=0.25:tag=7")(42)
    assert (bot.depth, bot.rate, bot.tag) == (3, 0.25, "7")
    assert parse_py_spec("py:mybots.player:Good:depth=3").params == (("depth", "3"),)
    game = load_game("puerto-rico", players=3)
    record = play_specs(
        game, ["py:mybots.player:Good", "py:mybots.player:first", "random"], 5, announce=print
    )
    assert not record.result.faults and record.result.termination.value == "victory"


def test_a_class_that_raises_or_answers_garbage_is_a_recorded_fault(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "bots.py", BOTS)
    game = load_game("puerto-rico", players=3)
    record = play_specs(
        game, ["py:bots.py:Raises", "py:bots.py:Garbage", "py:bots.py:Illegal"], 2, announce=print
    )
    faults = {f.seat: f for f in reversed(record.result.faults)}
    assert faults[0].kind.value == "crash"
    assert faults[0].message == "py:bots.py:Raises raised KeyError: 0 at bots.py:13"
    assert faults[1].kind.value == "malformed" and "act returned {'not': 'an answer'}" in faults[1].message
    assert faults[2].kind.value == "malformed" and "build castle" in faults[2].message
    assert record.result.termination.value == "forfeit" and record.log.records


ONCE = """
    class Once:
        def __init__(self):
            self.acts = 0

        def act(self, request):
            self.acts += 1
            return self.bad() if self.acts == 4 else 0

    class Raises(Once):
        def bad(self):
            return {}[self.acts - 1]

    class ReturnsNone(Once):
        def bad(self):
            return None

    class ReturnsMinusOne(Once):
        def bad(self):
            return -1
"""


@pytest.mark.slow
def test_a_class_that_fails_once_is_one_fault_of_the_same_kind_in_process_and_over_grpc(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over the wire the SDK survives the bot's exception or non-answer and says so in the answer
    (Answer.failure): one fault, no forfeit, the same match as in process."""
    monkeypatch.chdir(ROOT)
    path = write(tmp_path, "once.py", ONCE)
    game = load_game("puerto-rico", players=3)
    specs = [f"py:{path}:{name}" for name in ("Raises", "ReturnsNone", "ReturnsMinusOne")]
    here = play_specs(game, specs, 7, announce=lambda line: None)
    logs = tmp_path / "logs"
    wire = play_specs(game, [f"grpc:{spec}" for spec in specs], 7, log_dir=logs, announce=lambda line: None)
    for record in (here, wire):
        faults = sorted((f.seat, f.kind.value, f.strike, f.ply) for f in record.result.faults)
        assert [fault[:3] for fault in faults] == [(0, "crash", 1), (1, "malformed", 1), (2, "malformed", 1)]
        assert record.result.forfeits == () and record.result.termination.value == "victory"
    assert sorted(f.ply for f in here.result.faults) == sorted(f.ply for f in wire.result.faults)
    assert here.result.places == wire.result.places and here.result.scores == wire.result.scores
    said = {f.seat: f.message for f in wire.result.faults}
    assert said[0].endswith(": the bot could not answer: act raised KeyError: 3 at once.py:12"), said[0]
    assert ": the bot could not answer: act returned None: an answer is an index" in said[1]
    assert ": the bot could not answer: act returned index -1 out of range: " in said[2]
    assert {f.seat: f.message for f in here.result.faults}[0].endswith("raised KeyError: 3 at once.py:12")
    (log,) = logs.glob("*seat0.log")
    assert "Traceback" in log.read_text() and "KeyError: 3" in log.read_text()


EXITS = """
    import sys

    class Exits:
        def __init__(self):
            self.acts = 0

        def act(self, request):
            self.acts += 1
            if self.acts == 3:
                sys.exit("done debugging")
            return 0
"""


@pytest.mark.slow
def test_a_class_that_calls_sys_exit_ends_its_seat_not_the_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In process, ``sys.exit`` in a bot is what it is over the wire, where its process ends: the seat
    crashes, is not asked again, and forfeits; the match and the command go on."""
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "exits.py", EXITS)
    game = load_game("catan", "jungle", 3)
    specs = ["py:exits.py:Exits", "random", "random"]
    here = play_specs(game, specs, 5, announce=lambda line: None)
    wire = play_specs(game, [f"grpc:{specs[0]}", *specs[1:]], 5, announce=lambda line: None)
    for record in (here, wire):
        assert record.result.forfeits == (0,), record.result
        assert {f.seat for f in record.result.faults} == {0}
        assert record.result.faults[0].kind.value == "crash", record.result.faults
    first, *later = here.result.faults
    assert first.message == "py:exits.py:Exits raised SystemExit: done debugging at exits.py:11"
    assert later and all(f.message.startswith("py:exits.py:Exits exited earlier in the match") for f in later)
    assert "done debugging" in wire.result.faults[0].message
    quiet = runner.invoke(
        app, ["play", "catan", "--variant", "jungle", "--bots", ",".join(specs), "--seed", "5", "-q"]
    )
    assert quiet.exit_code == 0, quiet.output
    assert (
        f"seat 0: {len(here.result.faults)} faults, the first at ply {first.ply} (crash): {first.message}"
        in quiet.output
    )


def test_the_predicates_tell_in_process_and_author_code_apart() -> None:
    spec = f"py:{EXAMPLE}:PreferBot"
    assert is_author_code(spec) and is_in_process(spec)
    assert is_in_process("mcts:iterations=10") and not is_author_code("mcts:iterations=10")
    for other in ("grpc:random", f"grpc:{spec}", "cmd:./bot", "remote", "remote:alice", "human"):
        assert not is_in_process(other) and not is_author_code(other), other
    assert parse_bot_spec(spec, name="").is_in_process
    assert parse_bot_spec(f"mine={spec}").name == "mine"


@pytest.mark.slow
def test_arena_run_seats_a_class_in_its_worker_processes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    db = tmp_path / "t.sqlite"
    config = from_mapping(
        {
            "game": "pr",
            "players": 3,
            "bots": [f"prefer=py:{EXAMPLE}:PreferBot", "random", f"py:{RECORDER}:Recorder"],
            "seed": 4,
            "db": str(db),
            "workers": 2,
        }
    )
    summary = run_tournament(config, announce=lambda line: None)
    assert not summary.failed and summary.played == 3
    with sqlite3.connect(db) as conn:
        faults = conn.execute("SELECT faults FROM matches").fetchall()
    assert all(json.loads(f) == [] for (f,) in faults)


def test_arena_sprt_checks_a_class_before_it_plays(tmp_path: Path) -> None:
    # sprt plays its pairs through the same local pool as arena run (seated in the test above)
    bad = write(tmp_path, "bad_bot.py", "class Bot:\n    pass\n")
    db = tmp_path / "s.sqlite"
    for spec, said in ((f"py:{bad}:Bot", "has no act(request) method"), ("py:nothere.py:X", "no such file")):
        args = ["sprt", "--game", "pr", "--players", "3", "--candidate", spec, "--baseline", "random"]
        out = runner.invoke(app, [*args, "--field", "random,first", "--seed", "5", "--db", str(db)])
        assert out.exit_code == 2 and said in out.output and len(out.output.strip().splitlines()) == 1
    assert not db.exists()


def test_run_builds_a_class_with_the_seed_it_is_given() -> None:
    """``run(MyBot)`` (the SDK's ``main``) builds a class whose constructor takes ``seed`` with
    ``--seed`` / ``ARENA_BOT_SEED`` in every match, over a real referee."""
    from bots.sdk.cli import main, seeded

    made: list[int] = []

    class Seeded:
        def __init__(self, seed: int = 0) -> None:
            made.append(seed)

        def act(self, request: Any) -> int:
            return 0

    class Unseeded:
        def act(self, request: Any) -> int:
            return 0

    assert seeded(Seeded, None) is Seeded and seeded(Unseeded, 7) is Unseeded
    act = Unseeded().act
    assert seeded(act, 7) is act
    threads: list[threading.Thread] = []

    def announce(line: str) -> None:
        if "ARENA_TOKEN=" in line:
            address = line.split("ARENA_ADDRESS=")[1].split()[0]
            token = line.split("ARENA_TOKEN=")[1].split()[0]
            argv = ["--address", address, "--token", token, "--seed", "7"]
            thread = threading.Thread(target=main, args=(Seeded, argv), daemon=True)
            thread.start()
            threads.append(thread)

    record = play_specs(
        load_game("puerto-rico", players=3), ["random", "remote", "first"], 4, announce=announce
    )
    threads[0].join(30)
    assert record.result.faults == () and made == [7]


REFUSES = """
    from pathlib import Path

    class Model:
        def __init__(self, path: str = "model.bin") -> None:
            self.weights = Path(path).read_bytes()

        def act(self, request):
            return 0

    class PuertoRicoOnly:
        def on_match_start(self, match):
            if match.game != "puerto-rico":
                raise ValueError(f"trained on puerto-rico, not {match.game}")

        def act(self, request):
            return 0
"""


def test_a_class_that_cannot_start_for_the_game_stops_the_command_before_any_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A class whose constructor or ``on_match_start`` raises (a model file missing, a model of another
    game) is one line and status 2 in arena play, arena run and an environment, not a forfeit in every
    match; where it starts, it plays."""
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "refuses.py", REFUSES)
    cases = {
        ("pr", "py:refuses.py:Model:path=nope.bin"): "could not start for puerto-rico/base with 3 seats:"
        " FileNotFoundError: [Errno 2] No such file or directory: 'nope.bin' at refuses.py:6",
        ("catan", "py:refuses.py:PuertoRicoOnly"): "could not start for catan/base with 3 seats: ValueError:"
        " trained on puerto-rico, not catan at refuses.py:14",
    }
    for (game, spec), message in cases.items():
        for seat_spec in (spec, f"grpc:{spec}"):
            out = runner.invoke(app, ["play", game, "--bots", f"{seat_spec},random,random", "--seed", "1"])
            assert out.exit_code == 2 and f"error: {spec}: {message}" in out.output, out.output
            assert len(out.output.strip().splitlines()) == 1, out.output
        db = tmp_path / f"{game}.sqlite"
        args = ["run", "--game", game, "--players", "3", "--bots", f"mine={spec},random,first"]
        out = runner.invoke(app, [*args, "--db", str(db), "--pods", "1"])
        assert out.exit_code == 2 and f"error: mine: {spec}: {message}" in out.output, out.output
        assert not db.exists()
        with pytest.raises(PyBotError, match="could not start"):
            ArenaEnv(game, players=3, opponents=[spec, "random"])
    (tmp_path / "model.bin").write_bytes(b"\x00")
    out = runner.invoke(app, ["play", "catan", "--bots", "py:refuses.py:Model,random,random", "--seed", "1"])
    assert out.exit_code == 0, out.output
