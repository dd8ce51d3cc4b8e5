"""A baseline that learns with numpy alone: policy gradient (REINFORCE) over the masked action space.

``python -m learning.train --game pr --players 3 --opponents random,pr-greedy --minutes 30 --out runs/pr3``

Worker processes play episodes of the Gymnasium environment (:class:`learning.gym_env.ArenaEnv`) with
the current policy, in a random seat against opponents drawn from ``--opponents`` for each episode;
the main process updates the policy (:class:`learning.policy.Policy`) after every batch: the gradient of
the log-probability of each chosen slot (a softmax over the legal slots) times the episode's reward less
the batch's mean, plus a small entropy bonus, with Adam. Every reward is the final place's
(``rank``: +1 first to -1 last). A checkpoint is written at each of ``--checkpoints`` minutes
(``OUT-5m.npz``...) and at the end (``OUT.npz``), each a bot by spec
(``py:learning.policy:PolicyBot:path=OUT.npz``); ``OUT.log`` holds one JSON line per batch: wall and CPU
seconds (all processes), episodes, the mean reward against each opponent.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from learning.policy import Policy, space_digest
from learning.space import load, space_of

_ENVS: dict[tuple[str, ...], Any] = {}


def _play(task: dict[str, Any]) -> dict[str, Any]:
    """Worker: play ``episodes`` episodes with the given parameters; the learner's steps and rewards."""
    from learning.gym_env import ArenaEnv

    started = time.process_time()
    policy = Policy.__new__(Policy)
    policy.params, policy.hidden = task["params"], task["hidden"]
    policy.mean, policy.var = task["mean"], task["var"]
    rng = np.random.default_rng(task["seed"])
    game = load(task["game"], task["variant"], task["players"])
    obs_rows: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    actions: list[int] = []
    returns: list[float] = []
    against: list[tuple[str, float]] = []
    for _ in range(task["episodes"]):
        others = tuple(str(rng.choice(task["opponents"])) for _ in range(game.players - 1))
        env = _ENVS.get(others)
        if env is None:
            env = _ENVS[others] = ArenaEnv(
                task["game"], task["variant"], task["players"], opponents=list(others), seat="random"
            )
        obs, info = env.reset(seed=int(rng.integers(1 << 62)))
        start = len(actions)
        done, reward = False, 0.0
        while not done:
            mask = info["action_mask"]
            slot = policy.choose(obs, mask, rng)
            obs_rows.append(obs)
            masks.append(mask)
            actions.append(slot)
            obs, reward, terminated, truncated, info = env.step(slot)
            done = terminated or truncated
        returns.extend([reward] * (len(actions) - start))
        against.append(("+".join(sorted(set(others))), reward))
    return {
        "obs": np.asarray(obs_rows, np.float32),
        "mask": np.asarray(masks, np.int8),
        "action": np.asarray(actions, np.int64),
        "return": np.asarray(returns, np.float32),
        "against": against,
        "cpu": time.process_time() - started,
    }


class Adam:
    def __init__(self, params: dict[str, np.ndarray], lr: float) -> None:
        self.lr, self.t = lr, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, params: dict[str, np.ndarray], grads: dict[str, np.ndarray]) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m_hat, v_hat = self.m[k] / (1 - 0.9**self.t), self.v[k] / (1 - 0.999**self.t)
            params[k] += (self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)  # ascent


def gradients(policy: Policy, batch: dict[str, np.ndarray], entropy: float) -> dict[str, np.ndarray]:
    """The policy-gradient ascent direction of one batch (see the module docstring)."""
    x = policy.normalise(batch["obs"])
    logits, h = policy.forward(x)
    probs = Policy.masked_softmax(logits, batch["mask"])
    advantage = batch["return"] - batch["return"].mean()
    advantage = advantage / (advantage.std() + 1e-6)
    n = len(x)
    onehot = np.zeros_like(probs)
    onehot[np.arange(n), batch["action"]] = 1.0
    d_logits = (onehot - probs) * advantage[:, None]
    logp = np.log(np.where(probs > 0, probs, 1.0))
    ent = -(probs * logp).sum(axis=1, keepdims=True)
    d_logits += entropy * (-probs * (logp + ent))  # the gradient of the entropy
    d_logits /= n
    grads: dict[str, np.ndarray] = {"b2": d_logits.sum(axis=0)}
    if h is None:
        grads["w2"] = x.T @ d_logits
        return grads
    p = policy.params
    grads["w2"] = h.T @ d_logits
    dh = (d_logits @ p["w2"].T) * (1 - h * h)
    grads["w1"] = x.T @ dh
    grads["b1"] = dh.sum(axis=0)
    return grads


