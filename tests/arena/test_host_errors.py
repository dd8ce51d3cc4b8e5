"""Mistakes of a host get one line and exit code 2, never a traceback: a missing program, a taken port,
paths that cannot be created or read."""

from __future__ import annotations

import socket
import sys
from pathlib import Path

from typer.testing import CliRunner

from arena.cli import app

runner = CliRunner()


def one_line_error(args: list[str], message: str) -> None:
    out = runner.invoke(app, args)
    assert out.exit_code == 2, (args, out.output, out.exception)
    assert message in out.output, (args, out.output)
    assert "Traceback" not in out.output
    assert len(out.output.strip().splitlines()) == 1, out.output


def test_a_bot_program_that_does_not_exist(tmp_path: Path) -> None:
    plain = tmp_path / "bot.txt"
    plain.write_text("not a program\n")
    one_line_error(
        ["play", "pr", "--bots", "random,random,cmd:nonexistent_program"],
        "program 'nonexistent_program' not found",
    )
    one_line_error(
        ["play", "pr", "--bots", f"random,random,cmd:{plain}"], f"program '{plain}' is not executable"
    )


def test_a_database_path_that_cannot_be_created(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("")
    run = ["run", "--game", "pr", "--players", "3", "--bots", "random,first,pr-greedy", "-q"]
    one_line_error([*run, "--db", f"{afile}/t.sqlite"], "cannot create its folder")
    if sys.platform.startswith("linux"):
        one_line_error(
            [*run, "--db", "/proc/x/y.sqlite"], "/proc/x/y.sqlite: cannot create its folder /proc/x"
        )
        for command in (["ladder", "list"], ["ladder", "show", "pr"]):
            one_line_error([*command, "--db", "/proc/x/y.sqlite"], "no ladder database here")
    definition = tmp_path / "t.toml"
    definition.write_text(
        f'game = "pr"\nplayers = 3\nbots = ["random", "first", "pr-greedy"]\n'
        f'db = "{tmp_path / "r.sqlite"}"\nreplay_dir = "{afile}/replays"\n'
    )
    one_line_error(["run", str(definition), "-q"], "cannot create its replay folder")
    folder = tmp_path / "db.sqlite"
    folder.mkdir()
    one_line_error([*run, "--db", str(folder)], "is a directory, not a ladder database")
    one_line_error(["ladder", "list", "--db", str(folder)], "no ladder database here")


def test_a_definition_file_that_cannot_be_read(tmp_path: Path) -> None:
    folder = tmp_path / "t.toml"
    folder.mkdir()
    one_line_error(["run", str(folder)], "t.toml: cannot read")
    binary = tmp_path / "b.toml"
    binary.write_bytes(b"\xff\xfe\x00game = 1\n")
    one_line_error(["run", str(binary)], "b.toml: not valid TOML: not UTF-8 text")


def test_a_replay_path_that_cannot_be_written(tmp_path: Path) -> None:
    play = ["play", "pr", "--bots", "random,random,random", "-q"]
    one_line_error([*play, "--replay", str(tmp_path / "none" / "m.jsonl")], "does not exist")
    one_line_error([*play, "--replay", str(tmp_path)], "is a directory")


def test_a_port_in_use(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        one_line_error(
            ["serve", "pr", "--bots", "random,random,remote", "--port", str(port)],
            f"cannot listen on 127.0.0.1:{port}: Address already in use",
        )
        run = [
            "run",
            "--game",
            "pr",
            "--players",
            "3",
            "--bots",
            "random,first,remote:alice",
            "--seeding",
            "independent",
            "-q",
        ]
        db = str(tmp_path / "t.sqlite")
        one_line_error(
            [*run, "--listen", f"127.0.0.1:{port}", "--db", db], f"cannot listen on 127.0.0.1:{port}"
        )


def test_an_empty_file_given_to_a_command_that_reads_is_refused_and_left_empty(tmp_path: Path) -> None:
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    for args in (
        ["ladder", "list"],
        ["ladder", "show", "pr"],
        ["matches"],
        ["replay", "m-0000"],
        ["report", "--out", str(tmp_path / "site")],
    ):
        one_line_error([*args, "--db", str(empty)], f"{empty}: an empty file, not a ladder database")
    assert empty.read_bytes() == b""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.sqlite"]  # no -wal, no site


def test_a_replay_log_with_a_broken_line_names_that_line(tmp_path: Path) -> None:
    log = tmp_path / "m.jsonl"
    out = runner.invoke(
        app, ["play", "pr", "--bots", "random,first,random", "--seed", "2", "-q", "--replay", str(log)]
    )
    assert out.exit_code == 0, out.output
    lines = log.read_text().split("\n")
    lines[5] = lines[5][:-3]  # the action of ply 4, cut short
    log.write_text("\n".join(lines))
    one_line_error(["replay", str(log)], f"{log}: line 6: not JSON (")
    lines[5] = "[1, 2]"
    log.write_text("\n".join(lines))
    one_line_error(["replay", str(log)], f"{log}: line 6: not a JSON object")


def test_a_name_on_the_command_line_follows_the_rule_of_a_file(tmp_path: Path) -> None:
    """``--bots 'al ice=SPEC'`` names a bot as ``{name = "al ice", spec = ...}`` does; a name the file
    would refuse is refused for the same reason."""
    db = tmp_path / "n.sqlite"
    args = ["run", "--game", "pr", "--players", "3", "--pods", "1", "--seed", "1", "-q", "--db", str(db)]
    out = runner.invoke(app, [*args, "--bots", "al ice=random,first,[b]x=pr-greedy"])
    assert out.exit_code == 0, out.output
    listed = runner.invoke(app, ["ladder", "list", "--db", str(db)])
    assert "3: [b]x, al ice, first" in listed.output  # names as they are, not a Python tuple
    assert "('" not in listed.output
    toml = tmp_path / "t.toml"
    toml.write_text(
        'game = "pr"\nplayers = 3\nbots = [{name = "al ice", spec = "random"}, "first", "pr-greedy"]\n'
    )
    for bots, problem in (("a#2=random,first,pr-greedy", "may not hold , : # or quotes"),
                          ("random=first,random,pr-greedy", "is the name of a built-in bot"),
                          ("=random,first,pr-greedy", "the name before '=' is empty")):  # fmt: skip
        one_line_error([*args, "--bots", bots], problem)


def test_a_tournament_name_is_printed_at_the_start_and_the_end(tmp_path: Path) -> None:
    toml = tmp_path / "t.toml"
    toml.write_text(
        'name = "Friday [b]league"\ngame = "pr"\nplayers = 3\nbots = ["random", "first", "pr-greedy"]\n'
        'db = "t.sqlite"\n'
    )
    out = runner.invoke(app, ["run", str(toml), "--seed", "1", "-q", "--workers", "1"])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[0] == "tournament Friday [b]league: puerto-rico/base with 3 seats, 3 bots, 1 round"
    assert lines[-1].startswith("Friday [b]league: 3 played, 0 already done")
