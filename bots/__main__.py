"""``python -m bots NAME --address HOST:PORT --token T``: run a built-in bot over gRPC."""

from __future__ import annotations

import sys

from bots.sdk.cli import main

if __name__ == "__main__":
    sys.exit(main())
