"""Secret seeds: drawn when the host gives none, kept in the database for resuming, never in an id."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import engine
from arena.cli import app
from arena.cli.run import seeding_notice
from arena.cli.serve import serve_matches
from arena.config import ConfigError, TournamentConfig
from arena.config_loading import from_mapping
from arena.runner import run_tournament
from arena.schedule import pod_seed, rotation_seed
from bots.sdk.cli import builtin_factory
from engine.referee import TimeControl
from ladders.records import MatchRecord
from ladders.store import SCHEMA_VERSION, Store
from tests.engine.referee.helpers import BotThread, start_bot
from tests.ladders.test_store import downgrade_to_version_1

cli = CliRunner()


def tournament(db: Path, **extra: Any) -> TournamentConfig:
    return from_mapping(
        {"game": "pr", "players": 3, "bots": "random,first,pr-greedy", "workers": 1, "db": str(db), **extra}
    )


def quiet(line: str) -> None:
    del line


def matches(db: str, tournament_id: str) -> list[MatchRecord]:
    with Store(db) as store:
        return store.tournament_matches(tournament_id)


def by_position(records: list[MatchRecord]) -> dict[tuple[int, int], int]:
    return {(r.pod_index, r.rotation): r.seed for r in records}


def test_a_tournament_without_a_seed_draws_a_secret_one_and_resumes_it(tmp_path: Path) -> None:
    config = tournament(tmp_path / "a.sqlite", rounds=2)
    assert config.seed is None and config.definition()["seed"] is None
    first = run_tournament(config, announce=quiet)
    with Store(config.db) as store:
        seed = store.tournament_seed(first.tournament_id)
    assert seed is not None and seed.bit_length() > 64  # 128 random bits: shorter than 65 once in 2**64
    played = matches(config.db, first.tournament_id)
    assert len(played) == 6 and all(r.seed == pod_seed(seed, r.pod_index) for r in played)

    with sqlite3.connect(config.db) as db:  # as if the run had been killed before its last match
        db.execute("DELETE FROM matches WHERE id = ?", (played[-1].match_id,))
    again = run_tournament(config, announce=quiet)
    assert again.tournament_id == first.tournament_id
    assert (again.played, again.skipped, again.total) == (1, 5, 6)
    resumed = matches(config.db, first.tournament_id)
    assert [(r.match_id, r.seed, r.places) for r in resumed] == [
        (r.match_id, r.seed, r.places) for r in played
    ]
    done = run_tournament(config, announce=quiet)
    assert (done.played, done.skipped) == (0, 6)

    other = run_tournament(tournament(tmp_path / "b.sqlite", rounds=2), announce=quiet)
    elsewhere = matches(str(tmp_path / "b.sqlite"), other.tournament_id)
    assert other.tournament_id != first.tournament_id
    assert not {r.match_id for r in elsewhere} & {r.match_id for r in played}
    assert not {r.seed for r in elsewhere} & {r.seed for r in played}


def test_a_given_seed_reproduces_the_seeds_but_not_the_ids(tmp_path: Path) -> None:
    seed = 8675309
    one = run_tournament(tournament(tmp_path / "one.sqlite", seed=seed), announce=quiet)
    two = run_tournament(tournament(tmp_path / "two.sqlite", seed=seed), announce=quiet)
    first = matches(str(tmp_path / "one.sqlite"), one.tournament_id)
    second = matches(str(tmp_path / "two.sqlite"), two.tournament_id)
    assert by_position(first) == by_position(second) == {(0, r): pod_seed(seed, 0) for r in range(3)}
    assert [r.places for r in first] == [r.places for r in second]
    assert one.tournament_id != two.tournament_id  # drawn per database: no function of the seed
    assert not {r.match_id for r in first} & {r.match_id for r in second}
    for record in first + second:
        for text in (str(seed), f"{seed:x}", str(record.seed), f"{record.seed:x}"):
            assert text not in record.match_id
    with Store(str(tmp_path / "one.sqlite")) as store:
        assert store.tournament_seed(one.tournament_id) == seed
    assert run_tournament(tournament(tmp_path / "one.sqlite", seed=seed), announce=quiet).played == 0


def test_independent_seeding_gives_every_rotation_its_own_seed(tmp_path: Path) -> None:
    duplicate = run_tournament(tournament(tmp_path / "d.sqlite", seed=3, rounds=2), announce=quiet)
    shared = matches(str(tmp_path / "d.sqlite"), duplicate.tournament_id)
    for pod in (0, 1):
        assert {r.seed for r in shared if r.pod_index == pod} == {pod_seed(3, pod)}

    config = tournament(tmp_path / "i.sqlite", seed=3, rounds=2, seeding="independent")
    assert (
        config.definition()["seeding"] == "independent" and "seeding" not in tournament(tmp_path).definition()
    )
    independent = run_tournament(config, announce=quiet)
    own = matches(config.db, independent.tournament_id)
    assert len({r.seed for r in own}) == len(own) == 6
    assert all(r.seed == rotation_seed(pod_seed(3, r.pod_index), r.rotation) for r in own)

    out = cli.invoke(
        app,
        ["run", "--game", "pr", "--players", "3", "--bots", "random,first,pr-greedy", "--seed", "3",
         "--pods", "2", "--workers", "1", "--seeding", "independent", "--db", str(tmp_path / "c.sqlite"),
         "--quiet"],
    )  # fmt: skip
    assert out.exit_code == 0, out.output
    with sqlite3.connect(tmp_path / "c.sqlite") as db:
        seeds = sorted(int(r[0]) for r in db.execute("SELECT seed FROM matches"))
    assert seeds == sorted(r.seed for r in own)


def test_a_bad_seeding_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        tournament(tmp_path / "x.sqlite", seeding="triplicate")
    assert str(caught.value) == "flags: 'seeding' must be \"duplicate\" or \"independent\", got 'triplicate'"
    out = cli.invoke(app, ["run", "--game", "pr", "--bots", "random", "--seeding", "shared"])
    assert out.exit_code == 2 and "'seeding' must be" in out.output and out.output.count("\n") == 1


def test_duplicate_seeding_with_outside_bots_prints_a_notice(tmp_path: Path) -> None:
    local = tournament(tmp_path / "x.sqlite")
    assert seeding_notice(local) == ""
    spawned = from_mapping({"game": "pr", "players": 3, "bots": ["random", "first", "cmd:python bot.py"]})
    assert "--seeding independent" in seeding_notice(spawned) and "\n" not in seeding_notice(spawned)
    remote = from_mapping({"game": "pr", "players": 3, "bots": ["random", "remote:alice"]})
    assert seeding_notice(remote) == seeding_notice(spawned)
    assert seeding_notice(from_mapping({"game": "pr", "bots": ["remote:a"], "seeding": "independent"})) == ""


def test_a_version_1_database_is_upgraded_and_its_tournament_resumes(tmp_path: Path) -> None:
    config = tournament(tmp_path / "old.sqlite", seed=21)
    first = run_tournament(config, announce=quiet)
    played = matches(config.db, first.tournament_id)
    downgrade_to_version_1(Path(config.db))  # the schema of version 1: no tournaments.seed
    with sqlite3.connect(config.db) as db:
        db.execute("DELETE FROM matches WHERE rotation = 2")
    again = run_tournament(config, announce=quiet)
    assert again.tournament_id == first.tournament_id and again.played == 1
    assert [(r.match_id, r.seed) for r in matches(config.db, first.tournament_id)] == [
        (r.match_id, r.seed) for r in played
    ]
    with sqlite3.connect(config.db) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_play_without_a_seed_draws_a_secret_one_and_shows_how_to_replay_it() -> None:
    args = ["play", "pr", "--bots", "random,first,pr-greedy"]
    shown = cli.invoke(app, [*args, "--quiet"])
    assert shown.exit_code == 0, shown.output
    assert "secret seed:" in " ".join(shown.output.split())  # in the first line, instead of a number
    found = re.search(r"secret seed (\d+): --seed \1 plays this match again", shown.output)
    assert found is not None, shown.output
    runs = [json.loads(cli.invoke(app, [*args, "--json"]).output) for _ in range(2)]
    seeds = [r["seed"] for r in runs]
    assert seeds[0] != seeds[1] and min(s.bit_length() for s in [*seeds, int(found.group(1))]) > 64
    replayed = json.loads(cli.invoke(app, [*args, "--json", "--seed", str(seeds[0])]).output)
    assert replayed == runs[0]


def test_play_and_serve_match_ids_carry_no_seed() -> None:
    seed = 918273645
    ids = []
    for _ in range(2):
        out = cli.invoke(
            app, ["play", "pr", "--bots", "random,first,grpc:random", "--seed", str(seed), "--log", "-q"]
        )
        assert out.exit_code == 0, out.output
        ids.append(set(re.findall(r" (m-[0-9a-f]{16}) seat ", out.output)))
    assert all(len(found) == 1 for found in ids) and ids[0] != ids[1]

    game = engine.load_game("puerto-rico", players=3)
    bots: list[BotThread] = []

    def announce(line: str) -> None:
        if "ARENA_BOT_KEY=" in line:
            address = line.split("ARENA_ADDRESS=")[1].split()[0]
            bots.append(start_bot(builtin_factory("random", 5), address, bot_key="k1"))

    control = TimeControl(join_timeout_s=20)
    serve_matches(
        game,
        ["random", "remote", "first"],
        [seed, seed],
        port=0,
        keys=["k1"],
        control=control,
        announce=announce,
    )
    served = [end.match_id for end in bots[0].join().ends]
    assert len(set(served)) == 2
    for match_id in [*served, *ids[0], *ids[1]]:
        assert str(seed) not in match_id and f"{seed:x}" not in match_id
