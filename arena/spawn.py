"""Seats for ``arena play``: built-in bots in process, spawned bot processes, and hand-started bots.

A bot spec is one of:

- ``NAME`` (``random``, ``first``, ``pr-greedy``...): a built-in bot, played in process;
- ``py:FILE.py:Class`` or ``py:package.module:Class`` (``:KEY=VALUE`` constructor parameters may
  follow): an author's SDK bot class, played in process (trusted code: :mod:`bots.pyclass`);
- ``grpc:NAME`` or ``grpc:py:...``: the same built-in bot or class in its own process over gRPC
  (``python -m bots NAME``);
- ``catanatron:NAME[:KEY=VALUE...]``: one of catanatron's players through the bridge program, spawned
  in the bridge's own environment (:mod:`arena.bridges`);
- ``cmd:COMMAND`` (quotes optional: ``cmd:"node bots/examples/node/random_bot.js"``): spawn COMMAND
  with ``ARENA_ADDRESS`` and its own per-seat ``ARENA_TOKEN`` in its environment; its stdout and stderr
  go to a log file. A spawned bot's address is the referee's Unix socket (``unix:/tmp/arena-.../
  referee.sock``) where it has one, else its TCP address;
- ``remote`` (or ``remote:NAME``): print a token and wait for a bot started by hand to connect, the
  local debug loop of a bot author;
- ``human``: a seat played from the terminal (``arena play`` only, :mod:`arena.human`).

:func:`play_specs` plays one match with such seats; it starts a referee on a free loopback port only
when a seat needs one.
"""

from __future__ import annotations

import os
import secrets
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from arena import lifeline
from arena.bridges import bridge_command, is_bridge
from arena.wirelog import wire_printer
from bots.builtin import bot_seed, find_bot, make_bot
from bots.pyclass import PREFIX as PY_PREFIX
from bots.pyclass import check_py_spec, make_py_bot
from engine.core.game import Game
from engine.core.match import Bot, FaultPolicy, MatchHooks, MatchRecord, play_match
from engine.referee.clock import TimeControl
from engine.referee.server import RefereeServer, create_server
from engine.referee.session import Remote, SeatSpec

Announce = Callable[[str], None]


@dataclass(frozen=True, slots=True)
class BotSpec:
    """One parsed ``--bots`` entry."""

    kind: str
    """``builtin``, ``py``, ``grpc``, ``bridge``, ``cmd``, ``remote`` or ``human``."""
    name: str
    """Display name of the seat."""
    command: tuple[str, ...] = ()
    """The argv to spawn (``grpc``, ``bridge`` and ``cmd``)."""
    builtin: str = ""
    """The built-in bot's name (``builtin`` and ``grpc``)."""
    bridged: str = ""
    """The spec of a bot played through a bridge (``bridge``)."""
    code: str = ""
    """The ``py:`` spec of an author's class (``py``, and ``grpc`` for ``grpc:py:...``)."""
    hello_name: bool = False
    """True when no name was given: the seat is shown by the name the bot gives in its hello."""

    @property
    def is_remote(self) -> bool:
        return self.kind not in ("builtin", "py", "human")

    @property
    def is_in_process(self) -> bool:
        """Played in the referee's own process: a built-in bot or an author's ``py:`` class."""
        return self.kind in ("builtin", "py")


def command_label(command: Sequence[str], width: int = 40) -> str:
    """How a ``cmd:`` seat is named until its bot says its name: the command with its program and the
    files it names shortened to their names (``python raw_bot.py --flag a/b``), cut at ``width`` with
    an ellipsis."""

    def short(k: int, word: str) -> str:
        return Path(word).name if "/" in word and (k == 0 or Path(word).is_file()) else word

    text = " ".join(short(k, word) for k, word in enumerate(command))
    return text if len(text) <= width else text[: width - 1] + "…"


