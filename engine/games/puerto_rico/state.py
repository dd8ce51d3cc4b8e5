"""The Puerto Rico state: plain ints and lists of ints, a decision stack, dispatch to the role modules.

Layout (puerto_rico.md §9 "Notation and state"):

* per seat: ``doubloons``, ``vp`` (chips, may exceed the supply), ``goods[5]``, ``san_juan`` colonists,
  ``tiles[6]`` / ``tiles_occ[6]`` (island tiles and occupied ones per :class:`Tile`; each tile has one
  circle and position has no effect, §5.1), ``city[23]`` (-1 not owned, else colonists on the building)
  and ``city_used`` (spaces);
* global: governor, colonist supply and ship, VP chip supply, quarries, goods supply, building supply,
  face-down ``deck`` (the last element is the top), face-up ``row``, ``discard`` pile, trading ``house``,
  cargo ships (capacity, kind, count), role tiles (doubloons, owner), end flag;
* per phase: quarries taken (bit per seat), kinds the Craftsman received, the Captain's +1 used, wharves
  used (bit per seat).

``State.turn`` is the round number, starting at 1. Design detail: ``_legal_actions`` and ``_apply``
dispatch on the type of the top decision through the tables in :mod:`roles`, so no if-chain grows
with the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.errors import IllegalAction
from engine.core.rng import MatchRng, Stream
from engine.core.state import State
from engine.games.puerto_rico import scoring
from engine.games.puerto_rico.decisions import SEAT, RoleSelection
from engine.games.puerto_rico.notation import to_text as _to_text
from engine.games.puerto_rico.observe import PuertoRicoObservation
from engine.games.puerto_rico.observe import observe as _observe
from engine.games.puerto_rico.observe_text import observe_json
from engine.games.puerto_rico.roles import APPLY, EXPLAIN, LEGAL
from engine.games.puerto_rico.round import AVAILABLE, NOT_IN_PLAY
from engine.games.puerto_rico.static_tables import PuertoRicoTables, static_tables
from engine.games.puerto_rico.tables import (
    BUILDING_COUNT,
    BUILDINGS,
    GOODS_SUPPLY,
    NO_GOOD,
    PLANTATIONS,
    QUARRIES,
    ROLE_TILES,
    SETUP,
)

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.core.events import Event
    from engine.core.game import Game
    from engine.core.result import Result


class PuertoRicoState(State):
    """One Puerto Rico position (puerto_rico.md §2-§6)."""

    __slots__ = (
        "building_supply",
        "captain_bonus",
        "city",
        "city_used",
        "colonist_ship",
        "colonist_supply",
        "deck",
        "decline_production",
        "discard",
        "doubloons",
        "end_triggered",
        "goods",
        "goods_supply",
        "governor",
        "hacienda_quarry_option",
        "hidden_vp",
        "house",
        "n",
        "over",
        "quarries",
        "quarry_taken",
        "received",
        "role_doubloons",
        "role_owner",
        "row",
        "san_juan",
        "ship_cap",
        "ship_count",
        "ship_kind",
        "tiles",
        "tiles_occ",
        "vp",
        "vp_supply",
        "wharf_used",
    )

    def __init__(self, game: Game, seed: int) -> None:
        """A blank position for ``game``: empty boards, full supplies, no deck (see :meth:`setup`)."""
        super().__init__(game, seed, MatchRng(seed))
        n = game.players
        setup = SETUP[n]
        self.n = n
        self.governor = 0
        self.end_triggered = False
        self.over = False
        options = game.options
        self.hacienda_quarry_option = bool(options["hacienda_slot_allows_quarry"])
        self.hidden_vp = bool(options["hidden_vp"])
        self.decline_production = bool(options["allow_decline_production"])
        self.doubloons = [0] * n
        self.vp = [0] * n
        self.goods = [[0] * 5 for _ in range(n)]
        self.san_juan = [0] * n
        self.tiles = [[0] * 6 for _ in range(n)]
        self.tiles_occ = [[0] * 6 for _ in range(n)]
        self.city = [[-1] * BUILDING_COUNT for _ in range(n)]
        self.city_used = [0] * n
        self.colonist_supply = setup.colonists
        self.colonist_ship = setup.ship_colonists
        self.vp_supply = setup.vp_chips
        self.quarries = QUARRIES
        self.goods_supply = list(GOODS_SUPPLY)
        self.building_supply = [b.copies for b in BUILDINGS]
        self.deck: list[int] = []
        self.row: list[int] = []
        self.discard: list[int] = []
        self.house: list[int] = []
        self.ship_cap = list(setup.ships)
        self.ship_kind = [NO_GOOD] * 3
        self.ship_count = [0] * 3
        self.role_doubloons = [0] * ROLE_TILES
        self.role_owner = [AVAILABLE if t in setup.role_tiles else NOT_IN_PLAY for t in range(ROLE_TILES)]
        self.quarry_taken = 0
        self.received = 0
        self.captain_bonus = 0
        self.wharf_used = 0
        self.turn = 1
        self.decisions.append(RoleSelection(SEAT[0]))

    def setup(self) -> None:
        """Deal the opening position from the seed (§2.2): money, starting tiles, shuffled deck, row."""
        setup = SETUP[self.n]
        deck: list[int] = []
        for kind, count in enumerate(PLANTATIONS):
            deck += [kind] * (count - setup.start_tiles.count(kind))
        for seat, tile in enumerate(setup.start_tiles):
            self.doubloons[seat] = setup.doubloons
            self.tiles[seat][tile] = 1
        self.rng.stream("plantations").mix(deck)
        self.deck = deck
        need = setup.row_size
        self.row = [deck.pop() for _ in range(need)]

    # -- the core contract -------------------------------------------------------------------------

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        top = self.decisions[-1]
        return LEGAL[type(top)](self, top)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        top = self.decisions[-1]
        return APPLY[type(top)](self, seat, action, top)

    def explain_illegal(self, seat: int, action: Action) -> str:
        """Name the rule an unlisted action breaks (puerto_rico.md §9)."""
        top = self.decisions[-1]
        explain = EXPLAIN.get(type(top))
        reason = explain(self, seat, action, top) if explain is not None else None
        if reason is not None:
            return reason
        legal = ", ".join(a.text() for a in self.legal_actions(seat))
        return f"not a choice in {type(top).where}; legal now: {legal}"  # type: ignore[attr-defined]

    def is_terminal(self) -> bool:
        return self.over

    def scores(self) -> tuple[float, ...]:
        return tuple(float(scoring.score(self, s)) for s in range(self.n))

    def result(self) -> Result:
        if not self.over:
            raise IllegalAction("", "the match is not over")
        return scoring.result(self)

    def observe(self, seat: int) -> PuertoRicoObservation:
        return _observe(self, seat)

    def observe_json(self, seat: int) -> bytes:
        return observe_json(self, seat)

    def determinized_for(self, seat: int, rng: Stream) -> PuertoRicoState:
        """Re-deal the face-down deck and future chance; nothing else is hidden (A11, §9 Visibility)."""
        twin = self.clone(MatchRng(0))  # streams re-seeded below, not copied
        rng.mix(twin.deck)
        twin.rng = MatchRng(rng.below(1 << 62))
        return twin

    def render_for(self, seat: int) -> str:
        from engine.games.puerto_rico.render import render

        return render(self, seat)

    def render_legend(self) -> str:
        from engine.games.puerto_rico.render import LEGEND

        return LEGEND

    def to_text(self) -> str:
        return _to_text(self)

    def render(self) -> str:
        from engine.games.puerto_rico.render import render

        return render(self)

    def static_tables(self) -> PuertoRicoTables:
        """The building table, goods, role tiles and setup of this player count, sent to the bots at
        match start (puerto_rico.md §2-§3)."""
        return static_tables(self.n)
