"""The table of built-in bots, by name, and how to build one for a seat of a match.

A built-in bot spec is the bot's name, optionally followed by parameters, each ``:NAME=VALUE``:
``mcts:iterations=2000:rollout=catan-greedy``. The spec as written (its parameters in the order given)
names the bot on a ladder and seeds it, in process and over gRPC alike.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from dataclasses import dataclass

from engine.core.errors import UnknownChoice
from engine.core.match import Bot
from engine.core.rng import derive_seed
from engine.registry import game_class


@dataclass(frozen=True, slots=True)
class Param:
    """A parameter of a built-in bot, given in its spec as ``:NAME=VALUE``."""

    name: str
    kind: type
    """``int``, ``float`` or ``str``; a ``str`` parameter named ``rollout`` names a built-in bot."""
    default: int | float | str
    help: str

    def convert(self, bot: str, text: str) -> int | float | str:
        """The value of ``text``; raises ``ValueError`` with a one-line reason."""
        try:
            value: int | float | str = self.kind(text)
        except ValueError:
            raise ValueError(
                f"bot {bot}: {self.name}={text!r} is not a{'n' if self.kind is int else ''} "
                f"{self.kind.__name__}"
            ) from None
        if self.name == "rollout":
            find_bot(str(value))
        return value


@dataclass(frozen=True, slots=True)
class BotInfo:
    """A built-in bot: name, what it does, which games it plays (empty: any), where its class lives."""

    name: str
    description: str
    factory: str
    """``module:Class``; the class is built as ``cls(seed)``."""
    games: tuple[str, ...] = ()
    params: tuple[Param, ...] = ()
    """The parameters its spec may set, with their defaults."""
    searches: bool = False
    """The bot rebuilds positions from its observation (``Game.state_from_observation``): it plays the
    games that can (:meth:`engine.core.game.Game.can_sample_observations`), asked of the game."""

    def plays(self, game_id: str) -> bool:
        """Whether the bot plays the game ``game_id`` (a bot with no games listed plays any; a searching
        bot only the games that build states from observations)."""
        if self.games and game_id not in self.games:
            return False
        if self.searches:
            try:
                return game_class(game_id).can_sample_observations()
            except UnknownChoice:
                return False
        return True


BUILTIN_BOTS: tuple[BotInfo, ...] = (
    BotInfo("random", "uniform over the listed legal actions (seeded)", "bots.reference.simple:RandomBot"),
    BotInfo("first", "always the first listed action", "bots.reference.simple:FirstBot"),
    BotInfo(
        "pr-greedy",
        "Puerto Rico heuristic: buildings by value, shipping, trading",
        "bots.reference.puerto_rico_greedy:PuertoRicoGreedy",
        games=("puerto-rico",),
    ),
    BotInfo(
        "catan-greedy",
        "Catan heuristic: builds toward victory points, harbors and bank trades, domestic offers",
        "bots.reference.catan_greedy:CatanGreedy",
        games=("catan",),
    ),
    BotInfo(
        "ck-greedy",
        "Cities & Knights heuristic: cities, knights against the barbarians, improvements, progress cards",
        "bots.reference.ck_greedy:CkGreedy",
        games=("catan-ck",),
    ),
    BotInfo(
        "mcts",
        "information-set Monte Carlo tree search on the forward model, from its observation alone",
        "bots.reference.mcts:MctsBot",
        searches=True,
        params=(
            Param("iterations", int, 400, "search iterations per decision (the same on any hardware)"),
            Param(
                "rollout",
                str,
                "random",
                "rollout policy: random or a built-in bot (catan-greedy, ck-greedy, pr-greedy)",
            ),
            Param("depth", int, 30, "decisions per rollout before the position is scored"),
            Param("c", float, 0.7, "UCB1 exploration constant"),
            Param(
                "margin", float, 0.05, "with a bot as rollout: keep its choice unless one is this much better"
            ),
            Param("seconds", float, 0.0, "also stop at this wall-clock time per decision (0: no limit)"),
            Param("root", str, "tree", "tree (UCB1 over a tree) or halving (root actions on shared deals)"),
            Param(
                "model",
                str,
                "rollout",
                "rollout (the rollout policy plays every seat) or names (a seat named after a built-in bot is played by that bot)",
            ),
        ),
    ),
)


def params_text(name: str) -> str:
    """``NAME: P1, P2, ...``, the parameters the spec of the built-in bot ``name`` may set."""
    info = find_bot(name)
    return f"{name}: {', '.join(p.name for p in info.params)}"


def split_spec(spec: str) -> tuple[str, list[tuple[str, str]]]:
    """The bot name and the ``(name, value)`` parameters of a built-in spec ``NAME[:P=V]...``."""
    name, *rest = spec.strip().split(":")
    params = []
    for part in rest:
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"bot {name}: parameter {part!r} is not NAME=VALUE (e.g. {name}:iterations=400)")
        params.append((key.strip(), value.strip()))
    return name.strip(), params


def find_bot(spec: str) -> BotInfo:
    """The built-in bot of ``spec`` (its parameters checked); raises ``UnknownChoice`` for an unknown bot
    or parameter and ``ValueError`` for a bad value."""
    name, params = split_spec(spec)
    for info in BUILTIN_BOTS:
        if info.name == name:
            _values(info, params)
            return info
    raise UnknownChoice("bot", name, [b.name for b in BUILTIN_BOTS])


def _values(info: BotInfo, params: list[tuple[str, str]]) -> dict[str, int | float | str]:
    by_name = {p.name: p for p in info.params}
    out: dict[str, int | float | str] = {}
    for key, text in params:
        param = by_name.get(key)
        if param is None:
            raise UnknownChoice(f"parameter of bot {info.name}", key, list(by_name) or "none")
        out[key] = param.convert(info.name, text)
    return out


def check_plays(spec: str, game_id: str) -> BotInfo:
    """The built-in bot of ``spec``; raises ``UnknownChoice`` if there is none or it (or the bot its
    ``rollout`` parameter names) does not play ``game_id``."""
    info = find_bot(spec)
    if not info.plays(game_id):
        raise UnknownChoice(
            f"bot for {game_id}", info.name, [b.name for b in BUILTIN_BOTS if b.plays(game_id)]
        )
    rollout = _values(info, split_spec(spec)[1]).get("rollout")
    if isinstance(rollout, str):
        check_plays(rollout, game_id)
    return info


def bot_class(spec: str) -> Callable[[int], Bot]:
    """The built-in bot of ``spec`` (imported on first use) as a factory ``cls(seed)``, its parameters
    bound."""
    return _factory(spec.strip())


@functools.cache
def _factory(spec: str) -> Callable[[int], Bot]:
    info = find_bot(spec)
    module_name, _, class_name = info.factory.partition(":")
    cls: Callable[..., Bot] = getattr(importlib.import_module(module_name), class_name)
    values = _values(info, split_spec(spec)[1])
    if not values:
        return cls
    return functools.partial(cls, **values)


def make_bot(name: str, game_id: str, seat: int, match_seed: int) -> Bot:
    """A fresh bot for one seat of one match (``name`` is a spec: ``mcts:iterations=400``); its own
    randomness derives from the spec, the match seed and the seat."""
    check_plays(name, game_id)
    return bot_class(name)(bot_seed(name, match_seed, seat))


def bot_seed(name: str, match_seed: int | str, seat: int) -> int:
    """The seed of a built-in bot in one seat of one match (the same in process and over gRPC).

    ``match_seed`` is the match seed, or the match id for a bot that is not told the seed.
    """
    return derive_seed("bot", name, match_seed, seat)
