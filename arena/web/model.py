"""What one report shows, read once from its databases: the ladders (each with its matches, standings and
human name), the file of every page, which matches have a viewer, and every bot's ladders.

Several databases make one site: each ladder stays the ladder of its own database (its numbers are
those of ``arena ladder show --db`` that database), named with the database when there are several; a
bot is one page across them all, by name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from arena.web.names import LadderName, ladder_name
from arena.web.pages import ladder_csv, ladder_file, safe_id

if TYPE_CHECKING:
    from arena.ladder_report import LadderView
    from ladders.records import MatchRecord, RatedMatch


@dataclass(slots=True)
class SiteLadder:
    """One ladder of one database."""

    index: int
    """Its place on the site: ``ladder-{index + 1}.html``."""
    database: str
    """The name the site gives its database (its file name, or more of its path when two share one)."""
    name: LadderName
    records: list[MatchRecord]
    """Every stored match, in finish order."""
    view: LadderView
    rated: list[RatedMatch]

    @property
    def file(self) -> str:
        return ladder_file(self.index)

    @property
    def csv(self) -> str:
        return ladder_csv(self.index)

    @property
    def seats(self) -> int:
        return len(self.records[0].bots) if self.records else 0


@dataclass(slots=True)
class Site:
    """Everything the pages of one report are made from."""

    databases: list[str]
    """The names of the databases, in the order given."""
    ladders: list[SiteLadder]
    stamp: str
    """When the report was written (:func:`arena.web.names.when`)."""
    refresh: int = 0
    """Seconds between a served page's checks for a newer version (0: a static site)."""
    match_files: dict[tuple[int, str], str] = field(default_factory=dict)
    """(ladder index, match id) -> ``matches/ID.html`` (an id that two databases hold gets a suffix)."""
    problems: dict[str, str] = field(default_factory=dict)
    """Match page -> why that match has no viewer."""
    kinds: dict[str, str] = field(default_factory=dict)
    """Bot name -> how the host runs it: ``builtin``, ``cmd`` or ``remote`` (``Store.bots``)."""

    def match_file(self, ladder: SiteLadder, match_id: str) -> str:
        return self.match_files[(ladder.index, match_id)]

    def replay_script(self, match_page: str) -> str:
        """``replays/ID.js``: the viewer data of the match on ``match_page``."""
        return "replays/" + Path(match_page).stem + ".js"

    def replay_log(self, match_page: str) -> str:
        """``replays/ID.jsonl``: the download of that match's replay log (its seed withheld)."""
        return "replays/" + Path(match_page).stem + ".jsonl"

    def bots(self) -> dict[str, list[SiteLadder]]:
        """Every bot by name, sorted, with the ladders it played in."""
        out: dict[str, list[SiteLadder]] = {}
        for ladder in self.ladders:
            for bot in sorted({b for m in ladder.records for b in m.bots}):
                out.setdefault(bot, []).append(ladder)
        return dict(sorted(out.items()))

    def title(self, ladder: SiteLadder) -> str:
        """The ladder's human name, with its database's when the site has several."""
        return ladder.name.title + (f" [{ladder.database}]" if len(self.databases) > 1 else "")


def assign_match_files(site: Site) -> None:
    """Give every stored match its page, ``matches/ID.html`` (``ID-2`` ... for an id already taken)."""
    taken: set[str] = set()
    for ladder in site.ladders:
        for m in ladder.records:
            base = safe_id(m.match_id)
            stem, n = base, 1
            while stem in taken:
                n += 1
                stem = f"{base}-{n}"
            taken.add(stem)
            site.match_files[(ladder.index, m.match_id)] = f"matches/{stem}.html"


def database_names(paths: list[Path]) -> list[str]:
    """Short names for the databases: each one's file name, or as many of its last path parts as it
    takes to tell it from the others."""
    parts = [p.absolute().parts for p in paths]
    for depth in range(1, max((len(p) for p in parts), default=1) + 1):
        names = ["/".join(p[-depth:]) for p in parts]
        if len(set(names)) == len(names):
            return names
    return [str(p) for p in paths]


def ladder(index: int, database: str, key: str, records: list[MatchRecord], view: LadderView) -> SiteLadder:
    """A :class:`SiteLadder` of the matches of ladder ``key``."""
    rated = [m.rated() for m in records if m.is_rated]
    return SiteLadder(index, database, ladder_name(key), records, view, rated)
