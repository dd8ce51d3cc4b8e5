"""League definitions: a valid file loads with its defaults; every mistake is one line naming the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.league.definition import DefinitionError, check_bot_name, check_version, load_definition

GOOD = """
name = "test league"
db = "league.sqlite"
listen = "127.0.0.1:0"
site = ""

[[ladder]]
id = "pr3"
game = "pr"
players = 3
house = ["pr-greedy", "random", {name = "anchor", spec = "first"}]
anchor = {bot = "anchor", rating = 1200}
[ladder.time]
deadline_ms = 500
[ladder.limits]
per_hour = 30
[ladder.waits]
max_wait_s = 5

[[ladder]]
id = "catan4"
game = "catan"
players = 4
duplicate = false
house = ["catan-greedy", "random"]
fill = false
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "league.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_definition_loads_with_its_defaults(tmp_path: Path) -> None:
    league = load_definition(write(tmp_path, GOOD))
    assert league.name == "test league" and league.db == str(tmp_path / "league.sqlite")
    pr, catan = league.ladders
    assert pr.id == "pr3" and pr.game == "puerto-rico" and pr.players == 3
    assert pr.ladder_key.startswith("puerto-rico/base@") and "players=3" in pr.ladder_key
    assert pr.house_names() == ("pr-greedy", "random", "anchor")
    assert pr.anchor is not None and pr.anchor.bot == "anchor" and pr.anchor.rating == 1200
    assert pr.time.deadline_ms == 500 and pr.time.time_bank_ms == 30000
    assert pr.limits.per_hour == 30 and pr.limits.concurrent == 1
    assert pr.waits.max_wait_s == 5.0 and pr.waits.balance == 2
    assert pr.placement.pods == 1 and pr.duplicate and pr.fill
    assert catan.players == 4 and not catan.duplicate and not catan.fill
    assert league.ladder("catan4") is catan
    with pytest.raises(DefinitionError, match="no ladder 'x'; ladders: pr3, catan4"):
        league.ladder("x")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("players = 3", "players = 9"), "9"),
        (("players = 3", 'players = "3"'), "ladder pr3: 'players' must be int, got '3'"),
        (('game = "pr"', 'game = "pr"\nvariant = 2'), "ladder pr3: 'variant' must be str, got 2"),
        (('game = "pr"', 'game = "chess"'), "chess"),
        (("[ladder.time]", "[ladder.tyme]"), "unknown key 'tyme'"),
        (("deadline_ms = 500", "deadline_ms = -1"), "'time.deadline_ms' must be at least 1"),
        (
            ("deadline_ms = 500", "deadline_ms = 5_000_000_000"),
            "'time.deadline_ms' must be from 1 to 4294967295",
        ),
        (("per_hour = 30", "per_hour = 0"), "limits.per_hour must be at least 1"),
        (("per_hour = 30", "per_hour = 'many'"), "'limits.per_hour' must be int"),
        (("max_wait_s = 5", "max_wait_s = -5"), "'waits.max_wait_s' must be a number of at least 0"),
        (('id = "pr3"', 'id = "PR 3"'), "ladder[0].id must be lower-case"),
        (('id = "catan4"', 'id = "pr3"'), "two ladders share an id"),
        (('bot = "anchor"', 'bot = "stockfish"'), "the anchor 'stockfish' is not a house bot"),
        (('"pr-greedy", "random"', '"pr-greedy", "catan-greedy"'), "does not play puerto-rico"),
        (('"pr-greedy", "random"', '"pr-greedy", "remote:x"'), "a house bot is built in, grpc: or cmd:"),
        (('"pr-greedy", "random"', '"pr-greedy", "pr-greedy"'), "lists a bot twice"),
        (('site = ""', 'site = "localhost"'), "'site' must be HOST:PORT"),
        (('name = "test league"', "name = 3"), "'name' must be str"),
        (('name = "test league"', 'nmae = "x"'), "unknown key 'nmae'"),
        (("[ladder.waits]", "[ladder.waits]\nbalance = 0"), "waits.balance must be at least 1"),
        (('db = "league.sqlite"', 'db = "postgres0://h/l"'), "'db' postgres0://h/l: not a database URL"),
    ],
)
def test_each_mistake_is_one_line_naming_it(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    text = GOOD.replace(*change, 1)
    assert text != GOOD
    with pytest.raises(DefinitionError) as err:
        load_definition(write(tmp_path, text))
    line = str(err.value)
    assert message in line and "\n" not in line and line.startswith(str(tmp_path / "league.toml"))
    assert line.count("league.toml") == 1, line  # the file (and the ladder) named once


def test_broken_files_are_one_line(tmp_path: Path) -> None:
    for text, message in [
        ("[[ladder]\n", "not valid TOML"),
        ('name = "x"\n', "at least one [[ladder]]"),
        ("ladder = 3\n", "at least one [[ladder]]"),
        ('backend = "spark"\n[[ladder]]\nid = "a"\ngame = "pr"\n', "'backend' must be"),
    ]:
        with pytest.raises(DefinitionError, match=message.replace("[", r"\[")):
            load_definition(write(tmp_path, text))
    (tmp_path / "bin.toml").write_bytes(b"\xff\xfe")
    with pytest.raises(DefinitionError, match="not UTF-8"):
        load_definition(tmp_path / "bin.toml")
    with pytest.raises(DefinitionError, match="no such file"):
        load_definition(tmp_path / "missing.toml")


def test_placement_needs_house_bots(tmp_path: Path) -> None:
    text = '[[ladder]]\nid = "a"\ngame = "pr"\nplayers = 3\n'
    with pytest.raises(DefinitionError, match="placement plays against house bots"):
        load_definition(write(tmp_path, text))
    league = load_definition(write(tmp_path, text + "[ladder.placement]\npods = 0\n"))
    assert league.ladders[0].house == ()


def test_bot_names_and_versions() -> None:
    assert check_bot_name("alpha-2.x") == ""
    assert "letters, digits" in check_bot_name("al pha")
    assert "letters, digits" in check_bot_name("x" * 33)
    assert "built-in" in check_bot_name("random")
    assert "house bot" in check_bot_name("anchor", ("anchor",))
    assert check_version("1.2.3+rc_1") == ""
    assert "at most 32" in check_version("v" * 33)
    assert "only letters" in check_version("1\x1b[31m")
    assert "only letters" in check_version("")


def test_py_classes_are_house_bots_of_a_local_league_only(tmp_path: Path) -> None:
    example = Path(__file__).resolve().parents[3] / "bots" / "examples" / "python" / "prefer_bot.py"
    house = f'house = ["random", {{name = "prefer", spec = "py:{example}:PreferBot"}}, "grpc:py:{example}:PreferBot"]'
    text = f'[[ladder]]\nid = "a"\ngame = "pr"\nplayers = 3\n{house}\n'
    league = load_definition(write(tmp_path, text), start_house=True)  # made and started as the host does
    assert [b.name for b in league.ladders[0].house][:2] == ["random", "prefer"]
    assert len(league.ladders[0].house) == 3
    for spec in (f"py:{example}:PreferBot", f"grpc:py:{example}:PreferBot"):
        ray = (
            f'backend = "ray"\n[[ladder]]\nid = "a"\ngame = "pr"\nplayers = 3\nhouse = ["random", "{spec}"]\n'
        )
        with pytest.raises(
            DefinitionError,
            match=r"ladder a: house bot '.*py:.*': py: classes are the host's own code, played on this machine only",
        ):
            load_definition(write(tmp_path, ray))
