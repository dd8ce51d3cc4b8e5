"""The runner in process: a match that cannot be played is one line in the summary (and on the command line) and stays pending."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import arena.match_play
from arena.config_loading import from_mapping
from arena.runner import run_tournament
from ladders.store import Store


def test_a_match_that_raises_is_reported_and_stays_pending(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = from_mapping(
        {"game": "pr", "players": 3, "bots": "random,first,pr-greedy", "seed": 2, "workers": 1,
         "db": str(tmp_path / "t.sqlite")}
    )  # fmt: skip

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the engine broke")

    monkeypatch.setattr(arena.match_play, "play_specs_quietly", broken)
    summary = run_tournament(config, announce=lambda line: None)
    assert summary.played == 0 and summary.total == 3 and summary.standings is None
    assert sorted(summary.failed) == sorted(
        f"{summary.tournament_id}-0000-{r}: RuntimeError: the engine broke" for r in range(3)
    )
    with Store(config.db) as store:
        assert store.finished_match_ids(summary.tournament_id) == set()
    monkeypatch.undo()
    again = run_tournament(config, announce=lambda line: None)
    assert again.played == 3 and not again.failed and again.standings is not None
    assert again.tournament_id == summary.tournament_id


@pytest.mark.parametrize("command", ["run", "sprt"])
def test_the_cli_names_a_match_not_played_in_one_plain_line(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The label is styled, not printed as markup; brackets in the reason stay as they are."""
    from typer.testing import CliRunner

    from arena.cli import app

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the engine broke at [bold]x[/bold]")

    monkeypatch.setattr(arena.match_play, "play_specs_quietly", broken)
    db = ["--db", str(tmp_path / "t.sqlite"), "--seed", "2", "--workers", "1", "--game", "pr"]
    if command == "run":
        args = ["run", "--players", "3", "--bots", "random,first,pr-greedy", "--quiet", *db]
    else:
        args = ["sprt", "--players", "3", "--candidate", "pr-greedy", "--baseline", "random"]
        args += ["--field", "random,first", "--elo0", "0", "--elo1", "100", "--max-pairs", "8", *db]
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 1, out.output
    lines = [line for line in out.output.splitlines() if line.startswith("not played: ")]
    assert lines and all(line.endswith("RuntimeError: the engine broke at [bold]x[/bold]") for line in lines)
    assert "[red]" not in out.output
