"""``python -m engine.replay LOG``: replay a log of a registered game and print its final fingerprint.

The same as ``python -m engine.core.replay LOG --factory module:Class``, with the game taken from the
registry (the core knows no game).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from engine.core.replay import ReplayLog, replay
from engine.registry import game_of_log


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.replay", description=__doc__)
    parser.add_argument("log", help="path of a replay log (JSON lines)")
    args = parser.parse_args(argv)
    log = ReplayLog.read(args.log)
    sys.stdout.write(replay(log, game_of_log(log)).fingerprint() + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
