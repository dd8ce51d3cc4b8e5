"""What the league publishes, as plain JSON-ready data: the live site's pages and the JSON API both
read it from here.

Every value comes from the database (the league's tables, its matches, its rating snapshots), so a
front end on another machine than the host, reading the same PostgreSQL database, shows the same.

Design detail: what is never published. A match appears only once its pod is closed: the rotations of
a duplicate pod are played one after another on one seed, so the dice and cards of a finished rotation
are those its players are about to meet in the next. Seeds are never shown (a match's JSON has none,
and its replay is the viewer's data, which holds only what the seats saw, never the replay log, whose
header holds the seed). Keys are never stored, so never shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from arena.fault_report import bot_faults
from arena.web.redact import public_record
from ladders.league_schema import LadderRow
from ladders.league_tables import LeagueTables
from ladders.records import MatchRecord, head_to_head
from ladders.store import Store

HISTORY_POINTS = 200
"""Points of a bot's rating history at most (an even sample of the snapshots)."""


def pod_of(match_id: str) -> tuple[str, int]:
    """``(tournament, pod)`` of a match id ``TOURNAMENT-POD-ROTATION``."""
    tournament, pod, _ = match_id.rsplit("-", 2)
    return tournament, int(pod)


class LeagueData:
    """The published view of a league's database."""

    def __init__(self, store: Store, name: str = "arena league") -> None:
        self.store = store
        self.tables = LeagueTables(store)
        self.name = name

    def ladder_rows(self) -> list[LadderRow]:
        return self.tables.ladders()

    def ladder_row(self, ladder_id: str) -> LadderRow | None:
        return self.tables.ladder(ladder_id)

    def published(self, row: LadderRow, *, placement: bool = False) -> list[MatchRecord]:
        """The rated matches of a ladder whose pods are closed, in finish order (``placement``: its
        placement matches, shown on their bot's page: a rejected bot's author sees why)."""
        closed = self.tables.closed_pods(row.id)
        tournament = row.placement if placement else row.tournament
        return [
            public_record(m)
            for m in self.store.tournament_matches(tournament)
            if pod_of(m.match_id) in closed
        ]

    # -- standings --------------------------------------------------------------------------------

    def ladders(self) -> list[dict[str, Any]]:
        out = []
        for row in self.ladder_rows():
            entries = self.tables.entries(row.id)
            out.append(
                {
                    "id": row.id,
                    "ladder": row.ladder,
                    "game": row.definition.get("game"),
                    "variant": row.definition.get("variant"),
                    "players": row.definition.get("players"),
                    "house": [
                        h["name"] if isinstance(h, dict) else h for h in row.definition.get("house", [])
                    ],
                    "bots": len({e.name for e in entries}),
                    "matches": len(self.published(row)),
                }
            )
        return out

    def standings(self, ladder_id: str) -> dict[str, Any] | None:
        """The latest ratings of a ladder, each row with its entry's state (house bots: ``house``)."""
        row = self.ladder_row(ladder_id)
        if row is None:
            return None
        snap = self.store.latest_snapshot(row.ladder)
        states = {e.entry: e for e in self.tables.entries(ladder_id)}
        rows = []
        for rank, r in enumerate(snap.bots if snap else (), 1):
            entry = states.get(r.bot)
            rows.append(
                {
                    "rank": rank,
                    "bot": r.bot,
                    "name": entry.name if entry else r.bot,
                    "version": entry.version if entry else None,
                    "state": entry.state if entry else "house",
                    "elo": round(r.elo, 1),
                    "low": None if r.low is None else round(r.low, 1),
                    "high": None if r.high is None else round(r.high, 1),
                    "bound": r.bound,
                    "games": r.games,
                    "pods": r.pods,
                }
            )
        waiting = [
            {
                "bot": e.entry,
                "name": e.name,
                "version": e.version,
                "state": e.state,
                "note": e.note or _why(e.state),
            }
            for e in states.values()
            if e.entry not in {r["bot"] for r in rows} and e.state != "retired"
        ]
        return {
            "id": ladder_id,
            "ladder": row.ladder,
            "at": snap.at if snap else None,
            "model": snap.model if snap else {},
            "bots": rows,
            "unrated": waiting,
        }

    # -- bots -------------------------------------------------------------------------------------

    def bot(self, ladder_id: str, name: str) -> dict[str, Any] | None:
        """One registered bot: its versions, their rating over time, faults and head to head."""
        row = self.ladder_row(ladder_id)
        if row is None:
            return None
        entries = [e for e in self.tables.entries(ladder_id) if e.name == name]
        if not entries:
            return None
        ids = [e.entry for e in entries]
        matches = [m for m in self.published(row) if set(ids) & set(m.bots)]
        history = self.tables.rating_history(row.ladder, ids)
        step = max(1, len({h[0] for h in history}) // HISTORY_POINTS)
        times = sorted({h[0] for h in history})[::step]
        keep = set(times)
        faults = bot_faults(matches)
        placed = [m for m in self.published(row, placement=True) if set(ids) & set(m.bots)]
        placement_faults = bot_faults(placed)
        rated = [m.rated() for m in matches if m.is_rated]
        pairs = []
        for (a, b), h in head_to_head(rated).items():
            if a in ids or b in ids:
                mine, other = (a, b) if a in ids else (b, a)
                if other in ids:
                    continue
                pairs.append(
                    {"bot": mine, "opponent": other, "games": h.games, "ahead": round(h.share(mine), 3)}
                )
        return {
            "ladder": ladder_id,
            "name": name,
            "versions": [
                {"entry": e.entry, "version": e.version, "state": e.state, "since": e.changed, "note": e.note}
                for e in entries
            ],
            "ratings": [
                {"at": at, "bot": b, "elo": round(e, 1), "low": lo, "high": hi}
                for at, b, e, lo, hi in history
                if at in keep
            ],
            "faults": {bot: f.to_json() | {"text": f.text()} for bot, f in faults.items() if bot in ids},
            "placement_faults": {
                bot: f.to_json() | {"text": f.text()} for bot, f in placement_faults.items() if bot in ids
            },
            "placement": [match_json(m) for m in reversed(placed)],
            "head_to_head": sorted(pairs, key=lambda p: (-p["games"], p["opponent"])),
            "matches": len(matches),
        }

    def matches(
        self, ladder_id: str, name: str | None = None, limit: int = 50
    ) -> list[dict[str, Any]] | None:
        """The latest published matches of a ladder (of one bot's versions when ``name`` is given)."""
        row = self.ladder_row(ladder_id)
        if row is None:
            return None
        found = self.published(row)
        if name is not None:
            ids = {e.entry for e in self.tables.entries(ladder_id) if e.name == name}
            found = [m for m in found if ids & set(m.bots)]
        return [match_json(m) for m in reversed(found[-limit:])]

    def match(self, match_id: str) -> MatchRecord | None:
        """A published match, or None (unknown, or its pod still under way)."""
        record = self.store.match(match_id)
        if record is None:
            return None
        try:
            tournament, pod = pod_of(match_id)
        except ValueError:
            return None
        for row in self.ladder_rows():
            if tournament in (row.tournament, row.placement):
                return public_record(record) if (tournament, pod) in self.tables.closed_pods(row.id) else None
        return None

    def ladder_of(self, record: MatchRecord) -> str | None:
        """The id of the league ladder a match was played on."""
        return next(
            (r.id for r in self.ladder_rows() if record.tournament_id in (r.tournament, r.placement)), None
        )

    def replay_file(self, record: MatchRecord) -> Path | None:
        path = Path(record.replay) if record.replay else None
        return path if path is not None and path.is_file() else None


def match_json(m: MatchRecord) -> dict[str, Any]:
    """A match as the API shows it: no seed."""
    return {
        "match_id": m.match_id,
        "ladder": m.ladder,
        "finished": m.finished,
        "seconds": round(m.seconds, 3),
        "termination": m.termination,
        "seats": [
            {"seat": s, "bot": b, "label": lb, "place": p, "score": sc}
            for s, (b, lb, p, sc) in enumerate(zip(m.bots, m.labels, m.places, m.scores, strict=True))
        ],
        "faults": [dict(f) for f in m.faults],
        "forfeits": list(m.forfeits),
    }


def history_svg(points: Sequence[dict[str, Any]], width: int = 640, height: int = 220) -> str:
    """A bot's rating over time: a line per version with its 95 % band, as inline SVG."""
    from html import escape

    from arena.web.plots import bot_color, ticks

    if not points:
        return '<p class="muted">no rating yet: ratings appear once the bot has rated matches</p>'
    times = sorted({p["at"] for p in points})
    pos = {t: i for i, t in enumerate(times)}
    values = [float(v) for p in points for v in (p["elo"], p["low"], p["high"]) if v is not None]
    low, high = min(values) - 20.0, max(values) + 20.0
    pad = 40

    def x(at: str) -> float:
        return pad + (width - 2 * pad) * (pos[at] / max(1, len(times) - 1))

    def y(v: float) -> float:
        return height - pad / 2 - (height - pad) * (v - low) / (high - low)

    parts = [f'<svg class="plot" viewBox="0 0 {width} {height}" role="img" aria-label="rating over time">']
    for v in ticks(low, high, 4):
        parts.append(f'<text x="2" y="{y(v) + 4:.1f}" font-size="11">{v:.0f}</text>')
        parts.append(f'<line x1="{pad}" x2="{width - 8}" y1="{y(v):.1f}" y2="{y(v):.1f}" stroke="#ddd"/>')
    bots = sorted({p["bot"] for p in points})
    for i, bot in enumerate(bots):
        mine = [p for p in points if p["bot"] == bot]
        color = bot_color(i)
        band = [p for p in mine if p["low"] is not None and p["high"] is not None]
        if len(band) > 1:
            upper = " ".join(f"{x(p['at']):.1f},{y(p['high']):.1f}" for p in band)
            lower = " ".join(f"{x(p['at']):.1f},{y(p['low']):.1f}" for p in reversed(band))
            parts.append(f'<polygon points="{upper} {lower}" fill="{color}" opacity="0.15"/>')
        line = " ".join(f"{x(p['at']):.1f},{y(p['elo']):.1f}" for p in mine)
        parts.append(f'<polyline points="{line}" fill="none" stroke="{color}" stroke-width="2"/>')
        last = mine[-1]
        parts.append(
            f'<text x="{min(x(last["at"]) + 4, width - 60):.1f}" y="{y(last["elo"]) - 4:.1f}" font-size="12"'
            f' fill="{color}">{escape(bot)}</text>'
        )
    parts.append(
        f'<text x="{pad}" y="{height - 2}" font-size="11">{escape(_when(times[0]))}</text>'
        f'<text x="{width - 8}" y="{height - 2}" font-size="11" text-anchor="end">{escape(_when(times[-1]))}</text>'
    )
    parts.append("</svg>")
    return "".join(parts)


def _when(stamp: str) -> str:
    """``2025-01-01T12:00:05.123+00:00`` as ``2025-01-01 12:00:05 UTC``."""
    return stamp[:19].replace("T", " ") + " UTC"


def _why(state: str) -> str:
    """Why an entry that is not retired has no rating yet, when its own note does not say."""
    if state == "placement":
        return "plays its placement matches against house bots first"
    if state == "admitted":
        return "placed; rated from its first rated match on"
    return ""
