"""Tournament definitions: a TOML file or command-line flags, validated before any match starts.

A definition names one game variant and player count, the bots, how many rounds of pods to play, the
tournament seed (none: a secret seed is drawn and kept in the ladder database), how the rotations of a
pod are seeded, the time control and the fault policy. Every mistake (an unknown key, a wrong type, an
unknown game or bot, too few bots) is one :class:`ConfigError` line naming the key and what is valid.

Example::

    name = "weekly"     # a title, printed by arena run; not part of the definition
    game = "puerto-rico"
    variant = "base"
    players = 4
    bots = ["pr-greedy", "random", "first", {name = "mine", spec = "cmd:python -m bots random"}]
    rounds = 2          # each round plays every seat-sized subset of the bots as one pod
    seed = 7            # omit it for a secret seed
    seeding = "independent"   # or "duplicate" (the default): one seed for every rotation of a pod
    schedule = "round-robin@2"   # the default; round-robin@1 replays tournaments recorded before versions
                                 # "adaptive": the tables that most settle the ranking (docs/ladders.md)
    confidence = 0.95   # adaptive only: stop once every pair of neighbours is settled at 95 %
    balance = 2         # adaptive only: every bot within 2 pods of every other
    db = "runs/pr.sqlite"
    backend = "ray"     # the default is "local", a process pool on this machine
    [ray]
    address = "10.0.0.5:6379"   # omit it to start a Ray instance on this machine
    resources = {arena = 1}     # Ray resources each match needs besides one CPU
    [options]
    hidden_vp = true
    [time]
    deadline_ms = 2000
    time_bank_ms = 10000
    [faults]
    strike_limit = 3
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from arena.bridges import CATANATRON, bridge_command, is_bridge
from arena.schedule import ADAPTIVE_BALANCE, ADAPTIVE_CANDIDATES, LEGACY_SCHEDULE, SEEDINGS, schedule_id
from engine.core.errors import UnknownChoice

if TYPE_CHECKING:
    from engine.referee.clock import TimeControl as RefereeTimeControl


class ConfigError(ValueError):
    """A tournament definition is invalid; the message is one line naming the problem."""


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
        if unknown & _TOP_KEYS:
            raise ConfigError(
                f"{source}: [[bot]] {entry.get('name', '')!r} holds {', '.join(sorted(unknown & _TOP_KEYS))}:"
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


@dataclass(frozen=True, slots=True)
class TimeControl:
    deadline_ms: int = 5000
    """Time for one decision, in milliseconds, before the time bank is used."""
    time_bank_ms: int = 30000
    """Extra time a seat may spend over a whole match, in milliseconds."""
    join_ms: int = 30000
    """How long a match waits for its remote bots to connect, in milliseconds."""

    def for_referee(self) -> RefereeTimeControl:
        """The same settings as the referee's :class:`engine.referee.clock.TimeControl`."""
        from engine.referee.clock import TimeControl as RefereeTimeControl  # grpc: only to play

        return RefereeTimeControl(
            deadline_ms=self.deadline_ms, time_bank_ms=self.time_bank_ms, join_timeout_s=self.join_ms / 1000
        )


