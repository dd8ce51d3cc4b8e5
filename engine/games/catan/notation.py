"""A compact text notation of a Catan position for tests, logs and the CLI (HS-13).

Whitespace-separated ``key=value`` tokens; omitted keys take their start-of-game values::

    p=4 layout=beginner turn=5 active=1 phase=trade_build rolled=8 robber=9
    s0.settle=10,12 s0.city=40 s0.road=10-15,15-16 s0.hand=1b1l2o s0.dev=k2v1 s0.new=k1 s0.knights=2
    longest=0 army=-1 deck=kkvmr dev_played=1 offers=1 decision=robber

Cards: ``b`` brick, ``l`` lumber, ``w`` wool, ``g`` grain, ``o`` ore. Development cards: ``k`` knight,
``r`` road building, ``y`` year of plenty, ``m`` monopoly, ``v`` victory point; ``deck`` lists the
deck bottom first (the last letter is drawn next). The supply is the variant's full supply (19 or 24 of
each resource) minus the hands unless ``bank=`` is given. ``decision`` is ``turn`` (default),
``robber``, ``discard`` (owed from the hands), ``free_roads:N`` or ``setup:STEP`` /
``setup_road:STEP:CORNER``. Road lengths, VP, harbors and pieces left are derived from the pieces on the
board (placing them keeps road lengths up to date). The random layout is rebuilt from ``seed=``.

Variants (catan.md §6, §7): ``v=extended`` or ``v=helpers`` (default ``base``), ``structure=paired``
for paired players (then ``phase=partner`` has Settler 2 as ``active``). Helpers: ``s0.helper=jean``
(``s0.side=b`` for its B side, ``s0.got=T`` the turn it was received, default 0, ``s0.used=T`` the turn
it was last used), ``stack=...`` (default empty, or the whole stack in setup), ``display=...``
(default: every helper neither held nor stacked), ``jean=SEAT:RESOURCE``. Decisions of these variants:
``special_build:SEAT``, ``helper_after:SEAT``, ``marianne:SEAT``, ``sean:SEAT`` (on a 7; owed from the
hands), ``candamir:SEAT:CARDS``, ``hilde:SEAT:VICTIM``, ``nassir:SEAT:S1,S2``, ``louis:SEAT:A-B`` (the
lifted road, off the board) and ``william:SEAT:CARDS`` (the road's cost); the helper steps sit on a
keep-or-exchange decision.

Jungle and Big River (seafarers.md §7, §8): ``v=jungle`` or ``v=big-river`` (always random, ``seed=``
rebuilds the island; ``river=`` the ``river_position`` option when it is not the default line),
``s0.tokens=N`` a seat's discovery tokens, ``gold_first=S`` the first seat that built on the gold mine
(the gold-mine VP follow from the buildings). ``robber=-1`` is the robber off the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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
    TurnPhase,
    WilliamRoad,
)
from engine.games.catan.islands import DEFAULT_RIVER
from engine.games.catan.rules.build import place_city, place_road, place_settlement
from engine.games.catan.rules.river import gold_mine_points
from engine.games.catan.rules.setup import snake_order
from engine.games.catan.tables import (
    DISCARD_LIMIT,
    HELPER_BY_NAME,
    HELPER_NAMES,
    N_HELPERS,
    N_RESOURCES,
    RESOURCE_BY_NAME,
    RESOURCE_NAMES,
)

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
    if g.variant != "base":
        parts.insert(0, f"v={g.variant}")
    if g.options.get("turn_structure") == "paired":
        parts.append("structure=paired")
    river = g.options.get("river_position")
    if river is not None and river != DEFAULT_RIVER:
        parts.append(f"river={river}")
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
        if st.discovery[s]:
            parts.append(f"s{s}.tokens={st.discovery[s]}")
        if st.helper[s] >= 0:
            parts.append(f"s{s}.helper={HELPER_NAMES[st.helper[s]]}")
            if st.helper_side[s]:
                parts.append(f"s{s}.side=b")
            if st.helper_got[s]:
                parts.append(f"s{s}.got={st.helper_got[s]}")
            if st.helper_used[s] >= 0:
                parts.append(f"s{s}.used={st.helper_used[s]}")
    held = [sum(h[r] for h in st.hands) for r in range(N_RESOURCES)]
    full = st.game.spec.counts(st.n).bank_per_resource
    if [full - k for k in held] != st.bank:
        parts.append("bank=" + ",".join(map(str, st.bank)))
    parts += [f"longest={st.longest}", f"army={st.army}"]
    if st.gold_first >= 0:
        parts.append(f"gold_first={st.gold_first}")
    parts.append("deck=" + "".join(DEV_LETTERS[k] for k in st.deck))
    if st.dev_played:
        parts.append("dev_played=1")
    if st.offers_made:
        parts.append(f"offers={st.offers_made}")
    if st.helpers_on:
        if st.helper_stack:
            parts.append("stack=" + ",".join(HELPER_NAMES[h] for h in st.helper_stack))
        parts.append("display=" + ",".join(HELPER_NAMES[h] for h in st.display))
    if st.jean_seat >= 0:
        parts.append(f"jean={st.jean_seat}:{RESOURCE_NAMES[st.jean_type]}")
    helper_step = _helper_decision(st, top)
    if helper_step:
        parts.append("decision=" + helper_step)
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


def _helper_decision(st: CatanState, top: object) -> str:
    """The ``decision=`` value of the decisions of the 5-6 extension and the helpers, or ''."""
    if top is None or not isinstance(top, _HELPER_FRAMES):
        return ""
    seat = top.seats[0]  # type: ignore[attr-defined]
    if isinstance(top, CandamirPick):
        return f"candamir:{seat}:" + "".join(DEV_LETTERS[k] for k in top.cards)
    if isinstance(top, HildeTake):
        return f"hilde:{seat}:{top.victim}"
    if isinstance(top, NassirReturn):
        return f"nassir:{seat}:" + ",".join(map(str, top.to))
    if isinstance(top, LouisRoad):
        return f"louis:{seat}:" + "{}-{}".format(*st.board.topology.edge_corners[top.removed])
    if isinstance(top, WilliamRoad):
        return f"william:{seat}:" + cards_text(top.cost, RES_LETTERS)
    return f"{_FRAME_NAMES[type(top)]}:{seat}"


_FRAME_NAMES: dict[type, str] = {
    SpecialBuild: "special_build",
    HelperAfterUse: "helper_after",
    MarianneAsk: "marianne",
    SeanAsk: "sean",
}
_HELPER_FRAMES = (*_FRAME_NAMES, CandamirPick, HildeTake, NassirReturn, LouisRoad, WilliamRoad)


def from_text(text: str, **options: object) -> CatanState:
    """A position from its notation (extra ``options`` such as ``combined_trade_build`` apply)."""
    # imported here: the game module imports the state module, which imports this one
    from engine.games.catan.game import CatanGame

    fields = dict(tok.split("=", 1) for tok in text.split())
    variant = fields.pop("v", "base")
    players = int(fields.pop("p", "5" if variant == "extended" else "4"))
    opts: dict[str, bool | int | str] = {
        "layout": fields.pop("layout", "beginner" if players < 5 and variant != "big-river" else "random")
    }
    if "structure" in fields:
        opts["turn_structure"] = fields.pop("structure")
    if "river" in fields:
        opts["river_position"] = fields.pop("river")
    opts.update({k: v for k, v in options.items() if isinstance(v, bool | int | str)})
    game = CatanGame(variant, players, opts)
    st = game.new_state(int(fields.pop("seed", "0")))
    return _fill(st, game, fields)


def _fill(st: CatanState, game: CatanGame, fields: dict[str, str]) -> CatanState:
    topo = st.board.topology
    counts = game.spec.counts(st.n)
    st.decisions.clear()
    st.turn = int(fields.pop("turn", "0" if fields.get("decision", "").startswith("setup") else "1"))
    st.active = int(fields.pop("active", "0"))
    phase = fields.pop("phase", "trade_build")
    st.rolled = int(fields.pop("rolled", "0" if phase == "pre_roll" else "6"))
    st.robber = int(fields.pop("robber", str(st.board.robber_home)))
    st.gold_first = int(fields.pop("gold_first", "-1"))
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
        st.discovery[s] = int(fields.pop(f"s{s}.tokens", "0"))
        if f"s{s}.helper" in fields:
            st.helper[s] = HELPER_BY_NAME[fields.pop(f"s{s}.helper")]
        st.helper_side[s] = 1 if fields.pop(f"s{s}.side", "a") == "b" else 0
        st.helper_got[s] = int(fields.pop(f"s{s}.got", "0"))
        st.helper_used[s] = int(fields.pop(f"s{s}.used", "-1"))
        used_devs = [u + d for u, d in zip(used_devs, st.devs[s], strict=True)]
        used_devs[0] += st.knights[s]
    if "bank" in fields:
        st.bank = _ints(fields.pop("bank"))
    else:
        st.bank = [counts.bank_per_resource - sum(h[r] for h in st.hands) for r in range(N_RESOURCES)]
    st.gold_vp = gold_mine_points(st)
    st.longest = int(fields.pop("longest", "-1"))
    st.army = int(fields.pop("army", "-1"))
    if "deck" in fields:
        st.deck = [DEV_LETTERS.index(ch) for ch in fields.pop("deck")]
    else:
        left = [k - u for k, u in zip(counts.dev_deck, used_devs, strict=True)]
        st.deck = [k for k, c in enumerate(left) for _ in range(max(c, 0))]
    st.dev_played = fields.pop("dev_played", "0") == "1"
    st.offers_made = int(fields.pop("offers", "0"))
    _fill_helpers(st, fields)
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
    kind, _, arg = decision.partition(":")
    if kind == "special_build":
        st.decisions.append(SpecialBuild((int(arg),)))
        return st
    st.decisions.append(TurnPhase((seat,), phase))
    if kind in _HELPER_STEPS:
        _HELPER_STEPS[kind](st, arg)
    elif decision == "robber":
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


def _names(text: str) -> list[int]:
    return [int(HELPER_BY_NAME[x]) for x in text.split(",") if x]


def _fill_helpers(st: CatanState, fields: dict[str, str]) -> None:
    """The stack, the display and Jean (see the module docstring for the defaults)."""
    if not st.helpers_on:
        return
    setup = fields.get("decision", "").startswith("setup")
    held = {h for h in st.helper if h >= 0}
    default_stack = ",".join(HELPER_NAMES[h] for h in st.game.helper_stack if h not in held) if setup else ""
    st.helper_stack = _names(fields.pop("stack", default_stack))
    rest = sorted(set(range(N_HELPERS)) - held - set(st.helper_stack))
    st.display = sorted(_names(fields["display"])) if "display" in fields else rest
    fields.pop("display", None)
    if "jean" in fields:
        who, _, res = fields.pop("jean").partition(":")
        st.jean_seat, st.jean_type = int(who), int(RESOURCE_BY_NAME[res])


def _step(st: CatanState, make: object) -> None:
    """Push a helper's second step over its keep-or-exchange decision."""
    frame = make  # a decision frame
    st.decisions.append(HelperAfterUse(frame.seats))  # type: ignore[attr-defined]
    st.decisions.append(frame)  # type: ignore[arg-type]


