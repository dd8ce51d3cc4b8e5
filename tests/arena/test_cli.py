"""The command line: listings, one match in process, and one-line errors with exit code 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app
from ladders.store import Store, StoreError

runner = CliRunner()


def test_games_lists_every_game_and_variant() -> None:
    out = runner.invoke(app, ["games", "--json"])
    assert out.exit_code == 0, out.output
    rows = json.loads(out.output)
    pr = next(r for r in rows if r["game"] == "puerto-rico")
    assert pr["variants"][0]["players"] == [3, 4, 5]
    table = runner.invoke(app, ["games"])
    assert "puerto-rico" in table.output


def test_the_games_table_shows_every_option_whole() -> None:
    # the console is 120 columns wide when the output is not a terminal (arena.report.make_console)
    table = runner.invoke(app, ["games"])
    assert table.exit_code == 0, table.output
    cells = {cell.strip() for line in table.output.splitlines() for cell in line.split("│")}
    rows = json.loads(runner.invoke(app, ["games", "--json"]).output)
    shown = 0
    for row in rows:
        assert row["game"] in cells
        for alias in row["aliases"]:
            assert alias in cells, alias
        for variant in row["variants"]:
            for name, value in variant["options"].items():
                text = f"{name}={str(value).lower() if isinstance(value, bool) else value}"
                assert any(cell.startswith(text) for cell in cells), (text, table.output)
                shown += 1
    assert shown > 30
    assert "pirate_start=map (*)" in cells and "(*) a text the game checks" in table.output  # explained


def test_play_prints_the_ranking() -> None:
    out = runner.invoke(app, ["play", "puerto-rico", "--bots", "random,first,random", "--seed", "4"])
    assert out.exit_code == 0, out.output
    assert "role " in out.output  # the live view shows actions
    assert "Result (victory)" in out.output


def test_play_json_is_one_object_and_replays(tmp_path: Path) -> None:
    log = tmp_path / "m.jsonl"
    args = [
        "play",
        "pr",
        "--bots",
        "random,random,random,random",
        "--seed",
        "9",
        "--json",
        "--replay",
        str(log),
    ]
    out = runner.invoke(app, args)
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["seed"] == 9 and data["game"]["players"] == 4
    assert data["termination"] == "victory"
    assert sorted(data["places"])[0] == 1 and len(data["scores"]) == 4
    assert data["decisions"] > 100
    assert log.read_text().count("\n") == data["plies"] + 3  # header, plies, result, timing


def test_same_seed_same_output_in_separate_processes() -> None:
    cmd = [
        sys.executable,
        "-m",
        "arena",
        "play",
        "pr",
        "--bots",
        "random,pr-greedy,random",
        "--seed",
        "5",
        "--json",
    ]
    outs = [
        subprocess.run(
            cmd, capture_output=True, text=True, check=True, env=dict(os.environ, PYTHONHASHSEED=h)
        ).stdout
        for h in ("1", "2")
    ]
    assert outs[0] == outs[1]
    assert json.loads(outs[0])["bots"] == ["random", "pr-greedy", "random"]


def test_bad_names_get_one_line_and_exit_2() -> None:
    cases = [
        (["play", "chess", "--bots", "random"], "unknown game 'chess'; valid: puerto-rico"),
        (
            ["play", "pr", "--variant", "x", "--bots", "random,random,random"],
            "unknown variant of puerto-rico 'x'",
        ),
        (["play", "pr", "--bots", "random,random"], "valid: 3, 4, 5"),
        (["play", "pr", "--bots", "random,smart,random"], "unknown bot 'smart'; valid: random, first"),
        (["play", "pr", "--players", "4", "--bots", "random,random,random"], "4 seats need 4 bots, got 3"),
        (["play", "pr", "--bots", "random,random,random", "-o", "vp=12"], "unknown option of base 'vp'"),
    ]
    for args, message in cases:
        out = runner.invoke(app, args)
        assert out.exit_code == 2, (args, out.output)
        assert message in out.output, (args, out.output)
        assert "Traceback" not in out.output
        assert len(out.output.strip().splitlines()) == 1, out.output


def test_render_prints_the_opening_position() -> None:
    out = runner.invoke(app, ["render", "pr", "--players", "3", "--seed", "2", "--notation"])
    assert out.exit_code == 0, out.output
    assert "Puerto Rico, 3 seats, round 1" in out.output
    bad = runner.invoke(app, ["render", "go"])
    assert bad.exit_code == 2 and "unknown game 'go'" in bad.output


def test_a_bot_of_another_game_is_refused_before_the_match() -> None:
    cases = [
        (["play", "pr", "--bots", "random,catan-greedy,first"], "unknown bot for puerto-rico 'catan-greedy'"),
        (["play", "catan", "--bots", "random,first,grpc:pr-greedy"], "unknown bot for catan 'pr-greedy'"),
    ]
    for args, message in cases:
        out = runner.invoke(app, args)
        assert out.exit_code == 2, (args, out.output)
        assert message in out.output and len(out.output.strip().splitlines()) == 1, out.output


def test_ladder_list_shows_a_key_by_its_head_then_its_options(tmp_path: Path) -> None:
    db = str(tmp_path / "l.sqlite")
    args = ["run", "--game", "pr", "--players", "3", "--bots", "random,first,pr-greedy", "--pods", "1"]
    played = runner.invoke(app, [*args, "--seed", "1", "-q", "--db", db])
    assert played.exit_code == 0, played.output
    (key,) = [
        row["ladder"]
        for row in json.loads(runner.invoke(app, ["ladder", "list", "--db", db, "--json"]).output)
    ]
    head = key.split("(")[0]
    listed = runner.invoke(app, ["ladder", "list", "--db", db])
    cells = [line.split("│")[1].strip() for line in listed.output.splitlines() if line.startswith("│")]
    assert cells[0] == head, listed.output
    options = " ".join(cells[1:])
    assert options == "(" + key.split("(", 1)[1].replace(",", ", "), listed.output
    shown = runner.invoke(app, ["ladder", "show", head, "--db", db])
    assert shown.exit_code == 0 and key in shown.output, shown.output
    assert "3 matches in 1 pod " in shown.output and "1 pods" not in shown.output, shown.output


def test_a_remote_seat_waits_for_its_bot_as_long_as_play_says() -> None:
    from arena.cli import REMOTE_WAIT_S, join_wait
    from engine.referee.clock import TimeControl

    assert join_wait(None, True) == REMOTE_WAIT_S == 300
    assert join_wait(None, False) == TimeControl().join_timeout_s
    assert join_wait(2.5, True) == join_wait(2.5, False) == 2.5
    help_text = " ".join(runner.invoke(app, ["play", "--help"], env={"COLUMNS": "400"}).output.split())
    assert f"else the referee's own, {TimeControl().join_timeout_s:g})" in help_text, help_text
    args = ["play", "pr", "--bots", "remote,random,random", "--seed", "3", "--wait", "0.5", "--quiet"]
    out = runner.invoke(app, args)
    assert out.exit_code == 0, out.output
    assert "seat 0: waiting up to 0.5 s for a bot: ARENA_ADDRESS=" in out.output
    assert "the bot never connected" in out.output or "forfeited" in out.output, out.output


def test_serve_checks_every_seat_before_it_listens() -> None:
    out = runner.invoke(app, ["serve", "pr", "--bots", "remote,grpc:random,random", "--port", "0"])
    assert out.exit_code == 2, out.output
    assert "unknown bot for arena serve 'grpc:random'" in out.output and "listening" not in out.output


def test_a_leagues_placement_ladder_is_named_by_a_prefix_with_an_alias() -> None:
    from arena.cli.ladder import pick_ladder

    keys = ["placement:puerto-rico/base@1(players=3)", "puerto-rico/base@1(players=3)"]
    assert pick_ladder("placement:pr", keys) == keys[0]
    assert pick_ladder("pr/base", keys) == keys[1]


def test_a_changed_definition_says_it_starts_a_new_tournament_on_the_ladder(tmp_path: Path) -> None:
    """A changed definition is a new tournament; with the seed of one already on the ladder it would
    deal the same pods again (a pod's seed is the tournament seed's and its index), and the same games
    would count twice: refused in one line, nothing played."""
    db = str(tmp_path / "n.sqlite")
    args = ["run", "--game", "pr", "--players", "3", "--bots", "random,first,pr-greedy", "-q"]
    first = runner.invoke(app, [*args, "--seed", "1", "--pods", "1", "--db", db])
    same_seed = runner.invoke(app, [*args, "--seed", "1", "--pods", "2", "--db", db])
    assert same_seed.exit_code == 2 and len(same_seed.output.strip().splitlines()) == 1, same_seed.output
    assert (
        "seed 1 already dealt the pods of tournament" in same_seed.output
        and "count them twice" in same_seed.output
    )
    more = runner.invoke(app, [*args, "--seed", "2", "--pods", "2", "--db", db])
    again = runner.invoke(app, [*args, "--seed", "2", "--pods", "2", "--db", db])
    resumed = runner.invoke(app, [*args, "--seed", "1", "--pods", "1", "--db", db])
    assert first.exit_code == more.exit_code == again.exit_code == resumed.exit_code == 0, more.output
    notice = "3 matches of other tournaments are on this ladder already"
    assert notice not in first.output and notice in more.output and "a new tournament (" in more.output
    assert "a new tournament" not in again.output  # the same definition resumes
    assert "0 played, 3 already done" in resumed.output  # its own seed resumes its own definition
    with Store(db) as store:
        assert len(store.tournaments()) == 2  # the refused run left no tournament behind


def test_sigterm_ends_a_waiting_serve_as_ctrl_c_does_with_its_own_status() -> None:
    """A service manager stops `arena serve` with SIGTERM: no traceback, status 143 (130 for Ctrl-C)."""
    import signal
    import time

    from tests.arena.terminal import with_ctrl_c

    for sig in (signal.SIGTERM, signal.SIGINT):
        command = [sys.executable, "-m", "arena", "serve", "pr", "--bots", "remote,random,random"]
        proc = subprocess.Popen(
            with_ctrl_c([*command, "--port", "0", "--wait", "60"]),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        assert proc.stdout is not None
        seen = [proc.stdout.readline() for _ in range(4)]
        assert "waiting up to 60 s" in seen[-1], seen  # the referee listens for the remote seat
        time.sleep(0.2)
        proc.send_signal(sig)
        rest, _ = proc.communicate(timeout=30)
        assert proc.returncode == 128 + sig, "".join(seen) + rest
        assert "Traceback" not in rest


def test_a_tournament_being_played_is_not_played_again_beside_it(tmp_path: Path) -> None:
    """A second run of a tournament under way (another terminal, a cron job) is refused in one line
    naming the process that plays it, instead of playing its matches again; once that run ends, the
    same command resumes."""
    from arena.run_lock import tournament_lock

    db = tmp_path / "l.sqlite"
    args = ["run", "--game", "pr", "--players", "3", "--bots", "random,first", "--seed", "4", "-q"]
    first = runner.invoke(app, [*args, "--pods", "1", "--db", str(db)])
    assert first.exit_code == 0, first.output
    with Store(db) as store:
        ((tid, _),) = store.tournaments()
    with tournament_lock(tmp_path / "l-replays", tid):  # as a run under way holds it
        busy = runner.invoke(app, [*args, "--pods", "1", "--db", str(db)])
        assert busy.exit_code == 2 and len(busy.output.strip().splitlines()) == 1, busy.output
        assert f"tournament {tid} is being played by pid {os.getpid()} on" in busy.output
        second = tournament_lock(tmp_path / "l-replays", tid)  # what arena sprt's runs take too
        with pytest.raises(StoreError, match="is being played by"), second:
            pass
    assert not list((tmp_path / "l-replays").glob(".*.lock"))  # released with its file
    again = runner.invoke(app, [*args, "--pods", "1", "--db", str(db)])
    assert again.exit_code == 0 and "0 played, 6 already done" in again.output, again.output


def test_clocks_the_wire_cannot_carry_are_one_line_before_any_bot_starts() -> None:
    for command in (
        ["play", "pr", "--bots", "random,first,grpc:random"],
        ["serve", "pr", "--bots", "random,remote,first"],
    ):
        for flag, value, low in (("--deadline-ms", "0", 1), ("--time-bank-ms", "5000000000", 0)):
            out = runner.invoke(app, [*command, flag, value])
            assert out.exit_code == 2, out.output
            assert out.output.strip() == f"error: {flag} must be from {low} to 4294967295 ms, got {value}", (
                out.output
            )
