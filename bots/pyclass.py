"""``py:`` bot specs: an author's Python class, loaded from a file or a module and seated in process.

A spec is ``py:path/to/file.py:Class`` or ``py:package.module:Class``, optionally followed by
constructor parameters, each ``:KEY=VALUE`` (``py:my_bot.py:MyBot:depth=3``). The class has the
interface of an SDK bot (:mod:`bots.sdk`): an instance per match with ``act(request)`` and optionally
``on_match_start(match)`` and ``on_match_end(end)``; a plain function ``act(request)`` is accepted too.
In process the class gets the same :class:`~bots.sdk.Request` it gets over gRPC
(:mod:`bots.sdk.local`), so the same file plays both ways: ``py:FILE:Class`` in the referee's process,
``grpc:py:FILE:Class`` (or ``python -m bots py:FILE:Class``) as its own process over the wire.

In process means trusted: the class runs with every right of the process that loads it, and nothing can
stop a call that never returns. A host seats authors' bots over the wire; ``py:`` is for a bot author's
own machine and a host's own house bots (:func:`is_author_code` tells the two kinds of spec apart).

Every problem with a spec (a file that is missing or does not import, a missing class, a class without
``act``, a parameter the constructor does not take) is a :class:`PyBotError`: one line naming the file.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import importlib.util
import inspect
import os
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core.rng import derive_seed

if TYPE_CHECKING:
    from bots.sdk.client import PerMatch
    from bots.sdk.local import LocalSeat
    from bots.sdk.messages import Match
    from engine.core.game import Game

PREFIX = "py:"


class PyBotError(ValueError):
    """A ``py:`` spec cannot be seated; the message is one line and names the file or module."""


def is_author_code(spec: str) -> bool:
    """Whether ``spec`` runs an author's Python code in the referee's own process (``py:...``).

    Such a bot is trusted: a host allows it only for bots of its own (house bots), never for a bot an
    author submits, which plays over gRPC. ``grpc:py:...`` runs the same class in a process of its own.
    """
    return spec.strip().startswith(PREFIX)


@dataclass(frozen=True, slots=True)
class PySpec:
    """A parsed ``py:`` spec."""

    spec: str
    """The spec as written (without surrounding blanks): the bot's name on a ladder and its seed."""
    target: str
    """The file (``.py``) or the dotted module the class lives in."""
    attr: str
    """The name of the class (or ``act`` function) in it."""
    params: tuple[tuple[str, str], ...] = ()
    """``(KEY, VALUE)`` constructor parameters as written."""

    @property
    def is_file(self) -> bool:
        return self.target.endswith(".py")

    @property
    def where(self) -> str:
        """How errors name the code: the file or the module."""
        return self.target if self.is_file else f"module {self.target}"


def parse_py_spec(spec: str) -> PySpec:
    """Split ``py:TARGET:ATTR[:KEY=VALUE]...``; raises :class:`PyBotError` for a malformed spec."""
    text = spec.strip()
    if not text.startswith(PREFIX):
        raise PyBotError(f"{text!r} is not a py: spec (py:FILE.py:Class or py:package.module:Class)")
    parts = text[len(PREFIX) :].split(":")
    if len(parts) < 2 or not parts[0].strip() or not parts[1].strip():
        raise PyBotError(f"{text}: a py: spec is py:FILE.py:Class or py:package.module:Class[:KEY=VALUE]...")
    target, attr = parts[0].strip(), parts[1].strip()
    if not attr.isidentifier():
        raise PyBotError(f"{text}: {attr!r} is not a Python name (the class in {target})")
    params = []
    for part in parts[2:]:
        key, eq, value = part.partition("=")
        if not eq or not key.strip().isidentifier():
            raise PyBotError(
                f"{text}: parameter {part!r} is not KEY=VALUE (e.g. {PREFIX}{target}:{attr}:depth=3)"
            )
        params.append((key.strip(), value.strip()))
    return PySpec(text, target, attr, tuple(params))


def _brief(exc: BaseException) -> str:
    return traceback.format_exception_only(exc)[-1].strip()


