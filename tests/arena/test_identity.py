"""Bot identity and reproducibility: named bots, hello names, and every spawned bot's own seed.

A tournament file names its bots (``{name, spec}`` in ``bots`` or ``[[bot]]`` tables); the ladder key of a
named ``cmd:`` bot is its name, so moving its program keeps its ladder entry; an unnamed bot keeps the
key it always had. A seat nobody named is shown by the name the bot's hello gives. Every spawned bot
gets ``ARENA_BOT_SEED`` from the match seed and its seat, so the same seed plays the same match.
"""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app
from arena.config import ConfigError
from arena.config_loading import from_mapping
from arena.spawn import parse_bot_spec, seat_seed
from bots.builtin import bot_seed
from engine.referee.session import display_name
from ladders.store import Store

ROOT = Path(__file__).resolve().parents[2]
NODE_BOT = ROOT / "bots" / "examples" / "node" / "random_bot.js"
runner = CliRunner()


def bot_script(folder: Path, builtin: str) -> Path:
    """A program that plays the built-in bot ``builtin`` over gRPC, as a host's own binary would."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "mybot"
    path.write_text(f"#!/bin/sh\nexec {sys.executable} -m bots {builtin} --name my-hello-name\n")
    path.chmod(0o755)
    return path


def write_toml(path: Path, db: Path, program: Path, seed: int = 4) -> None:
    path.write_text(
        f"""
