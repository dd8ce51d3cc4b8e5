"""``arena league fairplay``: the suspicious pair of a league ladder with its evidence, as text and JSON;
nothing on an honest ladder."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from arena.cli import app
from arena.league.definition import from_mapping
from ladders.league_tables import LeagueTables
from ladders.records import MatchRecord
from ladders.store import Store
from tests.ladders.test_fairplay import ELO, ladder

DEFINITION = {"ladder": [{"id": "l4", "game": "pr", "players": 4, "placement": {"pods": 0}}]}


def league_db(path: Path, feeder: str = "", partner: str = "") -> None:
    lad = from_mapping(DEFINITION, "test").ladders[0]
    with Store(path) as store:
        row = LeagueTables(store).open_ladder("l4", lad.ladder_key, lad.stored(), (1, 2))
        for k, (_, m) in enumerate(ladder(7, feeder, partner)):
            record = MatchRecord(
                match_id=f"{row.tournament}-{k // 4:04d}-{k % 4}", tournament_id=row.tournament,
                ladder=lad.ladder_key, variant="base", seed=k, pod_index=k // 4, rotation=k % 4,
                bots=m.bots, labels=m.bots, places=m.places, scores=tuple(0.0 for _ in m.bots),
                termination="victory", finished=f"2025-01-01T00:{k // 60:02d}:{k % 60:02d}+00:00",
            )  # fmt: skip
            store.record_match(record)


def test_the_report_names_the_pair_and_its_matches(tmp_path: Path) -> None:
    run = CliRunner()
    honest, rigged = tmp_path / "honest.sqlite", tmp_path / "rigged.sqlite"
    league_db(honest)
    league_db(rigged, feeder="bot6", partner="bot2")
    out = run.invoke(app, ["league", "fairplay", "--ladder", "l4", "--db", str(honest)])
    assert out.exit_code == 0 and "l4: no suspicious pair" in out.output
    out = run.invoke(app, ["league", "fairplay", "--ladder", "l4", "--db", str(rigged)])
    assert out.exit_code == 0, out.output
    assert "1 suspicious pair" in out.output and "bot2 placed ahead of bot6 in 100% of" in out.output
    assert "shared matches:" in out.output
    out = run.invoke(app, ["league", "fairplay", "--ladder", "l4", "--db", str(rigged), "--json"])
    (pair,) = json.loads(out.output)
    assert pair["ahead"] == "bot2" and pair["behind"] == "bot6" and len(pair["matches"]) == pair["games"]
    assert pair["expected"] < 0.5 < pair["observed"] and set(ELO) >= {pair["ahead"], pair["behind"]}
