"""A league's definition: a TOML file naming its ladders, their house bots, limits and waits.

Every mistake (an unknown key, a wrong type, an unknown game or bot, a house bot the ladder cannot
seat, an anchor that is not a house bot) is one :class:`DefinitionError` line naming the key and what
is valid, raised before anything is written. Example (``docs/league.md`` explains every key)::

    name = "Puerto Rico and Catan league"
    db = "league.sqlite"            # or postgresql://USER@HOST/DB
    listen = "0.0.0.0:40051"        # the referee that authors' bots dial
    site = "127.0.0.1:8080"         # the live site and JSON API ("" for none)

    [[ladder]]
    id = "pr3"
    game = "puerto-rico"
    players = 3
    house = ["pr-greedy", "random", {name = "anchor", spec = "first"}]
    anchor = {bot = "pr-greedy", rating = 1500}
    [ladder.time]
    deadline_ms = 2000
    [ladder.limits]
    concurrent = 1
    per_hour = 120
    [ladder.waits]
    max_wait_s = 30
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from arena.bot_specs import BotSpec, bot_entry, check_start, name_problem
from arena.config import ConfigError, TimeControl
from engine.core.errors import UnknownChoice
from ladders.sql import location_problem

if TYPE_CHECKING:
    from engine.core.game import Game


class DefinitionError(ValueError):
    """A league definition is invalid; the message is one line naming the file, the key and the problem."""


LADDER_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,31}$")
"""A ladder id: lower-case letters, digits, ``_`` and ``-``, at most 32 characters (it appears in URLs)."""
BOT_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$")
"""An author's bot name on a league (a URL part and a ladder identity before ``@VERSION``)."""
VERSION = re.compile(r"^[A-Za-z0-9._+-]{1,32}$")
"""A bot version: at most 32 letters, digits and ``. _ + -``."""


DEFAULT_LISTEN = "127.0.0.1:40051"
"""Where the referee listens by default: a port below Linux's ephemeral range (32768-60999), which
holds gRPC's customary 50051, so that no outgoing connection takes it while the host is down."""


@dataclass(frozen=True, slots=True)
class Placement:
    pods: int = 1
    """Pods a new entry plays against house bots before it is admitted (0: admitted at once)."""
    max_faults: int = 0
    """Faults its seats may commit over all of them and still be admitted (a forfeit never is)."""


@dataclass(frozen=True, slots=True)
class Limits:
    concurrent: int = 1
    """Pods (so matches) one bot plays at once."""
    per_hour: int = 240
    """Matches one bot may start in any hour."""
    versions_per_hour: int = 5
    """New versions one bot may declare in an hour (more are refused)."""
    connects_per_minute: int = 30
    """Hellos one bot key may send in a minute before the referee refuses it for a while."""


@dataclass(frozen=True, slots=True)
class Waits:
    max_wait_s: float = 60.0
    """An available bot is seated within this many seconds (with house bots if the ladder fills)."""
    gather_s: float = 2.0
    """A table is formed once this many seconds pass with enough bots idle, or at once with twice
    as many idle bots as seats (a larger pool to choose from)."""
    balance: int = 2
    """Pods an available bot may fall behind its fair share before it must be seated."""
    repeat_window: int = 6
    """A table is not formed again while it is among the ladder's last this many tables (unless
    no other table can seat an overdue bot)."""


@dataclass(frozen=True, slots=True)
class Anchor:
    bot: str
    rating: float


