"""Who may play on a league: registration and keys, versions, and the check of every bot-key hello.

The host commands (``arena league bot add / remove / rotate-key / version / list``) write the league's
tables (:mod:`ladders.league_tables`); a key is printed once and only its SHA-256 is stored. The running
host keeps the same tables in memory (:class:`Registry`, reloaded every few seconds so that a bot added
by another process can connect) and checks each bot-key hello against them on the referee's event loop
(:meth:`Registry.check`, the referee's ``key_check``): the key, the bot it belongs to, the version the
hello declares, the name it gives, and how often the key connects. A hello that passes is bound to the
entry of that version (``LADDER/NAME@VERSION`` in the referee's lobby); every other gets one line saying
why, and the league goes on.

Design detail: a new version is a new entry. A hello declaring a version the ladder has not seen makes
it the bot's current version (a new entry in placement) and retires the previous one, whose matches and
ratings stay as they were; a retired or rejected version is never played again, so a bot cannot return
to an older version to keep its rating. The host can declare a version too (``arena league bot
version``), for bots that do not send one.
"""

from __future__ import annotations

import collections
import logging
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from arena.league.definition import LadderDef, check_bot_name, check_version
from engine.wire import referee_pb2
from ladders.league_schema import (
    ADMITTED,
    PLACEMENT,
    REJECTED,
    RETIRED,
    BotRow,
    EntryRow,
    KeyRow,
    entry_id,
    key_hash,
)
from ladders.league_tables import LeagueTables
from ladders.sql import StoreError

log = logging.getLogger("arena.league")

KEY_PREFIX = "lk_"
REFUSAL_S = 0.5
"""How long a refused hello waits for its answer (a wrong key, version or name)."""
FLOOD_S = 2.0
"""...and a key that connects too often."""
DEFAULT_VERSION = "1"


def new_key() -> str:
    """A fresh bot key: ``lk_`` and 192 random bits."""
    return KEY_PREFIX + secrets.token_urlsafe(24)


def visible(text: str, limit: int = 64) -> str:
    """Bot-supplied text made safe to print: control characters shown as escapes, cut at ``limit``."""
    shown = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def lobby_key(ladder: str, entry: str) -> str:
    """The key the referee's lobby binds an entry's stream under (never a bot's own key)."""
    return f"{ladder}/{entry}"


# -- the host's commands ---------------------------------------------------------------------------


def add_bot(tables: LeagueTables, ladder: str, house: Sequence[str], name: str, version: str = "") -> str:
    """Register ``name`` on ``ladder`` (whose house bots are ``house``); returns its key (shown once,
    stored only as a hash)."""
    problem = check_bot_name(name, house)
    if problem:
        raise ValueError(f"bot name '{visible(name)}' {problem}")
    version = version or DEFAULT_VERSION
    problem = check_version(version)
    if problem:
        raise ValueError(f"version '{visible(version)}' {problem}")
    key = new_key()
    tables.add_bot(ladder, name, version, key_hash(key))
    return key


def rotate_key(tables: LeagueTables, ladder: str, name: str) -> str:
    """A new key for ``name``; the old one is refused from now on."""
    key = new_key()
    tables.rotate_key(ladder, name, key_hash(key))
    return key


def declare_version(tables: LeagueTables, ladder: str, name: str, version: str) -> EntryRow:
    """The host declares ``version`` the bot's current one (a new entry; the previous one retired)."""
    problem = check_version(version)
    if problem:
        raise ValueError(f"version '{visible(version)}' {problem}")
    return tables.new_version(ladder, name, version, "the host")


# -- the running host's view -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Binding:
    """A hello that passed: the entry it plays as."""

    ladder: str
    name: str
    entry: str

    @property
    def key(self) -> str:
        return lobby_key(self.ladder, self.entry)


Verdict = str | tuple[int, str, float]
"""What the referee's key check returns: a lobby key, or ``(ErrorCode, message, delay)``."""


