"""What each game's observation fields mean where the types do not say: the declared parts of its
encoding (:mod:`learning.encoding`). A field not declared here is derived from its type.

Declarations go by field name, so one table serves a family of games: every Catan variant and Cities &
Knights share the Catan table (a field a game does not have is ignored; a field a new variant adds is
derived until it is declared). Vocabularies come from the games' own tables and classes (the decision
kinds are the :class:`~engine.core.decisions.Decision` classes of the game's package), never from
strings copied here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from engine.core.decisions import Decision
from learning import encoding as e
from learning.classes import game_classes

Schema = Callable[[Any, Any, int], dict[str, e.Part]]
"""``schema(game, reference_observation, players) -> {field: part}``."""


def decision_kinds(game: Any) -> tuple[str, ...]:
    """The names of the game's decision classes, sorted (the vocabulary of ``decision`` fields)."""
    return tuple(sorted({c.__name__ for c in game_classes(game, Decision)}))


def puerto_rico(game: Any, ref: Any, players: int) -> dict[str, e.Part]:
    from engine.games.puerto_rico.tables import BUILDINGS, GOOD_NAMES, ROLE_TILE_NAMES, TILE_NAMES

    n_ships = len(ref.ships)
    goods = {g: i for i, g in enumerate(GOOD_NAMES)}
    roles = {r: i for i, r in enumerate(ROLE_TILE_NAMES)}
    buildings = {b.name: i for i, b in enumerate(BUILDINGS)}
    ship_width = 2 + len(GOOD_NAMES)
    role_width = 2 + players + 1
    seat_width = 2 + 1 + len(GOOD_NAMES) + 1 + 2 * len(TILE_NAMES) + 2 * len(BUILDINGS) + 3

    def ships(v: Any, out: np.ndarray, ctx: e.Context) -> None:
        for i, ship in enumerate(v[:n_ships]):
            row = out[i * ship_width : (i + 1) * ship_width]
            row[0], row[1] = ship.capacity / 8, ship.count / 8
            if ship.kind is not None:
                row[2 + goods[ship.kind]] = 1.0

    def role_tiles(v: Any, out: np.ndarray, ctx: e.Context) -> None:
        for role in v:
            i = roles[role.name]
            row = out[i * role_width : (i + 1) * role_width]
            row[0], row[1] = 1.0, role.doubloons / 4
            row[2 + (0 if role.taken_by is None else 1 + ctx.relative(role.taken_by))] = 1.0

    def seat_rows(v: Any, out: np.ndarray, ctx: e.Context) -> None:
        for view in v:
            r = ctx.relative(view.seat)
            row = out[r * seat_width : (r + 1) * seat_width]
            row[0] = view.doubloons / 10
            row[1], row[2] = (0.0, 0.0) if view.vp is None else (view.vp / 20, 1.0)
            row[3 : 3 + len(GOOD_NAMES)] = np.asarray(view.goods, dtype=np.float32) / 4
            at = 3 + len(GOOD_NAMES)
            row[at] = view.san_juan / 4
            at += 1
            for tile in view.island:
                k = TILE_NAMES.index(tile.kind)
                row[at + 2 * k], row[at + 2 * k + 1] = tile.tiles / 4, tile.occupied / 4
            at += 2 * len(TILE_NAMES)
            for building in view.city:
                b = buildings[building.name]
                row[at + 2 * b], row[at + 2 * b + 1] = 1.0, building.colonists / 3
            at += 2 * len(BUILDINGS)
            row[at], row[at + 1], row[at + 2] = view.city_spaces / 12, view.took_quarry, view.used_wharf

    return {
        "players": e.skip("players", "the seat count is fixed per environment"),
        "round": e.number("round", 20),
        "governor": e.seat("governor", players),
        "to_move": e.seats("to_move", players),
        "decision": e.choice("decision", decision_kinds(game)),
        "stack": e.skip("stack", "the decision kind, the seats to move and the roles taken tell the phase"),
        "colonist_supply": e.number("colonist_supply", 100),
        "colonist_ship": e.number("colonist_ship", 10),
        "vp_supply": e.number("vp_supply", 100),
        "quarries": e.number("quarries", 8),
        "goods_supply": e.numbers("goods_supply", len(GOOD_NAMES), 12),
        "trading_house": e.counts("trading_house", GOOD_NAMES),
        "ships": e.custom(
            "ships", n_ships * ship_width, ships, "per cargo ship: capacity/8, barrels/8, one-hot good"
        ),
        "roles": e.custom(
            "roles",
            len(ROLE_TILE_NAMES) * role_width,
            role_tiles,
            f"per role tile ({', '.join(ROLE_TILE_NAMES)}): in play, doubloons/4, taken by (none, self, next...)",
        ),
        "plantation_row": e.counts("plantation_row", TILE_NAMES),
        "deck_size": e.number("deck_size", 50),
        "discard": e.counts("discard", TILE_NAMES),
        "building_supply": e.numbers("building_supply", len(BUILDINGS), 4),
        "craftsman_received": e.counts("craftsman_received", GOOD_NAMES),
        "seats": e.custom(
            "seats",
            players * seat_width,
            seat_rows,
            "per seat from self: doubloons/10, VP/20, VP known, goods/4 (5), San Juan/4, per tile kind"
            " (tiles/4, occupied/4), per building (owned, colonists/3), city spaces/12, took quarry, used wharf",
        ),
    }


