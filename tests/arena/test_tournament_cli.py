"""``arena run``, ``arena ladder`` and ``arena replay`` end to end on a small in-process tournament."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app

runner = CliRunner()


def run(db: Path, *extra: str) -> str:
    args = ["run", "--game", "pr", "--players", "3", "--bots", "random,first,pr-greedy", "--pods", "1"]
    out = runner.invoke(app, [*args, "--seed", "3", "--db", str(db), "--workers", "1", "--quiet", *extra])
    assert out.exit_code == 0, out.output
    return out.output


def test_run_then_ladder_then_replay(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    output = run(db)
    assert "3 played, 0 already done, 0 failed, 3 scheduled" in output
    assert "pr-greedy" in output and "Seat advantage" in output
    again = run(db)
    assert "0 played, 3 already done" in again

    listed = json.loads(runner.invoke(app, ["ladder", "list", "--db", str(db), "--json"]).output)
    assert len(listed) == 1 and listed[0]["matches"] == 3
    key = listed[0]["ladder"]
    assert key.startswith("puerto-rico/base@1(players=3")

    shown = runner.invoke(app, ["ladder", "show", "puerto-rico/base", "--db", str(db), "--json"])
    assert shown.exit_code == 0, shown.output
    data = json.loads(shown.output)
    assert data["ladder"] == key and data["matches"] == 3
    assert {row["bot"] for row in data["bots"]} == {"random", "first", "pr-greedy"}
    assert all(row["games"] == 3 for row in data["bots"])
    assert [s["seat"] for s in data["seats"]] == [0, 1, 2]
    for row in data["bots"]:  # two-sided, or a one-sided bound with the other side open (null)
        assert row["bound"] in {"two-sided", "at least", "at most"}
        low = row["low"] if row["low"] is not None else float("-inf")
        high = row["high"] if row["high"] is not None else float("inf")
        assert (row["low"] is None) == (row["bound"] == "at most")
        assert (row["high"] is None) == (row["bound"] == "at least")
        assert low <= row["elo"] <= high or row["bound"] != "two-sided"
        assert row["provisional"] and row["pods"] == 1
    assert data["provisional"] and data["prior"]["bot_sd"] == 400
    assert len(data["superiority"]["matrix"]) == 3 and len(data["head_to_head"]) == 3
    assert all(h["games"] == 3 for h in data["head_to_head"])
    printed = runner.invoke(app, ["ladder", "show", "base", "--db", str(db)]).output
    assert "PROVISIONAL" in printed and "Prior: Gaussian" in printed and "Head to head" in printed

    table = runner.invoke(app, ["ladder", "show", "base", "--db", str(db), "--csv"]).output
    rows = list(csv.DictReader(io.StringIO(table)))
    assert [r["bot"] for r in rows if r["row"] == "bot"] == [b["bot"] for b in data["bots"]]
    assert set(rows[0]) >= {"bot", "pods", "games", "elo", "low", "high", "bound", "los_next", "win_share"}

    import sqlite3

    with sqlite3.connect(db) as conn:
        match_id = conn.execute("SELECT id FROM matches ORDER BY id LIMIT 1").fetchone()[0]
    replayed = runner.invoke(app, ["replay", match_id, "--db", str(db)])
    assert replayed.exit_code == 0, replayed.output
    assert "role " in replayed.output and "result: places" in replayed.output


def test_errors_are_one_line(tmp_path: Path) -> None:
    cases = [
        (["ladder", "show", "base", "--db", str(tmp_path / "none.sqlite")], "no ladder database here"),
        (["replay", "nope", "--db", str(tmp_path / "none.sqlite")], "no ladder database here"),
        (["run", "--game", "pr", "--bots", "random,ghost"], "unknown bot 'ghost'"),
        (
            ["run", "--game", "pr", "--bots", "random,cmd:no-such-program-xyz"],
            "program 'no-such-program-xyz' not found",
        ),
    ]
    for args, message in cases:
        out = runner.invoke(app, args)
        assert out.exit_code == 2, (args, out.output)
        assert message in out.output, (args, out.output)
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"this is not a database at all" * 10)
    before = junk.read_bytes()
    out = runner.invoke(app, ["ladder", "list", "--db", str(junk)])
    assert out.exit_code == 2 and "junk.sqlite" in out.output
    assert junk.read_bytes() == before
    out = runner.invoke(app, ["run", "--game", "pr", "--bots", "random,first", "--db", str(junk), "--quiet"])
    assert out.exit_code == 2 and junk.read_bytes() == before


def test_spawned_bots_and_a_bot_that_crashes_in_every_match(tmp_path: Path) -> None:
    crasher = tmp_path / "crasher.py"
    crasher.write_text("import sys\nprint('cannot start: missing weights')\nsys.exit(3)\n")
    db = tmp_path / "t.sqlite"
    bots = f"grpc:random,first,cmd:python {crasher}"
    args = ["run", "--game", "pr", "--players", "3", "--bots", bots, "--pods", "1", "--seed", "5"]
    out = runner.invoke(app, [*args, "--db", str(db), "--workers", "2", "--strike-limit", "1", "--quiet"])
    assert out.exit_code == 0, out.output
    assert "3 played" in out.output
    data = json.loads(runner.invoke(app, ["ladder", "show", "base", "--db", str(db), "--json"]).output)
    rows = {row["bot"]: row for row in data["bots"]}
    crashed = rows[f"cmd:python {crasher}"]
    assert crashed["forfeits"] == 3 and crashed["faults"] >= 6
    assert crashed["mean_place"] == 3.0
    assert rows["grpc:random"]["faults"] == 0 and rows["first"]["faults"] == 0
    import sqlite3

    with sqlite3.connect(db) as conn:
        faults = [json.loads(f) for (f,) in conn.execute("SELECT faults FROM matches")]
    kinds = {f["kind"] for match in faults for f in match}
    assert kinds <= {"crash", "disconnect"} and "crash" in kinds
    assert any("missing weights" in f["message"] for match in faults for f in match)


def test_flags_update_a_definition_file_without_losing_its_other_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from arena.cli import run as run_command
    from arena.config import TournamentConfig
    from ladders.store import StoreError

    path = tmp_path / "weekly.toml"
    path.write_text(
        f"""
