"""CkState: the position of one Cities & Knights match, a :class:`CatanState` with the expansion's parts
(cities_and_knights.md).

It keeps base Catan's board, buildings, roads, harbor rates, Longest Road and pieces (the slots and
rules of :mod:`engine.games.catan` are reused where the rules are the same) and adds, as plain lists:

- eight-kind hands and supply (resources, then paper, cloth, coin; §2.3);
- per corner: the knight's owner, level (1-3), active flag, the turn it was last activated and last
  promoted (§7.1), and a city wall (§9.1); ``occupant`` (building or knight owner) blocks roads;
- per seat: the corners of its knights, knight tokens left by level, whether it has a 3:1 harbor, improvement levels per track, walls left, Defender cards,
  VP progress cards and the progress hand (card ids, ascending);
- the metropolis corner per track, the barbarian ship, the attack count and whether the robber is
  active (§4.2), the turn of the last knight's chase before a roll (V3), the three progress decks
  (top = end of the list), the merchant's hex and holder, this turn's Merchant Fleet kinds and
  Commercial Harbor use, and the three dice of the turn.

Dispatch is :mod:`engine.games.catan_ck.rules`: ``{(decision kind, action kind): handler}``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.action import Action, ActionFamily
from engine.core.errors import IllegalAction
from engine.core.result import Result, Termination, places_from_scores
from engine.core.rng import MatchRng, Stream
from engine.core.state import State
from engine.games.catan.decisions import PRE_ROLL, TRADE_BUILD, SetupSettle
from engine.games.catan.layouts import board_for
from engine.games.catan.state import CatanState, _prebuilt
from engine.games.catan_ck import observe as _observe
from engine.games.catan_ck import render as _render
from engine.games.catan_ck.rules import dispatch
from engine.games.catan_ck.rules.scoring import victory_points
from engine.games.catan_ck.static_tables import CkTables, static_tables
from engine.games.catan_ck.tables import FULL_BANK, KNIGHTS_PER_LEVEL, WALLS, deck_cards

if TYPE_CHECKING:
    from engine.games.catan_ck.game import CkGame
    from engine.games.catan_ck.observe import CkObservation

_NOT_LISTED = "not one of the listed legal actions"


class CkState(CatanState):
    """The state of a Cities & Knights match (cities_and_knights.md)."""

    __slots__ = (
        "attacks",
        "chased",
        "decks",
        "defenders",
        "dice",
        "fleet",
        "harbor3",
        "harbor_used",
        "improvements",
        "k_active",
        "k_corners",
        "k_level",
        "k_owner",
        "k_promoted",
        "k_since",
        "k_supply",
        "merchant_hex",
        "merchant_owner",
        "metropolis",
        "occupant",
        "progress",
        "robber_active",
        "ship",
        "vp_cards",
        "walls",
        "walls_left",
    )

    game: CkGame  # type: ignore[assignment]  # the game of this state is a CkGame

    def __init__(self, game: CkGame, seed: int) -> None:
        State.__init__(self, game, seed, MatchRng(seed))
        n = game.players
        self.n = n
        opts = game.options
        self.combined = True
        self.phases = (PRE_ROLL, TRADE_BUILD)
        self.turn_cap = int(opts["turn_cap"])
        self.offer_limit = int(opts["offer_limit"])
        self.vp_to_win = int(opts["vp_to_win"])
        board = board_for(str(opts["layout"]), self.rng.stream("board"))
        self.board = board
        topo = board.topology
        self.pre = _prebuilt(topo)
        corners = topo.n_corners
        self.owner = [-1] * corners
        self.level = [0] * corners
        self.road_owner = [-1] * topo.n_edges
        self.hands = [[0] * 8 for _ in range(n)]
        self.bank = list(FULL_BANK)
        self.deck = []
        self.devs = [[0] * 5 for _ in range(n)]
        self.new_devs = [[0] * 5 for _ in range(n)]
        self.knights = [0] * n
        self.settlements_left = [5] * n
        self.cities_left = [4] * n
        self.roads_left = [15] * n
        self.rates = [[4] * 5 for _ in range(n)]
        self.road_len = [0] * n
        self.roads_of = [[] for _ in range(n)]
        self.buildings_of = [[] for _ in range(n)]
        self.building_vp = [0] * n
        self.longest = -1
        self.army = -1
        self.robber = board.desert
        self.active = -1
        self.dev_played = False
        self.offers_made = 0
        self.rolled = 0
        self.winner = -1
        self.over = False
        self.capped = False
        self.helpers_on = False
        self.helper = [-1] * n
        self.helper_side = [0] * n
        self.helper_got = [0] * n
        self.helper_used = [-1] * n
        self.helper_stack = []
        self.display = []
        self.jean_seat = -1
        self.jean_type = -1
        self.discovery = [0] * n
        self.gold_vp = [0] * n
        self.gold_first = -1
        self.gold_first_only = False
        # -- Cities & Knights ------------------------------------------------------------------
        self.occupant = [-1] * corners
        self.k_owner = [-1] * corners
        self.k_level = [0] * corners
        self.k_active = [0] * corners
        self.k_since = [-1] * corners
        self.k_promoted = [-1] * corners
        self.walls = [0] * corners
        self.k_supply = [[KNIGHTS_PER_LEVEL] * 3 for _ in range(n)]
        self.k_corners: list[list[int]] = [[] for _ in range(n)]
        self.harbor3 = [False] * n
        self.improvements = [[0, 0, 0] for _ in range(n)]
        self.walls_left = [WALLS] * n
        self.defenders = [0] * n
        self.vp_cards = [0] * n
        self.progress: list[list[int]] = [[] for _ in range(n)]
        self.metropolis = [-1, -1, -1]
        self.ship = 0
        self.attacks = 0
        self.robber_active = False
        self.chased = -1
        """The turn in which a knight chased the robber before the roll (V3 allows one, §1.5)."""
        deck_stream = self.rng.stream("deck")
        self.decks: list[list[int]] = []
        for track in range(3):
            cards = deck_cards(track, int(opts["spies"]))
            deck_stream.mix(cards)
            self.decks.append(cards)
        self.merchant_hex = -1
        self.merchant_owner = -1
        self.fleet: list[int] = []
        self.harbor_used = 0
        self.dice = [0, 0, 0]
        self.decisions.append(SetupSettle((0,), 0))

    # -- the engine contract -----------------------------------------------------------------------

    def blockers(self) -> list[int]:
        """Buildings and knights: an opponent's knight stops roads and splits routes too (§7.6)."""
        return self.occupant

    _legal_actions = dispatch.legal  # the rules' own functions as the methods: one call less per decision

    def families(self, seat: int) -> tuple[ActionFamily, ...]:
        if self.over or not self.decisions:
            return ()
        return dispatch.families(self, seat)

    def _validate_family(self, seat: int, action: Action) -> None:
        reason = self._why(seat, action)
        if reason is None and type(action) in dispatch.FAMILY_KINDS:
            return
        raise IllegalAction(action.text(), reason or _NOT_LISTED)

    def explain_illegal(self, seat: int, action: Action) -> str:
        return self._why(seat, action) or _NOT_LISTED

    def _why(self, seat: int, action: Action) -> str | None:
        return dispatch.why(self, seat, action)

    _apply = dispatch.apply

    def observe(self, seat: int) -> CkObservation:  # type: ignore[override]
        return _observe.observe(self, seat)

    def determinized_for(self, seat: int, rng: Stream) -> CkState:
        return _observe.determinize(self, seat, rng)

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
        return _render.render_for(self, seat)

    def static_tables(self) -> CkTables:  # type: ignore[override]  # the Catan board and C&K's tables
        """The board and the expansion's tables, sent to the bots at match start (§2, §5.1, §6)."""
        return static_tables(
            CatanState.static_tables(self),
            int(self.game.options["spies"]),
            self.game.barbarian_track,
            self.vp_to_win,
        )

    def render_legend(self) -> str:
        return _render.legend(self)

    def to_text(self) -> str:
        return self.fingerprint()

    def render(self) -> str:
        return _render.render(self)
