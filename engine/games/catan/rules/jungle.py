"""Discovery tokens of the Jungle variant (seafarers.md §7.3-§7.5).

The jungle pays tokens when its number is rolled (1 per settlement, 2 per city, the robber blocking it)
and to a second setup settlement beside it; tokens are counters kept apart from the hand, so the hand
limit, steals, Monopoly, Year of Plenty and trades never see them (§7.4). A development card may be
bought with 1 to 3 tokens, each in place of one wool, grain or ore of its cost (§7.5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.actions import TOKEN_BUYS, BuyDevTokens
from engine.games.catan.rules.build import draw_dev, pay, why_unaffordable
from engine.games.catan.tables import (
    DEV_COST,
    JUNGLE_SETTLEMENT_TOKENS,
    MAX_TOKENS_PER_CARD,
    RESOURCE_NAMES,
    TOKEN_REPLACEABLE,
    Terrain,
)

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan.state import CatanState

_RULE = "seafarers.md §7.5"


def _rest(replaced: tuple[int, ...]) -> tuple[int, ...]:
    """The cards still owed for a development card once ``replaced`` is paid with tokens."""
    return tuple(c - r for c, r in zip(DEV_COST, replaced, strict=True))


_BUYS: tuple[tuple[BuyDevTokens, tuple[int, ...], int], ...] = tuple(
    (buy, _rest(buy.replaced), sum(buy.replaced)) for buy in TOKEN_BUYS[1:]
)
"""Every legal kind of purchase with tokens: the action, the cards it still costs, its tokens."""


def _paid(counts: dict[int, int]) -> dict[str, dict[str, int]]:
    return {"paid": {str(s): k for s, k in sorted(counts.items())}}


def produce(st: CatanState, total: int) -> list[Event]:
    """Pay discovery tokens to the buildings on the jungles with token ``total`` (seafarers.md §7.3)."""
    got: dict[int, int] = {}
    level = st.level
    owner = st.owner
    for h, corners in st.board.discovery_sites[total]:
        if h == st.robber:
            continue
        for c in corners:
            lv = level[c]
            if lv:
                s = owner[c]
                got[s] = got.get(s, 0) + lv * JUNGLE_SETTLEMENT_TOKENS
    for s, k in got.items():
        st.discovery[s] += k
    return [Event("discoveries", _paid(got))] if got else []


def setup_tokens(st: CatanState, seat: int, corner: int) -> list[Event]:
    """A second setup settlement beside a jungle earns a token per jungle (seafarers.md §7.3 item 3)."""
    board = st.board
    k = sum(1 for h in board.topology.corner_hexes[corner] if board.terrain[h] == Terrain.JUNGLE)
    if not k:
        return []
    st.discovery[seat] += k * JUNGLE_SETTLEMENT_TOKENS
    return [Event("discoveries", _paid({seat: k * JUNGLE_SETTLEMENT_TOKENS}))]


def legal_token_buys(st: CatanState, seat: int, out: list[Action]) -> None:
    """Append the purchases with tokens the seat can pay (seafarers.md §7.5), fewest tokens first by
    the replaced resources' bit order (wool 1, grain 2, ore 4)."""
    tokens = st.discovery[seat]
    if not tokens or not st.deck:
        return
    hand = st.hands[seat]
    for buy, rest, k in _BUYS:
        if k <= tokens and hand[2] >= rest[2] and hand[3] >= rest[3] and hand[4] >= rest[4]:
            out.append(buy)


def why_buy(st: CatanState, seat: int, action: Action) -> str | None:
    """The rule a purchase with tokens breaks (seafarers.md §7.5, catan.md §5.6), or ``None``."""
    assert isinstance(action, BuyDevTokens)
    replaced = action.replaced
    if not st.board.jungles:
        return f"discovery tokens pay only in the Jungle variant, not in catan/{st.game.variant} ({_RULE})"
    if any(k for r, k in enumerate(replaced) if r not in TOKEN_REPLACEABLE) or max(replaced) > 1:
        return f"a discovery token replaces one wool, one grain or one ore of the cost, each once ({_RULE})"
    count = sum(replaced)
    if not count:
        return f"name 1 to {MAX_TOKENS_PER_CARD} resources for the tokens to replace, or buy dev ({_RULE})"
    held = st.discovery[seat]
    if held < count:
        return f"seat {seat} holds {held} discovery tokens, not {count} ({_RULE})"
    if not st.deck:
        return "the development deck is empty (catan.md §5.6)"
    return why_unaffordable(st, seat, _rest(replaced), f"a development card with {count} discovery tokens")


def apply_buy(st: CatanState, seat: int, action: BuyDevTokens) -> list[Event]:
    """Pay the tokens and the rest of the cost, then draw the top card (seafarers.md §7.5 item 4)."""
    rest = _rest(action.replaced)
    count = sum(action.replaced)
    pay(st, seat, rest)
    st.discovery[seat] -= count
    paid = {RESOURCE_NAMES[r]: k for r, k in enumerate(rest) if k}
    return draw_dev(st, seat, tokens=count, paid=paid)
