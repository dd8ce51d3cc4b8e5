"""The compact notation of a Seafarers position (HS-13): base Catan's, with the sea's keys.

Base Catan's keys (:mod:`engine.games.catan.notation`) keep their meaning; ``v=`` names the scenario
(``v=seafarers-new-shores``), ``layout=`` defaults to ``fixed`` and ``p=`` to 4. Added keys::

    s0.ship=40-41,41-47 newships=41-47 moved=1 pirate=12 (or pirate=frame)
    s0.ivp=2 s0.bonus=NE s0.home=SW,NE claimed=NE
    fog=3:gold:9,7:sea fogstack=sea,hills,... fogtokens=5,3,...
    decision=gold:SEAT:N (SEAT chooses N gold, over the turn) or decision=place_ship:A-B (the ship
    lifted from A-B is put down next)

``newships`` are the ships built this turn, ``fog`` the fog spaces discovered (hex, terrain, token),
``fogstack`` and ``fogtokens`` the face-down stacks bottom first (the last is drawn next; by default
the match seed's stacks less what ``fog`` revealed). Island VP tokens count in the VP; route lengths are
measured from the pieces.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.catan.notation import _fill
from engine.games.catan.notation import to_text as base_to_text
from engine.games.catan.seafarers.board import FRAME, reveal
from engine.games.catan.seafarers.decisions import GoldChoice, PlaceShip
from engine.games.catan.seafarers.rules.networks import forget
from engine.games.catan.seafarers.rules.routes import route_length
from engine.games.catan.tables import TERRAIN_NAMES, Terrain

if TYPE_CHECKING:
    from engine.games.catan.seafarers.state import SeafarersState

TERRAIN_BY_NAME = {t.name.lower(): int(t) for t in Terrain}
_SEAT_KEYS = ("ship", "ivp", "bonus", "home")


def _edges(st: SeafarersState, edges: list[int] | tuple[int, ...]) -> str:
    corners = st.board.topology.edge_corners
    return ",".join("{}-{}".format(*corners[e]) for e in edges)


def _islands(st: SeafarersState, mask: int) -> str:
    return ",".join(name for i, name in enumerate(st.board.island_names) if mask >> i & 1)


def to_text(st: SeafarersState) -> str:
    """The notation of a Seafarers position (the chance streams are not part of it)."""
    parts = [base_to_text(st)]
    board = st.board
    for s in range(st.n):
        if st.ships_of[s]:
            parts.append(f"s{s}.ship=" + _edges(st, st.ships_of[s]))
        if st.island_vp[s]:
            parts.append(f"s{s}.ivp={st.island_vp[s]}")
        if st.rewarded[s]:
            parts.append(f"s{s}.bonus=" + _islands(st, st.rewarded[s]))
        if st.home[s]:
            parts.append(f"s{s}.home=" + _islands(st, st.home[s]))
    new = [e for e, t in enumerate(st.ship_built) if t == st.turn and st.ship_owner[e] >= 0]
    if new:
        parts.append("newships=" + _edges(st, new))
    if st.moved == st.turn:
        parts.append("moved=1")
    if st.claimed:
        parts.append("claimed=" + _islands(st, st.claimed))
    parts.append("pirate=" + ("frame" if st.pirate == FRAME else str(st.pirate)))
    if board.map.fog:
        revealed = [
            f"{h}:{TERRAIN_NAMES[board.terrain[h]]}:{board.tokens[h]}"
            for h in range(board.topology.n_hexes)
            if board.positions[h] in board.map.fog and board.terrain[h] != Terrain.FOG
        ]
        if revealed:
            parts.append("fog=" + ",".join(revealed))
        parts.append("fogstack=" + ",".join(TERRAIN_NAMES[t] for t in st.fog_stack))
        parts.append("fogtokens=" + ",".join(map(str, st.fog_tokens)))
    top = st.decisions[-1] if st.decisions else None
    if isinstance(top, GoldChoice):
        parts.append(f"decision=gold:{top.seats[0]}:{top.owed[top.seats[0]]}")
    elif isinstance(top, PlaceShip):
        parts.append("decision=place_ship:" + _edges(st, (top.origin,)))
    return " ".join(parts)


def from_text(text: str, **options: object) -> SeafarersState:
    """A position from its notation (extra ``options`` apply, e.g. ``pirate_to_frame=False``)."""
    from engine.games.catan.game import CatanGame

    fields = dict(tok.split("=", 1) for tok in text.split())
    variant = fields.pop("v")
    players = int(fields.pop("p", "4"))
    opts: dict[str, bool | int | str] = {"layout": fields.pop("layout", "fixed")}
    opts.update({k: v for k, v in options.items() if isinstance(v, bool | int | str)})
    game = CatanGame(variant, players, opts)
    st: SeafarersState = game.new_state(int(fields.pop("seed", "0")))  # type: ignore[assignment]
    sea = {k: fields.pop(k) for k in list(fields) if k.split(".")[-1] in _SEAT_KEYS and "." in k}
    for key in ("newships", "moved", "claimed", "pirate", "fog", "fogstack", "fogtokens"):
        if key in fields:
            sea[key] = fields.pop(key)
    step = ""
    if fields.get("decision", "").startswith(("gold:", "place_ship:")):
        step = fields.pop("decision")
    _reveal(st, sea)
    _fill(st, game, fields)
    topo = st.board.topology
    names = st.board.island_names

    def edges(value: str) -> list[int]:
        out = []
        for pair in filter(None, value.split(",")):
            a, b = sorted(int(x) for x in pair.split("-"))
            out.append(topo.edge_index[(a, b)])
        return out

    def islands(value: str) -> int:
        return sum(1 << names.index(name) for name in value.split(",") if name)

    for s in range(st.n):
        for e in edges(sea.get(f"s{s}.ship", "")):
            st.ship_owner[e] = s
            st.ship_built[e] = 0
            st.ships_of[s].append(e)
            st.ships_left[s] -= 1
        st.island_vp[s] = int(sea.get(f"s{s}.ivp", "0"))
        st.building_vp[s] += st.island_vp[s]
        st.rewarded[s] = islands(sea.get(f"s{s}.bonus", ""))
        st.home[s] = islands(sea.get(f"s{s}.home", ""))
    for e in edges(sea.get("newships", "")):
        st.ship_built[e] = st.turn
    st.moved = st.turn if sea.get("moved") == "1" else -1
    st.claimed = islands(sea.get("claimed", ""))
    if "pirate" in sea:
        st.pirate = FRAME if sea["pirate"] == "frame" else int(sea["pirate"])
    if step.startswith("gold:"):
        _, who, owed = step.split(":")
        gold = [0] * st.n
        gold[int(who)] = int(owed)
        st.decisions.append(
            GoldChoice((int(who),), tuple(gold), tuple((int(who) + i) % st.n for i in range(st.n)))
        )
    elif step:
        (origin,) = edges(step.split(":", 1)[1])
        st.decisions.append(PlaceShip((st.active,), origin))
    forget(st)
    for s in range(st.n):
        st.road_len[s] = route_length(st, s)
    return st


def _reveal(st: SeafarersState, sea: dict[str, str]) -> None:
    """The discovered fog spaces on the board, and the face-down stacks."""
    stack, tokens = st.fog_stack, st.fog_tokens
    for item in filter(None, sea.get("fog", "").split(",")):
        h, name, token = item.split(":")
        kind = TERRAIN_BY_NAME[name]
        st.board = reveal(st.board, int(h), kind, int(token))
        stack.remove(kind)
        if int(token):
            tokens.remove(int(token))
    if "fogstack" in sea:
        st.fog_stack = [TERRAIN_BY_NAME[name] for name in sea["fogstack"].split(",") if name]
    if "fogtokens" in sea:
        st.fog_tokens = [int(x) for x in sea["fogtokens"].split(",") if x]