def _louis(st: CatanState, arg: str) -> None:
    who, _, road = arg.partition(":")
    a, b = sorted(int(x) for x in road.split("-"))
    _step(st, LouisRoad((int(who),), st.board.topology.edge_index[(a, b)]))


def _william(st: CatanState, arg: str) -> None:
    who, _, cost = arg.partition(":")
    c = parse_cards(cost, RES_LETTERS)
    _step(st, WilliamRoad((int(who),), (c[0], c[1], c[2], c[3], c[4])))


def _sean(st: CatanState, arg: str) -> None:
    owed = tuple(sum(h) // 2 if sum(h) > DISCARD_LIMIT else 0 for h in st.hands)
    st.decisions.append(PlaceRobber((st.active,)))
    st.decisions.append(SeanAsk((int(arg),), owed))


def _pair(arg: str) -> tuple[int, str]:
    who, _, rest = arg.partition(":")
    return int(who), rest


_HELPER_STEPS = {
    "helper_after": lambda st, arg: st.decisions.append(HelperAfterUse((int(arg),))),
    "marianne": lambda st, arg: st.decisions.append(MarianneAsk((int(arg),))),
    "sean": _sean,
    "candamir": lambda st, arg: _step(
        st, CandamirPick((_pair(arg)[0],), tuple(DEV_LETTERS.index(ch) for ch in _pair(arg)[1]))
    ),
    "hilde": lambda st, arg: _step(st, HildeTake((_pair(arg)[0],), int(_pair(arg)[1]))),
    "nassir": lambda st, arg: _step(st, NassirReturn((_pair(arg)[0],), tuple(_ints(_pair(arg)[1])))),
    "louis": _louis,
    "william": _william,
}
"""Builders of the helper decisions of ``decision=KIND:ARG``, over the turn frame."""
