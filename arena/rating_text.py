"""How one bot's rating reads in a standings table: the one function behind every rating cell.

``arena ladder show`` (the rich table, ``--markdown``, ``--csv`` and ``--json``'s ``elo_text`` and
``interval_text``), the live table and the progress lines of ``arena run``, and the web report's ladder
page all print a bot's rating through :func:`rating_cells`, so the same bot reads the same everywhere.

Design detail: the Elo column reads top to bottom. The standings are ordered by the posterior mode, and
the Elo cell always shows that mode, also for a bot the games bound on one side only, in brackets
(``(2112)``): its mode is where the prior stops it, which the games do not support, and the plots draw
only its bound. The bound goes in the interval cell, in Elo like every other cell there (``≥ 1487``),
so a bound below the next bot's rating never makes the column read backwards.
"""

from __future__ import annotations

import math

AT_LEAST = "at least"
AT_MOST = "at most"


def rating_cells(
    elo: float, low: float | None, high: float | None, bound: str, *, anchor: bool = False
) -> tuple[str, str]:
    """The Elo cell and the interval cell of one bot, both in Elo.

    ``bound`` is the bot's side (``"two-sided"``, ``"at least"`` or ``"at most"``, as in
    ``--json``); ``low`` and ``high`` are None (or infinite) on an unbounded side; ``anchor`` marks the
    bot the others are read against.

    >>> rating_cells(1555.4, 1450.2, 1659.0, "two-sided")
    ('1555', '1450 .. 1659')
    >>> rating_cells(2112.0, 1487.3, None, "at least")
    ('(2112)', '≥ 1487')
    >>> rating_cells(1203.0, None, 1389.9, "at most")
    ('(1203)', '≤ 1390')
    >>> rating_cells(1500.0, 1500.0, 1500.0, "two-sided", anchor=True)
    ('1500', 'anchor')
    """
    shown = f"{elo:.0f}"
    low = low if low is not None and math.isfinite(low) else None
    high = high if high is not None and math.isfinite(high) else None
    if bound == AT_LEAST and low is not None:
        return f"({shown})", f"≥ {low:.0f}"
    if bound == AT_MOST and high is not None:
        return f"({shown})", f"≤ {high:.0f}"
    if anchor:
        return shown, "anchor"
    if low is not None and high is not None:
        return shown, f"{low:.0f} .. {high:.0f}"
    return shown, ""
