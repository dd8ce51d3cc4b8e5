"""A full Catan position built from one seat's observation, for search bots (catan.md §5.12).

Kept as observed: the board (terrain, tokens, harbors, the Big River's River), every piece, the robber,
the supply, the special cards, road lengths, pieces left, knights played, the turn and its flags, the
seat's own cards and development cards, the discovery tokens and the gold mine's first builder
(seafarers.md §7.6, §8.5), the helpers (catan.md §7) and the pending offer or answers. Sampled from
``rng``, consistently with what the seat knows:

* the other seats' resource cards: the cards no one can see (the full supply of §2.1 less the supply
  and the seat's own) dealt to them at random with their observed hand sizes; a hand Hilde shows is
  kept, and so are the cards an answer to an offer committed (§5.5);
* the development deck and the other seats' unplayed development cards: the cards not seen (the deck
  of §2.1 less the seat's own and the knights played) with as many progress cards left out at random
  as have been played, dealt with the observed counts; none of theirs counts as bought this turn;
* the decision stack, rebuilt from the pending decision's kind and the public facts it leaves (the
  setup step from the pieces placed, the discards owed, the offer and its addressees); answers not yet
  announced are taken as not given;
* the chance streams: a fresh match seed, so future dice and steals are unknown too.

The observation must be one of a seat that is to move (the search bots' case): the seat asked is a
seat of the pending decision. The result, observed by that seat, gives back the same observation.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from engine.core.decisions import Decision
from engine.core.rng import MatchRng, Stream
from engine.games.catan.decisions import (
    CandamirPick,
    DiscardHalf,
    FreeRoads,
    HelperAfterUse,
    HildeTake,
    LouisRoad,
    MarianneAsk,
    NassirReturn,
    PlaceRobber,
    SeanAsk,
    SetupRoad,
    SetupSettle,
    SpecialBuild,
    TradeAnswers,
    TradeConfirm,
    TurnPhase,
    WilliamRoad,
)
from engine.games.catan.layouts import Board, make_board
from engine.games.catan.observe import CatanObservation, committed_cards
from engine.games.catan.rules.river import gold_mine_points
from engine.games.catan.rules.setup import snake_order
from engine.games.catan.tables import (
    BASE_ROWS,
    DISCARD_LIMIT,
    EXTENDED_ROWS,
    GENERIC_HARBOR,
    NO_HARBOR,
    Helper,
)

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.games.catan.game import CatanGame
    from engine.games.catan.state import CatanState

PROGRESS = (1, 2, 3)
"""Development card kinds that are played and leave no public trace in the observation (road
building, year of plenty, monopoly); knights are counted, VP cards are never played (catan.md §5.7).
With the helpers a played knight may also leave play unseen, discarded for Vincent (catan.md §7.5)."""


@functools.lru_cache(maxsize=64)
def observed_board(
    layout: str,
    terrain: tuple[int, ...],
    tokens: tuple[int, ...],
    harbor_types: tuple[int, ...],
    river: tuple[int, ...] = (),
) -> Board:
    """The island of an observation (its terrain, tokens, harbors and River), built once per island."""
    rows = BASE_ROWS if len(terrain) == sum(BASE_ROWS) else EXTENDED_ROWS
    return make_board(layout, terrain, tokens, harbor_types, rows, river=river)


class IslandView(Protocol):
    """What an observation of any Catan game says of its island and its seats."""

    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def terrain(self) -> tuple[int, ...]: ...
    @property
    def tokens(self) -> tuple[int, ...]: ...
    @property
    def harbor_types(self) -> tuple[int, ...]: ...
    @property
    def harbor_edges(self) -> tuple[int, ...]: ...


def place_island(game: Game, st: CatanState, obs: IslandView) -> None:
    """Put the observed island on ``st`` (a new state of ``game``), once the observation is checked to
    be one of ``game``: its seat count and its harbors on the island's slots (``ValueError`` if not)."""
    if len(obs.hand_sizes) != game.players:
        raise ValueError(f"an observation of {len(obs.hand_sizes)} seats, not of {game.ref.canonical()}")
    river: tuple[int, ...] = getattr(obs, "river", ())
    board = observed_board(str(game.options["layout"]), obs.terrain, obs.tokens, obs.harbor_types, river)
    if board.harbor_edges != obs.harbor_edges:
        raise ValueError("the observed harbors are not on this island's harbor slots")
    st.board = board


Placer = Callable[["Game", "CatanState", CatanObservation], None]
Stacker = Callable[["CatanState", CatanObservation, Stream], "list[Decision]"]


