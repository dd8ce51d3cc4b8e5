"""catanatron in a process of its own, so that a decision that takes too long can be cut off.

The bridge's main process speaks the arena's protocol and never imports catanatron; a worker process
holds the seats (:class:`catanatron_bridge.decide.Seat`) and answers one decision at a time over a
pipe. When an answer does not come within the decision's budget, the main process kills the worker,
answers the first legal action, and starts a fresh worker (told the matches under way) for the next
decision; a worker that dies is replaced the same way. Python cannot stop a thread that is computing,
so a process is the only way to give a slow player a hard limit.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from dataclasses import asdict
from multiprocessing.connection import Connection
from typing import Any

from catanatron_bridge.messages import Answer, MatchInfo


def serve(conn: Connection, spec_text: str) -> None:
    """The worker's loop: ``match`` opens a seat, ``decide`` answers, ``end`` closes it."""
    from catanatron_bridge.decide import Seat
    from catanatron_bridge.players import parse_spec

    spec = parse_spec(spec_text)
    seats: dict[str, Seat | str] = {}
    try:
        conn.send(("ready",))
        while _serve_one(conn, spec, seats):
            pass
    except (EOFError, BrokenPipeError, ConnectionResetError):
        return  # the main process is gone: so is the match


def _serve_one(conn: Connection, spec: Any, seats: dict[str, Any]) -> bool:
    """Handle one message; False once told to stop."""
    from catanatron_bridge.decide import Seat

    message = conn.recv()
    kind = str(message[0])
    if kind == "match":
        _, match_id, info, seed = message
        try:
            seats[match_id] = Seat(spec, MatchInfo(**info), seed)
        except Exception as exc:  # reported at the seat's first decision
            seats[match_id] = f"catanatron cannot seat the player: {type(exc).__name__}: {exc}"
    elif kind == "decide":
        _, match_id, ply, observation, legal = message
        seat = seats.get(match_id, f"no seat for match {match_id}")
        if isinstance(seat, str):
            answer = Answer(0, f"ply {ply}: {seat}; answered {legal[0]!r}")
        else:
            answer = seat.decide(ply, observation, legal)
        conn.send(("answer", answer.answer, answer.note))
    elif kind == "end":
        seats.pop(message[1], None)
    return kind != "stop"


class Worker:
    """The main process's handle on the worker: start, ask with a deadline, replace when it fails."""

    def __init__(self, spec_text: str) -> None:
        self.spec_text = spec_text
        self.matches: dict[str, tuple[dict[str, Any], int]] = {}
        self._process: Any = None
        self._conn: Connection | None = None
        self._ready = False

    def start(self) -> None:
        """Start a worker if none runs; it imports catanatron while the bot connects to the referee."""
        if self._process is not None:
            return
        # catanatron lists some actions by iterating sets of strings and enums, whose order follows the
        # interpreter's string hashing: the worker hashes with a fixed seed, so the same seed plays the
        # same match in any process.
        os.environ["PYTHONHASHSEED"] = "0"
        context = multiprocessing.get_context("spawn")
        parent, child = context.Pipe()
        process = context.Process(target=serve, args=(child, self.spec_text), daemon=True)
        process.start()
        child.close()
        self._process, self._conn, self._ready = process, parent, False

    def wait_ready(self, timeout_s: float) -> bool:
        """Wait up to ``timeout_s`` for the worker to be ready, then tell it the matches under way."""
        assert self._conn is not None
        if self._ready:
            return True
        if not self._conn.poll(timeout_s):
            return False
        self._conn.recv()
        self._ready = True
        for match_id, (info, seed) in self.matches.items():
            self._conn.send(("match", match_id, info, seed))
        return True

    def open_match(self, match_id: str, info: MatchInfo, seed: int) -> None:
        self.matches[match_id] = (asdict(info), seed)
        if self._conn is not None and self._ready:
            self._conn.send(("match", match_id, self.matches[match_id][0], seed))

    def end_match(self, match_id: str) -> None:
        self.matches.pop(match_id, None)
        if self._conn is not None and self._ready:
            self._conn.send(("end", match_id))

    def decide(
        self,
        match_id: str,
        ply: int,
        observation: dict[str, Any],
        legal: list[str],
        budget_s: float,
        startup_s: float = 0.0,
    ) -> Answer:
        """The worker's answer within ``budget_s`` seconds; else the first legal action, the worker
        replaced, and a note saying why. A worker still starting may take ``startup_s`` more to be ready
        (a worker not ready by then is left to start, and this decision answered without it)."""
        started = time.perf_counter()
        try:
            self.start()
            if not self.wait_ready(budget_s + startup_s):
                return Answer(0, f"ply {ply}: catanatron is still starting; answered {legal[0]!r}")
        except (OSError, EOFError) as exc:
            self.stop()
            return Answer(
                0, f"ply {ply}: the catanatron worker does not start ({exc}); answered {legal[0]!r}"
            )
        assert self._conn is not None
        budget_s = max(0.05, budget_s - max(0.0, time.perf_counter() - started - startup_s))
        started = time.perf_counter()
        try:
            self._conn.send(("decide", match_id, ply, observation, legal))
            if self._conn.poll(budget_s):
                _, answer, note = self._conn.recv()
                return Answer(answer, note)
            why = f"catanatron took more than {budget_s:.2f} s (stopped after {time.perf_counter() - started:.2f} s)"
        except (EOFError, OSError, BrokenPipeError) as exc:
            why = f"the catanatron worker died ({type(exc).__name__})"
        self.stop()
        return Answer(0, f"ply {ply}: {why}; answered {legal[0]!r}")

    def stop(self) -> None:
        """Kill the worker; the next decision starts a fresh one."""
        if self._process is not None:
            self._process.kill()
            self._process.join(timeout=5)
        if self._conn is not None:
            self._conn.close()
        self._process, self._conn, self._ready = None, None, False
