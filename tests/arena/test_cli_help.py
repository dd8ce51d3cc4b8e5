"""The command line's help reads as flowing text at any terminal width (``arena/cli/groups.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from arena.cli.groups import flowing, summary

ROOT = Path(__file__).resolve().parents[2]


def help_lines(*args: str, columns: int = 200) -> list[str]:
    """The lines of ``arena ARGS --help`` at a terminal ``columns`` wide, without the panels' borders."""
    env = dict(os.environ, COLUMNS=str(columns), NO_COLOR="1")
    done = subprocess.run(
        [sys.executable, "-m", "arena", *args, "--help"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return [" ".join(line.strip(" │╭╮╰╯─").split()) for line in done.stdout.splitlines()]


def test_flowing_joins_the_lines_of_a_paragraph_and_keeps_list_items_and_paragraphs() -> None:
    text = """First line
    goes on.

    - an item
      that wraps
    - another item

    Last   paragraph,
    wrapped."""
    assert flowing(text) == (
        "First line goes on.\n\n- an item that wraps\n- another item\n\nLast paragraph, wrapped."
    )
    assert flowing(flowing(text)) == flowing(text)
    assert summary(text) == "First line goes on."


def test_the_list_of_commands_shows_each_summary_as_one_flowing_text() -> None:
    lines = help_lines()
    render = (
        "render Print a position with its legend: the opening of a match, or with --replay LOG --ply N a"
        " position of a played one. Catan boards show hex and corner ids, and list every edge id."
    )
    assert render in lines, "\n".join(lines)
    ladder = help_lines("ladder")
    assert any(
        line.startswith("show Show the standings of one ladder:") and "head-to-head." in line
        for line in ladder
    )


def test_a_commands_page_flows_and_keeps_its_list() -> None:
    lines = help_lines("play")
    assert (
        "Without --seed the match gets a secret seed (128 bits from the OS), which no bot is sent; it is"
        " printed after the match, in --json and in the --replay log, to play the match again."
    ) in lines, "\n".join(lines)
    items = [line for line in lines if line.startswith("- `")]
    assert [item.split()[1] for item in items] == ['`cmd:"COMMAND"`', "`remote`", "`human`"], items
    narrow = help_lines("play", columns=60)
    assert max(len(line) for line in narrow) <= 60


def test_the_league_group_lists_how_to_run_a_league() -> None:
    lines = help_lines("league")
    commands = [line.split()[0] for line in lines[lines.index("Commands") + 1 :] if line]
    assert commands[:1] == ["run"] and {"bot", "fairplay"} <= set(commands), lines
    assert any("`arena league run DEFINITION.toml`" in line for line in lines), lines
    page = help_lines("league", "league.toml")  # the file right after `league` is the run command's
    assert any(line.startswith("Usage:") and "league run" in line for line in page), page
