"""The table of built-in bots, by name, and how to build one for a seat of a match."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from engine.core.errors import UnknownChoice
from engine.core.match import Bot
from engine.core.rng import derive_seed


@dataclass(frozen=True, slots=True)
class BotInfo:
    """A built-in bot: name, what it does, which games it plays (empty: any), where its class lives."""

    name: str
    description: str
    factory: str
    """``module:Class``; the class is built as ``cls(seed)``."""
    games: tuple[str, ...] = ()

    def plays(self, game_id: str) -> bool:
        """Whether the bot plays the game ``game_id`` (a bot with no games listed plays any)."""
        return not self.games or game_id in self.games


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
)


def find_bot(name: str) -> BotInfo:
    for info in BUILTIN_BOTS:
        if info.name == name:
            return info
    raise UnknownChoice("bot", name, [b.name for b in BUILTIN_BOTS])


def check_plays(name: str, game_id: str) -> BotInfo:
    """The built-in bot ``name``; raises ``UnknownChoice`` if there is none or it does not play ``game_id``."""
    info = find_bot(name)
    if not info.plays(game_id):
        raise UnknownChoice(f"bot for {game_id}", name, [b.name for b in BUILTIN_BOTS if b.plays(game_id)])
    return info


def bot_class(name: str) -> Callable[[int], Bot]:
    """The class of the built-in bot ``name`` (imported on first use), built as ``cls(seed)``."""
    module_name, _, class_name = find_bot(name).factory.partition(":")
    cls: Callable[[int], Bot] = getattr(importlib.import_module(module_name), class_name)
    return cls


def make_bot(name: str, game_id: str, seat: int, match_seed: int) -> Bot:
    """A fresh bot for one seat of one match; its own randomness derives from the match seed and seat."""
    check_plays(name, game_id)
    return bot_class(name)(bot_seed(name, match_seed, seat))


def bot_seed(name: str, match_seed: int | str, seat: int) -> int:
    """The seed of a built-in bot in one seat of one match (the same in process and over gRPC).

    ``match_seed`` is the match seed, or the match id for a bot that is not told the seed.
    """
    return derive_seed("bot", name, match_seed, seat)
