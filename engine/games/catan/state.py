"""CatanState: the authoritative position of one Catan match (slots of plain ints and lists).

Per corner ``owner`` (seat or -1) and ``level`` (1 settlement, 2 city); per edge ``road_owner``; per
seat the hand (cards by resource), development cards (by kind, and those bought this turn), played
knights, pieces left, maritime rates, road length and building VP; the supply, the development deck
(top = end of the list), the robber, the holders of the special cards and the per-turn flags; in the
Helpers scenario (catan.md §7) each seat's helper, its side and the turns it was received and last used,
the stack, the display and this turn's Jean rate; in the Jungle (seafarers.md §7) each seat's discovery
tokens; in the Big River (§8) each seat's gold-mine VP and the first seat to build there. The decision
stack (HS-6) says who acts;
:mod:`engine.games.catan.rules` says what actions do.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.action import Action, ActionFamily
from engine.core.errors import IllegalAction
from engine.core.result import Result, Termination, places_from_scores
from engine.core.rng import MatchRng, Stream
from engine.core.state import State
from engine.games.catan.actions import (
    BuyDev,
    BuyDevTokens,
    City,
    Confirm,
    MoveRobber,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    Road,
    Settle,
)
from engine.games.catan.board_tables import BoardTables, board_tables
from engine.games.catan.decisions import (
    BUILD,
    PARTNER,
    PRE_ROLL,
    DiscardHalf,
    SetupSettle,
    TradeAnswers,
    TurnPhase,
)
from engine.games.catan.helper_actions import ChooseDev, UseVincent
from engine.games.catan.islands import island_board
from engine.games.catan.layouts import Board
from engine.games.catan.notation import to_text as _to_text
from engine.games.catan.observe import CatanObservation, determinize
from engine.games.catan.observe import observe as _observe
from engine.games.catan.observe import observe_json as _observe_json
from engine.games.catan.render import render as _render
from engine.games.catan.rules import APPLY, APPLY_BY_KIND, FAMILY_KINDS, LEGAL, WHY, not_now
from engine.games.catan.rules.scoring import check_victory, victory_points
from engine.games.catan.tables import MAX_SEATS, N_HELPERS, PlayerCountTable
from engine.games.catan.topology import Topology

if TYPE_CHECKING:
    from engine.core.events import Event
    from engine.games.catan.game import CatanGame

DISCARD_FAMILY = ActionFamily(
    "discard",
    "discard N RESOURCE [N RESOURCE ...]",
    "return exactly half of your hand, rounded down, of cards you hold (catan.md §5.4)",
)
OFFER_FAMILY = ActionFamily(
    "offer",
    "offer give N RESOURCE ... get N RESOURCE ... to all|SEAT",
    "a domestic offer: cards you hold for other cards, no gifts, no type on both sides (catan.md §5.5)",
)
COUNTER_FAMILY = ActionFamily(
    "counter",
    "counter give N RESOURCE ... get N RESOURCE ...",
    "a counter-offer to the active seat: you give cards you hold for others (catan.md §5.5)",
)


_NOT_LISTED = "not one of the listed legal actions"

_MAY_SCORE: frozenset[type] = frozenset(
    {
        Road,
        Settle,
        City,
        BuyDev,
        BuyDevTokens,
        PlayKnight,
        PlayRoadBuilding,
        PlayYearOfPlenty,
        PlayMonopoly,
        Confirm,
        UseVincent,
        ChooseDev,
    }
)
"""Actions after which the active seat's VP can have changed (catan.md §5.11 victory check); the turn
start is checked by ``begin_turn``."""


@dataclass(frozen=True, slots=True, eq=False)
class Prebuilt:
    """Interned actions of one topology, indexed by id (shared by every state on that shape)."""

    rows: tuple[int, ...]
    roads: tuple[Road, ...]
    settles: tuple[Settle, ...]
    cities: tuple[City, ...]
    robber_by_mask: tuple[tuple[tuple[MoveRobber, ...], ...], ...]
    """``robber_by_mask[hex][mask]``: the robber moves to ``hex`` when the seats in bitmask ``mask`` can
    be robbed there (victims ascending; no steal when ``mask`` is 0)."""

    def fingerprint_parts(self) -> list[object]:
        return [self.rows]


@functools.cache
def _prebuilt(topo: Topology) -> Prebuilt:
    return Prebuilt(
        rows=topo.rows,
        roads=tuple(Road(a, b) for a, b in topo.edge_corners),
        settles=tuple(Settle(c) for c in range(topo.n_corners)),
        cities=tuple(City(c) for c in range(topo.n_corners)),
        robber_by_mask=tuple(
            tuple(
                tuple(MoveRobber(h, v) for v in range(MAX_SEATS) if mask >> v & 1) or (MoveRobber(h, -1),)
                for mask in range(1 << MAX_SEATS)
            )
            for h in range(topo.n_hexes)
        ),
    )


class CatanState(State):
    """The state of a Catan match (catan.md §10.1)."""

    __slots__ = (
        "active",
        "army",
        "bank",
        "board",
        "building_vp",
        "buildings_of",
        "capped",
        "cities_left",
        "combined",
        "deck",
        "dev_played",
        "devs",
        "discovery",
        "display",
        "gold_first",
        "gold_first_only",
        "gold_vp",
        "hands",
        "helper",
        "helper_got",
        "helper_side",
        "helper_stack",
        "helper_used",
        "helpers_on",
        "jean_seat",
        "jean_type",
        "knights",
        "level",
        "longest",
        "n",
        "new_devs",
        "offer_limit",
        "offers_made",
        "over",
        "owner",
        "phases",
        "pre",
        "rates",
        "road_len",
        "road_owner",
        "roads_left",
        "roads_of",
        "robber",
        "rolled",
        "settlements_left",
        "turn_cap",
        "vp_to_win",
        "winner",
    )

    game: CatanGame

    def __init__(self, game: CatanGame, seed: int) -> None:
        super().__init__(game, seed, MatchRng(seed))
        spec = game.spec
        opts = game.options
        n = game.players
        self.n = n
        counts = spec.counts(n)
        self.combined = bool(opts.get("combined_trade_build", True))
        self.phases = spec.phases(n, self.combined, str(opts.get("turn_structure", "")))
        self.turn_cap = int(opts["turn_cap"])
        self.offer_limit = int(opts["offer_limit"])
        self.vp_to_win = int(opts["vp_to_win"])
        board = self._new_board(counts)
        self.board = board
        topo = board.topology
        self.pre = _prebuilt(topo)
        self.owner = [-1] * topo.n_corners
        self.level = [0] * topo.n_corners
        self.road_owner = [-1] * topo.n_edges
        self.hands = [[0] * 5 for _ in range(n)]
        self.bank = [counts.bank_per_resource] * 5
        deck = [kind for kind, k in enumerate(counts.dev_deck) for _ in range(k)]
        self.rng.stream("deck").mix(deck)
        self.deck = deck
        self.devs = [[0] * 5 for _ in range(n)]
        self.new_devs = [[0] * 5 for _ in range(n)]
        self.knights = [0] * n
        self.settlements_left = [counts.settlements] * n
        self.cities_left = [counts.cities] * n
        self.roads_left = [counts.roads] * n
        self.rates = [[4] * 5 for _ in range(n)]
        self.road_len = [0] * n
        self.roads_of: list[list[int]] = [[] for _ in range(n)]
        self.buildings_of: list[list[int]] = [[] for _ in range(n)]
        self.building_vp = [0] * n
        self.longest = -1
        self.army = -1
        self.robber = board.robber_home
        self.discovery = [0] * n
        self.gold_vp = [0] * n
        self.gold_first = -1
        self.gold_first_only = opts.get("gold_mine_bonus") == "first_only"
        self.active = -1
        self.dev_played = False
        self.offers_made = 0
        self.rolled = 0
        self.winner = -1
        self.over = False
        self.capped = False
        self.helpers_on = spec.helpers
        self.helper = [-1] * n
        self.helper_side = [0] * n
        self.helper_got = [0] * n
        self.helper_used = [-1] * n
        self.helper_stack = list(game.helper_stack) if spec.helpers else []
        self.display = sorted(set(range(N_HELPERS)) - set(self.helper_stack)) if spec.helpers else []
        self.jean_seat = -1
        self.jean_type = -1
        self.decisions.append(SetupSettle((0,), 0))

    def _new_board(self, counts: PlayerCountTable) -> Board:
        """The board the match is played on, drawn from the ``board`` stream (catan.md §3; the Jungle's and
        Big River's islands, seafarers.md §7.2, §8.2)."""
        return island_board(self.game.spec.island, self.game.options, self.rng.stream("board"), counts)

    # -- the engine contract -----------------------------------------------------------------------

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        top = self.decisions[-1]
        return LEGAL[type(top)](self, seat)

    def families(self, seat: int) -> tuple[ActionFamily, ...]:
        if self.over or not self.decisions:
            return ()
        top = self.decisions[-1]
        kind = type(top)
        if kind is TurnPhase:
            assert isinstance(top, TurnPhase)
            if top.phase not in (PRE_ROLL, BUILD, PARTNER) and self.offers_made < self.offer_limit:
                return (OFFER_FAMILY,) if seat == self.active else ()
            return ()
        if kind is DiscardHalf:
            return (DISCARD_FAMILY,) if seat in top.seats else ()
        if kind is TradeAnswers:
            return (COUNTER_FAMILY,) if seat in top.seats else ()
        return ()

    def _validate_family(self, seat: int, action: Action) -> None:
        reason = self._why(seat, action)
        if reason is None and type(action) in FAMILY_KINDS:
            return
        raise IllegalAction(action.text(), reason or _NOT_LISTED)

    def explain_illegal(self, seat: int, action: Action) -> str:
        return self._why(seat, action) or _NOT_LISTED

    def _why(self, seat: int, action: Action) -> str | None:
        top = self.decisions[-1]
        why = WHY.get((type(top), type(action)))
        if why is None:
            return not_now(action, top)
        return why(self, seat, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        kind = type(action)
        handler = APPLY_BY_KIND.get(kind)
        if handler is None:
            handler = APPLY[(type(self.decisions[-1]), kind)]
        events = handler(self, seat, action)
        if kind in _MAY_SCORE:
            events += check_victory(self)
        return events

    def blockers(self) -> list[int]:
        """Per corner, the seat whose piece there stops other seats' roads (catan.md §5.6: no road
        through an opponent's building; §5.9: it splits their routes), or -1. In base Catan the
        buildings; a game with other blocking pieces (the knights of Cities & Knights) overrides it."""
        return self.owner

    def observe(self, seat: int) -> CatanObservation:
        return _observe(self, seat)

    def observe_json(self, seat: int) -> bytes | None:
        return _observe_json(self, seat)

    def __init_subclass__(cls, **kwargs: object) -> None:
        """A variant with an observation of its own (more fields) has no text of base Catan's: unless
        it writes its own, the referee writes its observation (decided once, not at every call)."""
        super().__init_subclass__(**kwargs)
        if "observe" in vars(cls) and "observe_json" not in vars(cls):
            cls.observe_json = State.observe_json  # type: ignore[method-assign]

    def determinized_for(self, seat: int, rng: Stream) -> CatanState:
        return determinize(self, seat, rng)

    def is_terminal(self) -> bool:
        return self.over

    def scores(self) -> tuple[float, ...]:
        return tuple(float(victory_points(self, s)) for s in range(self.n))

    def result(self) -> Result:
        if not self.over:
            raise IllegalAction("", "the match is not over")
        if self.capped:
            return self.capped_result()
        scores = self.scores()
        keys = [(1 if s == self.winner else 0, scores[s]) for s in range(self.n)]
        return Result(places_from_scores(keys), scores, Termination.VICTORY)

    def render_for(self, seat: int) -> str:
        from engine.games.catan.render import render_for

        return render_for(self, seat)

    def render_legend(self) -> str:
        from engine.games.catan.render import legend

        return legend(self)

    def to_text(self) -> str:
        return _to_text(self)

    def render(self) -> str:
        return _render(self)

    def static_tables(self) -> BoardTables:
        """The board with every adjacency table, sent to the bots at match start (catan.md §3)."""
        return board_tables(self.board, self.robber, self.gold_first_only)
