"""``python -m catanatron_bridge.bench SPEC [SPEC...]``: what one decision of a seated player costs.

The positions are the unforced decisions of ``catan-greedy`` matches in Catan base at 4 seats without
domestic trade (seeds 1, 2, ...), spread evenly over each match. Each is answered as the bridge answers
a request: the observation as sent on the wire (JSON), the position rebuilt from it, catanatron's
player asked, the answer mapped back (``Seat.decide``, in this process: no worker, no gRPC). The board
is mapped once per match and seat, outside the timing, as the bridge does at match start. Prints one
JSON object per spec: decisions, wall-clock and CPU seconds, decisions per second, and how many
decisions the bridge had to answer without the player (which must be none).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from bots.builtin import make_bot
from catanatron_bridge.decide import Seat
from catanatron_bridge.messages import MatchInfo
from catanatron_bridge.players import SpecError, parse_spec
from engine.core.match import DecisionView
from engine.core.observation import to_jsonable
from engine.core.rng import derive_seed
from engine.registry import load_game

PLAYERS = 4
OPTIONS: dict[str, Any] = {"offer_limit": 0}


def positions(count: int) -> list[tuple[int, int, int, dict[str, Any], list[str]]]:
    """``count`` unforced decisions of greedy matches: (match seed, seat, ply, observation, legal texts)."""
    game = load_game("catan", "base", PLAYERS, **OPTIONS)
    out: list[tuple[int, int, int, dict[str, Any], list[str]]] = []
    seed = 0
    while len(out) < count:
        seed += 1
        bots = [make_bot("catan-greedy", "catan", s, seed) for s in range(PLAYERS)]
        st = game.new_state(seed)
        match: list[tuple[int, int, int, dict[str, Any], list[str]]] = []
        while not st.is_terminal():
            seat = st.seats_to_move()[0]
            legal = st.legal_actions(seat)
            if not st.is_forced(seat):
                obs = to_jsonable(st.observe(seat))
                match.append((seed, seat, st.ply, obs, [a.text() for a in legal]))
            view = DecisionView(
                game=game.ref,
                seat=seat,
                ply=st.ply,
                legal=legal,
                families=st.families(seat),
                events=(),
                forced=st.is_forced(seat),
                observation=st.observe(seat),
            )
            answer = bots[seat].act(view)
            action = legal[answer] if isinstance(answer, int) else game.parse_action(str(answer))
            st.apply(seat, action)
        step = max(1, len(match) // count)
        out += match[::step][: count - len(out)]
    return out


def boards(seeds: set[int]) -> dict[int, dict[str, Any]]:
    """The board message (``MatchStart.board``) of each match seed."""
    game = load_game("catan", "base", PLAYERS, **OPTIONS)
    return {s: to_jsonable(game.new_state(s).static_tables()) for s in sorted(seeds)}


def measure(spec: str, decisions: list[tuple[int, int, int, dict[str, Any], list[str]]]) -> dict[str, Any]:
    parsed = parse_spec(spec)
    board_of = boards({d[0] for d in decisions})
    seats: dict[tuple[int, int], Seat] = {}
    wall = cpu = 0.0
    without = 0
    for seed, seat, ply, obs, legal in decisions:
        if (seed, seat) not in seats:
            info = MatchInfo("catan", "base", PLAYERS, dict(OPTIONS), seat, board_of[seed])
            seats[seed, seat] = Seat(parsed, info, derive_seed("bench", seed, seat))
        start, start_cpu = time.perf_counter(), time.process_time()
        answer = seats[seed, seat].decide(ply, obs, legal)
        wall += time.perf_counter() - start
        cpu += time.process_time() - start_cpu
        without += bool(answer.note)
    n = len(decisions)
    return {
        "spec": parsed.text(),
        "decisions": n,
        "seconds": wall,
        "cpu_seconds": cpu,
        "decisions_per_s": n / wall,
        "cpu_s_per_decision": cpu / n,
        "answered_without_player": without,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m catanatron_bridge.bench", description=__doc__)
    parser.add_argument("specs", nargs="+", help="catanatron:NAME[:KEY=VALUE...]")
    parser.add_argument("--decisions", type=int, default=200, help="decisions timed per spec")
    args = parser.parse_args(argv)
    decisions = positions(args.decisions)
    for spec in args.specs:
        try:
            row = measure(spec, decisions)
        except SpecError as exc:
            row = {"spec": spec, "error": str(exc)}
        print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