def _module_from_file(path: Path, shown: str) -> Any:
    """Import the file ``path`` as a module of its own name (its folder first on ``sys.path``, as
    ``python FILE`` has it, so that it imports the modules beside it)."""
    if not path.is_file():
        raise PyBotError(f"{shown}: no such file")
    resolved = path.resolve()
    digest = hashlib.sha256(str(resolved).encode()).hexdigest()[:12]
    name = f"arena_py_{resolved.stem}_{digest}"
    loaded = sys.modules.get(name)
    if loaded is not None:
        return loaded
    folder = str(resolved.parent)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    module_spec = importlib.util.spec_from_file_location(name, resolved)
    if module_spec is None or module_spec.loader is None:
        raise PyBotError(f"{shown}: not a Python file")
    module = importlib.util.module_from_spec(module_spec)
    sys.modules[name] = module
    try:
        module_spec.loader.exec_module(module)
    except BaseException as exc:  # the author's import-time code: any error is the author's
        del sys.modules[name]
        if isinstance(exc, KeyboardInterrupt):
            raise
        hint = ""
        if isinstance(exc, SystemExit):  # run(bot) or sys.exit at import: the file is a script only
            hint = '; start it only under `if __name__ == "__main__":`, so that it also loads as a py: bot'
        raise PyBotError(f"{shown} does not import: {_brief(exc)}{_where(exc, resolved)}{hint}") from None
    return module


