"""Tournament definitions: TOML and flags, each mistake one clear line before any match starts."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.config import ConfigError
from arena.config_loading import from_mapping, load_toml

GOOD = """
game = "pr"
players = 4
bots = ["pr-greedy", "random", "first", "cmd:python -m bots.random"]
rounds = 2
seed = 7
db = "runs/pr.sqlite"
[options]
hidden_vp = false
[time]
deadline_ms = 2000
[faults]
strike_limit = 2
"""


def test_a_good_file_is_normalised(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    path.write_text(GOOD)
    config = load_toml(path)
    assert config.game == "puerto-rico" and config.variant == "base" and config.players == 4
    assert [b.kind for b in config.bots] == ["builtin", "builtin", "builtin", "cmd"]
    assert config.bots[3].command == "python -m bots.random"
    assert dict(config.options)["hidden_vp"] is False
    assert config.time.deadline_ms == 2000 and config.time.time_bank_ms == 30000
    assert config.strike_limit == 2
    assert config.definition() == load_toml(path).definition()
    assert load_toml(path, {"seed": 8}).definition() != config.definition()
    assert load_toml(path, {"workers": 1}).definition() == config.definition()


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"game": "pr", "bots": "a"}, "unknown bot 'a'"),
        ({"game": "go", "bots": "random"}, "unknown game 'go'"),
        (
            {"game": "pr", "bots": "random", "sede": 3},
            "unknown key 'sede'; valid: backend, balance, bot, bots, confidence, db",
        ),
        (
            {"game": "pr", "bots": "random", "backend": "slurm"},
            "'backend' must be \"local\" or \"ray\", got 'slurm'",
        ),
        (
            {"game": "pr", "bots": "random", "ray": {"adress": "x"}},
            "unknown key 'ray.adress'; valid: ray.address",
        ),
        (
            {"game": "pr", "bots": "random", "ray": {"resources": {"arena": 0}}},
            "'ray.resources' must be a table",
        ),
        ({"game": "pr", "bots": "random", "ray": {"resources": {"CPU": 2}}}, "a match takes one CPU"),
        ({"game": "pr", "bots": "random", "time": {"deadline": 3}}, "unknown key 'time.deadline'"),
        ({"game": "pr", "bots": "random", "rounds": "many"}, "'rounds' must be int"),
        ({"game": "pr", "bots": []}, "'bots' must be a non-empty list"),
        ({"game": "pr", "bots": "random,random"}, "lists a bot twice"),
        ({"bots": "random"}, "'game' is required"),
        ({"game": "pr", "bots": "random", "players": 9}, "valid: 3, 4, 5"),
        ({"game": "pr", "bots": "random", "options": {"vp": 3}}, "unknown option of base 'vp'"),
    ],
)
def test_mistakes_are_one_line(raw: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        from_mapping(raw)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_bad_toml_and_missing_files(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("game = \n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_toml(bad)
    with pytest.raises(ConfigError, match="no such file"):
        load_toml(tmp_path / "nope.toml")


def test_a_table_override_updates_the_file_table_key_by_key(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    path.write_text(GOOD)
    config = load_toml(path, {"time": {"time_bank_ms": 5000}, "options": {"hidden_vp": True}})
    assert config.time.deadline_ms == 2000 and config.time.time_bank_ms == 5000
    assert dict(config.options)["hidden_vp"] is True
    assert config.strike_limit == 2 and config.db == str(tmp_path / "runs" / "pr.sqlite")


@pytest.mark.parametrize(
    ("key", "value", "low"), [("deadline_ms", 0, 1), ("time_bank_ms", -5, 0), ("time_bank_ms", 2**32, 0)]
)
def test_clocks_the_wire_cannot_carry_are_one_line(key: str, value: int, low: int) -> None:
    """A deadline or time bank travels as unsigned 32-bit milliseconds: outside them every match would
    fail; the definition is refused instead."""
    with pytest.raises(ConfigError, match=rf"'time.{key}' must be from {low} to 4294967295 ms, got {value}$"):
        from_mapping({"game": "pr", "bots": "random,first,pr-greedy", "time": {key: value}})


def test_paths_in_a_file_are_relative_to_its_folder_and_flags_to_the_current_one(tmp_path: Path) -> None:
    folder = tmp_path / "weekly"
    folder.mkdir()
    path = folder / "t.toml"
    path.write_text('replay_dir = "logs"\n' + GOOD)
    config = load_toml(path)
    assert config.db == str(folder / "runs" / "pr.sqlite") and config.replay_dir == str(folder / "logs")
    assert load_toml(path, {"db": "here.sqlite"}).db == "here.sqlite"
    absolute = tmp_path / "abs.sqlite"
    path.write_text(GOOD.replace('db = "runs/pr.sqlite"', f'db = "{absolute}"'))
    assert load_toml(path).db == str(absolute)
    path.write_text(GOOD.replace('db = "runs/pr.sqlite"\n', ""))
    assert load_toml(path).db == "arena.sqlite"  # the default, like a flag, is in the current folder
    url = "postgresql://arena@db.example:5432/ladders"
    path.write_text(GOOD.replace('db = "runs/pr.sqlite"', f'db = "{url}"'))
    assert load_toml(path).db == url  # a URL is no path: kept as it is
    path.write_text(GOOD.replace('db = "runs/pr.sqlite"', 'db = "postgresq://arena@db/ladders"'))
    with pytest.raises(
        ConfigError, match=r"'db' postgresq://arena@db/ladders: not a database URL this program"
    ):
        load_toml(path)


def test_the_backend_is_where_a_tournament_runs_not_what_it_is(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    path.write_text(
        'game = "pr"\nbots = ["random", "first", "pr-greedy"]\nseed = 3\nbackend = "ray"\n'
        '[ray]\naddress = "127.0.0.1:6379"\nresources = {arena = 1, big_memory = 0.5}\n'
    )
    config = load_toml(path)
    assert config.backend == "ray" and config.ray_address == "127.0.0.1:6379"
    assert config.ray_resources == (("arena", 1.0), ("big_memory", 0.5))
    local = load_toml(path, {"backend": "local", "ray": {"address": "auto"}})
    assert (
        local.backend == "local"
        and local.ray_address == "auto"
        and local.ray_resources == config.ray_resources
    )
    # the same tournament whichever backend plays it: a run on Ray resumes one started locally
    assert local.definition() == config.definition()
    assert from_mapping({"game": "pr", "bots": "random"}).backend == "local"