@dataclass(frozen=True, slots=True)
class LadderDef:
    id: str
    game: str
    variant: str
    players: int
    options: tuple[tuple[str, Any], ...]
    ladder_key: str
    """The canonical game reference: the ladder's key in the database."""
    house: tuple[BotSpec, ...] = ()
    anchor: Anchor | None = None
    fill: bool = True
    """House bots fill a table when too few authors' bots are available for an overdue one."""
    house_pods: int = 0
    """House-only pods under way at once (0: house bots only fill tables and place newcomers)."""
    duplicate: bool = True
    """A table plays every seat rotation on one seed (a duplicate pod); false: one match per table."""
    time: TimeControl = field(default_factory=TimeControl)
    strike_limit: int = 3
    placement: Placement = field(default_factory=Placement)
    limits: Limits = field(default_factory=Limits)
    waits: Waits = field(default_factory=Waits)

    def house_names(self) -> tuple[str, ...]:
        return tuple(b.name for b in self.house)

    def stored(self) -> dict[str, Any]:
        """What the database records of the ladder (for ``arena league bot`` without the file)."""
        return {
            "id": self.id,
            "game": self.game,
            "variant": self.variant,
            "players": self.players,
            "options": dict(self.options),
            "house": [b.definition() for b in self.house],
        }


@dataclass(frozen=True, slots=True)
class LeagueDef:
    ladders: tuple[LadderDef, ...]
    name: str = "arena league"
    db: str = ""
    replay_dir: str = ""
    listen: str = DEFAULT_LISTEN
    site: str = "127.0.0.1:8080"
    site_dir: str = ""
    refit_s: float = 30.0
    status_s: float = 10.0
    max_matches: int = 64
    """Matches the host plays at once, over all ladders."""
    backend: str = "local"
    workers: int = 1
    ray_address: str = ""
    ray_resources: tuple[tuple[str, float], ...] = ()
    source: str = ""

    def ladder(self, ladder_id: str) -> LadderDef:
        for lad in self.ladders:
            if lad.id == ladder_id:
                return lad
        valid = ", ".join(lad.id for lad in self.ladders)
        raise DefinitionError(f"{self.source}: no ladder {ladder_id!r}; ladders: {valid}")


_TOP = {"name", "db", "replay_dir", "listen", "site", "site_dir", "refit_s", "status_s", "max_matches",
        "backend", "workers", "ray", "ladder"}  # fmt: skip
_LADDER = {"id", "game", "variant", "players", "options", "house", "anchor", "fill", "house_pods",
           "duplicate", "time", "faults", "placement", "limits", "waits"}  # fmt: skip
_TIME = {"deadline_ms", "time_bank_ms", "join_ms"}
_TABLES: dict[str, tuple[type, set[str]]] = {
    "placement": (Placement, {"pods", "max_faults"}),
    "limits": (Limits, {"concurrent", "per_hour", "versions_per_hour", "connects_per_minute"}),
    "waits": (Waits, {"max_wait_s", "gather_s", "balance", "repeat_window"}),
}


