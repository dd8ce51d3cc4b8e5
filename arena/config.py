"""Tournament definitions: what one holds (:class:`TournamentConfig`), read from a TOML file or
command-line flags and validated before any match starts (:mod:`arena.config_loading`).

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

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from arena.schedule import ADAPTIVE_BALANCE, LEGACY_SCHEDULE, schedule_id

if TYPE_CHECKING:
    from arena.bot_specs import BotSpec
    from engine.referee.clock import TimeControl as RefereeTimeControl


class ConfigError(ValueError):
    """A tournament definition is invalid; the message is one line naming the problem."""


CLOCK_MAX_MS = 2**32 - 1
"""The longest deadline or time bank the wire carries, in milliseconds (an unsigned 32-bit field)."""


@dataclass(frozen=True, slots=True)
class TimeControl:
    deadline_ms: int = 5000
    """Time for one decision, in milliseconds, before the time bank is used."""
    time_bank_ms: int = 30000
    """Extra time a seat may spend over a whole match, in milliseconds."""
    join_ms: int = 30000
    """How long a match waits for its remote bots to connect, in milliseconds."""

    def problem(self, *, flags: bool = False) -> str | None:
        """What is wrong with these clocks, or None: one line naming the key (``'time.deadline_ms'``,
        or with ``flags`` the command line's ``--deadline-ms``). The wire carries a deadline and a
        bank as unsigned 32-bit milliseconds (``DecisionRequest``): at most 49 days."""
        for key, value, low in (
            ("deadline_ms", self.deadline_ms, 1),
            ("time_bank_ms", self.time_bank_ms, 0),
            ("join_ms", self.join_ms, 0),
        ):
            if not low <= value <= CLOCK_MAX_MS:
                name = "--" + key.replace("_", "-") if flags else f"'time.{key}'"
                return f"{name} must be from {low} to {CLOCK_MAX_MS} ms, got {value}"
        return None

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


# The keys a definition may hold: at its top level, and in its [time], [faults] and [ray] tables.
TOP_KEYS = {
    "game", "variant", "players", "bots", "rounds", "seed", "seeding", "workers", "db", "replay_dir",
    "viewer", "options", "time", "faults", "name", "listen", "keys", "bot", "schedule", "confidence",
    "balance", "backend", "ray",
}  # fmt: skip
BACKENDS = ("local", "ray")
TIME_KEYS = {"deadline_ms", "time_bank_ms", "join_ms"}
FAULT_KEYS = {"strike_limit"}
RAY_KEYS = {"address", "resources"}
