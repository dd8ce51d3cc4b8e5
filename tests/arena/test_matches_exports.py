"""``arena matches``, and ``arena ladder show --csv`` / ``--markdown``, against a stored tournament."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app
from ladders.store import Store

pytestmark = pytest.mark.xdist_group("matches-exports")  # one worker plays the tournament for all

runner = CliRunner()


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("exports")
    path = folder / "t.sqlite"
    toml = folder / "t.toml"
    toml.write_text(
        f'game = "pr"\nplayers = 3\nseed = 3\ndb = "{path}"\n'
        'bots = ["random", "first", "pr-greedy", {name = "a|b", spec = "grpc:random"}]\n'
    )
    out = runner.invoke(app, ["run", str(toml), "--workers", "2", "-q"])
    assert out.exit_code == 0, out.output
    return path


def invoke(*args: str) -> str:
    out = runner.invoke(app, list(args))
    assert out.exit_code == 0, out.output
    return out.output


def test_matches_lists_every_stored_match_and_filters_by_bot_and_ladder(db: Path) -> None:
    with Store(db) as store:
        stored = store.matches()
    listed = json.loads(invoke("matches", "--db", str(db), "--json"))
    assert [m["match"] for m in listed] == [r.match_id for r in stored] and len(listed) == 12
    first = stored[0]
    assert listed[0]["places"] == list(first.places) and listed[0]["bots"] == list(first.bots)
    assert listed[0]["termination"] == first.termination and listed[0]["replay"] == first.replay
    with_first = json.loads(invoke("matches", "--db", str(db), "--bot", "first", "--json"))
    assert len(with_first) == 9 and all("first" in m["bots"] for m in with_first)
    assert (
        json.loads(invoke("matches", "--db", str(db), "--ladder", "pr", "--json", "--limit", "2"))
        == listed[-2:]
    )
    table = invoke("matches", "--db", str(db))
    assert "12 matches on puerto-rico/base p3" in table and all(m["match"] in table for m in listed)
    rows = [
        [cell.strip() for cell in line.split("│")[1:-1]]
        for line in table.splitlines()
        if line.startswith("│")
    ]
    seats = [f"{p}: {b}" for p, b in zip(listed[0]["places"], listed[0]["bots"], strict=True)]
    assert [row[2] for row in rows[: len(seats)]] == seats, table  # a seat a line, in seat order
    out = runner.invoke(app, ["matches", "--db", str(db), "--bot", "nobody"])
    assert out.exit_code == 2 and "no stored match has a bot named 'nobody'" in out.output
    out = runner.invoke(app, ["matches", "--db", str(db), "--ladder", "catan"])
    assert out.exit_code == 2 and "no ladder matches 'catan'" in out.output


def test_csv_names_the_ladder_on_every_row_and_has_the_seat_advantages(db: Path) -> None:
    data = json.loads(invoke("ladder", "show", "pr", "--db", str(db), "--json"))
    rows = list(csv.DictReader(io.StringIO(invoke("ladder", "show", "pr", "--db", str(db), "--csv"))))
    assert {r["ladder"] for r in rows} == {data["ladder"]}
    bots = [r for r in rows if r["row"] == "bot"]
    seats = [r for r in rows if r["row"] == "seat"]
    assert [r["bot"] for r in bots] == [b["bot"] for b in data["bots"]] and len(bots) + len(seats) == len(
        rows
    )
    assert [(int(r["seat"]), float(r["elo"]), float(r["low"]), float(r["high"])) for r in seats] == [
        (s["seat"], s["elo"], s["low"], s["high"]) for s in data["seats"]
    ]


def test_markdown_has_the_standings_seats_and_head_to_head_as_pipe_tables(db: Path) -> None:
    data = json.loads(invoke("ladder", "show", "pr", "--db", str(db), "--json"))
    text = invoke("ladder", "show", "puerto-rico/base", "--db", str(db), "--markdown")
    lines = text.splitlines()
    assert lines[0] == f"## Ladder `{data['ladder']}`"
    header = lines.index("| # | bot | pods | games | Elo | 95 % interval | LoS next | wins | place |")
    assert lines[header + 1] == "|---:|---|---:|---:|---:|---:|---:|---:|---:|"
    for i, bot in enumerate(data["bots"], 1):
        row = lines[header + 1 + i]
        assert row.startswith(f"| {i} | {bot['bot'].replace('|', chr(92) + '|')} | ")
        assert row.count(" | ") == 8  # nine cells: a | in a name is escaped
    assert "### Seat advantage (Elo against seat 0)" in lines and "### Head to head" in lines
    assert sum(1 for line in lines if line.startswith("| ") and line.endswith(" |")) == 1 + 4 + 1 + 3 + 1 + 4
