"""Where the intervals are known to cover less than they say: ladders with few pods per bot.

Pure Python. :func:`few_pods_warning` is the line :func:`ladders.fit.fit_ladder` puts in
:attr:`~ladders.fit.Standings.warnings` for such a ladder. Reference: ``docs/ladders.md`` (Intervals).

Design detail: luck a pod shares cannot be seen in a bot's few pods. Duplicate seeding deals one board
and one set of dice to every game of a pod, so a board that suits a bot suits it from every seat, and
the games of a pod count for less than independent ones. The intervals measure that from the spread of
the pods of each bot (the pooled design effect); a bot with two or three pods has hardly any spread to
show, and its luck in them is taken for strength. No estimate from such a ladder can tell the two
apart, so instead of widening every interval by a guess, such a ladder says how its intervals fared
in simulation: :data:`MEASURED` holds the share of intervals that held the truth in simulated round
robins (``benchmarks/ratings_edges.py --only grid``: ``2 x seats + 2`` bots over 400 Elo, each bot's
luck in a game its luck of the whole pod with probability :data:`SHARED`; see :data:`MEASURED`),
and a ladder whose nearest measured shape (at its seat count, the nearest pods per bot) held the truth
less than :data:`TARGET` of the time prints the figure. With games that share no luck the same
shapes measure 0.94 to 0.98.
"""

from __future__ import annotations

SHARED = 0.7
"""The chance, in the simulation behind :data:`MEASURED`, that a bot's luck in a game is its luck of
the whole pod."""
TARGET = 0.93
"""Below this measured coverage a ladder of that shape is printed with a warning."""
MEASURED: dict[int, tuple[tuple[float, float], ...]] = {
    3: ((1.5, 0.98), (1.88, 0.96), (2.25, 0.95), (3.0, 0.94), (4.0, 0.94), (6.0, 0.95)),
    4: ((1.6, 0.929), (2.0, 0.905), (3.2, 0.931), (4.0, 0.936), (6.0, 0.962)),
    5: ((1.67, 0.894), (2.08, 0.903), (2.92, 0.935), (4.17, 0.952), (5.83, 0.971)),
    6: ((1.71, 0.9), (2.14, 0.919), (3.0, 0.945), (3.86, 0.952), (6.0, 0.968)),
}
"""Per seat count, ``(pods per bot, share of intervals that held the truth)`` with luck shared as
:data:`SHARED` says, fewest pods first. At 3 seats up to 3 pods per bot the figures are those of the
current intervals and bounds: 8 bots at 4 and 5 pods, 100 tournaments each (``ratings_edges.py --only
grid --grid-seats 3 --grid-pods 4,5 --reps 100``), 8 bots at 6 pods and 6 bots at 6 pods, 100 each
(``--only shared --shares 0.7 --reps 100``); the 3-seat figures at 4 and 6 pods per bot are older,
measured before the intervals followed a skewed posterior (when 3-seat ladders covered up to 0.08
less). At 4 to 6 seats every figure is the current one: every shape of the grid (``--only grid
--grid-seats 4,5,6 --reps 100``, seeds 1 to 100) and, up to about 4 pods per bot, 200 more tournaments
(``--grid-pods 4,5,7,8,10 --reps 200 --seed 101``), so 300 tournaments a shape there and 100 at about 6
pods per bot. Two sets of tournaments of one shape differ by up to about a hundredth, so a shape within
that of :data:`TARGET` could fall on either side of it."""


def few_pods_warning(seats: int, pods_per_bot: float) -> str | None:
    """The warning for a ladder of ``seats`` seats whose bots played ``pods_per_bot`` pods on average,
    or None when its shape measured at least :data:`TARGET`."""
    rows = MEASURED[min(max(seats, min(MEASURED)), max(MEASURED))]
    per_bot, held = min(rows, key=lambda row: (abs(row[0] - pods_per_bot), row[0]))
    if held >= TARGET:
        return None
    return (
        f"few pods per bot ({pods_per_bot:.1f} on average): if a pod's games share their luck (duplicate"
        " seeding deals them one board and one set of dice), these intervals cannot see it; in simulation,"
        f" with such luck, ladders of {seats} seats and {per_bot:g} pods per bot held the truth"
        f" {held:.3f} of the time, not 0.95. Play more pods."
    )
