"""The live ratings shown while a tournament runs: the official fit, redone as matches come in.

Pure. :class:`LiveRatings` collects rated matches as they finish and refits the same model as
:func:`ladders.fit.fit_ladder` when asked, so the live table shows the ratings, intervals and bounds the
ladder will print at the end, as of the matches fitted so far.

Design detail: throttling. A refit costs a few milliseconds per hundred matches and runs in the caller's
thread, so :meth:`LiveRatings.standings` refits only when matches arrived since the last fit and at least
``10 x`` the last fit's duration (and a quarter of a second) has passed (never more than a tenth of the time goes to refitting); in
between it returns the last fit, and :attr:`LiveRatings.pending` says how many matches it does not
include yet.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from ladders.fit import Standings, fit_ladder
from ladders.records import RatedMatch

REFIT_SHARE = 0.1
"""At most this share of wall-clock time is spent refitting."""
MIN_INTERVAL = 0.25
"""Seconds between refits at least (a live display redraws a few times a second)."""


class LiveRatings:
    """Running ratings of one ladder: :meth:`update` as each match finishes, :meth:`standings` to show."""

    def __init__(
        self, matches: Iterable[RatedMatch] = (), *, clock: Callable[[], float] = time.perf_counter
    ) -> None:
        self.matches: list[RatedMatch] = list(matches)
        self._clock = clock
        self._fit: Standings | None = None
        self._fitted = 0
        self._next = 0.0

    def update(self, match: RatedMatch) -> None:
        """Add one finished, rated match."""
        self.matches.append(match)

    @property
    def pending(self) -> int:
        """Matches not yet in the last fit."""
        return len(self.matches) - self._fitted

    def standings(self, *, force: bool = False) -> Standings | None:
        """The latest fit (None before any match); refits when due (or ``force``)."""
        now = self._clock()
        due = self.pending > 0 and (force or self._fit is None or now >= self._next)
        if due:
            self._fit = fit_ladder(self.matches)
            self._fitted = len(self.matches)
            took = self._clock() - now
            self._next = now + max(took / REFIT_SHARE, MIN_INTERVAL)
        return self._fit
