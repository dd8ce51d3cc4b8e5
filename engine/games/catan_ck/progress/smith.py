"""Smith (cities_and_knights.md §2.9, §10 items 26-30): up to two of the seat's knights go up one
level each, free. Each must be promotable (``rules.knights.can_promote``: below mighty, not promoted
this turn, strong to mighty only with the Fortress, a token of the next level left); status is kept.

The play names one knight (``play smith 12``) or two, the lower corner first (``play smith 12 30``).
Two are promoted higher level first, so that a strong knight made mighty frees the strong token
that a basic knight promoted with it may need; a pair is listed when some order promotes both."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.tables import MAX_CORNERS
from engine.games.catan_ck.actions import PlayCard, play
from engine.games.catan_ck.progress import Effect
from engine.games.catan_ck.rules.knights import can_promote, knights_of, promote
from engine.games.catan_ck.tables import ABILITY_LEVEL, Card, Track

if TYPE_CHECKING:
    from engine.games.catan_ck.state import CkState


PLAYS = tuple(play(Card.SMITH, c) for c in range(MAX_CORNERS))
"""The play of one knight on each corner."""
POLITICS = int(Track.POLITICS)


def _order(st: CkState, a: int, b: int) -> tuple[int, int]:
    return (a, b) if st.k_level[a] >= st.k_level[b] else (b, a)


def _pair_ok(st: CkState, seat: int, a: int, b: int) -> bool:
    first, second = _order(st, a, b)
    if not can_promote(st, seat, first):
        return False
    lv, lv2 = st.k_level[first], st.k_level[second]
    if lv2 >= 3 or st.k_promoted[second] == st.turn:
        return False
    if lv2 == 2 and st.improvements[seat][POLITICS] < ABILITY_LEVEL:
        return False
    supply = list(st.k_supply[seat])
    supply[lv - 1] += 1
    supply[lv] -= 1
    return supply[lv2] > 0


def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
    mine = knights_of(st, seat)
    if not mine:
        return ()
    out = [PLAYS[c] for c in mine if can_promote(st, seat, c)]
    if out and len(mine) > 1:
        out += [
            play(Card.SMITH, a, b)
            for i, a in enumerate(mine)
            for b in mine[i + 1 :]
            if _pair_ok(st, seat, a, b)
        ]
    return tuple(out)


CANNOT = (
    "cannot go up a level now (mighty, promoted this turn, no Fortress for strong to mighty, or no token "
    "of the next level left; cities_and_knights.md §2.9, §7.4)"
)


def why(st: CkState, seat: int, action: PlayCard) -> str | None:
    a, b = action.args[0], action.args[1]
    for c in (a, b) if b >= 0 else (a,):
        if not 0 <= c < len(st.k_owner) or st.k_owner[c] != seat:
            return f"Smith: no knight of seat {seat} on corner {c} (cities_and_knights.md §2.9)"
    if b < 0:
        return f"Smith: the knight on corner {a} {CANNOT}"
    if a >= b:
        return "Smith: name two different knights, the lower corner first (cities_and_knights.md §2.9)"
    return f"Smith: the knights on corners {a} and {b} {CANNOT}"


def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    a, b = action.args[0], action.args[1]
    corners = _order(st, a, b) if b >= 0 else (a,)
    events: list[Event] = []
    for c in corners:
        promote(st, seat, c)
        events.append(Event("promote", {"seat": seat, "corner": c, "level": st.k_level[c], "card": "smith"}))
    return events


EFFECT = Effect(
    card=Card.SMITH,
    targets=targets,
    apply=apply,
    why=why,
    no_target="Smith: no knight of the seat can go up a level (cities_and_knights.md §2.9, §7.4, §11.18)",
)
