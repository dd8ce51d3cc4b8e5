"""A saved policy is a bot: it plays by spec in process and over gRPC, the same moves both ways, and
is refused in one line where it does not belong; the training script learns and writes its files."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from arena.cli import app
from arena.spawn import play_specs
from engine.core.errors import UnknownChoice
from learning.gym_env import ArenaEnv
from learning.policy import Policy, PolicyBot, space_digest
from learning.space import load, space_of
from learning.train import gradients, main

runner = CliRunner()


def saved(tmp_path: Path, game: str = "puerto-rico", players: int = 3, variant: str | None = None) -> Path:
    loaded = load(game, variant, players)
    space = space_of(loaded)
    policy = Policy(space.layout.size, space.catalog.size, hidden=16, seed=3, game=loaded.ref.canonical())
    policy.digest = space_digest(space)
    policy.params["b2"][:] = np.random.default_rng(1).standard_normal(
        space.catalog.size
    )  # a taste of its own
    path = tmp_path / f"{game}.npz"
    policy.save(path)
    return path


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "players", "others"),
    [("puerto-rico", 3, ["pr-greedy", "random"]), ("catan", 4, ["catan-greedy", "random", "random"])],
)
def test_a_saved_policy_plays_by_spec_the_same_in_process_and_over_grpc(
    tmp_path: Path, game: str, players: int, others: list[str]
) -> None:
    spec = f"py:learning.policy:PolicyBot:path={saved(tmp_path, game, players)}"
    loaded = load(game, None, players)
    here = play_specs(loaded, [spec, *others], 6, announce=print)
    wire = play_specs(loaded, [f"grpc:{spec}", *others], 6, announce=print)
    assert not here.result.faults and not wire.result.faults
    assert here.log.records == wire.log.records and here.result.places == wire.result.places


@pytest.mark.parametrize(
    ("game", "others"), [("puerto-rico", ["pr-greedy", "random"]), ("catan", ["random"] * 3)]
)
def test_a_bot_sees_each_decision_as_the_environment_encodes_it(
    tmp_path: Path, game: str, others: list[str]
) -> None:
    """The policy's greedy choice from the environment's vector and mask, step by step, is the match its
    bot plays from the requests it is sent (learning.views.ViewEncoder): the same encoding, mask and
    slots, position after position."""
    players = len(others) + 1
    path = saved(tmp_path, game, players)
    policy = Policy.load(path)
    env = ArenaEnv(game, players=players, opponents=others, seat=1)
    obs, info = env.reset(seed=9)
    done = False
    while not done:
        obs, _, terminated, truncated, info = env.step(policy.choose(obs, info["action_mask"], None))
        done = terminated or truncated
    spec = f"py:learning.policy:PolicyBot:path={path}"
    record = play_specs(load(game, None, players), [others[0], spec, *others[1:]], 9, announce=print)
    assert not record.result.faults
    assert env._driver.record.log.records == record.log.records  # type: ignore[union-attr]


def test_a_policy_is_refused_in_one_line_in_another_game_or_from_a_bad_file(tmp_path: Path) -> None:
    path = saved(tmp_path)
    out = runner.invoke(
        app,
        ["play", "pr", "--bots", f"py:learning.policy:PolicyBot:path={path},random,random,random", "--json"],
    )
    # Refused before the match, not seated to forfeit it.
    assert out.exit_code == 2 and len(out.output.strip().splitlines()) == 1, out.output
    assert "could not start for puerto-rico/base with 4 seats: ValueError:" in out.output
    assert "was trained on puerto-rico/base@1(players=3" in out.output
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a policy")
    with pytest.raises(ValueError, match=r"junk\.npz: not a saved policy"):
        PolicyBot(str(junk))


def test_the_gradient_raises_the_probability_of_a_rewarded_choice() -> None:
    policy = Policy(4, 3, hidden=8, seed=0)
    x = np.array([[1.0, 0.0, 0.5, -1.0]] * 2, np.float32)
    batch = {
        "obs": x,
        "mask": np.ones((2, 3), np.int8),
        "action": np.array([2, 0]),
        "return": np.array([1.0, -1.0], np.float32),
    }
    before = Policy.masked_softmax(policy.forward(policy.normalise(x))[0], batch["mask"])[0, 2]
    for _ in range(20):
        for key, grad in gradients(policy, batch, entropy=0.0).items():
            policy.params[key] += 0.5 * grad
    after = Policy.masked_softmax(policy.forward(policy.normalise(x))[0], batch["mask"])[0, 2]
    assert after > before + 0.1


@pytest.mark.slow
def test_the_training_script_writes_a_policy_a_checkpoint_and_its_log(tmp_path: Path) -> None:
    out = tmp_path / "pr3"
    code = main(
        [
            "--minutes",
            "0.05",
            "--checkpoints",
            "0",
            "--workers",
            "1",
            "--episodes",
            "2",
            "--hidden",
            "8",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    lines = [json.loads(line) for line in out.with_suffix(".log").read_text().splitlines()]
    assert lines and lines[-1]["episodes"] >= 2 and lines[-1]["cpu_s"] > 0
    assert Policy.load(out.with_suffix(".npz")).digest == space_digest(space_of(load("puerto-rico", None, 3)))
    assert (tmp_path / "pr3-0m.npz").exists()
    assert main(["--game", "chess", "--minutes", "0.01"]) == 2


def test_the_training_script_picks_the_games_own_opponents_and_refuses_others_before_starting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Catan without --opponents trains against random and catan-greedy (the default named Puerto Rico's
    bot for every game, and the workers' error hung the pool); a bot that does not play the game is one
    line, before any worker starts."""
    out = tmp_path / "c3"
    small = ["--players", "3", "--minutes", "0.01", "--workers", "1", "--episodes", "1", "--hidden", "4"]
    assert main(["--game", "catan", *small, "--out", str(out)]) == 0
    logged = out.with_suffix(".log").read_text().splitlines()
    sets = {name for line in logged for name in json.loads(line)["reward"]}  # "catan-greedy+random"...
    assert sets and {bot for s in sets for bot in s.split("+")} <= {"random", "catan-greedy"}
    capsys.readouterr()
    bad = tmp_path / "bad"
    assert main(["--game", "catan", *small, "--opponents", "random,pr-greedy", "--out", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "error: unknown bot for catan 'pr-greedy'; valid: random, first, catan-greedy, mcts"
    assert not bad.with_suffix(".log").exists()


def test_an_unknown_choice_crosses_a_process_boundary_whole() -> None:
    """A worker's UnknownChoice reaches the parent as itself (multiprocessing pickles it)."""
    error = pickle.loads(pickle.dumps(UnknownChoice("bot", "nobody", ["random", "first"])))
    assert isinstance(error, UnknownChoice) and error.given == "nobody"
    assert str(error) == "unknown bot 'nobody'; valid: random, first"
