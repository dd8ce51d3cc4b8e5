"""Run the engine's in-process bots (``bots/builtin.py``) over the wire.

A built-in bot takes an :class:`engine.core.match.DecisionView`; :class:`EngineBot` rebuilds one from
each request with the engine as the Python bot's forward model: the legal actions are parsed from
their texts, the observation is rebuilt as the game's own observation class from its JSON, the events
are the JSON objects. A built-in bot then plays over gRPC exactly as it plays in process.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from typing import Any

from bots.sdk.messages import Match, Request
from engine.core.action import Action, ActionFamily
from engine.core.game import Game, GameRef
from engine.core.match import Bot, DecisionView
from engine.core.observation import Observation, field_names
from engine.registry import load_game

_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> tuple[dict[str, Any], tuple[str, ...]]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    names = field_names(cls)
    if names is None:
        raise TypeError(f"{cls.__name__} is not a dataclass")
    return hints, names


def from_jsonable(hint: Any, value: Any) -> Any:
    """Rebuild a value of type ``hint`` from its ``to_jsonable`` form (dataclasses, enums, tuples)."""
    origin = typing.get_origin(hint)
    if hint is Any or hint is None:
        return value
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(hint)
        if value is None and type(None) in args:
            return None
        for arg in args:
            if arg is type(None):
                continue
            try:
                return from_jsonable(arg, value)
            except (TypeError, ValueError, KeyError):
                continue
        return value
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_jsonable(args[0], v) for v in value)
        return tuple(from_jsonable(a, v) for a, v in zip(args, value, strict=True))
    if origin is list:
        (arg,) = typing.get_args(hint)
        return [from_jsonable(arg, v) for v in value]
    if origin is dict:
        key_t, val_t = typing.get_args(hint)
        return {from_jsonable(key_t, k): from_jsonable(val_t, v) for k, v in value.items()}
    if isinstance(hint, type):
        if issubclass(hint, enum.Enum):
            return hint[str(value).upper()]
        if dataclasses.is_dataclass(hint):
            hints, names = _hints(hint)
            return hint(**{name: from_jsonable(hints[name], value[name]) for name in names})
        if hint is float and isinstance(value, int):
            return float(value)
        if hint is int and isinstance(value, str):
            return int(value)
        if not isinstance(value, hint):
            raise TypeError(f"{value!r} is not a {hint.__name__}")
    return value


@dataclasses.dataclass(frozen=True, slots=True)
class JsonObservation(Observation):
    """Fallback when the game's observation class cannot be rebuilt: the JSON object itself."""

    data: dict[str, Any] = dataclasses.field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return dict(self.data)


class _GameParts:
    """What every match of one game configuration shares in a bot process: the game, the parsed
    actions by text, the observation class (None once an observation failed to rebuild as it)."""

    __slots__ = ("actions", "game", "obs_type")

    def __init__(self, game: Game, seat: int) -> None:
        self.game = game
        self.actions: dict[str, Action] = {}
        self.obs_type: type[Observation] | None = type(game.new_state(0).observe(seat))


_GAMES: dict[tuple[Any, ...], _GameParts] = {}
_MAX_ACTIONS = 1 << 16
"""Parsed actions kept per game configuration (a bound on memory: texts beyond it are parsed each time)."""


def _game_parts(match: Match) -> _GameParts:
    """The parts shared by the matches of ``match``'s game configuration (made at its first match).

    Design detail: a long-lived bot plays the same game again and again, and a game's actions mean
    the same in every match (a text names a corner or an edge, not a position), so the parsed actions
    are kept across matches; a new match then costs a lookup, not loading the game and a new state.
    """
    key = (match.game, match.variant, match.players, tuple(sorted(match.options.items())))
    parts = _GAMES.get(key)
    if parts is None:
        game = load_game(match.game, match.variant, match.players, **match.options)
        parts = _GAMES[key] = _GameParts(game, match.seat)
    return parts


