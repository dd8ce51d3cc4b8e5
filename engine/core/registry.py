"""The registry of games: the rows of one explicit table, and lookups over a table given to them.

The core knows no game: a :class:`Registry` is built over a table of :class:`GameInfo` rows that the
caller passes in. The project's table is :data:`engine.games.GAMES`, and :mod:`engine.registry` (above
the core and the games) builds the registry every caller uses. A :class:`Registry` looks games up by
id or alias, checks the variant, player count and options, and imports a game's module only when it is
loaded.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.core.errors import UnknownChoice

if TYPE_CHECKING:
    from engine.core.game import Game, OptionValue


OptionRange = tuple[int, int] | tuple[str, ...]
"""The valid values of an option: ``(low, high)`` (inclusive) for an integer, the choices for a text.

A text option whose values are too many to list (an order of cards) has the one choice ``TEXT_CHECKED``:
its game checks the value and names the valid forms in its error."""

TEXT_CHECKED = "*"
"""The range of a text option that its game checks itself."""


@dataclass(frozen=True, slots=True)
class VariantInfo:
    """One variant of a game: its own ladder."""

    id: str
    min_players: int
    max_players: int
    description: str
    options: tuple[tuple[str, OptionValue], ...] = ()
    """Option names with their default values (the type of the default is the option's type)."""
    option_help: tuple[tuple[str, str], ...] = ()
    """One line of help per option."""
    option_ranges: tuple[tuple[str, OptionRange], ...] = ()
    """The valid values of every integer and text option (a flag is true or false); a value outside
    them is refused by :func:`resolve_options`."""

    def __post_init__(self) -> None:
        ranges = dict(self.option_ranges)
        for name, default in self.options:
            if isinstance(default, bool):
                continue
            if name not in ranges:
                raise ValueError(f"variant {self.id}: option {name} has no range")
            if not _in_range(default, ranges[name]):
                raise ValueError(f"variant {self.id}: default {name}={default!r} is outside its range")
        unknown = sorted(set(ranges) - {name for name, _ in self.options})
        if unknown:
            raise ValueError(f"variant {self.id}: a range for an unknown option {unknown[0]}")

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(range(self.min_players, self.max_players + 1))

    def option_range(self, name: str) -> OptionRange | tuple[bool, bool]:
        """The valid values of option ``name``: ``(low, high)``, the text choices, or (False, True)."""
        if isinstance(dict(self.options)[name], bool):
            return (False, True)
        return dict(self.option_ranges)[name]

    def describe_range(self, name: str) -> str:
        """The valid values of option ``name`` in words, as error messages and ``arena games`` print them."""
        valid = self.option_range(name)
        if isinstance(valid[0], bool):
            return "true, false"
        if isinstance(valid[0], int):
            return f"an integer from {valid[0]} to {valid[1]}"
        if valid == (TEXT_CHECKED,):
            return "a text the game checks"
        return ", ".join(str(v) for v in valid)


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A registered game: id, aliases, variants and where its :class:`Game` class lives."""

    id: str
    title: str
    factory: str
    """``module:ClassName`` of the game class; the class is built as ``cls(variant, players, options)``."""
    variants: tuple[VariantInfo, ...]
    aliases: tuple[str, ...] = ()
    default_players: int = 4
    tags: tuple[str, ...] = field(default=())

    def variant(self, variant_id: str | None) -> VariantInfo:
        if variant_id is None:
            return self.variants[0]
        for v in self.variants:
            if v.id == variant_id:
                return v
        raise UnknownChoice(f"variant of {self.id}", variant_id, [v.id for v in self.variants])


class Registry:
    """Lookups over one table of games (no import-time registration: the table is given)."""

    def __init__(self, games: tuple[GameInfo, ...]) -> None:
        self.games = games

    def list(self) -> tuple[GameInfo, ...]:
        """Every game of the table, in table order."""
        return self.games

    def find(self, game_id: str) -> GameInfo:
        """The game with this id or alias (case-insensitive)."""
        wanted = game_id.strip().lower()
        for info in self.games:
            if wanted == info.id or wanted in info.aliases:
                return info
        listed = ", ".join(g.id for g in self.games)
        # a variant's name given as the game's (``seafarers``, ``jungle``): say which game it belongs to
        hints = []
        for info in self.games:
            named = [v.id for v in info.variants if wanted and wanted in v.id and v.id != "base"]
            if named:
                hints.append(f"{info.id} --variant {' | '.join(named)}")
        if hints:
            listed += f" ({wanted!r} names a variant: {'; '.join(hints)})"
        raise UnknownChoice("game", game_id, listed)

    def load(
        self, game_id: str, variant: str | None = None, players: int | None = None, **options: object
    ) -> Game:
        """Build a game: ``load("puerto-rico", players=4)``.

        Raises :class:`UnknownChoice` for an unknown game, variant or option, a player count out of
        range, or an option value of the wrong type or range.
        """
        info = self.find(game_id)
        spec = info.variant(variant)
        if players is None:
            players = min(max(info.default_players, spec.min_players), spec.max_players)
        if not spec.min_players <= players <= spec.max_players:
            raise UnknownChoice(
                f"player count for {info.id}/{spec.id}",
                players,
                [str(n) for n in spec.player_counts],
            )
        values = resolve_options(spec, options)
        game: Game = self.game_class(info.id)(spec.id, players, values)
        return game

    def game_class(self, game_id: str) -> type[Game]:
        """The :class:`Game` class of the game with this id or alias (imported on first use), to ask
        what it can do (:meth:`Game.can_sample_observations`) without building a game."""
        module_name, _, class_name = self.find(game_id).factory.partition(":")
        cls: type[Game] = getattr(importlib.import_module(module_name), class_name)
        return cls


def resolve_options(spec: VariantInfo, given: Mapping[str, object]) -> dict[str, OptionValue]:
    """The variant's defaults overridden by ``given``; strings are converted to the option's type."""
    values: dict[str, OptionValue] = dict(spec.options)
    for name, raw in given.items():
        key = name.replace("-", "_")
        if key not in values:
            raise UnknownChoice(f"option of {spec.id}", name, sorted(values) or "none")
        value = _convert(key, raw, values[key])
        if not _in_range(value, spec.option_range(key)):
            raise UnknownChoice(f"value of option {key}", value, spec.describe_range(key))
        values[key] = value
    return values


def _in_range(value: OptionValue, valid: OptionRange | tuple[bool, bool]) -> bool:
    """Whether ``value`` is among ``valid`` (an inclusive integer range or the text choices)."""
    if isinstance(value, bool):
        return True
    if isinstance(value, int):
        low, high = valid
        return isinstance(low, int) and isinstance(high, int) and low <= value <= high
    return valid == (TEXT_CHECKED,) or value in valid


def _convert(name: str, raw: object, default: OptionValue) -> OptionValue:
    if isinstance(default, bool):
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in ("1", "true", "yes", "on"):
            return True
        if text in ("0", "false", "no", "off"):
            return False
        raise UnknownChoice(f"value of option {name}", raw, ["true", "false"])
    if isinstance(default, int):
        if isinstance(raw, int) and not isinstance(raw, bool):
            return raw
        try:
            return int(str(raw))
        except ValueError:
            raise UnknownChoice(f"value of option {name}", raw, "an integer") from None
    return str(raw)