game = "pr"
players = 3
bots = ["random", "first", "remote:alice"]
db = "{tmp_path / "t.sqlite"}"
replay_dir = "{tmp_path / "logs"}"
name = "weekly"
listen = "127.0.0.1:0"
[keys]
alice = "alice-secret"
[options]
hidden_vp = false
[time]
time_bank_ms = 7000
[faults]
strike_limit = 2
"""
    )
    seen: list[TournamentConfig] = []

    def stop(config: TournamentConfig, quiet: bool, tracker: object) -> None:
        seen.append(config)
        raise StoreError("stopped before any match")

    monkeypatch.setattr(run_command, "play", stop)
    flags = ["--deadline-ms", "1500", "--strike-limit", "1", "-o", "allow_decline_production=true"]
    out = runner.invoke(app, ["run", str(path), *flags])
    assert out.exit_code == 2 and "stopped before any match" in out.output, out.output
    (config,) = seen
    assert config.keys == (("alice", "alice-secret"),)
    assert config.listen == "127.0.0.1:0" and config.name == "weekly"
    assert config.replay_dir == str(tmp_path / "logs") and config.db == str(tmp_path / "t.sqlite")
    assert config.time.deadline_ms == 1500 and config.time.time_bank_ms == 7000
    assert config.strike_limit == 1
    assert dict(config.options)["hidden_vp"] is False
    assert dict(config.options)["allow_decline_production"] is True


def test_a_zero_time_bank_flag_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from arena.cli import run as run_command
    from arena.config import TournamentConfig
    from ladders.store import StoreError

    seen: list[TournamentConfig] = []

    def stop(config: TournamentConfig, quiet: bool, tracker: object) -> None:
        seen.append(config)
        raise StoreError("stopped before any match")

    monkeypatch.setattr(run_command, "play", stop)
    args = ["run", "--game", "pr", "--bots", "random,first", "--db", str(tmp_path / "t.sqlite")]
    out = runner.invoke(app, [*args, "--time-bank-ms", "0"])
    assert out.exit_code == 2 and "stopped before any match" in out.output, out.output
    assert seen[0].time.time_bank_ms == 0


def test_a_malformed_option_flag_is_one_line(tmp_path: Path) -> None:
    args = ["run", "--game", "pr", "--bots", "random,first", "--db", str(tmp_path / "t.sqlite"), "--quiet"]
    out = runner.invoke(app, [*args, "-o", "hidden_vp"])
    assert out.exit_code == 2, out.output
    assert "--option takes KEY=VALUE, got 'hidden_vp'" in out.output
    assert len(out.output.strip().splitlines()) == 1, out.output


def test_cmd_bots_are_checked_as_the_runner_parses_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from arena.cli.run import check_commands
    from arena.config_loading import from_mapping

    monkeypatch.chdir(tmp_path)
    (tmp_path / "my file.py").write_text("", encoding="utf-8")
    check_commands(from_mapping({"game": "pr", "bots": ["random", 'cmd:python "my file.py"']}))
    cases = [
        ('cmd:python "my file.py', "cannot parse the command: No closing quotation"),
        ('cmd:"/no such/program" --fast', "program '/no such/program' not found"),
        ('cmd:""', "empty command"),
        (
            "cmd:node bots/random_bot.js",
            f"script 'bots/random_bot.js' not found (relative to the folder the command runs in, {tmp_path};",
        ),
    ]
    for bot, message in cases:
        args = ["run", "--game", "pr", "--bots", f"random,{bot}", "--db", str(tmp_path / "t.sqlite")]
        out = runner.invoke(app, [*args, "--quiet"])
        assert out.exit_code == 2, (bot, out.output)
        assert message in out.output, (bot, out.output)
        assert "Traceback" not in out.output and len(out.output.strip().splitlines()) == 1, out.output
