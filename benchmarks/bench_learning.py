"""Learning environments: steps/s per game, one process and vectorized, and the encoding's cost per step.

For every game configuration below, the Gymnasium environment (one learning seat, random bots in the
other seats, the learner choosing uniformly among its legal slots) is stepped in this process, and
again through Gymnasium's vector API over two processes (``AsyncVectorEnv``); the PettingZoo AEC
environment (every seat learning) is stepped in this process. A step is one decision of a learning
seat. On a shared machine wall time says little, so the one-process figures are per second of this
process's CPU time (``time.process_time``); the vectorized ones are per wall second (their work is in
other processes). The cost of the observation encoding and of the action mask is measured on the observations
and positions of random matches, beside the engine's own cost of a decision (the in-process match loop
of random bots) for scale.

``--peer PYTHON`` also steps catanatron's Gym environment (``catanatron-v1``, catanatron-gym) in that
interpreter (``make bench-peers`` installs it into a throwaway venv) and prints it beside ours.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import gymnasium as gym  # noqa: E402
import numpy as np  # noqa: E402

import learning  # noqa: E402, F401  # registers the arena/ ids
from bots.reference.simple import RandomBot  # noqa: E402
from engine.core.match import play_match  # noqa: E402
from engine.core.rng import Stream  # noqa: E402
from learning.aec_env import ArenaAEC  # noqa: E402
from learning.gym_env import ArenaEnv  # noqa: E402
from learning.space import load, space_of  # noqa: E402

CONFIGS: tuple[tuple[str, str, str | None, int], ...] = (
    ("Puerto Rico 3", "puerto-rico", None, 3),
    ("Puerto Rico 5", "puerto-rico", None, 5),
    ("Catan base 4", "catan", "base", 4),
    ("Catan extended 6", "catan", "extended", 6),
    ("Catan helpers 4", "catan", "helpers", 4),
    ("Cities & Knights 4", "catan-ck", None, 4),
)
CLOCK = time.process_time


def gym_steps(game: str, variant: str | None, players: int, steps: int) -> float:
    env = ArenaEnv(game, variant, players, opponents="random")
    rng = np.random.default_rng(1)
    _obs, info = env.reset(seed=1)
    episodes = 0
    started = CLOCK()
    for _ in range(steps):
        _obs, _reward, terminated, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(info["action_mask"])))
        )
        if terminated or truncated:
            episodes += 1
            _obs, info = env.reset(seed=1 + episodes)
    return steps / (CLOCK() - started)


def aec_steps(game: str, variant: str | None, players: int, steps: int) -> float:
    env = ArenaAEC(game, variant, players)
    rng = np.random.default_rng(1)
    env.reset(seed=1)
    done = 0
    started = CLOCK()
    for _ in range(steps):
        obs, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            if not env.agents:
                done += 1
                env.reset(seed=1 + done)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return steps / (CLOCK() - started)


def cpu_seconds(pids: list[int]) -> float:
    """CPU seconds (user and system) the processes have used so far, from /proc (0 where it is absent)."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / tick


def vector_steps(
    game: str, variant: str | None, players: int, steps: int, envs: int = 2
) -> tuple[float, float]:
    """Steps per wall second, and per CPU second of every process (this one and the workers)."""
    ids = {"puerto-rico": "arena/PuertoRico-v0", "catan": "arena/Catan-v0", "catan-ck": "arena/CatanCK-v0"}
    vec = gym.make_vec(ids[game], num_envs=envs, vectorization_mode="async", variant=variant, players=players)
    pids = [process.pid for process in getattr(vec, "processes", [])]
    rng = np.random.default_rng(1)
    _obs, info = vec.reset(seed=list(range(envs)))
    rounds = steps // envs
    started, cpu = time.perf_counter(), CLOCK() + cpu_seconds(pids)
    for _ in range(rounds):
        actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in info["action_mask"]]
        _obs, _reward, _terminated, _truncated, info = vec.step(actions)
    seconds, cpu = time.perf_counter() - started, CLOCK() + cpu_seconds(pids) - cpu
    vec.close()
    return rounds * envs / seconds, rounds * envs / cpu if pids and cpu > 0 else float("nan")


