"""Reading a tournament definition (:mod:`arena.config`) from a TOML file or from command-line flags,
and validating it before any match starts: every key known and of its type, the game, variant and
player count found, every bot playing that game, the adaptive schedule's settings in range.

Every mistake is one :class:`ConfigError` line naming the key and what is valid.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from arena.bot_specs import bot_list
from arena.bridges import bridge_command
from arena.config import (
    BACKENDS,
    FAULT_KEYS,
    RAY_KEYS,
    TIME_KEYS,
    TOP_KEYS,
    ConfigError,
    TimeControl,
    TournamentConfig,
)
from arena.schedule import ADAPTIVE_BALANCE, ADAPTIVE_CANDIDATES, SEEDINGS, schedule_id
from engine.core.errors import UnknownChoice
from ladders.sql import location_problem


def load_toml(path: str | Path, overrides: Mapping[str, Any] | None = None) -> TournamentConfig:
    """Read a TOML definition with ``overrides`` (from flags) applied; None means "not given".

    A relative ``db`` or ``replay_dir`` written in the file is relative to the file's folder, as a host
    who keeps a tournament's file and database together expects; one given by a flag is relative to the
    current directory, as every path on a command line is.

    An override replaces the file's top-level key, except a table (a mapping such as ``{"time":
    {"deadline_ms": 500}}``), which updates the file's table of that name key by key: the other keys of
    the table stay as the file gives them.
    """
    try:
        raw = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such file") from None
    except OSError as exc:  # a directory, no permission
        raise ConfigError(f"{path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not valid TOML: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    if not isinstance(raw, dict):  # pragma: no cover - tomllib always returns a table
        raise ConfigError(f"{path}: not a table")
    for key in ("db", "replay_dir"):  # a path written in the file is relative to the file's folder
        value = raw.get(key)
        if isinstance(value, str) and value and "://" not in value and not Path(value).is_absolute():
            raw[key] = str(Path(path).parent / value)
    for key, value in (overrides or {}).items():
        if value is None:
            continue
        if isinstance(value, Mapping) and key in raw:
            table = raw[key]
            # a file value that is not a table stays, so that validation names the file's mistake
            raw[key] = {**table, **value} if isinstance(table, dict) else table
        else:
            raw[key] = value
    return from_mapping(raw, source=str(path))


def from_mapping(raw: Mapping[str, Any], source: str = "flags") -> TournamentConfig:
    """Validate a definition given as a mapping (parsed TOML or flags)."""
    _no_unknown(raw, TOP_KEYS, source, "")
    time_raw = raw.get("time", {})
    faults_raw = raw.get("faults", {})
    _no_unknown(time_raw, TIME_KEYS, source, "time.")
    _no_unknown(faults_raw, FAULT_KEYS, source, "faults.")
    ray_raw = raw.get("ray", {})
    _no_unknown(ray_raw, RAY_KEYS, source, "ray.")
    specs = bot_list(raw, source)
    game = _typed(raw, "game", str, source, None)
    options = raw.get("options", {})
    if not isinstance(options, dict):
        raise ConfigError(f"{source}: 'options' must be a table of option = value")
    keys = raw.get("keys", {})
    if not isinstance(keys, dict) or not all(isinstance(v, str) and v for v in keys.values()):
        raise ConfigError(f"{source}: 'keys' must be a table of remote bot name = \"key\"")
    remotes = {b.spec.removeprefix("remote:") for b in specs if b.kind == "remote"}
    for name in keys:
        if name not in remotes:
            raise ConfigError(
                f"{source}: keys.{name} names no remote bot; remote bots: {', '.join(sorted(remotes)) or 'none'}"
            )
    config = TournamentConfig(
        game=game,
        variant=_typed(raw, "variant", str, source, None, optional=True),
        players=_typed(raw, "players", int, source, 0),
        bots=tuple(specs),
        options=tuple(sorted(options.items())),
        rounds=_typed(raw, "rounds", int, source, 1),
        seed=_typed(raw, "seed", int, source, None, optional=True),
        seeding=_typed(raw, "seeding", str, source, "duplicate"),
        schedule=_schedule(raw, source),
        confidence=_confidence(raw, source),
        balance=_typed(raw, "balance", int, source, None, optional=True),
        workers=_typed(raw, "workers", int, source, 0),
        db=_database(raw, source),
        replay_dir=_typed(raw, "replay_dir", str, source, ""),
        viewer=_typed(raw, "viewer", bool, source, True),
        time=TimeControl(
            deadline_ms=_typed(time_raw, "deadline_ms", int, source, 5000, prefix="time."),
            time_bank_ms=_typed(time_raw, "time_bank_ms", int, source, 30000, prefix="time."),
            join_ms=_typed(time_raw, "join_ms", int, source, 30000, prefix="time."),
        ),
        strike_limit=_typed(faults_raw, "strike_limit", int, source, 3, prefix="faults."),
        name=_typed(raw, "name", str, source, ""),
        listen=_typed(raw, "listen", str, source, "127.0.0.1:50051"),
        keys=tuple(sorted(keys.items())),
        backend=_typed(raw, "backend", str, source, "local"),
        ray_address=_typed(ray_raw, "address", str, source, "", prefix="ray."),
        ray_resources=_resources(ray_raw, source),
    )
    if config.backend not in BACKENDS:
        valid = " or ".join(f'"{b}"' for b in BACKENDS)
        raise ConfigError(f"{source}: 'backend' must be {valid}, got {config.backend!r}")
    if config.rounds < 1:
        raise ConfigError(f"{source}: 'rounds' must be at least 1")
    clocks = config.time.problem()
    if clocks is not None:
        raise ConfigError(f"{source}: {clocks}")
    _check_adaptive(config, source)
    if config.seeding not in SEEDINGS:
        valid = " or ".join(f'"{s}"' for s in SEEDINGS)
        raise ConfigError(f"{source}: 'seeding' must be {valid}, got {config.seeding!r}")
    return _check_names(config, source)


def _check_names(config: TournamentConfig, source: str) -> TournamentConfig:
    from bots.builtin import check_plays, find_bot
    from bots.pyclass import check_py_spec
    from engine.registry import find_game, load_game

    try:
        info = find_game(config.game)
        spec = info.variant(config.variant)
        players = config.players or min(max(info.default_players, spec.min_players), spec.max_players)
        game = load_game(info.id, spec.id, players, **dict(config.options))
        for bot in config.bots:
            if bot.spec == "human":
                raise ConfigError(f"{source}: a human seat plays in arena play, not in a tournament")
            if bot.kind == "bridge":
                if info.id != "catan" or spec.id != "base" or not 3 <= game.players <= 4:
                    raise ConfigError(f"{source}: bot {bot.spec!r} plays Catan base at 3-4 seats only")
                bridge_command(bot.spec)
                continue
            builtin = bot.spec.removeprefix("grpc:")
            if builtin.startswith("py:"):
                check_py_spec(builtin)
                continue
            if bot.kind in ("builtin", "grpc") and not find_bot(builtin).plays(info.id):
                raise ConfigError(f"{source}: bot {bot.spec!r} does not play {info.id}")
            if bot.kind in ("builtin", "grpc"):
                check_plays(builtin, info.id)
    except ConfigError:
        raise
    except (UnknownChoice, ValueError) as exc:
        raise ConfigError(f"{source}: {exc}") from None
    if config.is_adaptive:
        if len(config.bots) <= game.players:
            raise ConfigError(
                f"{source}: the adaptive schedule chooses among tables, so it needs more bots than seats"
                f" ({len(config.bots)} bots, {game.players} seats); use the round robin"
            )
        if math.comb(len(config.bots), game.players) > ADAPTIVE_CANDIDATES:
            raise ConfigError(
                f"{source}: {len(config.bots)} bots at {game.players} seats make"
                f" {math.comb(len(config.bots), game.players):,} tables, more than the adaptive schedule"
                f" chooses among ({ADAPTIVE_CANDIDATES:,}); use the round robin"
            )
    return replace(
        config,
        game=info.id,
        variant=spec.id,
        players=game.players,
        options=tuple(sorted(game.options.items())),
        balance=(config.balance or ADAPTIVE_BALANCE) if config.is_adaptive else None,
    )


def _resources(raw: Mapping[str, Any], source: str) -> tuple[tuple[str, float], ...]:
    """``[ray] resources``: a table of resource name = a positive amount."""
    table = raw.get("resources", {})
    if not isinstance(table, Mapping) or not all(
        isinstance(v, int | float) and not isinstance(v, bool) and v > 0 for v in table.values()
    ):
        raise ConfigError(f"{source}: 'ray.resources' must be a table of resource name = a positive number")
    if "CPU" in table or "GPU" in table:
        raise ConfigError(f"{source}: 'ray.resources' names custom resources; a match takes one CPU")
    return tuple(sorted((str(k), float(v)) for k, v in table.items()))


def _confidence(raw: Mapping[str, Any], source: str) -> float | None:
    value = raw.get("confidence")
    if value is None or (isinstance(value, int | float) and not isinstance(value, bool)):
        return None if value is None else float(value)
    raise ConfigError(f"{source}: 'confidence' must be a number between 0.5 and 1, got {value!r}")


def _check_adaptive(config: TournamentConfig, source: str) -> None:
    """``confidence`` and ``balance`` belong to the adaptive schedule, within their ranges."""
    if not config.is_adaptive:
        for key in ("confidence", "balance"):
            if getattr(config, key) is not None:
                raise ConfigError(f"{source}: '{key}' applies to schedule = \"adaptive\" only")
        return
    if config.confidence is not None and not 0.5 < config.confidence < 1.0:
        raise ConfigError(
            f"{source}: 'confidence' must be between 0.5 and 1 (exclusive), got {config.confidence}"
        )
    if config.balance is not None and config.balance < 1:
        raise ConfigError(f"{source}: 'balance' must be at least 1 (pods), got {config.balance}")


def _schedule(raw: Mapping[str, Any], source: str) -> str:
    try:
        return schedule_id(_typed(raw, "schedule", str, source, "round-robin"))
    except ValueError as exc:
        raise ConfigError(f"{source}: {exc}") from None


def _no_unknown(raw: object, allowed: set[str], source: str, prefix: str) -> None:
    if not isinstance(raw, Mapping):
        raise ConfigError(f"{source}: '{prefix.rstrip('.')}' must be a table")
    for key in raw:
        if key not in allowed:
            valid = ", ".join(prefix + k for k in sorted(allowed))
            raise ConfigError(f"{source}: unknown key {prefix + str(key)!r}; valid: {valid}")


def _database(raw: Mapping[str, Any], source: str) -> str:
    """The ``db`` key: an SQLite path or a PostgreSQL URL, never a URL of another scheme (which would
    otherwise become a folder tree of that name)."""
    db: str = _typed(raw, "db", str, source, "arena.sqlite")
    problem = location_problem(db)
    if problem is not None:
        raise ConfigError(f"{source}: 'db' {problem}")
    return db


def _typed(
    raw: Mapping[str, Any],
    key: str,
    kind: type,
    source: str,
    default: Any,
    *,
    optional: bool = False,
    prefix: str = "",
) -> Any:
    if key not in raw or raw[key] is None:
        if default is None and not optional:
            raise ConfigError(f"{source}: '{prefix}{key}' is required")
        return default
    value = raw[key]
    if kind is int and isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ConfigError(f"{source}: '{prefix}{key}' must be {kind.__name__}, got {value!r}")
    return value
