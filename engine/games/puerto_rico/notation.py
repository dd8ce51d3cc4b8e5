"""Compact one-line notation of a Puerto Rico position, for tests, logs and the CLI (HS-13).

A position is a space-separated list of ``key=value`` fields, in this order::

    players=3 round=1 governor=0 end=0 over=0 colonists=55 colship=3 vp=75 quarries=8
    goods=10.11.11.9.9 house=- ships=4:-,5:-,6:- roles=settler:0,mayor:0,...,captain:0
    deck=ciss... row=cisk discard=- buildings=4.4.2.2.2.2.3.3.2.2.2.2.3.3.2.2.2.2.1.1.1.1.1
    quarry=- received=- bonus=0 wharf=- s0=2:0:0:0.0.0.0.0:i1/0:- s1=... stack=role(0)

* letters name goods and tiles: ``c`` corn, ``i`` indigo, ``s`` sugar, ``t`` tobacco, ``k`` coffee,
  ``q`` quarry; ``-`` is an empty list;
* ``goods`` is the supply per good; ``house`` the trading house in selling order; ``ships`` are
  ``capacity:`` then ``-`` or kind letter and count (``5:c3``); ``roles`` lists the tiles in play as
  ``name:doubloons`` plus ``@seat`` when chosen this round (``prospector2`` is the second prospector);
* ``deck`` is the face-down deck bottom first (the last letter is drawn next), ``row`` the face-up row,
  ``discard`` the discard pile; ``buildings`` the copies left per building in table order;
* phase fields: ``quarry`` seats that took a quarry this Settler phase, ``received`` kinds the Craftsman
  received, ``bonus`` 1 once the Captain had his +1, ``wharf`` seats that used their wharf;
* ``sN=doubloons:vp:san_juan:goods:island:city`` with island entries ``<letter><tiles>/<occupied>``
  and city entries ``<building>/<colonists>``, both joined by ``.``;
* ``stack`` is the decision stack bottom first, joined by ``>``: ``role(S)``, ``hacienda(S,C)``,
  ``settle(S,C)``, ``hospice(S,C,tile)``, ``privilege(S,C)``, ``place(S,C,pool)``, ``build(S,C)``,
  ``university(S,C,building)``, ``produce(S,C)``, ``extra(S,C)``, ``sell(S,C)``, ``load(S,C,idle)``,
  ``store(S,C,kept kinds)`` where S is the seat to act and C the role's chooser.

:func:`from_text` accepts any subset of the fields after ``players``: a missing field takes its blank
value (full supplies, empty deck, empty boards, ``stack=role(governor)``), so a test writes only what
matters. ``seed`` (optional, last) is the match seed for later chance.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.core.decisions import Decision
from engine.core.errors import MalformedAction
from engine.games.puerto_rico.decisions import (
    DECISION_TYPES,
    SEAT,
    CaptainTurn,
    HospiceOffer,
    MayorPlacement,
    PhaseDecision,
    RoleSelection,
    StorageTurn,
    UniversityOffer,
)
from engine.games.puerto_rico.round import AVAILABLE, NOT_IN_PLAY
from engine.games.puerto_rico.tables import (
    BUILDING_BY_NAME,
    BUILDING_COUNT,
    BUILDINGS,
    NO_GOOD,
    ROLE_TILE_NAMES,
    ROLE_TILES,
    TILE_LETTERS,
)

if TYPE_CHECKING:
    from engine.games.puerto_rico.game import PuertoRicoGame
    from engine.games.puerto_rico.state import PuertoRicoState

_ROLE_KEYS: tuple[str, ...] = tuple(n.replace(" ", "") for n in ROLE_TILE_NAMES)
_TAGS: dict[str, type[Decision]] = {t.tag: t for t in DECISION_TYPES}  # type: ignore[attr-defined]
_DECISION = re.compile(r"^([a-z]+)\(([^)]*)\)$")


def _letters(kinds: list[int]) -> str:
    return "".join(TILE_LETTERS[k] for k in kinds) or "-"


def _kinds(text: str) -> list[int]:
    if text == "-":
        return []
    bad = [ch for ch in text if ch not in TILE_LETTERS]
    if bad:
        raise ValueError(f"unknown tile letter {bad[0]!r}")
    return [TILE_LETTERS.index(ch) for ch in text]


def _seats(mask: int, n: int) -> str:
    return ".".join(str(s) for s in range(n) if mask >> s & 1) or "-"


def _mask(text: str) -> int:
    return 0 if text == "-" else sum(1 << int(s) for s in text.split("."))


def _bits_letters(mask: int) -> str:
    return _letters([g for g in range(5) if mask >> g & 1])


def _letters_bits(text: str) -> int:
    return sum(1 << k for k in _kinds(text))


# -- decisions ---------------------------------------------------------------------------------------------

_EXTRA_OUT: dict[type, Callable[[Decision], str]] = {
    HospiceOffer: lambda d: TILE_LETTERS[d.tile],  # type: ignore[attr-defined]
    MayorPlacement: lambda d: str(d.pool),  # type: ignore[attr-defined]
    UniversityOffer: lambda d: BUILDINGS[d.building].name,  # type: ignore[attr-defined]
    CaptainTurn: lambda d: str(d.idle),  # type: ignore[attr-defined]
    StorageTurn: lambda d: _bits_letters(d.kept),  # type: ignore[attr-defined]
}
_EXTRA_IN: dict[type, Callable[[str], int]] = {
    HospiceOffer: lambda s: TILE_LETTERS.index(s),
    MayorPlacement: int,
    UniversityOffer: lambda s: int(BUILDING_BY_NAME[s]),
    CaptainTurn: int,
    StorageTurn: _letters_bits,
}


def decision_text(dec: Decision) -> str:
    """``tag(seat[,chooser[,extra]])`` for one decision."""
    args = [str(dec.seats[0])]
    if isinstance(dec, PhaseDecision):
        args.append(str(dec.chooser))
        extra = _EXTRA_OUT.get(type(dec))
        if extra is not None:
            args.append(extra(dec))
    return f"{type(dec).tag}({','.join(args)})"  # type: ignore[attr-defined]


def parse_decision(text: str) -> Decision:
    """The decision written by :func:`decision_text`."""
    match = _DECISION.match(text)
    if match is None or match.group(1) not in _TAGS:
        raise ValueError(f"bad decision {text!r}; tags: {', '.join(_TAGS)}")
    cls = _TAGS[match.group(1)]
    args = match.group(2).split(",")
    seat = SEAT[int(args[0])]
    if cls is RoleSelection:
        return RoleSelection(seat)
    convert = _EXTRA_IN.get(cls)
    if convert is None:
        return cls(seat, int(args[1]))  # type: ignore[call-arg]
    return cls(seat, int(args[1]), convert(args[2]))  # type: ignore[call-arg]


# -- seats -------------------------------------------------------------------------------------------------


def _seat_text(st: PuertoRicoState, s: int) -> str:
    island = ".".join(
        f"{TILE_LETTERS[k]}{st.tiles[s][k]}/{st.tiles_occ[s][k]}" for k in range(6) if st.tiles[s][k]
    )
    city = ".".join(
        f"{BUILDINGS[b].name}/{st.city[s][b]}" for b in range(BUILDING_COUNT) if st.city[s][b] >= 0
    )
    goods = ".".join(str(g) for g in st.goods[s])
    return f"{st.doubloons[s]}:{st.vp[s]}:{st.san_juan[s]}:{goods}:{island or '-'}:{city or '-'}"


def _read_seat(st: PuertoRicoState, s: int, text: str) -> None:
    money, vp, san_juan, goods, island, city = text.split(":")
    st.doubloons[s] = int(money)
    st.vp[s] = int(vp)
    st.san_juan[s] = int(san_juan)
    st.goods[s] = [int(g) for g in goods.split(".")]
    if len(st.goods[s]) != 5:
        raise ValueError("goods need 5 numbers")
    if island != "-":
        for entry in island.split("."):
            total, occupied = entry[1:].split("/")
            kind = TILE_LETTERS.index(entry[0])
            st.tiles[s][kind] = int(total)
            st.tiles_occ[s][kind] = int(occupied)
    if city != "-":
        for entry in city.split("."):
            name, colonists = entry.split("/")
            b = BUILDING_BY_NAME[name]
            st.city[s][b] = int(colonists)
            st.city_used[s] += BUILDINGS[b].size


# -- whole positions ---------------------------------------------------------------------------------------


def to_text(st: PuertoRicoState) -> str:
    """The one-line notation of ``st`` (see the module docstring)."""
    n = st.n
    ships = ",".join(
        f"{st.ship_cap[i]}:"
        + ("-" if st.ship_kind[i] == NO_GOOD else f"{TILE_LETTERS[st.ship_kind[i]]}{st.ship_count[i]}")
        for i in range(3)
    )
    roles = ",".join(
        f"{_ROLE_KEYS[t]}:{st.role_doubloons[t]}" + (f"@{st.role_owner[t]}" if st.role_owner[t] >= 0 else "")
        for t in range(ROLE_TILES)
        if st.role_owner[t] != NOT_IN_PLAY
    )
    fields = [
        f"players={n}",
        f"round={st.turn}",
        f"governor={st.governor}",
        f"end={int(st.end_triggered)}",
        f"over={int(st.over)}",
        f"colonists={st.colonist_supply}",
        f"colship={st.colonist_ship}",
        f"vp={st.vp_supply}",
        f"quarries={st.quarries}",
        "goods=" + ".".join(str(g) for g in st.goods_supply),
        f"house={_letters(st.house)}",
        f"ships={ships}",
        f"roles={roles}",
        f"deck={_letters(st.deck)}",
        f"row={_letters(st.row)}",
        f"discard={_letters(st.discard)}",
        "buildings=" + ".".join(str(c) for c in st.building_supply),
        f"quarry={_seats(st.quarry_taken, n)}",
        f"received={_bits_letters(st.received)}",
        f"bonus={st.captain_bonus}",
        f"wharf={_seats(st.wharf_used, n)}",
        *[f"s{s}={_seat_text(st, s)}" for s in range(n)],
        "stack=" + (">".join(decision_text(d) for d in st.decisions) or "-"),
    ]
    if st.seed:
        fields.append(f"seed={st.seed}")
    return " ".join(fields)


def _read_roles(st: PuertoRicoState, text: str) -> None:
    for t in range(ROLE_TILES):
        st.role_owner[t] = NOT_IN_PLAY
    for entry in text.split(","):
        name, _, rest = entry.partition(":")
        doubloons, _, owner = rest.partition("@")
        t = _ROLE_KEYS.index(name)
        st.role_doubloons[t] = int(doubloons)
        st.role_owner[t] = int(owner) if owner else AVAILABLE


def _read_ships(st: PuertoRicoState, text: str) -> None:
    for i, entry in enumerate(text.split(",")):
        cap, _, load = entry.partition(":")
        st.ship_cap[i] = int(cap)
        st.ship_kind[i] = NO_GOOD if load == "-" else TILE_LETTERS.index(load[0])
        st.ship_count[i] = 0 if load == "-" else int(load[1:])


def _set(attr: str, convert: Callable[[str], object]) -> Callable[[PuertoRicoState, str], None]:
    return lambda st, v: setattr(st, attr, convert(v))


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(".")]


_READERS: dict[str, Callable[[PuertoRicoState, str], None]] = {
    "round": _set("turn", int),
    "governor": _set("governor", int),
    "end": _set("end_triggered", lambda v: v == "1"),
    "over": _set("over", lambda v: v == "1"),
    "colonists": _set("colonist_supply", int),
    "colship": _set("colonist_ship", int),
    "vp": _set("vp_supply", int),
    "quarries": _set("quarries", int),
    "goods": _set("goods_supply", _ints),
    "house": _set("house", _kinds),
    "ships": _read_ships,
    "roles": _read_roles,
    "deck": _set("deck", _kinds),
    "row": _set("row", _kinds),
    "discard": _set("discard", _kinds),
    "buildings": _set("building_supply", _ints),
    "quarry": _set("quarry_taken", _mask),
    "received": _set("received", _letters_bits),
    "bonus": _set("captain_bonus", int),
    "wharf": _set("wharf_used", _mask),
}


def from_text(text: str, game: PuertoRicoGame | None = None) -> PuertoRicoState:
    """The position written by :func:`to_text`; missing fields take blank values.

    Raises ``MalformedAction`` (a ``ValueError``) naming the bad field.
    """
    from engine.games.puerto_rico.game import PuertoRicoGame
    from engine.games.puerto_rico.state import PuertoRicoState

    fields: dict[str, str] = {}
    for token in text.split():
        key, sep, value = token.partition("=")
        if not sep or not value:
            raise MalformedAction(text, f"bad field {token!r}; expected key=value")
        fields[key] = value
    try:
        players = int(fields.pop("players"))
        if game is None:
            game = PuertoRicoGame("base", players, {})
        elif game.players != players:
            raise ValueError(f"players={players} but the game has {game.players}")
        st = PuertoRicoState(game, int(fields.pop("seed", "0")))
        stack = fields.pop("stack", None)
        for key, value in fields.items():
            if key.startswith("s") and key[1:].isdigit():
                _read_seat(st, int(key[1:]), value)
            elif key in _READERS:
                _READERS[key](st, value)
            else:
                raise ValueError(f"unknown field {key!r}")
        if stack is None:
            st.decisions[:] = [] if st.over else [RoleSelection(SEAT[st.governor])]
        else:
            st.decisions[:] = [] if stack == "-" else [parse_decision(d) for d in stack.split(">")]
    except (KeyError, ValueError, IndexError) as err:
        raise MalformedAction(text[:60], f"bad Puerto Rico notation: {err}") from err
    return st
