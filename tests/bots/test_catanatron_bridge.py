"""The catanatron bridge (bots/bridges/catanatron): catanatron's players in real matches on the referee.

The bridge runs in its own environment, ``.venv-catanatron``, which ``make catanatron-bridge`` (part of
``make test``) builds with catanatron 3.2.1 from PyPI; without it these tests are skipped and say why.
Every match here is played by the arena itself: the bridge is spawned per seat, dials the referee and
answers over gRPC like any bot. The lockstep check of the question it asks runs in the bridge's
environment (catanatron's own game loop beside the arena's, catan.md §5.4 - §5.9 where they differ).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

import engine
from arena.bridges import bridge_python
from arena.cli import app
from arena.spawn import play_specs
from engine.core.match import FaultPolicy
from engine.core.result import Termination
from engine.referee.clock import TimeControl
from ladders.store import Store

ROOT = Path(__file__).resolve().parents[2]
BRIDGE = ROOT / "bots" / "bridges" / "catanatron"
PLAYERS = "tests.bots.catanatron_players"
CLOCK = TimeControl(deadline_ms=30_000, time_bank_ms=120_000, join_timeout_s=120.0)
"""Room for a loaded machine: the bridge's own budgets (``seconds=``) are what these tests check."""
runner = CliRunner()

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("catanatron-bridge")]


@pytest.fixture(scope="module")
def bridge() -> Path:
    python = bridge_python()
    if not python.exists():
        pytest.skip(
            f"the catanatron bridge's environment is not built ({python}): run `make catanatron-bridge`"
        )
    return python


