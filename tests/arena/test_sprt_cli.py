"""``arena sprt`` end to end on real Puerto Rico matches: duplicate pairs, a decision, pairs under way
finished, the results on the ladder, a resumed test, and host mistakes in one line."""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from arena.cli import app
from ladders.sprt import MIN_PAIRS

runner = CliRunner()
ARGS = ["sprt", "--game", "pr", "--players", "3", "--candidate", "pr-greedy", "--baseline", "random"]
ARGS += ["--field", "random,first", "--elo0", "0", "--elo1", "100", "--seed", "5", "--workers", "2"]


def sprt(db: Path, *extra: str) -> tuple[int, str]:
    out = runner.invoke(app, [*ARGS, "--db", str(db), *extra])
    return out.exit_code, out.output


def stored(db: Path) -> list[tuple[int, int, int, list[str], list[str]]]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT pod, rotation, seed, bots, labels FROM matches ORDER BY pod, rotation")
        return [(p, r, s, json.loads(b), json.loads(lb)) for p, r, s, b, lb in rows]


pytestmark = pytest.mark.xdist_group("sprt-cli")  # one worker plays the whole test for both below


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """One whole test to its decision (2 workers), its database and its ``--json`` result."""
    db = tmp_path_factory.mktemp("sprt") / "whole.sqlite"
    code, output = sprt(db, "--json")
    assert code == 0, output
    return db, json.loads(output)


def test_a_clear_difference_is_accepted_and_every_pair_is_played_in_full(
    whole: tuple[Path, dict[str, Any]],
) -> None:
    db, result = whole
    assert result["verdict"] == "H1" and result["candidate"] == "pr-greedy"
    decision, latest = result["decision"], result["latest"]
    assert decision["pairs"] >= MIN_PAIRS and decision["llr"] >= result["bounds"]["upper"]
    assert latest["pairs"] >= decision["pairs"]
    rows = stored(db)
    assert result["played"] == len(rows) == latest["pairs"] * 2 * 3  # pairs under way were finished
    by_pair: dict[int, list[tuple[int, int, int, list[str], list[str]]]] = defaultdict(list)
    for row in rows:
        by_pair[row[0] // 2].append(row)
    for matches in by_pair.values():
        assert len(matches) == 6
        assert len({seed for _, _, seed, _, _ in matches}) == 1  # one seed for both pods
        for rotation in range(3):
            one, two = (m for m in matches if m[1] == rotation)
            # The same field in the same seats; the baseline where the candidate sat.
            cand, base = (one, two) if one[0] % 2 == 0 else (two, one)
            seat = cand[3].index("pr-greedy")
            assert base[3][seat] == "random" and base[3][:seat] + base[3][seat + 1 :] == [
                b for k, b in enumerate(cand[3]) if k != seat
            ]
    assert set(by_pair) == set(range(latest["pairs"]))

    # On the ladder like any tournament; the same command reports the decision and plays nothing.
    shown = runner.invoke(app, ["ladder", "show", "puerto-rico/base", "--db", str(db), "--json"])
    assert shown.exit_code == 0 and json.loads(shown.output)["matches"] == len(rows)
    code, again = sprt(db)
    assert code == 0, again
    assert "H1 accepted (+100 Elo rather than +0): pr-greedy is stronger than random" in again
    assert f"0 played, {len(rows)} already done" in again
    assert f"decided at pair {decision['pairs']}" in again and "LLR" in again and "-2.94 .. 2.94" in again


def test_a_killed_test_resumes_to_the_same_decision(
    whole: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    whole_db, reference = whole
    killed = tmp_path / "killed.sqlite"
    # The same command on another database stores the same rows: a copy of the whole test stands for
    # it, then loses what a kill inside pair 3 loses (its last matches and all after); it resumes on
    # one worker where the whole test ran on two.
    with sqlite3.connect(whole_db) as source, sqlite3.connect(killed) as copy:
        source.backup(copy)
    with sqlite3.connect(killed) as conn:
        conn.execute("DELETE FROM matches WHERE pod > 7 OR (pod = 7 AND rotation > 0)")
    code, output = sprt(killed, "--json", "--workers", "1")
    assert code == 0, output
    resumed = json.loads(output)
    assert resumed["decision"] == reference["decision"] and resumed["verdict"] == reference["verdict"]
    assert resumed["skipped"] == 3 * 2 * 3 + 4
    # One worker stops at the decision; the two of the whole test may have finished a pair under way.
    decided = reference["decision"]["pairs"] * 2 * 3
    assert [r[:3] for r in stored(killed)] == [r[:3] for r in stored(whole_db)][:decided]


def test_host_mistakes_are_one_line(tmp_path: Path) -> None:
    db = str(tmp_path / "bad.sqlite")
    cases = [
        (["--baseline", "pr-greedy"], "--candidate and --baseline are the same bot"),
        (["--elo1", "-5"], "elo1 must be above elo0"),
        (["--alpha", "0.7"], "alpha and beta must be between 0 and 0.5"),
        (["--field", "random,random"], "--field lists a bot twice"),
        (["--field", "nobody"], "unknown bot 'nobody'"),
        (["--max-pairs", "2"], f"--max-pairs must be at least {MIN_PAIRS}"),
    ]
    for extra, message in cases:
        out = runner.invoke(app, [*ARGS, "--db", db, *extra])
        assert out.exit_code == 2, (extra, out.output)
        assert message in out.output and len(out.output.strip().splitlines()) == 1, out.output
    assert not Path(db).exists()
