"""Step catanatron's Gym environment (``catanatron-v1`` of the catanatron-gym package) with random valid
actions and print steps/s as JSON: one process, and two processes through Gymnasium's vector API.

Run in the throwaway peer interpreter (``make bench-peers`` installs catanatron 3.2.1 and catanatron-gym
there); it is never imported by the project. ``catanatron-v1`` plays one learning seat against random
players: its default is one opponent (two seats); ``--seats 4`` gives it three, as in our Catan-v0.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time


def make(seats: int):  # type: ignore[no-untyped-def]
    import catanatron_gym  # type: ignore[import-not-found]  # noqa: F401  # registers catanatron-v1
    import gymnasium
    from catanatron import Color, RandomPlayer  # type: ignore[import-not-found]

    enemies = [RandomPlayer(c) for c in (Color.RED, Color.WHITE, Color.ORANGE)[: seats - 1]]
    return gymnasium.make("catanatron-v1", config={"enemies": enemies})


def single(seats: int, steps: int) -> dict[str, float]:
    env = make(seats)
    rng = random.Random(1)
    _obs, info = env.reset(seed=1)
    episodes = 0
    started = time.process_time()  # CPU time, as our one-process figures
    for _ in range(steps):
        _obs, _reward, terminated, truncated, info = env.step(rng.choice(info["valid_actions"]))
        if terminated or truncated:
            episodes += 1
            _obs, info = env.reset(seed=episodes + 1)
    seconds = time.process_time() - started
    return {"steps_per_s": steps / seconds, "episodes": episodes, "seconds": seconds}


def vector(seats: int, steps: int, envs: int) -> dict[str, float]:
    import gymnasium

    vec = gymnasium.vector.AsyncVectorEnv([lambda: make(seats) for _ in range(envs)])
    pids = [process.pid for process in vec.processes]
    rng = random.Random(1)
    _obs, info = vec.reset(seed=list(range(envs)))
    started, cpu = time.perf_counter(), time.process_time() + cpu_seconds(pids)
    for _ in range(steps // envs):
        actions = [rng.choice(valid) for valid in info["valid_actions"]]
        _obs, _reward, _terminated, _truncated, info = vec.step(actions)
    seconds, cpu = time.perf_counter() - started, time.process_time() + cpu_seconds(pids) - cpu
    vec.close()
    done = (steps // envs) * envs
    return {
        "steps_per_s": done / seconds,
        "steps_per_cpu_s": done / cpu if cpu > 0 else float("nan"),
        "seconds": seconds,
    }


def cpu_seconds(pids: list[int]) -> float:
    """CPU seconds (user and system) the processes have used so far, from /proc (0 where it is absent)."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def main() -> int:
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    out = {
        "seats4": single(4, steps),
        "seats2": single(2, steps),
        "vector2_seats4": vector(4, steps, 2),
    }
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