def catan(game: Any, ref: Any, players: int) -> dict[str, e.Part]:
    """Every Catan variant and Cities & Knights (fields by name; sizes from the first observation)."""
    from engine.games.catan.decisions import BUILD, PARTNER, PRE_ROLL, SPECIAL_BUILD, TRADE, TRADE_BUILD
    from engine.games.catan.tables import GENERIC_HARBOR, N_HELPERS, Terrain

    hexes, corners, edges = len(ref.terrain), len(ref.owner), len(ref.road_owner)
    kinds = len(ref.hand)
    parts: dict[str, e.Part] = {
        "decision": e.choice("decision", decision_kinds(game)),
        "phase": e.choice("phase", ("", PRE_ROLL, TRADE_BUILD, TRADE, BUILD, PARTNER, SPECIAL_BUILD)),
        "turn": e.number("turn", 100),
        "terrain": e.categories("terrain", hexes, max(len(Terrain), max(ref.terrain) + 1)),
        "tokens": e.numbers("tokens", hexes, 12, "number token per hex / 12 (0: none)"),
        "harbor_edges": e.skip(
            "harbor_edges", "the harbors' places are fixed by the layout; their kinds follow"
        ),
        "harbor_types": e.categories("harbor_types", len(ref.harbor_types), GENERIC_HARBOR + 1),
        "robber": e.index("robber", hexes),
        "owner": e.seat_rows("owner", corners, players),
        "level": e.numbers("level", corners, 2, "per corner: 0.5 settlement, 1 city"),
        "road_owner": e.seat_rows("road_owner", edges, players),
        "hand": e.numbers("hand", kinds, 10, "own cards per kind / 10"),
        "bank": e.numbers("bank", kinds, 19, "supply per kind / 19"),
        "rates": e.numbers("rates", kinds, 4, "own rate with the supply per kind / 4"),
        "answers": _answers(players, kinds),
        "helper_stack": e.counts("helper_stack", tuple(range(N_HELPERS))),  # type: ignore[arg-type]
        "display": e.counts("display", tuple(range(N_HELPERS))),  # type: ignore[arg-type]
        "nassir_to": e.seats("nassir_to", players),
        "harbor_targets": e.seats("harbor_targets", players),
        "offer.to": e.seat("offer.to", players, "one-hot: to all, self, next seat, ..."),
    }
    for name in ("active", "settler", "longest_road", "largest_army", "jean_seat", "merchant_owner"):
        parts[name] = e.seat(name, players)
    for name in ("knight_owner",):
        parts[name] = e.seat_rows(name, corners, players)
    for name in ("hand_sizes", "dev_counts", "knights", "road_lengths", "public_vp", "discard_owed", "defenders",
                 "vp_cards", "helpers", "helper_sides", "helper_received", "helper_used"):  # fmt: skip
        parts[name] = e.per_seat(name, players)
    if isinstance(getattr(ref, "vp", None), tuple):
        parts["vp"] = e.per_seat("vp", players)
    for name in ("pieces_left", "knight_supply", "progress_counts", "improvements"):
        rows = getattr(ref, name, None)
        if rows:
            parts[name] = e.per_seat(name, players, len(rows[0]))
    if hasattr(ref, "progress"):
        from engine.games.catan_ck.tables import N_CARDS

        parts["progress"] = e.counts("progress", tuple(range(N_CARDS)))  # type: ignore[arg-type]
    parts["discovery_tokens"] = e.per_seat(
        "discovery_tokens", players, scale=5, doc="per seat from self: discovery tokens / 5 (Jungle)"
    )
    parts["gold_mine_first"] = e.seat("gold_mine_first", players)
    parts["river"] = e.skip("river", "the River's hexes are fixed by the layout (the terrain shows them)")
    if hasattr(ref, "ship_owner"):
        parts.update(_sea(game, ref, players))
    return parts