def load_definition(path: str | Path, *, start_house: bool = False) -> LeagueDef:
    """Read and validate a league definition (a relative ``db``, ``replay_dir`` or ``site_dir`` is
    relative to the file's folder). With ``start_house`` (the host starting, a bot registered with the
    file) every house bot must also play on this machine (:func:`_check_start`)."""
    source = str(path)
    try:
        raw = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DefinitionError(f"{source}: no such file") from None
    except OSError as exc:
        raise DefinitionError(f"{source}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise DefinitionError(f"{source}: not valid TOML: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise DefinitionError(f"{source}: not valid TOML: {exc}") from None
    for key in ("db", "replay_dir", "site_dir"):
        value = raw.get(key)
        if isinstance(value, str) and value and "://" not in value and not Path(value).is_absolute():
            raw[key] = str(Path(path).parent / value)
    return from_mapping(raw, source, start_house=start_house)


def from_mapping(raw: Mapping[str, Any], source: str, *, start_house: bool = False) -> LeagueDef:
    """Validate a definition given as a mapping (parsed TOML); ``start_house`` as for
    :func:`load_definition`."""
    _keys(raw, _TOP, source, "")
    ray = raw.get("ray", {})
    _keys(ray, {"address", "resources"}, source, "ray.")
    ladders_raw = raw.get("ladder")
    if not isinstance(ladders_raw, list) or not ladders_raw:
        raise DefinitionError(f"{source}: a league needs at least one [[ladder]] table")
    backend = _get(raw, "backend", str, source, "local")
    if backend not in ("local", "ray"):
        raise DefinitionError(f'{source}: \'backend\' must be "local" or "ray", got {backend!r}')
    ladders = tuple(_ladder(entry, source, k, backend, start_house) for k, entry in enumerate(ladders_raw))
    ids = [lad.id for lad in ladders]
    if len(set(ids)) != len(ids):
        raise DefinitionError(f"{source}: two ladders share an id: {', '.join(ids)}")
    keys = [lad.ladder_key for lad in ladders]
    if len(set(keys)) != len(keys):
        raise DefinitionError(f"{source}: two ladders play the same game, variant, seats and options")
    resources = ray.get("resources", {})
    if not isinstance(resources, Mapping) or not all(
        isinstance(v, int | float) and not isinstance(v, bool) and v > 0 for v in resources.values()
    ):
        raise DefinitionError(
            f"{source}: 'ray.resources' must be a table of resource name = a positive number"
        )
    db = _get(raw, "db", str, source, "")
    problem = location_problem(db) if db else None
    if problem is not None:
        raise DefinitionError(f"{source}: 'db' {problem}")
    league = LeagueDef(
        ladders=ladders,
        name=_get(raw, "name", str, source, "arena league"),
        db=db,
        replay_dir=_get(raw, "replay_dir", str, source, ""),
        listen=_get(raw, "listen", str, source, DEFAULT_LISTEN),
        site=_get(raw, "site", str, source, "127.0.0.1:8080"),
        site_dir=_get(raw, "site_dir", str, source, ""),
        refit_s=_number(raw, "refit_s", source, 30.0, low=0.1),
        status_s=_number(raw, "status_s", source, 10.0, low=0.1),
        max_matches=_count(raw, "max_matches", source, 64, low=1),
        backend=backend,
        workers=_count(raw, "workers", source, 1, low=1),
        ray_address=_get(ray, "address", str, source, "", path="ray."),
        ray_resources=tuple(sorted((str(k), float(v)) for k, v in resources.items())),
        source=source,
    )
    for where, value in (("listen", league.listen), ("site", league.site)):
        if value and not re.fullmatch(r"[^\s:]*:\d{1,5}|\[[0-9a-fA-F:]+\]:\d{1,5}", value):
            raise DefinitionError(f"{source}: '{where}' must be HOST:PORT, got {value!r}")
    return league


def _ladder(raw: object, source: str, index: int, backend: str, start_house: bool) -> LadderDef:
    where = f"ladder[{index}]"
    if not isinstance(raw, Mapping):
        raise DefinitionError(f"{source}: {where} must be a table")
    ladder_id = raw.get("id")
    if not isinstance(ladder_id, str) or not LADDER_ID.match(ladder_id):
        raise DefinitionError(
            f"{source}: {where}.id must be lower-case letters, digits, _ and -, at most 32, got {ladder_id!r}"
        )
    where = f"ladder {ladder_id}"
    ctx = f"{source}: {where}"
    _keys(raw, _LADDER, ctx)
    _keys(raw.get("time", {}), _TIME, ctx, "time.")
    _keys(raw.get("faults", {}), {"strike_limit"}, ctx, "faults.")
    game_name = _get(raw, "game", str, ctx, None)
    variant = _get(raw, "variant", str, ctx, None, optional=True)
    players = _count(raw, "players", ctx, 0, low=0)  # a DefinitionError names the file and ladder itself
    options = raw.get("options", {})
    if not isinstance(options, Mapping):
        raise DefinitionError(f"{source}: {where}: 'options' must be a table of option = value")
    try:
        from engine.registry import find_game, load_game

        info = find_game(game_name)
        spec = info.variant(variant)
        players = players or min(max(info.default_players, spec.min_players), spec.max_players)
        game = load_game(info.id, spec.id, players, **dict(options))
    except (UnknownChoice, ValueError) as exc:
        raise DefinitionError(f"{source}: {where}: {exc}") from None
    house = _house(raw.get("house", []), source, where, game, backend, start_house)
    time_raw = raw.get("time", {})
    time = TimeControl(
        deadline_ms=_count(time_raw, "deadline_ms", ctx, 5000, low=1, path="time."),
        time_bank_ms=_count(time_raw, "time_bank_ms", ctx, 30000, low=0, path="time."),
        join_ms=_count(time_raw, "join_ms", ctx, 30000, low=1, path="time."),
    )
    clocks = time.problem()
    if clocks is not None:
        raise DefinitionError(f"{ctx}: {clocks}")
    tables: dict[str, Any] = {}
    for key, (kind, allowed) in _TABLES.items():
        table = raw.get(key, {})
        _keys(table, allowed, ctx, f"{key}.")
        values = {}
        for name in allowed:
            default = getattr(kind(), name)
            if isinstance(default, float):
                values[name] = _number(table, name, ctx, default, low=0.0, path=f"{key}.")
            else:
                values[name] = _count(table, name, ctx, default, low=0, path=f"{key}.")
        tables[key] = kind(**values)
    ladder = LadderDef(
        id=ladder_id,
        game=info.id,
        variant=spec.id,
        players=game.players,
        options=tuple(sorted(game.options.items())),
        ladder_key=game.ref.canonical(),
        house=house,
        anchor=_anchor(raw.get("anchor"), source, where, house),
        fill=_get(raw, "fill", bool, ctx, True),
        house_pods=_count(raw, "house_pods", ctx, 0, low=0),
        duplicate=_get(raw, "duplicate", bool, ctx, True),
        time=time,
        strike_limit=_count(raw.get("faults", {}), "strike_limit", ctx, 3, low=0, path="faults."),
        **tables,
    )
    _check_ladder(ladder, source, where)
    return ladder


def _check_ladder(ladder: LadderDef, source: str, where: str) -> None:
    if ladder.limits.concurrent < 1:
        raise DefinitionError(f"{source}: {where}: limits.concurrent must be at least 1")
    if ladder.limits.per_hour < 1:
        raise DefinitionError(f"{source}: {where}: limits.per_hour must be at least 1")
    if ladder.waits.balance < 1:
        raise DefinitionError(f"{source}: {where}: waits.balance must be at least 1 (pods)")
    if ladder.placement.pods and not ladder.house:
        raise DefinitionError(
            f"{source}: {where}: placement plays against house bots, and the ladder has none"
            " (add house bots, or set placement.pods = 0)"
        )
    if ladder.house_pods and len(ladder.house) < 2:
        raise DefinitionError(f"{source}: {where}: house_pods needs at least two house bots")


def _house(
    raw: object, source: str, where: str, loaded: Game, backend: str, start: bool
) -> tuple[BotSpec, ...]:
    from bots.builtin import check_plays, find_bot

    game = loaded.ref.game
    if not isinstance(raw, list):
        raise DefinitionError(f"{source}: {where}: 'house' must be a list of bot specs")
    out: list[BotSpec] = []
    for entry in raw:
        try:
            bot = bot_entry(entry, f"{source}: {where}: house")
        except ConfigError as exc:
            raise DefinitionError(str(exc)) from None
        if bot.kind == "remote" or bot.spec in ("human", "remote"):
            raise DefinitionError(
                f"{source}: {where}: house bot {bot.spec!r}: a house bot is built in, grpc: or cmd:;"
                " authors' bots register with arena league bot add"
            )
        author_class = bot.spec.removeprefix("grpc:").startswith("py:")  # trusted code of the host's
        if author_class and backend == "ray":
            raise DefinitionError(
                f"{source}: {where}: house bot {bot.spec!r}: py: classes are the host's own code, played on this machine only;"
                " a league on the Ray backend needs built-in, grpc: or cmd: house bots"
            )
        if bot.kind in ("builtin", "grpc") and not author_class:
            builtin = bot.spec.removeprefix("grpc:")
            try:
                plays = find_bot(builtin).plays(game)
                if plays:
                    check_plays(builtin, game)
            except (UnknownChoice, ValueError) as exc:
                raise DefinitionError(f"{source}: {where}: house bot {bot.spec!r}: {exc}") from None
            if not plays:
                raise DefinitionError(f"{source}: {where}: house bot {bot.spec!r} does not play {game}")
        if "@" in bot.name:
            raise DefinitionError(f"{source}: {where}: house bot name {bot.name!r} may not hold @")
        if start:
            _check_start(bot, loaded, f"{source}: {where}: house bot {bot.spec!r}")
        out.append(bot)
    names = [b.name for b in out]
    if len(set(names)) != len(names):
        raise DefinitionError(f"{source}: {where}: 'house' lists a bot twice: {', '.join(names)}")
    return tuple(out)


def _check_start(bot: BotSpec, game: Game, ctx: str) -> None:
    """A house bot that cannot play ``game`` on this machine is one line (as ``arena run`` checks its
    bots: :func:`arena.bot_specs.check_start`)."""
    try:
        check_start(bot, game)
    except ValueError as exc:
        raise DefinitionError(f"{ctx}: {exc}") from None


def _anchor(raw: object, source: str, where: str, house: tuple[BotSpec, ...]) -> Anchor | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or set(raw) != {"bot", "rating"}:
        raise DefinitionError(
            f'{source}: {where}: anchor is {{bot = "HOUSE BOT", rating = ELO}}, got {raw!r}'
        )
    bot, rating = raw["bot"], raw["rating"]
    names = [b.name for b in house]
    if bot not in names:
        raise DefinitionError(
            f"{source}: {where}: the anchor {bot!r} is not a house bot; house bots: {', '.join(names) or 'none'}"
        )
    if not isinstance(rating, int | float) or isinstance(rating, bool):
        raise DefinitionError(f"{source}: {where}: anchor.rating must be a number, got {rating!r}")
    return Anchor(str(bot), float(rating))


def check_bot_name(name: str, house: Sequence[str] = ()) -> str:
    """Why ``name`` cannot name an author's bot on a ladder with the ``house`` bots, or ""."""
    if not BOT_NAME.match(name):
        return "must be 1 to 32 letters, digits, _ . or -, starting with a letter or digit"
    problem = name_problem(name)
    if problem:
        return problem
    if name in house:
        return "is a house bot of the ladder"
    return ""


def check_version(version: str) -> str:
    """Why ``version`` cannot be a bot version, or ""."""
    if len(version) > 32:
        return f"is {len(version)} characters long; at most 32"
    if not VERSION.match(version):
        return "may hold only letters, digits and . _ + -"
    return ""


def _keys(raw: object, allowed: set[str], ctx: str, path: str = "") -> None:
    """``ctx`` names the file (and the ladder), ``path`` the table the keys are in (``time.``)."""
    if not isinstance(raw, Mapping):
        raise DefinitionError(f"{ctx}: '{path.rstrip('.')}' must be a table")
    for key in raw:
        if key not in allowed:
            valid = ", ".join(path + k for k in sorted(allowed))
            raise DefinitionError(f"{ctx}: unknown key '{path}{key}'; valid: {valid}")


def _get(
    raw: Mapping[str, Any],
    key: str,
    kind: type,
    ctx: str,
    default: Any,
    *,
    optional: bool = False,
    path: str = "",
) -> Any:
    if key not in raw:
        if default is None and not optional:
            raise DefinitionError(f"{ctx}: '{path}{key}' is required")
        return default
    value = raw[key]
    if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
        raise DefinitionError(f"{ctx}: '{path}{key}' must be {kind.__name__}, got {value!r}")
    return value


def _count(raw: Mapping[str, Any], key: str, ctx: str, default: int, *, low: int, path: str = "") -> int:
    value = _get(raw, key, int, ctx, default, path=path)
    if value < low:
        raise DefinitionError(f"{ctx}: '{path}{key}' must be at least {low}, got {value}")
    return int(value)


def _number(
    raw: Mapping[str, Any], key: str, ctx: str, default: float, *, low: float, path: str = ""
) -> float:
    value = raw.get(key, default)
    if not isinstance(value, int | float) or isinstance(value, bool) or value < low:
        raise DefinitionError(f"{ctx}: '{path}{key}' must be a number of at least {low:g}, got {value!r}")
    return float(value)
