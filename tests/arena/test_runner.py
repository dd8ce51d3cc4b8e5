"""The runner in process: a match that cannot be played is one line in the summary and stays pending."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import arena.runner
from arena.config import from_mapping
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

    monkeypatch.setattr(arena.runner, "play_specs_quietly", broken)
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