class Registry:
    """The league's bots, keys and entries in memory, for the host and the referee's key check."""

    def __init__(
        self,
        tables: LeagueTables,
        ladders: dict[str, LadderDef],
        *,
        clock: Callable[[], float] = time.monotonic,
        on_bind: Callable[[Binding], None] | None = None,
    ) -> None:
        self.tables = tables
        self.ladders = ladders
        self.clock = clock
        self.on_bind = on_bind
        """Called (on the referee's loop) for each hello that passes, before its stream is bound."""
        self.lock = threading.Lock()
        self.keys: dict[str, KeyRow] = {}
        self.bots: dict[tuple[str, str], BotRow] = {}
        self.entries: dict[tuple[str, str], EntryRow] = {}
        self._connects: dict[tuple[str, str], collections.deque[float]] = {}
        self._versions: dict[tuple[str, str], collections.deque[float]] = {}
        self.refusals = 0
        """Hellos refused so far."""
        self.refresh()

    def refresh(self) -> None:
        """Reload the tables (a bot added, removed or given a new key by another process)."""
        keys = {k.hash: k for k in self.tables.key_rows()}
        bots = {(b.ladder, b.name): b for b in self.tables.bots()}
        entries = {(e.ladder, e.entry): e for e in self.tables.entries()}
        with self.lock:
            self.keys, self.bots, self.entries = keys, bots, entries

    def entry(self, ladder: str, entry: str) -> EntryRow | None:
        with self.lock:
            return self.entries.get((ladder, entry))

    def current(self, ladder: str) -> list[EntryRow]:
        """The entries of ``ladder`` that may be matched: each registered bot's current version, in
        placement or admitted."""
        with self.lock:
            out = []
            for (lad, name), bot in sorted(self.bots.items()):
                if lad != ladder or bot.removed:
                    continue
                found = self.entries.get((lad, entry_id(name, bot.version)))
                if found is not None and found.state in (PLACEMENT, ADMITTED):
                    out.append(found)
            return out

    def set_state(self, ladder: str, entry: str, state: str, note: str = "") -> bool:
        changed = self.tables.set_state(ladder, entry, state, note)
        self.refresh()
        return changed

    # -- the referee's key check (on its event loop) ------------------------------------------------

    def check(self, hello: referee_pb2.Hello, peer: str) -> Verdict:
        """The lobby key a bot-key hello is bound under, or why it is refused (see the module
        docstring). Logged either way."""
        verdict = self._check(hello)
        if isinstance(verdict, Binding):
            log.info("%s connected as %s on %s (%s)", verdict.name, verdict.entry, verdict.ladder, peer)
            if self.on_bind is not None:
                self.on_bind(verdict)
            return verdict.key
        self.refusals += 1
        log.info("refused a hello from %s: %s", peer, verdict[1])
        return verdict

    def _check(self, hello: referee_pb2.Hello) -> Binding | tuple[int, str, float]:
        unauthenticated = referee_pb2.ERROR_CODE_UNAUTHENTICATED
        with self.lock:
            key = self.keys.get(key_hash(hello.bot_key))
            bot = None if key is None else self.bots.get((key.ladder, key.name))
        if key is None or bot is None:
            return unauthenticated, "unknown bot key", REFUSAL_S
        where = f"{key.name} on ladder {key.ladder}"
        if bot.removed:
            return referee_pb2.ERROR_CODE_NOT_YOUR_BOT, f"{where} was removed at {bot.removed}", REFUSAL_S
        if key.revoked:
            text = f"this key of {where} was replaced at {key.revoked}; connect with the new key"
            return unauthenticated, text, REFUSAL_S
        flood = self._count(self._connects, (key.ladder, key.name), 60.0)
        limit = self.ladders[key.ladder].limits.connects_per_minute if key.ladder in self.ladders else 30
        if flood > limit:
            text = f"{where} connected {flood} times in the last minute, at most {limit}: wait a minute"
            return referee_pb2.ERROR_CODE_FLOOD, text, FLOOD_S
        named = hello.bot_name
        if named and named != key.name and self._registered_elsewhere(named, key.ladder, key.name):
            text = (
                f"this key belongs to {key.name}; the hello names '{visible(named)}', another registered bot"
            )
            return referee_pb2.ERROR_CODE_NOT_YOUR_BOT, text, REFUSAL_S
        version = hello.bot_version or bot.version
        problem = check_version(version)
        if problem:
            return (
                referee_pb2.ERROR_CODE_BOT_VERSION,
                f"bot_version '{visible(version)}' {problem}",
                REFUSAL_S,
            )
        entry = entry_id(key.name, version)
        found = self.entry(key.ladder, entry)
        if found is None:
            return self._new_version(key, version)
        if found.state == RETIRED:
            text = (
                f"{entry} is retired ({found.note}); a retired version never plays again: declare a new one"
            )
            return referee_pb2.ERROR_CODE_BOT_VERSION, text, REFUSAL_S
        if found.state == REJECTED:
            text = f"{entry} failed its placement: {found.note}. Fix the bot and declare a new version"
            return referee_pb2.ERROR_CODE_BOT_VERSION, text, REFUSAL_S
        return Binding(key.ladder, key.name, entry)

    def _new_version(self, key: KeyRow, version: str) -> Binding | tuple[int, str, float]:
        limit = self.ladders[key.ladder].limits.versions_per_hour if key.ladder in self.ladders else 5
        made = self._count(self._versions, (key.ladder, key.name), 3600.0, add=False)
        if made >= limit:
            text = f"{key.name} declared {made} new versions in the last hour, at most {limit}"
            return referee_pb2.ERROR_CODE_BOT_VERSION, text, REFUSAL_S
        try:
            row = self.tables.new_version(key.ladder, key.name, version, "the bot's hello")
        except StoreError as exc:
            return referee_pb2.ERROR_CODE_BOT_VERSION, str(exc).split(": ", 1)[-1], REFUSAL_S
        self._count(self._versions, (key.ladder, key.name), 3600.0)
        self.refresh()
        log.info("%s declared version %s on %s: a new entry in placement", key.name, version, key.ladder)
        return Binding(key.ladder, key.name, row.entry)

    def _registered_elsewhere(self, named: str, ladder: str, own: str) -> bool:
        with self.lock:
            return any(name == named and name != own for (_, name) in self.bots)

    def _count(
        self,
        book: dict[tuple[str, str], collections.deque[float]],
        who: tuple[str, str],
        window: float,
        *,
        add: bool = True,
    ) -> int:
        """Events of ``who`` within the last ``window`` seconds (counting this one when ``add``)."""
        now = self.clock()
        with self.lock:
            times = book.setdefault(who, collections.deque())
            while times and times[0] <= now - window:
                times.popleft()
            if add:
                times.append(now)
            return len(times)
