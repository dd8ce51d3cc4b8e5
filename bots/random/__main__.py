"""``python -m bots.random --address HOST:PORT --token T``: the built-in ``random`` bot over gRPC."""

from __future__ import annotations

import sys

from bots.sdk.cli import main

if __name__ == "__main__":
    sys.exit(main(builtin="random"))
