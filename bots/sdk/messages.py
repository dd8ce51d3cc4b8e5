"""What a Python bot sees: light wrappers over the wire messages, decoded lazily.

A bot gets a :class:`Request` per decision and answers with an index into ``request.legal``, a
:class:`LegalAction`, an action text, or a wire ``Action`` (for actions of an open family). JSON
payloads (observation, events) are decoded on first use, so a bot that only looks at the legal actions
pays nothing for them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

import orjson

from engine.wire import common_pb2, fault_kind_name, referee_pb2


@dataclass(frozen=True, slots=True)
class LegalAction:
    """One listed legal action."""

    index: int
    """The index to answer with."""
    text: str
    """Canonical text, e.g. ``role captain``."""
    action: common_pb2.Action
    """The wire form (``action.puerto_rico`` / ``action.catan`` hold the typed form)."""


@dataclass(frozen=True, slots=True)
class Family:
    """An open action family (parametric actions answered with a full action)."""

    name: str
    syntax: str
    description: str


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    name: str


@dataclass(frozen=True, slots=True)
class Match:
    """A match the bot plays in (from MatchStart)."""

    match_id: str
    game: str
    """Game id, e.g. ``puerto-rico``."""
    variant: str
    players: int
    options: dict[str, bool | int | str]
    rules_version: int
    canonical: str
    seat: int
    """This bot's seat."""
    seats: tuple[SeatInfo, ...]
    deadline_ms: int
    time_bank_ms: int
    strike_limit: int
    board: dict[str, Any]
    """The board and the game's tables as a JSON object (``MatchStart.board.json``): for Catan every
    hex, corner, edge and harbor with its adjacency, for Puerto Rico the buildings, goods, roles and
    setup; ``{}`` for a game without any. See :attr:`typed_board` for the typed form."""
    pb: referee_pb2.MatchStart

    @property
    def typed_board(self) -> Any:
        """The typed board of the game (a ``CatanBoard`` or ``PuertoRicoTables`` message), or None."""
        which = self.pb.board.WhichOneof("typed")
        return getattr(self.pb.board, which) if which else None

    @classmethod
    def from_pb(cls, msg: referee_pb2.MatchStart) -> Match:
        options: dict[str, bool | int | str] = {}
        for option in msg.game.options:
            which = option.WhichOneof("value")
            options[option.name] = getattr(option, which) if which else ""
        return cls(
            match_id=msg.match_id,
            game=msg.game.game,
            variant=msg.game.variant,
            players=msg.game.players,
            options=options,
            rules_version=msg.game.rules_version,
            canonical=msg.game.canonical,
            seat=msg.seat,
            seats=tuple(SeatInfo(s.seat, s.name) for s in msg.seats),
            deadline_ms=msg.deadline_ms,
            time_bank_ms=msg.time_bank_ms,
            strike_limit=msg.strike_limit,
            board=orjson.loads(msg.board.json) if msg.board.json else {},
            pb=msg,
        )


class Request:
    """One decision to make."""

    def __init__(self, match: Match | None, pb: referee_pb2.DecisionRequest) -> None:
        self.match = match
        """The match (None if the referee sent a request before its MatchStart, which it never does)."""
        self.pb = pb
        """The raw DecisionRequest."""

    @property
    def match_id(self) -> str:
        return self.pb.match_id

    @property
    def request_id(self) -> int:
        return self.pb.request_id

    @property
    def seat(self) -> int:
        return self.pb.seat

    @property
    def ply(self) -> int:
        return self.pb.ply

    @property
    def deadline_ms(self) -> int:
        """Time allowed for this decision, in ms from when the referee sent it."""
        return self.pb.deadline_ms

    @property
    def time_bank_ms(self) -> int:
        """Remaining time bank in ms, usable beyond the deadline."""
        return self.pb.time_bank_ms

    @property
    def forced(self) -> bool:
        return self.pb.forced

    @property
    def legal_count(self) -> int:
        """Number of listed legal actions (cheap: no wrapper objects)."""
        return len(self.pb.legal)

    @cached_property
    def legal(self) -> list[LegalAction]:
        """The listed legal actions, in index order."""
        return [LegalAction(a.index, a.action.text, a.action) for a in self.pb.legal]

    @cached_property
    def families(self) -> list[Family]:
        return [Family(f.name, f.syntax, f.description) for f in self.pb.families]

    @cached_property
    def observation(self) -> dict[str, Any]:
        """The observation as a JSON object (every game)."""
        data: dict[str, Any] = orjson.loads(self.pb.observation.json or "{}")
        return data

    @property
    def typed_observation(self) -> Any:
        """The typed observation message for games that have one, else None."""
        which = self.pb.observation.WhichOneof("typed")
        return getattr(self.pb.observation, which) if which else None

    @cached_property
    def view(self) -> Any:
        """The engine's view of this decision (an :class:`engine.core.match.DecisionView`): the legal
        actions as engine actions, the observation as the game's own class, for bots that use the engine
        (a forward model, a learned policy's encoder). Built on first use; in process it is the
        referee's own view."""
        from bots.sdk.bridge import view_of

        return view_of(self)

    @cached_property
    def events(self) -> list[dict[str, Any]]:
        """Events seen since the previous request, oldest first, as JSON objects."""
        return [orjson.loads(e.json) if e.json else {"kind": e.kind} for e in self.pb.events]

    @cached_property
    def typed_events(self) -> list[Any]:
        """The same events' typed messages, oldest first (the bot must say ``typed_events`` in its hello).

        Each item is the message of the event's kind, e.g. a ``PuertoRicoEvent.Ship`` for a "ship"
        event, a ``ForcedEvent`` for "forced", or None for an event without a typed form (its JSON
        is in :attr:`events` at the same index). ``pb.events[i].puerto_rico`` / ``.catan`` hold the
        whole per-game message.
        """
        return [typed_event(e) for e in self.pb.events]


def typed_event(event: common_pb2.Event) -> Any:
    """The typed message of one wire event (``ShipRefill``, ``Dice``, ``ForcedEvent``...), or None."""
    which = event.WhichOneof("typed")
    if which is None:
        return None
    body = getattr(event, which)
    if which == "forced":
        return body
    kind = body.WhichOneof("kind")
    return getattr(body, kind) if kind else None


@dataclass(frozen=True, slots=True)
class MatchEnd:
    """The end of a match as the bot is told."""

    match_id: str
    seat: int
    places: tuple[int, ...]
    scores: tuple[float, ...]
    termination: str
    """``victory``, ``turn_cap``, ``forfeit`` or ``aborted``."""
    forfeits: tuple[int, ...]
    faults: tuple[dict[str, Any], ...]
    replay_id: str
    pb: referee_pb2.MatchEnd
    """The raw message: ``pb.events`` (typed when asked), ``pb.result.puerto_rico`` (typed details)."""

    @classmethod
    def from_pb(cls, msg: referee_pb2.MatchEnd) -> MatchEnd:
        result = msg.result
        faults = tuple(
            {
                "seat": f.seat,
                "kind": fault_kind_name(f.kind),
                "message": f.message,
                "ply": f.ply,
                "strike": f.strike,
            }
            for f in result.faults
        )
        return cls(
            match_id=msg.match_id,
            seat=msg.seat,
            places=tuple(result.places),
            scores=tuple(result.scores),
            termination=common_pb2.Termination.Name(result.termination).removeprefix("TERMINATION_").lower(),
            forfeits=tuple(result.forfeits),
            faults=faults,
            replay_id=msg.replay_id,
            pb=msg,
        )

    @property
    def place(self) -> int:
        """This bot's place (1 = winner)."""
        return self.places[self.seat]