def split_bot_specs(text: str) -> list[str]:
    """Split ``--bots`` on commas outside quotes: ``random,cmd:"node a.js --x=1,2",remote``."""
    out: list[str] = []
    current: list[str] = []
    quote = ""
    for ch in text:
        if quote:
            if ch == quote:
                quote = ""
            current.append(ch)
        elif ch in "\"'":
            quote = ch
            current.append(ch)
        elif ch == ",":
            out.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
    out.append("".join(current).strip())
    return [s for s in out if s]


def parse_bot_spec(spec: str, *, name: str = "") -> BotSpec:
    """Parse one entry (``NAME=SPEC`` names it, as does ``name``); raises ``UnknownChoice`` for an
    unknown built-in bot and ``ValueError`` for a bad command or name."""
    spec = spec.strip()
    if not name:
        from arena.bot_specs import NAMED, bot_entry
        from arena.config import ConfigError

        if NAMED.match(spec):
            try:
                entry = bot_entry(spec, "--bots")
            except ConfigError as exc:
                raise ValueError(str(exc).removeprefix("--bots: ")) from None
            spec, name = entry.spec, entry.label
    if spec.startswith("cmd:"):
        command = tuple(shlex.split(spec[4:]))
        if len(command) == 1 and " " in command[0]:
            command = tuple(shlex.split(command[0]))
        if not command:
            raise ValueError('cmd: needs a command, e.g. cmd:"node random_bot.js"')
        shown = command_label(command)
        return BotSpec("cmd", name or shown, command, hello_name=not name)
    if spec == "human":
        return BotSpec("human", name or "human")
    if spec == "remote" or spec.startswith("remote:"):
        given = name or spec.partition(":")[2]
        return BotSpec("remote", given or "remote", hello_name=not given)
    if is_bridge(spec):
        return BotSpec("bridge", name or spec, bridge_command(spec), bridged=spec)
    if spec.startswith(PY_PREFIX):
        check_py_spec(spec)
        return BotSpec("py", name or spec, code=spec)
    if spec.startswith("grpc:" + PY_PREFIX):
        code = spec[5:].strip()
        check_py_spec(code)
        shown = name or f"{code} (grpc)"
        return BotSpec("grpc", shown, (sys.executable, "-m", "bots", code), code=code)
    if spec.startswith("grpc:"):
        builtin = spec[5:]
        find_bot(builtin)
        return BotSpec(
            "grpc", name or f"{builtin} (grpc)", (sys.executable, "-m", "bots", builtin), builtin=builtin
        )
    find_bot(spec)
    return BotSpec("builtin", name or spec, builtin=spec)


def seat_seed(spec: BotSpec, match_seed: int, seat: int) -> int:
    """The ``ARENA_BOT_SEED`` of a spawned or hand-started bot: 64 bits of SHA-256 over the built-in
    bot's name (``cmd`` for any other program), the match seed and the seat (:func:`bot_seed`). A bot
    cannot recover the match seed from it; with the same match seed it is the same, so the same seed
    plays the same match for a bot that draws its choices from it."""
    return bot_seed(spec.builtin or spec.code or spec.bridged or "cmd", match_seed, seat)