@dataclass(frozen=True, slots=True)
class TournamentConfig:
    game: str
    players: int
    bots: tuple[BotSpec, ...]
    variant: str | None = None
    options: tuple[tuple[str, Any], ...] = ()
    rounds: int = 1
    seed: int | None = None
    """The tournament seed the host gave, or None: the runner then draws a secret one (and stores it)."""
    seeding: str = "duplicate"
    """``duplicate``: every rotation of a pod plays the pod's seed; ``independent``: each its own."""
    schedule: str = schedule_id("round-robin")
    """Which tables are played, as ``NAME@VERSION`` (:func:`arena.schedule.schedule_id`)."""
    confidence: float | None = None
    """Adaptive schedule: stop once every pair of neighbours has at least this likelihood of superiority
    (None: play the whole budget)."""
    balance: int | None = None
    """Adaptive schedule: every bot within this many pods of every other (None: the default,
    :data:`arena.adaptive.DEFAULT_BALANCE`)."""
    workers: int = 0
    """Worker processes; 0 means one per core."""
    db: str = "arena.sqlite"
    replay_dir: str = ""
    """Folder for replay logs; empty means ``<db stem>-replays`` beside the database."""
    viewer: bool = True
    """Write each match's viewer data (``ID.view.json``) beside its replay log, in the worker that played
    it (``arena report`` then need not derive it); not part of the definition."""
    time: TimeControl = field(default_factory=TimeControl)
    strike_limit: int = 3
    name: str = ""
    """The tournament's title (``name`` in the file): ``arena run`` prints it at the start and end of the
    run. It is not part of the definition: renaming a tournament resumes it."""
    listen: str = "127.0.0.1:50051"
    """Where the referee for registered remote bots listens (``HOST:PORT``; port 0 picks a free one)."""
    keys: tuple[tuple[str, str], ...] = ()
    """Bot key of each registered remote bot, by name (``[keys]`` in the file); missing keys are generated."""
    backend: str = "local"
    """Where matches are played: ``local`` (a process pool on this machine) or ``ray``
    (:mod:`arena.ray_backend`)."""
    ray_address: str = ""
    """The Ray cluster to join (``HOST:PORT`` of its head, ``auto``, ``ray://...``); empty: start a Ray
    instance on this machine for the run."""
    ray_resources: tuple[tuple[str, float], ...] = ()
    """Ray resources each match needs besides one CPU (``[ray] resources = {arena = 1}``), by name."""

    def definition(self) -> dict[str, Any]:
        """What identifies the tournament's schedule and rules (not where it runs or how fast).

        The seed is as the host gave it (None when the runner draws a secret one), so a run of the same
        definition on the same database resumes the same tournament. An option left at its default
        is omitted (``seeding``), so definitions recorded before the option existed stay the same.
        """
        definition: dict[str, Any] = {
            "game": self.game,
            "variant": self.variant,
            "players": self.players,
            "options": dict(self.options),
            "bots": [b.definition() for b in self.bots],
            "rounds": self.rounds,
            "seed": self.seed,
            "time": {
                "deadline_ms": self.time.deadline_ms,
                "time_bank_ms": self.time.time_bank_ms,
                "join_ms": self.time.join_ms,
            },
            "faults": {"strike_limit": self.strike_limit},
        }
        if self.seeding != "duplicate":
            definition["seeding"] = self.seeding
        if self.schedule != LEGACY_SCHEDULE:  # recorded, so that a later version resumes this one's
            definition["schedule"] = self.schedule
        if self.is_adaptive:
            definition["confidence"] = self.confidence
            definition["balance"] = self.balance or ADAPTIVE_BALANCE
        return definition

    @property
    def is_adaptive(self) -> bool:
        """Whether the schedule is the adaptive one (:mod:`arena.adaptive`)."""
        return self.schedule.partition("@")[0] == "adaptive"


_TOP_KEYS = {
    "game", "variant", "players", "bots", "rounds", "seed", "seeding", "workers", "db", "replay_dir",
    "viewer", "options", "time", "faults", "name", "listen", "keys", "bot", "schedule", "confidence",
    "balance", "backend", "ray",
}  # fmt: skip
BACKENDS = ("local", "ray")
_TIME_KEYS = {"deadline_ms", "time_bank_ms", "join_ms"}
_FAULT_KEYS = {"strike_limit"}
_RAY_KEYS = {"address", "resources"}


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
        if isinstance(raw.get(key), str) and raw[key] and not Path(raw[key]).is_absolute():
            raw[key] = str(Path(path).parent / raw[key])
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
    _no_unknown(raw, _TOP_KEYS, source, "")
    time_raw = raw.get("time", {})
    faults_raw = raw.get("faults", {})
    _no_unknown(time_raw, _TIME_KEYS, source, "time.")
    _no_unknown(faults_raw, _FAULT_KEYS, source, "faults.")
    ray_raw = raw.get("ray", {})
    _no_unknown(ray_raw, _RAY_KEYS, source, "ray.")
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
        db=_typed(raw, "db", str, source, "arena.sqlite"),
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
    _check_adaptive(config, source)
    if config.seeding not in SEEDINGS:
        valid = " or ".join(f'"{s}"' for s in SEEDINGS)
        raise ConfigError(f"{source}: 'seeding' must be {valid}, got {config.seeding!r}")
    return _check_names(config, source)


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