def state_from_observation(
    game: CatanGame,
    obs: CatanObservation,
    rng: Stream,
    place: Placer | None = None,
    stack: Stacker | None = None,
) -> CatanState:
    """A position ``obs.seat`` cannot tell apart from the one it observed (see the module docstring).
    A variant with another board or other decisions passes its own ``place`` (puts the observed board
    on the state, :func:`place_island` by default) and ``stack`` (:func:`rebuild_stack`)."""
    st = game.new_state(0)
    (place or place_island)(game, st, obs)
    board = st.board
    n = st.n
    st.owner = list(obs.owner)
    st.level = list(obs.level)
    st.road_owner = list(obs.road_owner)
    st.buildings_of = [[] for _ in range(n)]
    st.roads_of = [[] for _ in range(n)]
    st.building_vp = [0] * n
    st.rates = [[4] * 5 for _ in range(n)]
    for c, s in enumerate(st.owner):
        if s < 0:
            continue
        st.buildings_of[s].append(c)
        st.building_vp[s] += st.level[c]
        kind = board.corner_harbor[c]
        if kind == GENERIC_HARBOR:
            st.rates[s] = [min(r, 3) for r in st.rates[s]]
        elif kind != NO_HARBOR:
            st.rates[s][kind] = 2
    for e, s in enumerate(st.road_owner):
        if s >= 0:
            st.roads_of[s].append(e)
    st.settlements_left = [p[0] for p in obs.pieces_left]
    st.cities_left = [p[1] for p in obs.pieces_left]
    st.roads_left = [p[2] for p in obs.pieces_left]
    st.road_len = list(obs.road_lengths)
    st.longest, st.army = obs.longest_road, obs.largest_army
    st.knights = list(obs.knights)
    st.bank = list(obs.bank)
    st.robber = obs.robber
    st.turn, st.active, st.rolled = obs.turn, obs.active, obs.rolled
    st.dev_played, st.offers_made = obs.dev_played, obs.offers_made
    st.helper = list(obs.helpers)
    st.helper_side = list(obs.helper_sides)
    st.helper_got = list(obs.helper_received)
    st.helper_used = list(obs.helper_used)
    st.helper_stack = list(obs.helper_stack)
    st.display = list(obs.display)
    st.jean_seat, st.jean_type = obs.jean_seat, obs.jean_type
    st.discovery = list(obs.discovery_tokens)
    st.gold_first = obs.gold_mine_first
    st.gold_vp = gold_mine_points(st)
    st.decisions[:] = (stack or rebuild_stack)(st, obs, rng)
    shown = st.decisions[-1].victim if obs.decision == "HildeTake" else -1  # type: ignore[attr-defined]
    _deal_hands(st, obs, shown, rng)
    _deal_devs(st, game, obs, rng)
    st.over = not obs.decision
    st.rng = MatchRng(rng.getrandbits(63))
    return st


def _deal_hands(st: CatanState, obs: CatanObservation, shown: int, rng: Stream) -> None:
    """The seat's hand as observed (and the hand Hilde shows); the other cards dealt to the others."""
    full = st.game.spec.counts(st.n).bank_per_resource
    st.hands = committed_cards(st.decisions[-1] if st.decisions else None, st.n)
    st.hands[obs.seat] = list(obs.hand)
    if shown >= 0:
        st.hands[shown] = list(obs.hilde_hand)
    known = [obs.bank[r] + sum(h[r] for h in st.hands) for r in range(5)]
    cards = [r for r in range(5) for _ in range(full - known[r])]
    rng.mix(cards)
    for s in range(st.n):
        if s == obs.seat or s == shown:
            continue
        for _ in range(obs.hand_sizes[s] - sum(st.hands[s])):
            st.hands[s][cards.pop()] += 1
    if cards:
        raise ValueError(f"{len(cards)} resource cards are neither in the supply nor in a hand")


def _deal_devs(st: CatanState, game: CatanGame, obs: CatanObservation, rng: Stream) -> None:
    """The deck and the others' development cards from the cards the seat has not seen."""
    left = list(game.spec.counts(st.n).dev_deck)
    for k, c in enumerate(obs.devs):
        left[k] -= c
    for k in obs.candamir_cards:
        left[k] -= 1
    left[0] -= sum(obs.knights)
    others = [s for s in range(st.n) if s != obs.seat]
    hidden = obs.deck_size + sum(obs.dev_counts[s] for s in others)
    kinds = (0, *PROGRESS) if st.helpers_on else PROGRESS
    progress = [k for k in kinds for _ in range(max(left[k], 0))]
    rng.mix(progress)
    for _ in range(sum(left) - hidden):  # progress cards played by someone, unseen in the observation
        if not progress:
            raise ValueError("more development cards played than progress cards in the deck")
        left[progress.pop()] -= 1
    pool = [k for k, c in enumerate(left) for _ in range(c)]
    if len(pool) != hidden or min(left) < 0:
        raise ValueError("the observed development cards do not add up to the deck of catan.md §2.1")
    rng.mix(pool)
    st.devs = [[0] * 5 for _ in range(st.n)]
    st.new_devs = [[0] * 5 for _ in range(st.n)]
    st.devs[obs.seat] = list(obs.devs)
    st.new_devs[obs.seat] = list(obs.new_devs)
    for s in others:
        for _ in range(obs.dev_counts[s]):
            st.devs[s][pool.pop()] += 1
    st.deck = pool