def spawn_bot(
    command: Sequence[str],
    *,
    address: str,
    token: str,
    log_path: Path,
    seed: int | None = None,
) -> subprocess.Popen[bytes]:
    """Start a bot process with ``ARENA_ADDRESS`` and ``ARENA_TOKEN`` set; its output goes to ``log_path``.

    On Linux the bot is killed when the thread that calls this ends (its process dying, normally), so
    call it from a thread that waits for the bot (:mod:`arena.lifeline`). Raises ``ValueError`` when the
    program is not found.
    """
    env = dict(os.environ)
    env["ARENA_ADDRESS"] = address
    env["ARENA_TOKEN"] = token
    if seed is not None:
        env["ARENA_BOT_SEED"] = str(seed)
    check_program(command)
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with log_path.open("ab") as log:
        proc = subprocess.Popen(
            lifeline.launch_argv(command),
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    lifeline.track(proc)
    return proc


SCRIPTS = (".py", ".js", ".mjs", ".cjs", ".ts", ".rb", ".pl", ".php", ".lua", ".jar", ".sh", ".R", ".jl")
"""The file endings of a script an interpreter runs (``node bot.js``): such an argument must exist."""


def check_program(command: Sequence[str]) -> None:
    """Raise ``ValueError`` (one line) unless the program of ``command`` can be run, and the script it
    names, if any (an argument ending as :data:`SCRIPTS` do), exists: relative to the current folder,
    where the bot is started."""
    if not command or not command[0]:
        raise ValueError("empty bot command")
    if shutil.which(command[0]) is None:
        problem = "is not executable" if os.sep in command[0] and Path(command[0]).is_file() else "not found"
        raise ValueError(f"program {command[0]!r} {problem} (bot command: {shlex.join(command)})")
    for word in command[1:]:
        if word.endswith(SCRIPTS) and not word.startswith("-") and not Path(word).exists():
            raise ValueError(
                f"script {word!r} not found (relative to the folder the command runs in, {Path.cwd()};"
                f" bot command: {shlex.join(command)})"
            )


def stop_bot(proc: subprocess.Popen[bytes], grace: float) -> None:
    """Wait up to ``grace`` seconds for a bot to exit, then kill it."""
    try:
        proc.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    lifeline.untrack(proc)


def register_bot_key(
    server: RefereeServer, name: str, key: str | None, announce: Announce, *, intro: str, inline: bool
) -> str:
    """Accept a long-lived bot on ``server`` with ``key`` (None: a fresh random key) and announce it.

    The announcement is ``intro``, the ``ARENA_ADDRESS`` and ``ARENA_BOT_KEY`` to connect with, and an
    example command: in parentheses on the same line when ``inline``, else on a second line. Returns the key.
    """
    if key is None:
        key = secrets.token_urlsafe(12)
    server.register_bot_key(key, name)
    address = server.address
    env = f"ARENA_ADDRESS={address} ARENA_BOT_KEY={key}"
    example = f"python -m bots random --address {address} --bot-key {key}"
    announce(f"{intro} {env} (e.g. {example})" if inline else f"{intro} {env}\n  e.g. {example}")
    return key


def play_specs(
    game: Game,
    specs: Sequence[str | BotSpec],
    seed: int,
    *,
    policy: FaultPolicy | None = None,
    hooks: MatchHooks | None = None,
    control: TimeControl | None = None,
    log: str = "",
    log_dir: Path | None = None,
    announce: Announce = print,
    server: RefereeServer | None = None,
    bot_keys: Mapping[int, str] | None = None,
    match_id: str | None = None,
    local_bots: Mapping[int, Bot] | None = None,
) -> MatchRecord:
    """Play one match with the given bot specs (see the module docstring) and return its record.

    Built-in bots play in process; if any seat is ``grpc:``, ``catanatron:``, ``cmd:`` or ``remote`` a referee is
    started on a free loopback port for the match and stopped after it, unless ``server`` names a running
    one. ``local_bots`` plays seats in process with the given bots (a human seat: :mod:`arena.human`).
    ``bot_keys`` seats a registered long-lived bot (by its key) in a ``remote`` seat instead of
    printing a token. ``log`` (``short`` or ``full``, :mod:`arena.wirelog`) prints every message on the wire through ``announce``. Spawned bots'
    output goes to ``log_dir``, one file per seat, whose paths are announced. Without ``log_dir`` it goes
    to a new temporary folder (``arena-bots-*``), removed when the match ends unless a spawned bot
    faulted: then it is kept, and announced.
    """
    parsed = [s if isinstance(s, BotSpec) else parse_bot_spec(s) for s in specs]
    if len(parsed) != game.players:
        raise ValueError(f"{game.players} seats need {game.players} bots, got {len(parsed)}")
    names = [p.name for p in parsed]
    given = dict(local_bots or {})
    for seat, p in enumerate(parsed):
        if p.kind == "human" and seat not in given:
            raise ValueError(f"seat {seat} is a human seat: arena play gives it the terminal")
    strikes = (policy or FaultPolicy()).strike_limit
    local: list[Bot] = [
        given[seat]
        if seat in given
        else make_py_bot(p.code, game, seat, seed, match_id=match_id or "", strike_limit=strikes)
        if p.kind == "py"
        else make_bot(p.builtin, game.ref.game, seat, seed)
        for seat, p in enumerate(parsed)
        if not p.is_remote
    ]
    if not any(p.is_remote for p in parsed):
        return play_match(game, local, seed, seat_names=names, policy=policy, hooks=hooks)
    keys = dict(bot_keys or {})
    own_server = server is None
    if server is None:
        server, _ = create_server(
            "127.0.0.1:0", control=control, log=wire_printer(announce, log) if log else None
        )
    address = server.address
    processes: list[subprocess.Popen[bytes]] = []
    logs = log_dir
    record: MatchRecord | None = None
    try:
        seats: list[SeatSpec] = []
        it = iter(local)
        for seat, p in enumerate(parsed):
            if seat in keys:
                seats.append(Remote(p.name, bot_key=keys[seat], hello_name=p.hello_name))
            else:
                seats.append(Remote(p.name, hello_name=p.hello_name) if p.is_remote else next(it))
        session = server.open_match(
            game, seats, seed, names=names, policy=policy, hooks=hooks, control=control, match_id=match_id
        )
        for seat, p in enumerate(parsed):
            token = session.tokens.get(seat, "")
            if p.kind in ("cmd", "grpc", "bridge"):
                if logs is None:  # made only when a bot is spawned
                    logs = Path(tempfile.mkdtemp(prefix="arena-bots-"))
                path = logs / f"{session.match_id}-seat{seat}.log"
                own = seat_seed(p, seed, seat)
                proc = spawn_bot(
                    p.command, address=server.spawn_address, token=token, log_path=path, seed=own
                )
                processes.append(proc)
                session.attach_process(seat, proc, path)
                announce(f"seat {seat}: {' '.join(p.command)} (pid {proc.pid}, log {path})")
            elif p.kind == "remote" and seat not in keys:
                own = seat_seed(p, seed, seat)
                wait_s = session.control.join_timeout_s
                announce(
                    f"seat {seat}: waiting up to {wait_s:g} s for a bot: ARENA_ADDRESS={address}"
                    f" ARENA_TOKEN={token} ARENA_BOT_SEED={own}\n"
                    f"  e.g. python -m bots random --address {address} --token {token} --seed {own}"
                )
        record = session.start().wait()
    except BaseException:
        for proc in processes:  # the match did not end: its bots get no grace
            stop_bot(proc, 0.0)
        raise
    finally:
        for proc in processes:
            stop_bot(proc, 5.0)
        if own_server:
            server.stop()
        if log_dir is None and logs is not None:
            _tidy_logs(logs, parsed, record, announce)
    return record


def _tidy_logs(logs: Path, parsed: Sequence[BotSpec], record: MatchRecord | None, announce: Announce) -> None:
    """Remove the temporary folder of the spawned bots' logs, unless one of them faulted (or the match
    did not end): then say where the logs are."""
    spawned = {seat for seat, p in enumerate(parsed) if p.kind in ("cmd", "grpc")}
    faulted = sorted({f.seat for f in record.result.faults if f.seat in spawned}) if record else []
    if record is not None and not faulted:
        shutil.rmtree(logs, ignore_errors=True)
        return
    why = "the match did not end" if record is None else "seat " + ", ".join(map(str, faulted)) + " faulted"
    announce(f"the spawned bots' logs are kept in {logs} ({why})")
