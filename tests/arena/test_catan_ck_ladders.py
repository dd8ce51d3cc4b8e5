"""Cities & Knights through the arena: ``arena run --game catan-ck`` with built-in and gRPC bots keeps a
ladder per seat count, and ``arena ladder list`` / ``show`` print them."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from arena.cli import app

runner = CliRunner()


def test_a_catan_ck_tournament_keeps_one_ladder_per_seat_count(tmp_path: Path) -> None:
    db = str(tmp_path / "ck.sqlite")
    for players, bots in ((3, "ck-greedy,random,grpc:first"), (4, "ck-greedy,random,first,grpc:random")):
        out = runner.invoke(
            app,
            [
                "run",
                "--game",
                "catan-ck",
                "--players",
                str(players),
                "--bots",
                bots,
                "--pods",
                "1",
                "--seed",
                "3",
                "--db",
                db,
            ],
        )
        assert out.exit_code == 0, out.output
        assert f"{players} played, 0 already done, 0 failed" in out.output
    listed = runner.invoke(app, ["ladder", "list", "--db", db, "--json"])
    assert listed.exit_code == 0, listed.output
    keys = sorted(json.dumps(row) for row in json.loads(listed.stdout))
    assert len(keys) == 2 and all("catan-ck/base@2" in k for k in keys)
    both = runner.invoke(app, ["ladder", "show", "catan-ck", "--db", db])
    assert both.exit_code == 2 and "matches 2 ladders" in both.output
    for players in (3, 4):
        shown = runner.invoke(
            app, ["ladder", "show", f"catan-ck/base@2(players={players}", "--db", db, "--json"]
        )
        assert shown.exit_code == 0, shown.output
        data = json.loads(shown.stdout)
        assert f"players={players}" in json.dumps(data)
        assert "ck-greedy" in json.dumps(data)