class ViewBuilder:
    """Rebuilds the engine's :class:`DecisionView` of each request of one match."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self._parts = _game_parts(match)
        self.game: Game = self._parts.game
        self._actions = self._parts.actions
        self._ref: GameRef = self.game.ref
        shown = {s.seat: s.name for s in match.seats}
        self._names = tuple(shown.get(seat, "") for seat in range(match.players))

    def view(self, request: Request) -> DecisionView:
        """The DecisionView the in-process loop would have built for this request (its legal
        actions, families, observation and events are read from the request when the bot first
        looks at them)."""
        pb = request.pb
        view = _new_wire_view(WireView)
        view.game = self._ref
        view.seat = pb.seat
        view.ply = pb.ply
        view._listed = listed = pb.legal
        view._offered = offered = pb.families
        view._builder = self
        view._legal = None
        view._families = None
        view._events = None
        view._read_events = lambda: tuple(request.events)
        view.forced = len(listed) == 1 and not len(offered)
        view.seat_names = self._names
        view._observation = None
        view._observe = lambda: self._observation(request.observation)
        view._state = None
        return view

    def action(self, text: str) -> Action:
        """The action of a listed action's text (parsed once per game configuration)."""
        action = self._actions.get(text)
        if action is None:
            action = self.game.parse_action(text)
            if len(self._actions) < _MAX_ACTIONS:
                self._actions[text] = action
        return action

    def _observation(self, data: dict[str, Any]) -> Observation:
        obs_type = self._parts.obs_type
        if obs_type is not None:
            try:
                obs: Observation = from_jsonable(obs_type, data)
                return obs
            except (TypeError, ValueError, KeyError):
                self._parts.obs_type = None
        return JsonObservation(seat=int(data.get("seat", self.match.seat)), data=data)


class WireView(DecisionView):
    """A :class:`DecisionView` rebuilt from a wire request: its legal actions and families are parsed
    from the request on first use, and counted without parsing (``legal_count``, ``forced``).

    Design detail: reading a listed action's text out of the parsed request costs more than anything
    else a bot process does for a request (Catan lists five actions on average, a setup placement
    fifty), and a bot that picks by index (``random``) never needs them: it reads ``legal_count``.
    """

    __slots__ = ("_builder", "_families", "_legal", "_listed", "_offered")

    _builder: ViewBuilder
    _listed: Any
    """The request's repeated ``legal`` field."""
    _offered: Any
    """The request's repeated ``families`` field."""
    _legal: tuple[Action, ...] | None
    _families: tuple[ActionFamily, ...] | None

    @property
    def legal(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            parse = self._builder.action
            legal = self._legal = tuple([parse(a.action.text) for a in self._listed])
        return legal

    @legal.setter
    def legal(self, legal: tuple[Action, ...]) -> None:
        self._legal = legal

    @property
    def families(self) -> tuple[ActionFamily, ...]:
        families = self._families
        if families is None:
            families = self._families = tuple(
                [ActionFamily(f.name, f.syntax, f.description) for f in self._offered]
            )
        return families

    @families.setter
    def families(self, families: tuple[ActionFamily, ...]) -> None:
        self._families = families

    @property
    def legal_count(self) -> int:
        legal = self._legal
        return len(self._listed) if legal is None else len(legal)


_new_wire_view = object.__new__


class EngineBot(ViewBuilder):
    """Adapts an in-process engine bot to the SDK for one match."""

    def __init__(self, match: Match, inner: Bot) -> None:
        super().__init__(match)
        self.inner = inner

    def act(self, request: Request) -> Any:
        answer = self.inner.act(self.view(request))
        return answer


_BUILDERS: dict[str, ViewBuilder] = {}
_BUILDERS_KEPT = 64
"""Matches whose builders are kept (a bot plays a few at once)."""


def view_of(request: Request) -> DecisionView:
    """The engine's view of ``request`` (``Request.view``): one :class:`ViewBuilder` per match."""
    match = request.match
    if match is None:
        raise ValueError("a request without its match has no engine view")
    builder = _BUILDERS.get(match.match_id)
    if builder is None or builder.match is not match:
        if len(_BUILDERS) >= _BUILDERS_KEPT:
            _BUILDERS.pop(next(iter(_BUILDERS)))
        builder = _BUILDERS[match.match_id] = ViewBuilder(match)
    return builder.view(request)
