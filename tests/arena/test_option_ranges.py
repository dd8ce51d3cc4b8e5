"""Every variant option has a range: ``arena games`` shows it, and a value outside it is one line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app

runner = CliRunner()


def one_line_error(args: list[str], message: str) -> None:
    out = runner.invoke(app, args)
    assert out.exit_code == 2, (args, out.output, out.exception)
    assert message in out.output and "Traceback" not in out.output, (args, out.output)
    assert len(out.output.strip().splitlines()) == 1, out.output


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("turn_cap=-1", "unknown value of option turn_cap -1; valid: an integer from 1 to 10000"),
        ("vp_to_win=0", "unknown value of option vp_to_win 0; valid: an integer from 3 to 22"),
        ("offer_limit=-3", "unknown value of option offer_limit -3; valid: an integer from 0 to 20"),
        ("layout=hexes", "unknown value of option layout 'hexes'; valid: beginner, random"),
    ],
)
def test_option_values_outside_their_range(tmp_path: Path, option: str, message: str) -> None:
    one_line_error(["play", "catan", "--bots", "random,random,random,random", "-o", option], message)
    one_line_error(["render", "catan", "-o", option], message)
    db = str(tmp_path / "t.sqlite")
    one_line_error(
        ["run", "--game", "catan", "--bots", "random,first,catan-greedy", "-o", option, "--db", db], message
    )
    assert not Path(db).exists()


def test_games_shows_every_options_range() -> None:
    out = runner.invoke(app, ["games", "--json"])
    assert out.exit_code == 0, out.output
    catan = next(r for r in json.loads(out.output) if r["game"] == "catan")["variants"][0]
    assert catan["option_ranges"] == {
        "layout": {"choices": ["beginner", "random"]},
        "combined_trade_build": {"choices": [False, True]},
        "turn_cap": {"min": 1, "max": 10000},
        "offer_limit": {"min": 0, "max": 20},
        "vp_to_win": {"min": 3, "max": 22},
    }
    assert set(catan["option_ranges"]) == set(catan["options"])
    table = runner.invoke(app, ["games"]).output
    for shown in ("turn_cap=1000 (1-10000)", "vp_to_win=10 (3-22)", "layout=random (beginner|random)"):
        assert shown in " ".join(table.split()), table
