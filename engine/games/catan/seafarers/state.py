"""SeafarersState: a :class:`CatanState` on a scenario map, with the pieces of the sea (seafarers.md §10.3).

It keeps every slot of base Catan (buildings, roads, hands, supply, deck, robber, special cards, the
turn) and adds, as plain lists and ints:

- per edge ``ship_owner`` (seat or -1) and ``ship_built`` (the turn the ship was built, -1 once moved);
  per seat the edges of its ships and the ships left (15, §3.2);
- ``pirate``: its sea hex, or :data:`~engine.games.catan.seafarers.board.FRAME`;
- ``moved``: the turn in which the active seat moved a ship (once per turn, §5.5);
- the fog's face-down stacks of hexes and number tokens (top = end of the list, §5.11);
- per seat the island VP tokens taken, the islands that paid them (a bit per island of the map) and its
  home islands (the islands of its setup settlements, §5.10); ``claimed``, the islands whose bonus was
  taken by anyone (for ``svp_mode=first_player_only``).

Derived from those and kept only for speed, ``networks``: each seat's route graph, ship ends, starts and
ship spots (:mod:`engine.games.catan.seafarers.rules.networks`), left out of copies and fingerprints.

Island VP tokens are counted in ``building_vp`` too, so base Catan's VP totals and victory check count
them (they lie under the settlement, §5.10). Dispatch is :mod:`engine.games.catan.seafarers.rules`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.action import Action
from engine.core.errors import IllegalAction
from engine.core.rng import Stream
from engine.games.catan.layouts import Board
from engine.games.catan.seafarers import rules
from engine.games.catan.seafarers.board import FRAME, SeaBoard, seeded_board
from engine.games.catan.seafarers.maps import MAPS
from engine.games.catan.seafarers.rules.routes import LENGTHS, settle_routes
from engine.games.catan.state import CatanState
from engine.games.catan.tables import PlayerCountTable

if TYPE_CHECKING:
    from engine.games.catan.board_tables import BoardTables
    from engine.games.catan.game import CatanGame
    from engine.games.catan.seafarers.observe import SeafarersObservation
    from engine.games.catan.seafarers.rules.networks import Network

SHIPS = 15
"""seafarers.md §3.2: ships per seat."""

_NOT_LISTED = "not one of the listed legal actions"


class SeafarersState(CatanState):
    """The state of a Seafarers match (seafarers.md §5)."""

    __slots__ = (
        "claimed",
        "fog_stack",
        "fog_tokens",
        "home",
        "island_vp",
        "moved",
        "networks",
        "pirate",
        "pirate_to_frame",
        "rewarded",
        "route_hi",
        "route_step",
        "setup_reward",
        "ship_built",
        "ship_owner",
        "ships_left",
        "ships_of",
        "svp_first_only",
    )

    DERIVED = ("networks",)

    board: SeaBoard

    def __init__(self, game: CatanGame, seed: int) -> None:
        super().__init__(game, seed)
        opts = game.options
        n = self.n
        board = self.board
        topo = board.topology
        self.ship_owner = [-1] * topo.n_edges
        self.ship_built = [-1] * topo.n_edges
        self.ships_of: list[list[int]] = [[] for _ in range(n)]
        self.ships_left = [SHIPS] * n
        self.moved = -1
        start = str(opts["pirate_start"])
        if start == "map":
            smap = board.map
            self.pirate = FRAME if smap.pirate is None else board.hex_at(*smap.pirate)
        else:
            self.pirate = FRAME if start == "frame" else int(start)
        stream = self.rng.stream("fog")
        self.fog_stack = [int(t) for t in board.map.fog_hexes]
        stream.mix(self.fog_stack)
        self.fog_tokens = list(board.map.fog_tokens)
        stream.mix(self.fog_tokens)
        self.island_vp = [0] * n
        self.rewarded = [0] * n
        self.home = [0] * n
        self.claimed = 0
        self.pirate_to_frame = bool(opts["pirate_to_frame"])
        self.svp_first_only = opts.get("svp_mode") == "first_player_only"
        self.setup_reward = bool(opts.get("setup_discovery_reward", True))
        self.route_hi: list[int] | None = None
        """Per seat an upper bound of its trade route while a piece placed or moved left it open, when
        any did (:mod:`~engine.games.catan.seafarers.rules.routes`): ``road_len`` (which observations,
        copies and fingerprints read) measures it first."""
        self.route_step: list[tuple[int, int, bool] | None] | None = None
        """With ``route_hi``, per seat the one piece placed since its length was last known, as (its
        edge, that length, whether a ship moved there), when only one was."""
        self.networks: list[Network] | None = None
        """Each seat's route graph and ship ends (:mod:`~engine.games.catan.seafarers.rules.networks`):
        derived from the pieces, built on first use."""

    def _new_board(self, counts: PlayerCountTable) -> Board:
        opts = self.game.options
        smap = MAPS[(self.game.spec.scenario, self.game.players)]
        return seeded_board(
            smap, str(opts["layout"]), str(opts["harbors"]), bool(opts["ship_on_frame_coast"]), self.seed
        )

    @property
    def road_len(self) -> list[int]:
        """Each seat's longest trade route (§5.7), measured first where a ship move left it open."""
        if self.route_hi is not None:
            settle_routes(self)
        return LENGTHS.__get__(self)  # type: ignore[no-any-return]

    @road_len.setter
    def road_len(self, lengths: list[int]) -> None:
        LENGTHS.__set__(self, lengths)

    def fingerprint(self) -> str:
        settle_routes(self)
        return super().fingerprint()

    # -- the engine contract -----------------------------------------------------------------------

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        return rules.LEGAL[type(self.decisions[-1])](self, seat)

    def _validate_family(self, seat: int, action: Action) -> None:
        reason = self._why(seat, action)
        if reason is None and type(action) in rules.FAMILY_KINDS:
            return
        raise IllegalAction(action.text(), reason or _NOT_LISTED)

    def explain_illegal(self, seat: int, action: Action) -> str:
        return self._why(seat, action) or _NOT_LISTED

    def _why(self, seat: int, action: Action) -> str | None:
        return rules.why(self, seat, action)

    _apply = rules.apply  # the rules' dispatch itself, one call less per action

    def observe(self, seat: int) -> SeafarersObservation:
        from engine.games.catan.seafarers.observe import observe

        return observe(self, seat)

    def determinized_for(self, seat: int, rng: Stream) -> SeafarersState:
        from engine.games.catan.seafarers.observe import determinize

        return determinize(self, seat, rng)

    def to_text(self) -> str:
        from engine.games.catan.seafarers.notation import to_text

        return to_text(self)

    def render(self) -> str:
        from engine.games.catan.seafarers.render import render

        return render(self)

    def render_for(self, seat: int) -> str:
        from engine.games.catan.seafarers.render import render_for

        return render_for(self, seat)

    def render_legend(self) -> str:
        from engine.games.catan.seafarers.render import legend

        return legend(self)

    def static_tables(self) -> BoardTables:
        """The board with every adjacency table and the sea's, sent to the bots at match start
        (seafarers.md §4, §6)."""
        from engine.games.catan.seafarers.board_tables import sea_board_tables
        from engine.games.catan.seafarers.rules.build import SHIP_COST

        return sea_board_tables(self, SHIPS, SHIP_COST)
