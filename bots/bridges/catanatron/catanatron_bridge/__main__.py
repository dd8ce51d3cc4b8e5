"""``python -m catanatron_bridge SPEC``: see :mod:`catanatron_bridge.cli`."""

from __future__ import annotations

import sys

from catanatron_bridge.cli import main

if __name__ == "__main__":
    sys.exit(main())