def _sea(game: Any, ref: Any, players: int) -> dict[str, e.Part]:
    """The Seafarers scenarios' fields: ships, the pirate, islands, the fog's stacks, gold."""
    from engine.games.catan.tables import Terrain

    hexes, edges = len(ref.terrain), len(ref.ship_owner)
    islands = len(game.new_state(0).board.map.islands)

    def edge_marks(v: Any, out: np.ndarray, ctx: e.Context) -> None:
        out[[x for x in v if 0 <= x < edges]] = 1.0

    def island_rows(v: Any, out: np.ndarray, ctx: e.Context) -> None:
        for s, bits in enumerate(v):
            r = ctx.relative(s)
            for i in range(islands):
                out[r * islands + i] = bits >> i & 1

    def island_bits(v: Any, out: np.ndarray, ctx: e.Context) -> None:
        for i in range(islands):
            out[i] = v >> i & 1

    def gold_order(v: Any, out: np.ndarray, ctx: e.Context) -> None:
        for place, s in enumerate(v):
            out[ctx.relative(s)] = (players - place) / players

    return {
        "ship_owner": e.seat_rows("ship_owner", edges, players),
        "ships_left": e.per_seat("ships_left", players, scale=15, doc="per seat from self: ships left / 15"),
        "pirate": e.index("pirate", hexes, f"one-hot of its hex among {hexes} (all 0: on the frame)"),
        "new_ships": e.custom(
            "new_ships", edges, edge_marks, f"{edges} edges: 1 where a ship was built this turn"
        ),
        "moving_ship": e.index("moving_ship", edges, f"one-hot of the edge a ship was lifted from ({edges})"),
        "island_vp": e.per_seat(
            "island_vp", players, scale=4, doc="per seat from self: island VP tokens / 4"
        ),
        "island_bonus": e.custom(
            "island_bonus",
            players * islands,
            island_rows,
            f"per seat from self: {islands} islands, 1 if it paid",
        ),
        "home_islands": e.custom(
            "home_islands",
            players * islands,
            island_rows,
            f"per seat from self: {islands} islands, 1 if home",
        ),
        "claimed": e.custom(
            "claimed", islands, island_bits, f"{islands} islands: 1 once its bonus was taken"
        ),
        "fog_hexes_left": e.counts(
            "fog_hexes_left",
            tuple(Terrain),
            f"face-down hexes left per terrain ({', '.join(t.name.lower() for t in Terrain)}), other",
        ),
        "fog_tokens_left": e.counts(
            "fog_tokens_left",
            tuple(range(2, 13)),  # type: ignore[arg-type]
            "face-down number tokens left per number (2-12), other",
        ),
        "gold_owed": e.per_seat(
            "gold_owed", players, scale=4, doc="per seat from self: gold cards to choose / 4"
        ),
        "gold_order": e.custom(
            "gold_order",
            players,
            gold_order,
            "per seat from self: 1 choosing first, less later, 0 not choosing",
        ),
        "gold_under": e.choice("gold_under", ("", *decision_kinds(game))),
    }


def _answers(players: int, kinds: int) -> e.Part:
    width = 3 + 2 * kinds
    answer = {"accept": 0, "counter": 1, "reject": 2}

    def fill(v: Any, out: np.ndarray, ctx: e.Context) -> None:
        for seat, kind, gives, gets in v:
            r = ctx.relative(seat)
            row = out[r * width : (r + 1) * width]
            row[answer.get(kind, 2)] = 1.0
            row[3 : 3 + kinds] = np.asarray(gives, dtype=np.float32) / 5
            row[3 + kinds :] = np.asarray(gets, dtype=np.float32) / 5

    return e.custom(
        "answers",
        players * width,
        fill,
        "per seat from self: accept, counter, reject, cards it gives/5, gets/5",
    )


SCHEMAS: dict[str, Schema] = {"puerto-rico": puerto_rico}


def schema_for(game: Any) -> Schema:
    """The declarations for ``game``: its own, the Catan family's for a game whose observation has a
    board of corners and roads, or none (everything derived)."""
    own = SCHEMAS.get(game.ref.game)
    if own is not None:
        return own
    reference = game.new_state(0).observe(0)
    if hasattr(reference, "owner") and hasattr(reference, "road_owner") and hasattr(reference, "hand"):
        return catan
    return lambda game, ref, players: {}
