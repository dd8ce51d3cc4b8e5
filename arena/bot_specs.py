"""The bots of a tournament definition: :class:`BotSpec` (one entry of the bot list) and reading the
list from a file or the ``--bots`` flag (``"SPEC"``, ``"NAME=SPEC"`` or ``{name = "...", spec = "..."}``).

A bot's name is its identity on the ladder; every mistake in the list is one :class:`ConfigError` line.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from arena.bridges import CATANATRON, is_bridge
from arena.config import TOP_KEYS, ConfigError

if TYPE_CHECKING:
    from engine.core.game import Game


@dataclass(frozen=True, slots=True)
class BotSpec:
    """One entry of the bot list: a built-in name (in process), ``py:FILE.py:Class`` (an author's class in
    process: trusted code), ``grpc:NAME`` or ``grpc:py:...`` (a built-in bot or an author's class in its
    own process over gRPC), ``catanatron:NAME`` (catanatron's player through its bridge, spawned per
    match), ``cmd:COMMAND`` (spawned per match) or ``remote:NAME``; with an optional name."""

    spec: str
    label: str = ""
    """The name the host gave the bot (``{name = "alice", spec = "cmd:./alice"}``), or empty."""

    @property
    def kind(self) -> str:
        if self.spec.startswith("cmd:"):
            return "cmd"
        if self.spec.startswith("remote:"):
            return "remote"
        if self.spec.startswith("grpc:"):
            return "grpc"
        if is_bridge(self.spec):
            return "bridge"
        if self.spec.startswith("py:"):
            return "py"
        return "builtin"

    @property
    def is_in_process(self) -> bool:
        """Whether the bot plays in the referee's own process (:func:`is_in_process`)."""
        return is_in_process(self.spec)

    @property
    def name(self) -> str:
        """The ladder identity of the bot: the name the host gave it, else the spec itself (so the key of
        an unnamed ``cmd:`` bot is its whole command, as it always was)."""
        return self.label or self.spec

    @property
    def command(self) -> str:
        return self.spec[4:].strip() if self.kind == "cmd" else ""

    def definition(self) -> str | dict[str, str]:
        """How the bot enters the tournament's definition: the spec, or ``{name, spec}`` when named."""
        return {"name": self.label, "spec": self.spec} if self.label else self.spec


def check_start(bot: BotSpec, game: Game) -> None:
    """Raise ``ValueError`` (one line) when ``bot`` cannot play ``game`` on this machine: a ``py:`` or
    ``grpc:py:`` class that cannot be made and started (:func:`bots.pyclass.check_py_start`), a
    ``cmd:`` command that cannot be parsed or whose program or script is missing, a ``catanatron:``
    player its bridge cannot seat. What ``arena run``, ``arena sprt`` and a league's host check of
    their bots before any match."""
    from arena.bridges import check_bridge
    from arena.spawn import check_program, parse_bot_spec
    from bots.pyclass import check_py_start

    code = bot.spec.removeprefix("grpc:")
    if code.startswith("py:"):
        check_py_start(code, game)
    elif bot.kind == "cmd":
        check_program(parse_bot_spec(bot.spec).command)
    elif bot.kind == "bridge":
        check_bridge(bot.spec, game.ref.game, game.ref.variant, game.players)


def is_in_process(spec: str) -> bool:
    """Whether the bot of ``spec`` runs in the referee's own process: a built-in bot or an author's
    ``py:`` class. Of these only ``py:`` runs code the project did not write
    (:func:`bots.pyclass.is_author_code`): a standing ladder admits it for its own house bots alone, and
    seats every submitted bot over gRPC."""
    text = spec.strip()
    return not text.startswith(("cmd:", "grpc:", "remote", CATANATRON)) and text != "human"


NAMED = re.compile(r"^([^:=]+)=(.+)$")
"""``NAME=SPEC`` in a ``--bots`` list: whatever comes before the first ``=``, unless it holds a ``:``
(so ``mcts:iterations=400`` and ``cmd:prog --x=1`` stay specs). The name then follows the same rule as
a name in a file (:func:`name_problem`): ``al ice=cmd:./alice`` names a bot ``al ice``. A name that
holds ``=`` can be given in a file only."""


def bot_entry(entry: object, source: str) -> BotSpec:
    """One bot of a definition: ``"SPEC"``, ``"NAME=SPEC"`` or a table ``{name = "...", spec = "..."}``."""
    if isinstance(entry, str):
        if entry.strip().startswith("="):
            raise ConfigError(f"{source}: {entry.strip()!r}: the name before '=' is empty")
        named = NAMED.match(entry.strip())
        if named and not entry.strip().startswith(("cmd:", "grpc:", "remote:", "py:", CATANATRON)):
            return _named(named.group(2).strip(), named.group(1), source)
        return BotSpec(entry.strip())
    if isinstance(entry, Mapping):
        unknown = set(entry) - {"name", "spec"}
        if unknown & TOP_KEYS:
            raise ConfigError(
                f"{source}: [[bot]] {entry.get('name', '')!r} holds {', '.join(sorted(unknown & TOP_KEYS))}:"
                " in TOML the keys after a [[bot]] header belong to that table; put the top-level keys before it"
            )
        if unknown or not isinstance(entry.get("spec"), str) or not entry["spec"].strip():
            raise ConfigError(
                f'{source}: a bot table is {{name = "NAME", spec = "SPEC"}}, got {dict(entry)!r}'
            )
        name = entry.get("name", "")
        if not isinstance(name, str):
            raise ConfigError(f"{source}: a bot's name must be a string, got {name!r}")
        return _named(entry["spec"].strip(), name, source)
    raise ConfigError(f"{source}: 'bots' holds specs (strings) or {{name, spec}} tables, got {entry!r}")


def _named(spec: str, name: str, source: str) -> BotSpec:
    name = name.strip()
    if not name:
        return BotSpec(spec)
    problem = name_problem(name)
    if problem:
        raise ConfigError(f"{source}: bot name {name!r} {problem}")
    return BotSpec(spec, name)


def name_problem(name: str) -> str:
    """Why ``name`` cannot name a bot on a ladder, or ""."""
    from bots.builtin import BUILTIN_BOTS

    if len(name) > 64 or not name.isprintable():
        return "must be at most 64 printable characters"
    if any(ch in name for ch in ",:#\"'"):
        return "may not hold , : # or quotes"
    if name in {b.name for b in BUILTIN_BOTS} or name in ("human", "remote"):
        return "is the name of a built-in bot"
    return ""


def bot_list(raw: Mapping[str, Any], source: str) -> list[BotSpec]:
    """The bots of a definition: ``bots`` (a list, or a comma-separated string from ``--bots``), then
    the ``[[bot]]`` tables; every ladder name once."""
    bots = raw.get("bots", [])
    if isinstance(bots, str):
        from arena.spawn import split_bot_specs

        bots = split_bot_specs(bots)
    tables = raw.get("bot", [])
    if not isinstance(bots, list) or not isinstance(tables, list):
        raise ConfigError(f"{source}: 'bots' must be a non-empty list of bot names")
    specs = [bot_entry(b, source) for b in [*bots, *tables]]
    if not specs or not all(b.spec for b in specs):
        raise ConfigError(f"{source}: 'bots' must be a non-empty list of bot names")
    names = [b.name for b in specs]
    if len(set(names)) != len(names):
        raise ConfigError(f"{source}: 'bots' lists a bot twice: {', '.join(names)}")
    return specs