def _where(exc: BaseException, path: Path) -> str:
    """`` (FILE:LINE)``: the last frame of the author's file in the traceback of ``exc``, or ""."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if Path(f.filename) == path]
    return f" ({path.name}:{frames[-1].lineno})" if frames else ""


def _module_by_name(name: str) -> Any:
    # as ``python -m`` has it: the working directory is searched first
    cwd = os.getcwd()
    if cwd not in sys.path:
        sys.path.insert(0, cwd)
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name and name.startswith(exc.name):
            raise PyBotError(f"module {name} not found (is it on PYTHONPATH?)") from None
        raise PyBotError(f"module {name} does not import: {_brief(exc)}") from None
    except Exception as exc:
        raise PyBotError(f"module {name} does not import: {_brief(exc)}") from None


@functools.cache
def load_attr(target: str, attr: str) -> Any:
    """The class (or function) ``attr`` of the file or module ``target``; raises :class:`PyBotError`."""
    spec = PySpec("", target, attr)
    module = _module_from_file(Path(target), target) if spec.is_file else _module_by_name(target)
    found = getattr(module, attr, None)
    if found is None:
        names = sorted(
            n for n, v in vars(module).items() if inspect.isclass(v) and v.__module__ == module.__name__
        )
        raise PyBotError(f"{spec.where} has no {attr!r} (its classes: {', '.join(names) or 'none'})")
    if inspect.isclass(found):
        if not callable(getattr(found, "act", None)):
            raise PyBotError(f"{spec.where}: class {attr} has no act(request) method (see docs/protocol.md)")
    elif not callable(found):
        raise PyBotError(f"{spec.where}: {attr} is neither a bot class nor an act(request) function")
    return found


def _convert(value: str, hint: Any, default: Any) -> Any:
    """``value`` as the parameter's annotated (or default's) type: bool, int, float or str."""
    kind = hint if hint in (bool, int, float, str) else type(default) if default is not None else None
    if kind is bool or (kind is None and value.lower() in ("true", "false")):
        if value.lower() not in ("true", "false", "1", "0"):
            raise ValueError(f"{value!r} is not true or false")
        return value.lower() in ("true", "1")
    if kind in (int, float, str):
        return kind(value)
    for guess in (int, float):
        try:
            return guess(value)
        except ValueError:
            pass
    return value


def _hints(cls: type) -> dict[str, Any]:
    try:
        init = vars(cls).get("__init__") or next(
            (vars(base)["__init__"] for base in cls.__mro__ if "__init__" in vars(base)), None
        )
        return dict(inspect.get_annotations(init, eval_str=True)) if init is not None else {}
    except Exception:  # unresolvable annotations: fall back to the defaults' types
        return {}


def constructor(spec: str) -> Callable[[int], Any]:
    """``build(seed)``: a fresh instance of the spec's class with its parameters (and ``seed=seed``
    when the constructor takes a ``seed``); for an ``act`` function, the function itself.

    Raises :class:`PyBotError` when the class cannot be loaded or does not take a parameter given.
    """
    parsed = parse_py_spec(spec)
    found: Any = load_attr(parsed.target, parsed.attr)
    if not inspect.isclass(found):
        if parsed.params:
            raise PyBotError(f"{parsed.spec}: {parsed.attr} is a function: it takes no parameters")
        return lambda seed: _Function(found)
    try:
        signature = inspect.signature(found)
    except (TypeError, ValueError):
        signature = None
    kwargs: dict[str, Any] = {}
    takes_seed = False
    if signature is not None:
        params = signature.parameters
        any_kw = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
        hints = _hints(found)
        for key, text in parsed.params:
            param = params.get(key)
            if param is None and not any_kw:
                named = [n for n, p in params.items() if p.kind is not inspect.Parameter.VAR_POSITIONAL]
                raise PyBotError(
                    f"{parsed.spec}: {parsed.attr}() takes no parameter {key!r} (it takes: {', '.join(named) or 'none'})"
                )
            default = None if param is None or param.default is inspect.Parameter.empty else param.default
            try:
                kwargs[key] = _convert(text, hints.get(key), default)
            except ValueError as exc:
                raise PyBotError(f"{parsed.spec}: parameter {key}: {exc}") from None
        takes_seed = "seed" in params and "seed" not in kwargs
        try:
            signature.bind(**kwargs, **({"seed": 0} if takes_seed else {}))
        except TypeError as exc:
            raise PyBotError(f"{parsed.spec}: {parsed.attr}(): {exc}") from None
    make: Callable[..., Any] = found
    if takes_seed:
        return lambda seed: make(seed=seed, **kwargs)
    return lambda seed: make(**kwargs)


def check_py_spec(spec: str) -> None:
    """Raise :class:`PyBotError` unless ``spec`` names a loadable bot class taking its parameters."""
    constructor(spec)


def check_py_start(spec: str, game: Game) -> None:
    """Raise :class:`PyBotError` unless the class of ``spec`` can be made and started for a match of
    ``game``: an instance is made (seeded as seat 0 of a match of seed 0) and, when it has one, its
    ``on_match_start`` is called with that match's start. A command that seats the spec calls this
    before any match, so that a bot which refuses its game (a saved model of another game, a missing
    file its constructor reads) is one line rather than a forfeit in every match."""
    from bots.builtin import bot_seed
    from bots.sdk.local import match_start

    text = spec.strip()
    build = constructor(text)
    ref = game.ref
    names = tuple(f"seat {s}" for s in range(game.players))
    try:
        bot = build(bot_seed(text, 0, 0))
        start = getattr(bot, "on_match_start", None)
        if start is not None:
            start(match_start(game, 0, 0, names, "check", 3))
    except (Exception, SystemExit) as exc:
        from bots.sdk.answers import line_in

        reason = " ".join(str(exc).split())[:300]
        source = source_file(text)
        where = "" if source is None else line_in(exc, source)
        raise PyBotError(
            f"{text}: could not start for {ref.game}/{ref.variant} with {ref.players} seats:"
            f" {type(exc).__name__}: {reason}{where}"
        ) from None


def source_file(spec: str) -> Path | None:
    """The resolved file of a ``py:FILE.py:Class`` spec (None for a module)."""
    parsed = parse_py_spec(spec)
    return Path(parsed.target).resolve() if parsed.is_file else None


def make_py_bot(
    spec: str, game: Game, seat: int, match_seed: int, *, match_id: str = "", strike_limit: int = 3
) -> LocalSeat:
    """The seat of one match played in process by the class of ``spec``.

    Its seed (``seed=`` when the constructor takes one) is :func:`bots.builtin.bot_seed` of the spec as
    written, the match seed and the seat: the same a ``grpc:py:`` bot gets as ``ARENA_BOT_SEED``, so a
    seeded class plays the same match both ways. Raises :class:`PyBotError` for a spec that cannot be
    seated; what the class does in the match is the seat's (faults).
    """
    from bots.builtin import bot_seed
    from bots.sdk.local import LocalSeat

    text = spec.strip()
    build = constructor(text)
    seed = bot_seed(text, match_seed, seat)
    shown_id = match_id or f"local-{derive_seed('match-id', match_seed):016x}"
    return LocalSeat(
        lambda: build(seed),
        label=text,
        game=game,
        seat=seat,
        seed=match_seed,
        match_id=shown_id,
        strike_limit=strike_limit,
        source=source_file(text),
    )


def sdk_factory(spec: str, seed: int | None = None) -> PerMatch:
    """The spec's class for the SDK's client (``python -m bots py:...``): an instance per match, seeded
    with ``seed`` (``ARENA_BOT_SEED``) or else from the match id and seat."""
    from bots.builtin import bot_seed
    from bots.sdk.client import PerMatch

    text = spec.strip()
    build = constructor(text)

    def per_match(match: Match) -> Any:
        return build(seed if seed is not None else bot_seed(text, match.match_id, match.seat))

    return PerMatch(per_match)


class _Function:
    """An ``act(request)`` function as a per-match bot."""

    def __init__(self, act: Callable[[Any], Any]) -> None:
        self.act = act