@pytest.fixture
def tests_importable(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bridge's worker can import the misbehaving players of ``tests/bots/catanatron_players.py``."""
    monkeypatch.setenv("PYTHONPATH", str(ROOT))


def play(specs: list[str], seed: int, tmp_path: Path, variant: str = "base") -> tuple[object, str]:
    """One match played by the arena; its record and every spawned bot's log."""
    game = engine.load_game("catan", variant, len(specs), offer_limit=0)
    logs = tmp_path / f"logs-{seed}"
    record = play_specs(
        game,
        specs,
        seed,
        policy=FaultPolicy(strike_limit=3),
        control=CLOCK,
        log_dir=logs,
        announce=lambda line: None,
    )
    text = "".join(p.read_text() for p in sorted(logs.glob("*.log")))
    return record, text


def test_lockstep_with_catanatrons_own_loop_asks_the_same_question(bridge: Path) -> None:
    """Three matches in both loops: every list differs from catanatron's only by a documented rules
    difference, and the bridge's rebuilt game lists exactly what catanatron's own loop lists."""
    done = subprocess.run(
        [
            str(bridge),
            "-m",
            "catanatron_bridge.faithful",
            "--matches",
            "3",
            "--seed",
            "10",
            "--decisions",
            "3000",
        ],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
        cwd=BRIDGE,
    )
    assert done.stdout, done.stderr
    report = json.loads(done.stdout)
    assert report["unexplained"] == []
    assert report["bridge_differs"] == []
    assert done.returncode == 0
    assert report["matches"] == 3 and report["finished"] == 3
    assert report["decisions"] > 1000
    assert report["bridge_equal"] == report["decisions"]
    assert report["equal"] > 0.8 * report["decisions"]
    readme = (BRIDGE / "README.md").read_text()
    for name in [*report["explained"], *report["resyncs"]]:
        assert f"`{name}`" in readme, f"the rules difference {name} is not documented in the bridge's README"


def test_catanatron_players_play_whole_matches_and_replay_identically(bridge: Path, tmp_path: Path) -> None:
    specs = ["catanatron:victory-point", "catanatron:weighted-random", "catan-greedy", "random"]
    first, log = play(specs, 3, tmp_path)
    again, _ = play(specs, 3, tmp_path / "again")
    assert first.result.termination is Termination.VICTORY
    assert first.result.faults == ()
    assert "answered" not in log  # the bridge never had to answer without the player
    assert first.log.lines() == again.log.lines()
    assert first.log.header["seats"][0] == "catanatron:victory-point"
    texts = [r["action"] for r in first.log.records if r["seat"] in (0, 1)]
    assert any(t.startswith("settle") for t in texts) and "roll" in texts


def test_misbehaving_players_get_the_first_legal_action_and_a_logged_reason(
    bridge: Path, tmp_path: Path, tests_importable: None
) -> None:
    specs = [
        f"catanatron:{PLAYERS}.Raising",
        f"catanatron:{PLAYERS}.Unmappable",
        f"catanatron:{PLAYERS}.SlowFirst:seconds=2",
        "catan-greedy",
    ]
    record, log = play(specs, 4, tmp_path)
    assert record.result.termination is Termination.VICTORY
    assert record.result.faults == ()  # every request was answered in time with a legal action
    assert "catanatron's Raising: RuntimeError: this player always raises" in log
    assert "is not one of the actions it was offered" in log
    assert "ply 4: catanatron took more than 2.00 s" in log  # seat 2's first settlement
    assert all(line.startswith("catanatron-bridge: ply ") for line in log.splitlines() if "answered" in line)


def test_a_game_catanatron_cannot_represent_is_played_by_first_legal_actions_with_the_reason(
    bridge: Path, tmp_path: Path
) -> None:
    record, log = play(
        ["catanatron:victory-point", "catan-greedy", "random", "random"], 5, tmp_path, "helpers"
    )
    assert record.result.faults == ()
    assert (
        "ply 0: catanatron plays Catan base at 3-4 seats, not catan/helpers at 4; answered 'settle 0'" in log
    )


def test_the_arena_refuses_a_player_this_catanatron_lacks_in_one_line(bridge: Path, tmp_path: Path) -> None:
    db = str(tmp_path / "t.sqlite")
    for args in (
        ["play", "catan", "--bots", "catanatron:alphabeta:depth=2,random,random,random", "--seed", "1"],
        ["run", "--game", "catan", "--bots", "random,first,catanatron:alphabeta", "--db", db, "--quiet"],
        [
            "sprt",
            "--game",
            "catan",
            "--candidate",
            "random",
            "--baseline",
            "first",
            "--field",
            "catanatron:value",
            "--db",
            db,
        ],
    ):
        out = runner.invoke(app, args)
        assert out.exit_code != 0, out.output
        assert "needs catanatron's" in out.output and "which catanatron 3.2.1 does not provide" in out.output
        assert "make catanatron-bridge CATANATRON=" in out.output
        assert "Traceback" not in out.output and len(out.output.strip().splitlines()) == 1, out.output


def test_a_tournament_rates_catanatron_bots_on_the_ladder(bridge: Path, tmp_path: Path) -> None:
    db = str(tmp_path / "t.sqlite")
    bots = "catan-greedy,catanatron:weighted-random,random"
    args = ["run", "--game", "catan", "--players", "3", "--bots", bots, "--pods", "1", "--seed", "3"]
    args += ["-o", "offer_limit=0", "--deadline-ms", "30000", "--time-bank-ms", "120000"]
    out = runner.invoke(app, [*args, "--db", db, "--workers", "1", "--quiet"])
    assert out.exit_code == 0, out.output
    shown = runner.invoke(app, ["ladder", "show", "catan", "--db", db, "--json"])
    assert shown.exit_code == 0, shown.output
    rows = json.loads(shown.output)
    assert "catanatron:weighted-random" in [b["bot"] for b in rows["bots"]]
    with Store(db) as store:
        assert store.bots()["catanatron:weighted-random"][0] == "bridge"
        matches = store.ladder_matches(rows["ladder"])
    assert len(matches) == 3 and all(not m.faults for m in matches)


def test_head_to_head_plays_catanatrons_own_loop_both_orders_and_gives_an_interval(bridge: Path) -> None:
    """catanatron's 1v1 setting, where its players' published win rates were measured: each seed twice
    with the order swapped, the tally and A's share with its 95 % Wilson interval; a player this
    environment lacks is one line and exit status 2."""
    command = [str(bridge), "-m", "catanatron_bridge.headtohead"]
    done = subprocess.run(
        [*command, "catanatron:victory-point", "catanatron:weighted-random", "--seeds", "2", "--seed", "4"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=BRIDGE,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    games = lines[:-1]
    assert len(games) == 4
    assert [g.split(" (")[1].split(")")[0] for g in games] == ["A, B", "B, A"] * 2
    assert games[0].split(" (")[0] == games[1].split(" (")[0] != games[2].split(" (")[0]  # a seed twice
    won = {side: sum(1 for g in games if f"): {side} in " in g) for side in "AB-"}
    summary = lines[-1]
    assert summary.startswith("A = catanatron:victory-point, B = catanatron:weighted-random:")
    assert f"A won {won['A']}, B won {won['B']}, {won['-']} unfinished, 4 games" in summary
    missing = subprocess.run(
        [*command, "catanatron:alphabeta", "catanatron:value"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=BRIDGE,
    )
    assert missing.returncode == 2 and missing.stdout == ""
    assert missing.stderr.strip().count("\n") == 0 and "needs catanatron's AlphaBetaPlayer" in missing.stderr
    check = subprocess.run(
        [
            str(bridge),
            "-c",
            "from catanatron_bridge.headtohead import wilson;"
            " print(*(f'{x:.4f}' for x in (*wilson(5, 10), *wilson(0, 10), *wilson(10, 10), *wilson(0, 0))))",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=BRIDGE,
    )
    # 5 of 10: 0.5 -+ 1.96 * sqrt(0.025 + 0.0096) / 1.384; none of 10: 0 .. 3.84 / 13.84
    assert check.stdout.split() == [
        "0.2366",
        "0.7634",
        "0.0000",
        "0.2775",
        "0.7225",
        "1.0000",
        "0.0000",
        "1.0000",
    ]