GREEDY = ("pr-greedy", "catan-greedy", "ck-greedy")
"""The heuristic built-in bots; the default opponents are ``random`` and the one that plays the game."""


def default_opponents(game_id: str) -> list[str]:
    """``random`` and the game's heuristic bot."""
    from bots.builtin import find_bot

    return ["random", *(name for name in GREEDY if find_bot(name).plays(game_id))]


def train(args: argparse.Namespace) -> Path:
    from learning.seats import check_specs

    game = load(args.game, args.variant, args.players)
    opponents = (
        [o.strip() for o in args.opponents.split(",") if o.strip()]
        if args.opponents
        else default_opponents(game.ref.game)
    )
    if not opponents:
        raise ValueError("--opponents names no bot")
    check_specs(opponents, game)  # before any worker starts: a bad spec is one line, not a worker's error
    space = space_of(game)
    policy = Policy(space.layout.size, space.catalog.size, args.hidden, args.seed, game.ref.canonical())
    policy.digest = space_digest(space)
    adam = Adam(policy.params, args.lr)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    log = out.with_suffix(".log").open("w", encoding="utf-8")
    checkpoints = sorted(float(m) for m in args.checkpoints.split(",") if m) if args.checkpoints else []
    started, cpu_main = time.perf_counter(), time.process_time()
    cpu_workers, episodes, batch_no = 0.0, 0, 0
    seeds = np.random.default_rng(args.seed)
    context = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    with context.Pool(args.workers) as pool:
        while True:
            minutes = (time.perf_counter() - started) / 60
            while checkpoints and minutes >= checkpoints[0]:
                policy.save(
                    out.with_name(f"{out.stem}-{checkpoints[0]:g}m.npz"),
                    minutes=checkpoints[0],
                    episodes=episodes,
                )
                checkpoints.pop(0)
            if minutes >= args.minutes:
                break
            task = {
                "params": policy.params,
                "hidden": policy.hidden,
                "mean": policy.mean,
                "var": policy.var,
                "game": args.game,
                "variant": args.variant,
                "players": args.players,
                "opponents": opponents,
                "episodes": args.episodes,
            }
            results = pool.map(
                _play, [task | {"seed": int(seeds.integers(1 << 62))} for _ in range(args.workers)]
            )
            batch = {k: np.concatenate([r[k] for r in results]) for k in ("obs", "mask", "action", "return")}
            policy.observe_stats(batch["obs"].astype(np.float64))
            adam.step(policy.params, gradients(policy, batch, args.entropy))
            cpu_workers += sum(r["cpu"] for r in results)
            episodes += sum(len(r["against"]) for r in results)
            batch_no += 1
            by: dict[str, list[float]] = {}
            for r in results:
                for name, reward in r["against"]:
                    by.setdefault(name, []).append(reward)
            line = {
                "batch": batch_no,
                "wall_s": round(time.perf_counter() - started, 1),
                "cpu_s": round(cpu_workers + time.process_time() - cpu_main, 1),
                "episodes": episodes,
                "steps": len(batch["action"]),
                "reward": {k: round(float(np.mean(v)), 3) for k, v in sorted(by.items())},
            }
            log.write(json.dumps(line) + "\n")
            log.flush()
            if args.verbose:
                print(json.dumps(line), flush=True)
    wall, cpu = time.perf_counter() - started, cpu_workers + time.process_time() - cpu_main
    policy.save(
        out.with_suffix(".npz"),
        minutes=round(wall / 60, 2),
        cpu_minutes=round(cpu / 60, 2),
        episodes=episodes,
    )
    log.close()
    print(
        f"{out.with_suffix('.npz')}: {episodes} episodes, {wall / 60:.1f} wall minutes, {cpu / 60:.1f} CPU minutes"
    )
    return out.with_suffix(".npz")


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m learning.train", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="puerto-rico")
    p.add_argument("--variant", default=None)
    p.add_argument("--players", type=int, default=3)
    p.add_argument(
        "--opponents",
        default="",
        help="comma-separated bot specs drawn for the other seats (default: random and the game's"
        " heuristic bot: pr-greedy, catan-greedy or ck-greedy)",
    )
    p.add_argument("--minutes", type=float, default=10.0, help="wall-clock minutes to train")
    p.add_argument("--checkpoints", default="", help="minutes at which to save a copy, e.g. 5,10,20")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes playing episodes")
    p.add_argument("--episodes", type=int, default=8, help="episodes per worker per batch")
    p.add_argument("--hidden", type=int, default=128, help="hidden units (0: a linear policy)")
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--entropy", type=float, default=0.01)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", default="runs/learn/policy")
    p.add_argument("--verbose", action="store_true", help="print each batch's line")
    args = p.parse_args(argv)
    try:
        train(args)
    except (ValueError, LookupError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
