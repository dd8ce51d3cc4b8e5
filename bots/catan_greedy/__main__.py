"""``python -m bots.catan_greedy --address HOST:PORT --token T``: the built-in ``catan-greedy`` bot over gRPC."""

from __future__ import annotations

import sys

from bots.sdk.cli import main

if __name__ == "__main__":
    sys.exit(main(builtin="catan-greedy"))
