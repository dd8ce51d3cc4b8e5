"""``python -m bots.ck_greedy --address HOST:PORT --token T``: the built-in ``ck-greedy`` bot over gRPC."""

from __future__ import annotations

import sys

from bots.sdk.cli import main

if __name__ == "__main__":
    sys.exit(main(builtin="ck-greedy"))