def encoding_cost(game: str, variant: str | None, players: int, decisions: int) -> dict[str, float]:
    """µs per observation encoding and per action mask, on positions of random play; µs per decision
    of the engine's match loop with random bots (the engine's own cost, for scale)."""
    loaded = load(game, variant, players)
    space = space_of(loaded)
    rng = Stream(3)
    positions: list[tuple[Any, int, Any]] = []
    seed = 0
    while len(positions) < decisions:
        state = loaded.new_state(seed)
        seed += 1
        while not state.is_terminal() and len(positions) < decisions:
            seat = state.seats_to_move()[0]
            positions.append((state.clone(), seat, state.observe(seat)))
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
    started = CLOCK()
    for _, _, obs in positions:
        space.encode(obs)
    encode = (CLOCK() - started) / len(positions)
    started = CLOCK()
    for state, seat, obs in positions:
        space.catalog.legal(state, seat, obs)
    mask = (CLOCK() - started) / len(positions)
    started = CLOCK()
    record = play_match(loaded, [RandomBot(s) for s in range(players)], 7)
    engine = (CLOCK() - started) / record.decisions
    return {"encode_us": encode * 1e6, "mask_us": mask * 1e6, "engine_decision_us": engine * 1e6}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--steps", type=int, default=3000, help="steps per measurement")
    p.add_argument("--peer", default="", help="a Python with catanatron-gym (make bench-peers)")
    p.add_argument("--only", default="", help="measure the configurations whose label holds this text")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    rows = []
    for label, game, variant, players in CONFIGS:
        if args.only not in label:
            continue
        row = {
            "config": label,
            "gym_steps_per_s": gym_steps(game, variant, players, args.steps),
            "aec_steps_per_s": aec_steps(game, variant, players, args.steps),
            **dict(
                zip(
                    ("vector2_steps_per_s", "vector2_steps_per_cpu_s"),
                    vector_steps(game, variant, players, args.steps),
                    strict=True,
                )
            ),
            **encoding_cost(game, variant, players, min(args.steps, 2000)),
        }
        rows.append(row)
        if not args.json:
            print(
                f"{label:20s} gym {row['gym_steps_per_s']:7.0f} steps/s   vector x2 {row['vector2_steps_per_s']:7.0f}"
                f" (per CPU s {row['vector2_steps_per_cpu_s']:5.0f})"
                f"   aec {row['aec_steps_per_s']:7.0f}   encode {row['encode_us']:6.1f} µs   mask"
                f" {row['mask_us']:6.1f} µs   (engine decision {row['engine_decision_us']:5.1f} µs)",
                flush=True,
            )
    peer = None
    if args.peer:
        out = subprocess.run(
            [args.peer, str(ROOT / "benchmarks/peers/catanatron_gym_runner.py"), str(args.steps)],
            capture_output=True,
            text=True,
            check=False,
        )
        if out.returncode != 0:
            print(f"peer failed: {out.stderr.strip()[-400:]}", file=sys.stderr)
        else:
            peer = json.loads(out.stdout)
            if not args.json:
                ours = next((r for r in rows if r["config"] == "Catan base 4"), None)
                print(
                    f"catanatron-v1 4 seats  gym {peer['seats4']['steps_per_s']:7.0f} steps/s   vector x2"
                    f" {peer['vector2_seats4']['steps_per_s']:7.0f} (per CPU s {peer['vector2_seats4']['steps_per_cpu_s']:5.0f})"
                    f"   (2 seats: {peer['seats2']['steps_per_s']:.0f})"
                    + (
                        ""
                        if ours is None
                        else f"; ours / catanatron, Catan base 4: gym {ours['gym_steps_per_s'] / peer['seats4']['steps_per_s']:.2f}x,"
                        f" vector {ours['vector2_steps_per_s'] / peer['vector2_seats4']['steps_per_s']:.2f}x"
                    )
                )
    if args.json:
        print(json.dumps({"ours": rows, "catanatron_gym": peer}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