game = "pr"
players = 3
bots = ["random", {{name = "alice", spec = "cmd:{program}"}}]
seed = {seed}
db = "{db}"
[[bot]]
name = "bob"
spec = "grpc:first"
"""
    )


def test_a_named_cmd_bot_keeps_its_ladder_entry_when_its_program_moves(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    toml = tmp_path / "t.toml"
    write_toml(toml, db, bot_script(tmp_path / "v1", "random"))
    first = runner.invoke(app, ["run", str(toml), "--workers", "1", "--quiet"])
    assert first.exit_code == 0, first.output
    shutil.move(tmp_path / "v1", tmp_path / "moved")
    write_toml(toml, db, tmp_path / "moved" / "mybot")
    refused = runner.invoke(app, ["run", str(toml), "--workers", "1", "--quiet"])
    assert refused.exit_code == 2 and "seed 4 already dealt the pods of tournament" in refused.output
    write_toml(toml, db, tmp_path / "moved" / "mybot", seed=5)  # new deals for the new definition
    second = runner.invoke(app, ["run", str(toml), "--workers", "1", "--quiet"])
    assert second.exit_code == 0, second.output
    assert "3 played, 0 already done" in second.output  # a new tournament (the definition changed)...
    data = json.loads(runner.invoke(app, ["ladder", "show", "base", "--db", str(db), "--json"]).output)
    rows = {row["bot"]: row for row in data["bots"]}
    assert set(rows) == {"random", "alice", "bob"}  # ...on the same ladder entries
    assert rows["alice"]["games"] == 6 and rows["alice"]["faults"] == 0
    with Store(db) as store:
        assert store.bots()["alice"] == ("cmd", str(tmp_path / "moved" / "mybot"))
        match = store.tournament_matches(store.tournaments()[0][0])[0]
    log = json.loads(Path(str(match.replay)).read_text().splitlines()[0])
    seat = match.bots.index("alice")
    assert log["seats"][seat] == "alice"  # a name the host gave wins over the hello's


def test_an_unnamed_bot_keeps_its_old_key_and_shows_its_hello_name(tmp_path: Path) -> None:
    program = bot_script(tmp_path / "bin", "random")
    raw = {"game": "pr", "players": 3, "bots": f"random,first,cmd:{program}"}
    config = from_mapping(raw)
    assert config.definition()["bots"] == ["random", "first", f"cmd:{program}"]  # as before names existed
    assert [b.name for b in config.bots] == ["random", "first", f"cmd:{program}"]
    db = tmp_path / "t.sqlite"
    out = runner.invoke(
        app,
        [
            "run",
            "--game",
            "pr",
            "--players",
            "3",
            "--bots",
            raw["bots"],
            "--seed",
            "2",
            "--db",
            str(db),
            "--workers",
            "1",
            "-q",
        ],
    )
    assert out.exit_code == 0, out.output
    with sqlite3.connect(db) as conn:
        keys = {k for (row,) in conn.execute("SELECT bots FROM matches") for k in json.loads(row)}
        replay = conn.execute("SELECT replay, bots FROM matches LIMIT 1").fetchone()
    assert keys == {"random", "first", f"cmd:{program}"}
    seat = json.loads(replay[1]).index(f"cmd:{program}")
    log = Path(db).parent / replay[0]  # stored relative to the database's folder
    assert json.loads(log.read_text().splitlines()[0])["seats"][seat] == "my-hello-name"

    played = runner.invoke(
        app, ["play", "pr", "--bots", f"random,first,cmd:{program}", "--seed", "2", "--json"]
    )
    assert played.exit_code == 0, played.output
    assert json.loads(played.output.splitlines()[-1])["bots"] == ["random", "first", "my-hello-name"]
    named = runner.invoke(
        app, ["play", "pr", "--bots", f"random,first,me=cmd:{program}", "--seed", "2", "--json"]
    )
    assert json.loads(named.output.splitlines()[-1])["bots"] == ["random", "first", "me"]


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ([{"name": "random", "spec": "cmd:x"}], "is the name of a built-in bot"),
        ([{"name": "a#2", "spec": "cmd:x"}], "may not hold , : # or quotes"),
        ([{"name": "a", "spec": "cmd:x"}, {"name": "a", "spec": "cmd:y"}], "lists a bot twice"),
        ([{"name": "a", "spec": "cmd:x", "dir": "/"}], "a bot table is {name"),
        ([{"name": "a"}], "a bot table is {name"),
        ([3], "holds specs (strings) or {name, spec} tables"),
        ([{"name": "a", "spec": "cmd:x", "seed": 7}], "the keys after a [[bot]] header belong to that table"),
    ],
)
def test_bad_names_are_one_line(bots: list[object], message: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(message)):
        from_mapping({"game": "pr", "bots": ["first", *bots]})


def test_a_hello_name_is_shown_without_control_characters() -> None:
    assert display_name("\x1b[2J\x1b[31mevil\n\tbot\x07") == "[2J[31mevil bot"
    assert display_name("\n\x00") == "" and len(display_name("x" * 64)) == 40


def test_every_spawned_bot_gets_its_own_seed_from_the_match_seed_and_seat() -> None:
    spec = parse_bot_spec("cmd:node bot.js")
    assert seat_seed(spec, 7, 1) == bot_seed("cmd", 7, 1) != seat_seed(spec, 7, 2)
    assert seat_seed(parse_bot_spec("grpc:random"), 7, 1) == bot_seed("random", 7, 1)


def stored(db: Path) -> list[tuple[object, ...]]:
    """Every stored match by schedule position: bots, places, scores, termination, and its actions."""
    with Store(db) as store:
        matches = store.tournament_matches(store.tournaments()[0][0])
    rows = []
    for m in matches:
        actions = [json.loads(line).get("action") for line in Path(str(m.replay)).read_text().splitlines()]
        rows.append((m.pod_index, m.rotation, m.seed, m.bots, m.places, m.scores, m.termination, actions))
    return rows


@pytest.mark.slow
def test_two_runs_of_a_seeded_tournament_with_the_node_bot_store_the_same_results(tmp_path: Path) -> None:
    if shutil.which("node") is None or not (NODE_BOT.parent / "node_modules" / "@grpc").is_dir():
        pytest.skip("the Node bot needs node and `npm ci` in bots/examples/node (make node-bot)")
    bots = f"random,first,cmd:node {NODE_BOT}"
    results = []
    for run in ("a", "b"):
        db = tmp_path / f"{run}.sqlite"
        args = ["run", "--game", "pr", "--players", "3", "--bots", bots, "--seed", "1", "--db", str(db), "-q"]
        out = runner.invoke(app, [*args, "--workers", "2"])
        assert out.exit_code == 0, out.output
        results.append(stored(db))
    assert len(results[0]) == 3 and results[0] == results[1]


def test_a_key_below_a_bot_table_is_one_line_that_names_the_table(tmp_path: Path) -> None:
    toml = tmp_path / "t.toml"
    toml.write_text(
        'game = "pr"\nbots = ["random", "first"]\n[[bot]]\nname = "x"\nspec = "cmd:x"\nseed = 7\n'
    )
    out = runner.invoke(app, ["run", str(toml)])
    assert out.exit_code == 2 and len(out.output.strip().splitlines()) == 1
    assert (
        "[[bot]] 'x' holds seed: in TOML the keys after a [[bot]] header belong to that table" in out.output
    )
