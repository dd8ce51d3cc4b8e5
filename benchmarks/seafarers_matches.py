"""Seeded random Seafarers matches as digests: record them, then check that the engine still plays them alike.

A speed change to the engine must change no rule and no match. ``record PATH`` plays, for every
scenario at 3 and 4 seats and a few seeds, the engine loop (a random pick among the listed actions)
and ``play_match`` with random bots, and writes per match a SHA-256 of every listed action list, every
action taken, the final position's text and the result (and for ``play_match`` the replay log).
``check PATH`` plays them again and names every match whose digest differs.

    nice -n 10 .venv/bin/python benchmarks/seafarers_matches.py record /tmp/sea.json
    ... change the engine ...
    nice -n 10 .venv/bin/python benchmarks/seafarers_matches.py check /tmp/sea.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bots.reference.simple import RandomBot  # noqa: E402
from engine.core.match import play_match  # noqa: E402
from engine.core.rng import Stream  # noqa: E402
from engine.registry import load_game  # noqa: E402

SCENARIOS = ("new-shores", "four-islands", "fog-islands")


def loop_digest(variant: str, seats: int, seed: int) -> str:
    """The digest of one engine-loop match: every listing, every action, the end."""
    game = load_game("catan", variant, seats)
    state = game.new_state(seed)
    pick = Stream(seed)
    digest = hashlib.sha256()
    while not state.is_terminal():
        seat = state.seats_to_move()[0]
        legal = state.legal_actions(seat)
        action = legal[pick.below(len(legal))]
        digest.update(repr((seat, [str(a) for a in legal], str(action))).encode())
        state.apply(seat, action)
    digest.update(state.to_text().encode())
    digest.update(json.dumps(state.result().to_json(), sort_keys=True).encode())
    return digest.hexdigest()


def match_digest(variant: str, seats: int, seed: int) -> str:
    """The digest of one ``play_match`` with random bots: its replay log (the timings left out), the end, the result."""
    game = load_game("catan", variant, seats)
    record = play_match(game, [RandomBot(seed * 8 + s) for s in range(seats)], seed)
    lines = [line for line in record.log.lines() if '"type":"timing"' not in line]
    digest = hashlib.sha256("\n".join(lines).encode())
    digest.update(record.state.to_text().encode())
    digest.update(json.dumps(record.result.to_json(), sort_keys=True).encode())
    return digest.hexdigest()


def digests(seeds: int) -> dict[str, str]:
    """Every match's digest by a key naming its loop, scenario, seats and seed."""
    out: dict[str, str] = {}
    for name in SCENARIOS:
        for seats in (3, 4):
            for seed in range(seeds):
                variant = f"seafarers-{name}"
                out[f"loop {name} {seats} {seed}"] = loop_digest(variant, seats, seed)
                out[f"match {name} {seats} {seed}"] = match_digest(variant, seats, seed)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("record", "check"))
    parser.add_argument("path", type=Path)
    parser.add_argument("--seeds", type=int, default=4, help="seeds per scenario and seat count")
    args = parser.parse_args(argv)
    if args.mode == "record":
        args.path.parent.mkdir(parents=True, exist_ok=True)
        args.path.write_text(json.dumps(digests(args.seeds), indent=1) + "\n")
        print(f"recorded {args.seeds * len(SCENARIOS) * 4} matches in {args.path}")
        return 0
    want: dict[str, str] = json.loads(args.path.read_text())
    seeds = 1 + max(int(key.rsplit(" ", 1)[1]) for key in want)
    got = digests(seeds)
    differ = sorted(key for key in want if got.get(key) != want[key])
    for key in differ:
        print(f"differs: {key}")
    print(f"{len(want) - len(differ)} of {len(want)} matches alike")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
