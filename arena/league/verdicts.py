"""What the league host decides from stored matches: an entry's placement verdict (admitted, or
rejected with its fault report, which ends its stream) and each refit of a ladder's ratings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from arena.fault_report import bot_faults
from arena.league.registry import lobby_key
from arena.league.state import Ladder
from arena.web.names import plural
from ladders.adaptive import posterior
from ladders.fit import fit_ladder
from ladders.groups import joined_with
from ladders.records import MatchRecord, snapshot_rows
from ladders.store import Store

if TYPE_CHECKING:
    from engine.referee import RefereeServer


def placement_verdict(records: Sequence[MatchRecord], entry: str, max_faults: int) -> tuple[bool, str]:
    """Whether ``entry`` is rejected on its placement matches ``records`` (any forfeit, or more than
    ``max_faults`` faults), and the note that says why (or what it played)."""
    summary = bot_faults(records).get(entry)
    rejected = summary is not None and (summary.forfeit_total > 0 or summary.fault_total > max_faults)
    note = (
        f"{plural(len(records), 'placement match')}: {summary.text()} (admitted with at most {max_faults} faults and no forfeit)"
        if rejected and summary is not None
        else f"placement: {plural(len(records), 'match')}, {plural(summary.fault_total if summary else 0, 'fault')}"
    )
    return rejected, note


def turn_away(server: RefereeServer, ladder_id: str, entry: str, note: str) -> None:
    """End a rejected entry's stream with the report (its next hello is refused with it too)."""
    import grpc

    from engine.wire import referee_pb2

    found = server.lobby.keys.get(lobby_key(ladder_id, entry))
    conn = found.conn if found is not None else None
    if conn is not None:
        text = f"{entry} failed its placement: {note}. Fix the bot and declare a new version"
        conn.end_with(referee_pb2.ERROR_CODE_BOT_VERSION, text, grpc.StatusCode.FAILED_PRECONDITION)


def refit(store: Store, lad: Ladder, entries: Sequence[str]) -> None:
    """Fit the ladder's ratings again, store a snapshot, and give the matchmaker the posterior over the
    house bots, the current ``entries`` and every bot of a rated match."""
    rated = store.rated_matches(lad.key)
    lad.new_results = 0
    house = set(lad.definition.house_names())
    names = sorted({*house, *entries} | {b for m in rated for b in m.bots})
    joined = joined_with(rated, house)
    if not rated:
        lad.book.set_posterior(None, names, joined)
        return
    anchor = lad.definition.anchor
    seen = {b for m in rated for b in m.bots}
    standings = fit_ladder(
        rated,
        anchor_bot=anchor.bot if anchor is not None and anchor.bot in seen else None,
        anchor_rating=anchor.rating if anchor is not None and anchor.bot in seen else 1500.0,
    )
    store.save_snapshot(lad.key, *snapshot_rows(standings))
    lad.book.set_posterior(posterior(names, rated), names, joined)
