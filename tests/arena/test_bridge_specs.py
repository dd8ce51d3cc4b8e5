"""``catanatron:NAME`` bot specs: spawned like a ``cmd:`` bot in the bridge's own environment, refused in
one line where catanatron cannot play or the environment is not built. The matches themselves are in
tests/bots/test_catanatron_bridge.py; nothing here needs the bridge's environment."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.bot_specs import is_in_process
from arena.bridges import bridge_python, check_bridge
from arena.cli import app
from arena.config import ConfigError
from arena.config_loading import from_mapping
from arena.spawn import parse_bot_spec, seat_seed

runner = CliRunner()
MISSING = "/no/such/bridge/python"


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> str:
    """An environment that counts as built (this interpreter stands in for the bridge's)."""
    monkeypatch.setenv("ARENA_CATANATRON_PYTHON", sys.executable)
    return sys.executable


@pytest.fixture
def unbuilt(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_CATANATRON_PYTHON", MISSING)


def test_a_catanatron_spec_spawns_the_bridge_with_the_spec(built: str) -> None:
    spec = parse_bot_spec("catanatron:alphabeta:depth=3")
    assert spec.kind == "bridge" and spec.is_remote
    assert spec.command == (built, "-m", "catanatron_bridge", "catanatron:alphabeta:depth=3")
    assert spec.name == "catanatron:alphabeta:depth=3" and not spec.hello_name
    assert not spec.is_in_process and not is_in_process("catanatron:alphabeta:depth=3")
    named = parse_bot_spec("catanatron:value", name="cat-value")
    assert named.name == "cat-value"
    # the bot's seed follows the spec, the match seed and the seat, like a built-in bot's
    assert seat_seed(spec, 7, 1) == seat_seed(parse_bot_spec("catanatron:alphabeta:depth=3"), 7, 1)
    assert seat_seed(spec, 7, 1) != seat_seed(parse_bot_spec("catanatron:alphabeta:depth=2"), 7, 1)


def test_the_default_environment_is_the_checkouts_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ARENA_CATANATRON_PYTHON", raising=False)
    assert bridge_python() == Path(__file__).resolve().parents[2] / ".venv-catanatron" / "bin" / "python"


def test_a_tournament_definition_takes_catanatron_bots_for_catan_base_only(built: str) -> None:
    config = from_mapping(
        {"game": "catan", "bots": ["catan-greedy", "catanatron:victory-point", "random", "first"]}
    )
    assert [b.kind for b in config.bots] == ["builtin", "bridge", "builtin", "builtin"]
    for game, players in (("pr", 4), ("catan-ck", 4)):
        with pytest.raises(ConfigError, match="plays Catan base at 3-4 seats only"):
            from_mapping({"game": game, "players": players, "bots": ["random", "catanatron:random"]})
    with pytest.raises(ConfigError, match="plays Catan base at 3-4 seats only"):
        from_mapping(
            {"game": "catan", "variant": "extended", "players": 5, "bots": ["random", "catanatron:random"]}
        )
    with pytest.raises(ValueError, match="catanatron plays Catan base at 3-4 seats, not catan/helpers at 4"):
        check_bridge("catanatron:random", "catan", "helpers", 4)


def test_an_unbuilt_bridge_is_one_line_naming_the_make_target(unbuilt: None, tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"not built .* run `make catanatron-bridge`"):
        from_mapping({"game": "catan", "bots": ["random", "catanatron:victory-point"]})
    for args in (
        ["play", "catan", "--bots", "catanatron:victory-point,random,random,random", "--seed", "1"],
        ["run", "--game", "catan", "--bots", "random,catanatron:random", "--db", str(tmp_path / "t.sqlite")],
    ):
        out = runner.invoke(app, args)
        assert out.exit_code != 0, out.output
        assert "the catanatron bridge's environment is not built" in out.output, out.output
        assert "Traceback" not in out.output and len(out.output.strip().splitlines()) == 1, out.output
