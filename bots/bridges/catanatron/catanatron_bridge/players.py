"""The catanatron players the bridge seats, by name, and how a spec ``NAME[:KEY=VALUE...]`` builds one.

Every player is loaded from the module paths where catanatron's releases keep it, the first that
provides the class winning. PyPI's catanatron 3.2.1 carries ``random``, ``weighted-random`` and
``victory-point`` (and ``first``, catanatron's SimplePlayer); ``alphabeta`` and ``value`` live in
catanatron's repository (``catanatron.players.minimax`` / ``.value`` from 3.3 on, in
``catanatron_experimental`` before), so they load only in an environment built from a checkout of it
(``make catanatron-bridge CATANATRON=...``); otherwise the spec fails with one line naming what is
missing. Any other player class is seated by its import path, ``catanatron:package.module.Class`` (built
as ``Class(color)``). ``seconds`` is the bridge's own parameter, valid for every player: the most one decision may
take before the bridge answers without the player.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


class SpecError(ValueError):
    """A player spec the bridge cannot seat; the message is one line."""


@dataclass(frozen=True, slots=True)
class Param:
    """A parameter of a player spec: its name, type, default and the constructor argument it sets."""

    name: str
    kind: type
    default: object
    help: str
    argument: str = ""
    """The keyword argument of the player class it fills (empty: the bridge's own parameter)."""

    def convert(self, player: str, text: str) -> object:
        if self.kind is bool:
            if text.lower() in ("true", "1", "yes"):
                return True
            if text.lower() in ("false", "0", "no"):
                return False
            raise SpecError(f"catanatron:{player}: {self.name}={text!r} is not true or false")
        try:
            return self.kind(text)
        except ValueError:
            raise SpecError(
                f"catanatron:{player}: {self.name}={text!r} is not a {self.kind.__name__}"
            ) from None


SECONDS = Param(
    "seconds", float, 0.0, "the most one decision may take (0: the referee's deadline less a margin)"
)


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """One catanatron player: where its class lives and the parameters its spec may set."""

    name: str
    class_name: str
    modules: tuple[str, ...]
    """Modules to look in, in order."""
    description: str
    params: tuple[Param, ...] = ()

    def all_params(self) -> tuple[Param, ...]:
        return (*self.params, SECONDS)


_VALUE_FN = Param(
    "value_fn",
    str,
    "base",
    "catanatron's value function: base or contender",
    argument="value_fn_builder_name",
)

PLAYERS: tuple[PlayerInfo, ...] = (
    PlayerInfo(
        "random", "RandomPlayer", ("catanatron.models.player", "catanatron"), "uniform over catanatron's list"
    ),
    PlayerInfo(
        "first",
        "SimplePlayer",
        ("catanatron.models.player", "catanatron"),
        "the first action of catanatron's list",
    ),
    PlayerInfo(
        "weighted-random",
        "WeightedRandomPlayer",
        ("catanatron.players.weighted_random",),
        "random, cities x10000, settlements x1000, development cards x100",
    ),
    PlayerInfo(
        "victory-point",
        "VictoryPointPlayer",
        ("catanatron.players.search",),
        "greedy: the action that most raises its victory points, ties at random",
    ),
    PlayerInfo(
        "alphabeta",
        "AlphaBetaPlayer",
        ("catanatron.players.minimax", "catanatron_experimental.machine_learning.players.minimax"),
        "expectiminimax to a depth, catanatron's value function at the leaves",
        params=(
            Param("depth", int, 2, "search depth in decisions", argument="depth"),
            Param(
                "prunning", bool, False, "catanatron's pruning of robber and trade moves", argument="prunning"
            ),
            _VALUE_FN,
        ),
    ),
    PlayerInfo(
        "value",
        "ValueFunctionPlayer",
        ("catanatron.players.value", "catanatron_experimental.machine_learning.players.value"),
        "one-step lookahead on catanatron's value function",
        params=(_VALUE_FN,),
    ),
)


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """A parsed spec: the player and its parameter values (defaults filled in)."""

    info: PlayerInfo
    values: tuple[tuple[str, object], ...]

    @property
    def seconds(self) -> float:
        return float(dict(self.values)["seconds"])  # type: ignore[arg-type]

    def text(self) -> str:
        """The spec as the arena names the bot: ``catanatron:alphabeta:depth=3``."""
        given = [f"{k}={v}" for k, v in self.values if v != _default(self.info, k)]
        return ":".join(["catanatron", self.info.name, *given])

    def build(self, color: Any) -> Any:
        """A new player of ``color``; raises :class:`SpecError` when catanatron does not provide it."""
        cls = player_class(self.info)
        kwargs: dict[str, object] = {}
        for p in self.info.params:
            value = dict(self.values)[p.name]
            if p.name == "value_fn":
                value = "C" if value == "contender" else None
            kwargs[p.argument] = value
        return cls(color, **kwargs)


def _default(info: PlayerInfo, name: str) -> object:
    return next(p.default for p in info.all_params() if p.name == name)


def parse_spec(spec: str) -> PlayerSpec:
    """``[catanatron:]NAME[:KEY=VALUE...]`` as a :class:`PlayerSpec`; raises :class:`SpecError`."""
    parts = spec.strip().split(":")
    if parts[0] == "catanatron":
        parts = parts[1:]
    if not parts or not parts[0]:
        raise SpecError(f"a catanatron bot is catanatron:NAME, NAME one of {', '.join(names())}")
    name, rest = parts[0].strip(), parts[1:]
    info = next((p for p in PLAYERS if p.name == name), None)
    if info is None and "." in name:  # any player class by its import path: package.module.Class
        module, _, class_name = name.rpartition(".")
        info = PlayerInfo(name, class_name, (module,), f"the player class {name}")
    if info is None:
        raise SpecError(
            f"no catanatron player {name!r}; the bridge seats {', '.join(names())}"
            " or a player class by its import path (catanatron:package.module.Class)"
        )
    by_name = {p.name: p for p in info.all_params()}
    values = {p.name: p.default for p in info.all_params()}
    for part in rest:
        key, eq, text = part.partition("=")
        param = by_name.get(key.strip())
        if not eq or param is None:
            valid = ", ".join(by_name)
            raise SpecError(f"catanatron:{name}: {part!r} is not KEY=VALUE with KEY one of {valid}")
        values[param.name] = param.convert(name, text.strip())
    if float(values["seconds"]) < 0:  # type: ignore[arg-type]
        raise SpecError(f"catanatron:{name}: seconds must be 0 or more")
    if "depth" in values and int(values["depth"]) < 1:  # type: ignore[call-overload]
        raise SpecError(f"catanatron:{name}: depth must be at least 1")
    if values.get("value_fn", "base") not in ("base", "contender"):
        raise SpecError(f"catanatron:{name}: value_fn is base or contender")
    return PlayerSpec(info, tuple(values.items()))


def names() -> list[str]:
    return [p.name for p in PLAYERS]


def add_later_state_helpers() -> None:
    """Give catanatron's ``state_functions`` the two readers its later releases added, when missing.

    The repository's later search utilities (``tree_search_utils``, which AlphaBeta imports) read a
    seat's opponents and its hand with ``get_enemy_colors`` and ``get_player_freqdeck``; catanatron
    3.2.1 has neither, so AlphaBeta from the repository would not import over it. Both only read the
    state; their results are those of the later core.
    """
    try:
        functions: Any = importlib.import_module("catanatron.state_functions")
    except ImportError:
        return
    if not hasattr(functions, "get_enemy_colors"):

        def get_enemy_colors(colors: Any, color: Any) -> Any:
            return (c for c in colors if c != color)

        functions.get_enemy_colors = get_enemy_colors
    if not hasattr(functions, "get_player_freqdeck"):

        def get_player_freqdeck(state: Any, color: Any) -> list[int]:
            key = functions.player_key(state, color)
            return [
                state.player_state[f"{key}_{r}_IN_HAND"] for r in ("WOOD", "BRICK", "SHEEP", "WHEAT", "ORE")
            ]

        functions.get_player_freqdeck = get_player_freqdeck


def player_class(info: PlayerInfo) -> Callable[..., Any]:
    """The class of ``info`` from the first of its modules that provides it; raises :class:`SpecError`
    naming the catanatron installed and where the class was looked for."""
    add_later_state_helpers()
    problem = ""
    for module_name in info.modules:
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:
            problem = f"{type(exc).__name__}: {exc}"
            continue
        cls = getattr(module, info.class_name, None)
        if cls is not None:
            return cls  # type: ignore[no-any-return]
        problem = f"module {module_name} has no {info.class_name}"
    if info not in PLAYERS:
        raise SpecError(f"catanatron:{info.name}: {problem}")
    raise SpecError(
        f"catanatron:{info.name} needs catanatron's {info.class_name}, which {installed()} does not provide"
        f" (looked in {', '.join(info.modules)}); build the bridge from a checkout of catanatron's repository:"
        ' make catanatron-bridge CATANATRON="-e PATH/TO/catanatron/catanatron"'
    )


def installed() -> str:
    """``catanatron 3.2.1``: the catanatron of this environment, or what is missing."""
    from importlib import metadata

    try:
        return f"catanatron {metadata.version('catanatron')}"
    except metadata.PackageNotFoundError:
        return "this environment (catanatron is not installed)"


def describe() -> list[str]:
    """One line per player: its spec with parameters, and whether this environment can seat it."""
    lines = []
    for info in PLAYERS:
        try:
            player_class(info)
            status = "available"
        except SpecError:
            status = f"not in {installed()}"
        params = "".join(f":{p.name}={p.default}" for p in info.params)
        lines.append(f"catanatron:{info.name}{params}  {info.description} ({status})")
    return lines
