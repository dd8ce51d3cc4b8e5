"""What ``arena run`` prints while it plays: a live display on a terminal, plain lines elsewhere.

On a terminal, a progress bar and the live ratings redraw in place (and vanish when the run ends, the
final ladder taking their place); a match in which a bot forfeited gets a line above them. Anywhere else
(``nohup``, CI, ``> file``), where redrawing would only fill the log, there is one line per finished
match (its id, each seat's place and bot, how it ended, its faults, its duration) and, every
:data:`STANDINGS_EVERY_S` seconds and at each quarter of the run, a line of the live standings.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from rich.console import Console, Group
from rich.live import Live
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from arena.fault_report import match_faults_text
from arena.ladder_report import live_standings
from arena.rating_text import rating_cells
from engine.core.visible import visible

if TYPE_CHECKING:
    from arena.runner import Progress as RunProgress
    from ladders.live import LiveRatings
    from ladders.records import MatchRecord

STANDINGS_EVERY_S = 30.0
"""Seconds between two standings lines of the plain output, at most."""


class Tracker:
    """Remembers the last progress report, for the line printed when the run is interrupted."""

    def __init__(self) -> None:
        self.last: RunProgress | None = None

    def interrupted_line(self, stored: Callable[[str], int] | None = None) -> str:
        """What the interrupted run leaves: ``stored(tournament)`` counts its matches in the database
        (a match committed just before the interrupt may not have been reported yet); without it, or
        when it fails, the last report's count."""
        if self.last is None:
            return "interrupted before any match started: nothing new stored"
        p = self.last
        done = p.done
        if stored is not None and p.tournament:
            try:
                done = stored(p.tournament)
            except Exception:  # the database cannot be read now: the last report stands
                done = p.done
        return f"interrupted: {done} of {p.total} matches stored; run the same command again to resume"


def match_line(p: RunProgress) -> str:
    """One finished match: ``[3/20] ID  places 1 a, 3 b, 2 c  victory  no faults  1.2 s`` (what bots
    chose, their names and the faults quoting them, with control characters made visible)."""
    if p.record is None:
        return f"[{p.done}/{p.total}] not played: {visible(p.error)}"
    r: MatchRecord = p.record
    places = ", ".join(f"{place} {label}" for place, label in zip(r.places, r.labels, strict=True))
    faults = match_faults_text(r.faults, r.forfeits, r.labels) or "no faults"
    line = f"{r.match_id}  places {places}  {r.termination}  {faults}"
    return f"[{p.done}/{p.total}] {visible(line)}  {r.seconds:.1f} s"


def standings_line(live: LiveRatings, done: int, total: int) -> str:
    """The live ratings in one line: ``standings after 12/20: 1 a 1971 (1850 .. 2092), 2 b ≥ 1900, ...``
    (a bot the games bound on one side only is shown by its bound alone, as the plots draw it)."""
    st = live.standings(force=True)
    if st is None:
        return f"standings after {done}/{total}: no rated match yet"
    cells = []
    for i, r in enumerate(st.bots, 1):
        elo, interval = rating_cells(r.rating, r.low, r.high, r.side.value, anchor=st.reference == (r.bot,))
        cells.append(f"{i} {r.bot} {interval}" if elo.startswith("(") else f"{i} {r.bot} {elo} ({interval})")
    return f"standings after {done}/{total}: " + visible(", ".join(cells))


class PlainProgress:
    """The progress of a run as plain lines (see the module docstring)."""

    def __init__(
        self, print_line: Callable[[str], None], *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.print_line = print_line
        self.clock = clock
        self.last_standings = clock()
        self.quarter = 0
        self.todo = 0

    def __call__(self, p: RunProgress) -> None:
        if p.record is None and not p.error:  # the first report, before any match
            self.todo = p.total - p.done
            self.quarter = max(1, math.ceil(self.todo / 4))
            self.print_line(f"{p.done} of {p.total} matches already stored; {self.todo} to play")
            return
        self.print_line(match_line(p))
        handled = p.played + p.failed
        now = self.clock()
        if handled < self.todo and (
            handled % self.quarter == 0 or now - self.last_standings >= STANDINGS_EVERY_S
        ):
            self.last_standings = now
            self.print_line(standings_line(p.live, p.done, p.total))


@contextmanager
def live_progress(console: Console, title: str) -> Iterator[Callable[[RunProgress], None]]:
    """The terminal display: a bar and the live ratings, redrawn in place, gone when the run ends."""
    bar = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
        console=console,
    )
    job = bar.add_task(escape(title), total=None, rate="")  # the column reads markup
    with Live(bar, console=console, refresh_per_second=4, transient=True) as live:

        def update(p: RunProgress) -> None:
            rate = f"{p.played / p.elapsed:.2f} matches/s" if p.elapsed > 0 and p.played else ""
            bar.update(job, completed=p.done, total=p.total, rate=rate)
            if p.error or (p.record is not None and p.record.forfeits):
                console.print(match_line(p), highlight=False, markup=False, soft_wrap=True)
            live.update(Group(bar, live_standings(p.live)))

        yield update