def _owed_on_seven(obs: CatanObservation) -> tuple[int, ...]:
    return tuple(k // 2 if k > DISCARD_LIMIT else 0 for k in obs.hand_sizes)


def rebuild_stack(st: CatanState, obs: CatanObservation, rng: Stream) -> list[Decision]:
    """The decision stack, bottom first, from the pending decision's kind (catan.md §4-§7)."""
    kind, seat, active, me = obs.decision, obs.seat, obs.active, (obs.seat,)
    if not kind:
        return []
    if kind in ("SetupSettle", "SetupRoad"):
        placed = sum(1 for s in obs.owner if s >= 0)
        if kind == "SetupSettle":
            return [SetupSettle((snake_order(st.n)[placed],), placed)]
        corner = next(
            c
            for c in st.buildings_of[seat]
            if all(obs.road_owner[e] != seat for e in st.board.topology.corner_edges[c])
        )
        return [SetupRoad(me, placed - 1, corner)]
    if kind == "SpecialBuild":
        return [SpecialBuild(me)]
    stack: list[Decision] = [TurnPhase((active,), obs.phase)]
    if kind == "TurnPhase":
        return stack
    top: Decision
    if kind == "PlaceRobber":
        top = PlaceRobber(me)
    elif kind == "DiscardHalf":
        stack.append(PlaceRobber((active,)))
        top = DiscardHalf(tuple(s for s, k in enumerate(obs.discard_owed) if k), obs.discard_owed)
    elif kind == "FreeRoads":
        top = FreeRoads(me, obs.free_roads)
    elif kind in ("TradeAnswers", "TradeConfirm"):
        offer = obs.offer
        assert offer is not None
        if kind == "TradeConfirm":
            top = TradeConfirm((active,), offer, obs.answers)
        else:
            to = tuple(s for s in range(st.n) if s != active) if offer.to < 0 else (offer.to,)
            top = TradeAnswers(to, offer, ())
    elif kind == "MarianneAsk":
        top = MarianneAsk(me)
    elif kind == "SeanAsk":
        stack.append(PlaceRobber((active,)))
        top = SeanAsk(me, _owed_on_seven(obs))
    elif kind == "HelperAfterUse":
        if obs.rolled == 7 and obs.helpers[seat] == Helper.SEAN and obs.helper_used[seat] == obs.turn:
            # Sean on this 7 (catan.md §7.5): the robber and the discards of the others come after
            stack.append(PlaceRobber((active,)))
            owed = tuple(0 if s == seat else k for s, k in enumerate(_owed_on_seven(obs)))
            if any(owed):
                stack.append(DiscardHalf(tuple(s for s, k in enumerate(owed) if k), owed))
        top = HelperAfterUse(me)
    else:
        stack.append(HelperAfterUse(me))
        top = _helper_step(kind, st, obs, rng)
    stack.append(top)
    return stack


def _helper_step(kind: str, st: CatanState, obs: CatanObservation, rng: Stream) -> Decision:
    """The second step of a helper, over its keep-or-exchange decision (catan.md §7.5)."""
    me = (obs.seat,)
    if kind == "CandamirPick":
        return CandamirPick(me, obs.candamir_cards)
    if kind == "NassirReturn":
        return NassirReturn(me, obs.nassir_to)
    if kind == "LouisRoad":
        return LouisRoad(me, obs.moving_road)
    if kind == "WilliamRoad":
        c = obs.road_cost
        return WilliamRoad(me, (c[0], c[1], c[2], c[3], c[4]))
    if kind == "HildeTake":
        # the observation shows the hand, not whose it is: a seat with that many cards and more VP on
        # the board than the seat (catan.md §7.5 Hilde)
        size = sum(obs.hilde_hand)
        victims = [
            v
            for v in range(st.n)
            if v != obs.seat and obs.hand_sizes[v] == size and obs.public_vp[v] > obs.public_vp[obs.seat]
        ]
        if not victims:
            raise ValueError("no seat can be the one whose hand Hilde shows")
        return HildeTake(me, rng.pick(victims))
    raise ValueError(f"unknown Catan decision {kind!r}")
