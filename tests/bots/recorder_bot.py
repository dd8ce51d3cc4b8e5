"""An SDK bot for the tests of ``py:`` specs: it writes down everything it is told and plays at random.

Each decision's request (seat, ply, forced, the legal texts, the observation and events as JSON
objects and in their typed forms, and the engine view's observation class) is appended to the JSON-lines file ``out`` at the
match end, so a test can compare what the same class is told in process and over gRPC.
"""

from __future__ import annotations

import json
import random
from typing import Any

from google.protobuf.json_format import MessageToDict

from bots.sdk import Match, MatchEnd, Request, run


class Recorder:
    def __init__(self, seed: int = 0, out: str = "", view: bool = False) -> None:
        self.rng = random.Random(seed)
        self.out = out
        self.use_view = view
        self.lines: list[dict[str, Any]] = []
        self.match: Match | None = None

    def on_match_start(self, match: Match) -> None:
        self.match = match
        self.lines.append({"start": [match.game, match.players, match.seat, [s.name for s in match.seats]]})
        self.lines.append({"board": match.board})

    def act(self, request: Request) -> int:
        line = {
            "seat": request.seat,
            "ply": request.ply,
            "forced": request.forced,
            "legal": [a.text for a in request.legal],
            "observation": request.observation,
            "events": request.events,
            "typed": [
                MessageToDict(request.typed_observation) if request.typed_observation is not None else None,
                [MessageToDict(e) if e is not None else None for e in request.typed_events],
            ],
        }
        if self.use_view:
            view = request.view
            line["view"] = [type(view.observation).__name__, [a.text() for a in view.legal]]
        self.lines.append(line)
        return self.rng.randrange(request.legal_count)

    def on_match_end(self, end: MatchEnd) -> None:
        self.lines.append({"end": [list(end.places), end.termination, end.seat]})
        if self.out:
            with open(self.out, "a", encoding="utf-8") as f:
                for line in self.lines:
                    f.write(json.dumps(line, sort_keys=True) + "\n")


if __name__ == "__main__":
    run(Recorder)
