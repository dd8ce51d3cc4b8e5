"""A compact text notation of a Catan position for tests, logs and the CLI (HS-13).

Whitespace-separated ``key=value`` tokens; omitted keys take their start-of-game values::

    p=4 layout=beginner turn=5 active=1 phase=trade_build rolled=8 robber=9
    s0.settle=10,12 s0.city=40 s0.road=10-15,15-16 s0.hand=1b1l2o s0.dev=k2v1 s0.new=k1 s0.knights=2
    longest=0 army=-1 deck=kkvmr dev_played=1 offers=1 decision=robber

Cards: ``b`` brick, ``l`` lumber, ``w`` wool, ``g`` grain, ``o`` ore. Development cards: ``k`` knight,
``r`` road building, ``y`` year of plenty, ``m`` monopoly, ``v`` victory point; ``deck`` lists the
deck bottom first (the last letter is drawn next). The supply is the variant's full supply (19 of each
resource) minus the hands unless ``bank=`` is given. ``decision`` is ``turn`` (default), ``robber``,
``discard`` (owed from the hands), ``free_roads:N`` or ``setup:STEP`` / ``setup_road:STEP:CORNER``. Road
lengths, VP, harbors and pieces left are derived from the pieces on the board (placing them keeps road
lengths up to date). The random layout is rebuilt from ``seed=``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.catan.decisions import (
    DiscardHalf,
    FreeRoads,
    PlaceRobber,
    SetupRoad,
    SetupSettle,
    TurnPhase,
)
from engine.games.catan.rules.build import place_city, place_road, place_settlement
from engine.games.catan.rules.setup import snake_order
from engine.games.catan.tables import DISCARD_LIMIT, N_RESOURCES

if TYPE_CHECKING:
    from engine.games.catan.game import CatanGame
    from engine.games.catan.state import CatanState

RES_LETTERS = "blwgo"
DEV_LETTERS = "krymv"


def cards_text(counts: list[int] | tuple[int, ...], letters: str) -> str:
    return "".join(f"{k}{letters[i]}" for i, k in enumerate(counts) if k)


def parse_cards(text: str, letters: str) -> list[int]:
    out = [0] * len(letters)
    num = ""
    for ch in text:
        if ch.isdigit():
            num += ch
        else:
            out[letters.index(ch)] += int(num or "1")
            num = ""
    return out


def to_text(st: CatanState) -> str:
    """The notation of a position (the chance streams are not part of it)."""
    g = st.game
    parts = [f"p={st.n}", f"layout={g.options['layout']}"]
    if g.options["layout"] == "random":
        parts.append(f"seed={st.seed}")
    top = st.decisions[-1] if st.decisions else None
    turn_frame = next((d for d in reversed(st.decisions) if isinstance(d, TurnPhase)), None)
    parts += [f"turn={st.turn}", f"active={st.active}"]
    if turn_frame is not None:
        parts.append(f"phase={turn_frame.phase}")
    if st.rolled:
        parts.append(f"rolled={st.rolled}")
    parts.append(f"robber={st.robber}")
    topo = st.board.topology
    for s in range(st.n):
        settles = [c for c in st.buildings_of[s] if st.level[c] == 1]
        cities = [c for c in st.buildings_of[s] if st.level[c] == 2]
        if settles:
            parts.append(f"s{s}.settle=" + ",".join(map(str, settles)))
        if cities:
            parts.append(f"s{s}.city=" + ",".join(map(str, cities)))
        if st.roads_of[s]:
            parts.append(
                f"s{s}.road=" + ",".join("{}-{}".format(*topo.edge_corners[e]) for e in st.roads_of[s])
            )
        if any(st.hands[s]):
            parts.append(f"s{s}.hand=" + cards_text(st.hands[s], RES_LETTERS))
        if any(st.devs[s]):
            parts.append(f"s{s}.dev=" + cards_text(st.devs[s], DEV_LETTERS))
        if any(st.new_devs[s]):
            parts.append(f"s{s}.new=" + cards_text(st.new_devs[s], DEV_LETTERS))
        if st.knights[s]:
            parts.append(f"s{s}.knights={st.knights[s]}")
    held = [sum(h[r] for h in st.hands) for r in range(N_RESOURCES)]
    full = st.game.spec.counts.bank_per_resource
    if [full - k for k in held] != st.bank:
        parts.append("bank=" + ",".join(map(str, st.bank)))
    parts += [f"longest={st.longest}", f"army={st.army}"]
    parts.append("deck=" + "".join(DEV_LETTERS[k] for k in st.deck))
    if st.dev_played:
        parts.append("dev_played=1")
    if st.offers_made:
        parts.append(f"offers={st.offers_made}")
    if isinstance(top, PlaceRobber):
        parts.append("decision=robber")
    elif isinstance(top, DiscardHalf):
        parts.append("decision=discard")
    elif isinstance(top, FreeRoads):
        parts.append(f"decision=free_roads:{top.remaining}")
    elif isinstance(top, SetupSettle):
        parts.append(f"decision=setup:{top.step}")
    elif isinstance(top, SetupRoad):
        parts.append(f"decision=setup_road:{top.step}:{top.corner}")
    if st.over:
        parts.append(f"over={st.winner}")
    return " ".join(parts)


def from_text(text: str, **options: object) -> CatanState:
    """A position from its notation (extra ``options`` such as ``combined_trade_build`` apply)."""
    # imported here: the game module imports the state module, which imports this one
    from engine.games.catan.game import CatanGame

    fields = dict(tok.split("=", 1) for tok in text.split())
    players = int(fields.pop("p", "4"))
    opts: dict[str, bool | int | str] = {"layout": fields.pop("layout", "beginner")}
    opts.update({k: v for k, v in options.items() if isinstance(v, bool | int | str)})
    game = CatanGame("base", players, opts)
    st = game.new_state(int(fields.pop("seed", "0")))
    return _fill(st, game, fields)


def _fill(st: CatanState, game: CatanGame, fields: dict[str, str]) -> CatanState:
    topo = st.board.topology
    counts = game.spec.counts
    st.decisions.clear()
    st.turn = int(fields.pop("turn", "0" if fields.get("decision", "").startswith("setup") else "1"))
    st.active = int(fields.pop("active", "0"))
    phase = fields.pop("phase", "trade_build")
    st.rolled = int(fields.pop("rolled", "0" if phase == "pre_roll" else "6"))
    st.robber = int(fields.pop("robber", str(st.board.desert)))
    used_devs = [0] * len(counts.dev_deck)
    for s in range(st.n):
        for c in _ints(fields.pop(f"s{s}.settle", "")):
            place_settlement(st, s, c)
        for c in _ints(fields.pop(f"s{s}.city", "")):
            place_settlement(st, s, c)
            place_city(st, s, c)
        for pair in filter(None, fields.pop(f"s{s}.road", "").split(",")):
            a, b = sorted(int(x) for x in pair.split("-"))
            place_road(st, s, topo.edge_index[(a, b)])
        st.hands[s] = parse_cards(fields.pop(f"s{s}.hand", ""), RES_LETTERS)
        st.devs[s] = parse_cards(fields.pop(f"s{s}.dev", ""), DEV_LETTERS)
        st.new_devs[s] = parse_cards(fields.pop(f"s{s}.new", ""), DEV_LETTERS)
        st.knights[s] = int(fields.pop(f"s{s}.knights", "0"))
        used_devs = [u + d for u, d in zip(used_devs, st.devs[s], strict=True)]
        used_devs[0] += st.knights[s]
    if "bank" in fields:
        st.bank = _ints(fields.pop("bank"))
    else:
        st.bank = [counts.bank_per_resource - sum(h[r] for h in st.hands) for r in range(N_RESOURCES)]
    st.longest = int(fields.pop("longest", "-1"))
    st.army = int(fields.pop("army", "-1"))
    if "deck" in fields:
        st.deck = [DEV_LETTERS.index(ch) for ch in fields.pop("deck")]
    else:
        left = [k - u for k, u in zip(counts.dev_deck, used_devs, strict=True)]
        st.deck = [k for k, c in enumerate(left) for _ in range(max(c, 0))]
    st.dev_played = fields.pop("dev_played", "0") == "1"
    st.offers_made = int(fields.pop("offers", "0"))
    decision = fields.pop("decision", "turn")
    over = fields.pop("over", None)
    if fields:
        raise ValueError(f"unknown notation keys: {sorted(fields)}")
    if over is not None:
        st.over, st.winner = True, int(over)
        return st
    if decision.startswith("setup"):
        bits = decision.split(":")
        st.active = -1
        if bits[0] == "setup":
            st.decisions.append(SetupSettle((snake_order(st.n)[int(bits[1])],), int(bits[1])))
        else:
            step = int(bits[1])
            st.decisions.append(SetupRoad((snake_order(st.n)[step],), step, int(bits[2])))
        return st
    seat = st.active
    st.decisions.append(TurnPhase((seat,), phase))
    if decision == "robber":
        st.decisions.append(PlaceRobber((seat,)))
    elif decision == "discard":
        owed = tuple(sum(h) // 2 if sum(h) > DISCARD_LIMIT else 0 for h in st.hands)
        st.decisions.append(PlaceRobber((seat,)))
        st.decisions.append(DiscardHalf(tuple(s for s in range(st.n) if owed[s]), owed))
    elif decision.startswith("free_roads"):
        st.decisions.append(FreeRoads((seat,), int(decision.split(":")[1])))
    return st


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x]
