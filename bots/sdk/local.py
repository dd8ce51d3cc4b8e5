"""An SDK bot in the referee's own process: the seat adapter behind ``py:`` specs (:mod:`bots.pyclass`).

:class:`LocalSeat` is an engine seat (``act(view)``) that plays an SDK bot (``act(request)``): at the
first decision it builds the bot's :class:`~bots.sdk.Match` from the same ``MatchStart`` message the
referee sends, calls ``on_match_start``, and then hands it a :class:`LocalRequest` per decision, which
has the interface of the SDK's :class:`~bots.sdk.Request`. What is cheap comes straight from the
engine's decision (``seat``, ``ply``, ``forced``, ``legal_count``, ``view``); the wire forms (``legal``
with their typed actions, ``observation`` and ``events`` as JSON objects, ``typed_observation``,
``pb``) are built on first use by the referee's own conversion, so they are the very values a bot
reads over gRPC. In process there are no clocks: ``deadline_ms`` and ``time_bank_ms`` are 0.

An answer is what the SDK accepts (an index, a :class:`~bots.sdk.LegalAction`, a text, a wire
``Action``, an engine action). What the bot raises or returns that is none of these is a fault of the
seat, recorded through the fault policy with one line naming the bot and, for an exception, the line
of the author's file it came from.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from functools import cached_property
from pathlib import Path
from typing import Any

import orjson

from bots.sdk.answers import NOT_AN_ANSWER, line_in
from bots.sdk.client import BotLike
from bots.sdk.messages import Family, LegalAction, Match, MatchEnd, Request
from engine.core.action import Action
from engine.core.game import Game
from engine.core.match import DecisionView, SeatFault
from engine.core.result import FaultKind, Result
from engine.referee import convert
from engine.referee.jsontext import dumps
from engine.wire import common_pb2, referee_pb2


class LocalRequest(Request):
    """One decision of an in-process SDK bot: a :class:`~bots.sdk.Request` made from the engine's view."""

    def __init__(self, match: Match, view: DecisionView, request_id: int) -> None:
        self.match = match
        self._view = view
        self.view = view  # a plain attribute here; over the wire it is built on first use
        self._request_id = request_id

    @property
    def match_id(self) -> str:
        return self.match.match_id if self.match is not None else ""

    @property
    def request_id(self) -> int:
        return self._request_id

    @property
    def seat(self) -> int:
        return self._view.seat

    @property
    def ply(self) -> int:
        return self._view.ply

    @property
    def deadline_ms(self) -> int:
        """0: in process there is no clock."""
        return 0

    @property
    def time_bank_ms(self) -> int:
        return 0

    @property
    def forced(self) -> bool:
        return self._view.forced

    @property
    def legal_count(self) -> int:
        return len(self._view.legal)

    @cached_property
    def legal(self) -> list[LegalAction]:
        return [LegalAction(a.index, a.action.text, a.action) for a in self.pb.legal]

    @cached_property
    def families(self) -> list[Family]:
        return [Family(f.name, f.syntax, f.description) for f in self._view.families]

    @cached_property
    def observation(self) -> dict[str, Any]:
        data: dict[str, Any] = orjson.loads(convert.observation_json(self._view.observation))
        return data

    @cached_property
    def events(self) -> list[dict[str, Any]]:
        return [orjson.loads(dumps(e)) for e in self._view.events]

    @cached_property
    def pb(self) -> referee_pb2.DecisionRequest:  # type: ignore[override]
        """The DecisionRequest the referee would send for this decision (typed forms included)."""
        view = self._view
        return convert.decision_request(
            match_id=self.match_id,
            request_id=self._request_id,
            seat=view.seat,
            ply=view.ply,
            game_id=view.game.game,
            observation=view.observation,
            events=view.events,
            legal=view.legal,
            families=view.families,
            deadline_ms=0,
            time_bank_ms=0,
            forced=view.forced,
            typed_observation=True,
            typed_events=True,
        ).decision


def match_start(
    game: Game, seed: int, seat: int, names: tuple[str, ...], match_id: str, strike_limit: int
) -> Match:
    """The bot's :class:`~bots.sdk.Match`, from the MatchStart message the referee would send."""
    msg = referee_pb2.MatchStart(match_id=match_id, seat=seat, strike_limit=strike_limit)
    msg.game.CopyFrom(convert.game_ref_to_pb(game.ref))
    for s in range(game.players):
        msg.seats.add(seat=s, name=names[s] if s < len(names) else "")
    msg.board.CopyFrom(convert.board_to_pb(game.new_state(seed).static_tables(), game.ref.game))
    return Match.from_pb(msg)


class LocalSeat:
    """An engine seat playing an SDK bot in process (see the module docstring)."""

    def __init__(
        self,
        build: Callable[[], BotLike],
        *,
        label: str,
        game: Game,
        seat: int,
        seed: int,
        match_id: str,
        strike_limit: int = 3,
        source: Path | None = None,
    ) -> None:
        self._build = build
        self.label = label
        """How faults name the bot: its spec."""
        self._game = game
        self._seat = seat
        self._seed = seed
        self._match_id = match_id
        self._strike_limit = strike_limit
        self._source = source
        self._bot: BotLike | None = None
        self._match: Match | None = None
        self._requests = 0
        self.error: BaseException | None = None
        """What the bot raised at its last fault of that kind (``arena replay --bot`` prints it whole)."""
        self._exited: str | None = None
        """The fault of a bot that called ``sys.exit``: a bot process would be gone, so the seat is too."""

    def _start(self, view: DecisionView) -> BotLike:
        self._match = match_start(
            self._game, self._seed, self._seat, view.seat_names, self._match_id, self._strike_limit
        )
        try:
            bot = self._build()
            start = getattr(bot, "on_match_start", None)
            if start is not None:
                start(self._match)
        except Exception as exc:
            self.error = exc
            raise SeatFault(FaultKind.CRASH, self._crash("could not start:", exc)) from None
        except SystemExit as exc:
            raise self._exit("could not start:", exc) from None
        self._bot = bot
        return bot

    def act(self, view: DecisionView) -> Action | str | int:
        if self._exited is not None:
            raise SeatFault(FaultKind.CRASH, self._exited)
        bot = self._bot if self._bot is not None else self._start(view)
        assert self._match is not None
        self._requests += 1
        try:
            answer = bot.act(LocalRequest(self._match, view, self._requests))
        except Exception as exc:  # the author's bug: a fault of the seat
            self.error = exc
            raise SeatFault(FaultKind.CRASH, self._crash("raised", exc)) from None
        except SystemExit as exc:  # the match and the process it shares go on without the bot
            raise self._exit("raised", exc) from None
        return self._engine_answer(answer, view)

    def _exit(self, what: str, exc: SystemExit) -> SeatFault:
        """The fault of a bot that called ``sys.exit``; every later decision of the seat is one too,
        without asking the bot, as for a bot process that has ended."""
        reason = self._reason(what, exc)
        self._exited = f"{self.label} exited earlier in the match ({reason})"
        return SeatFault(FaultKind.CRASH, f"{self.label} {reason}")

    def end(self, result: Result) -> None:
        """Tell the bot the result (``on_match_end``), as the referee's MatchEnd would."""
        if self._bot is None or self._match is None or self._exited is not None:
            return
        finish = getattr(self._bot, "on_match_end", None)
        if finish is None:
            return
        msg = referee_pb2.MatchEnd(match_id=self._match_id, seat=self._seat)
        msg.result.CopyFrom(convert.result_to_pb(result, self._game.ref.game))
        with contextlib.suppress(SystemExit):  # the result stands whatever the bot does with it
            finish(MatchEnd.from_pb(msg))

    def _engine_answer(self, answer: object, view: DecisionView) -> Action | str | int:
        """What the bot returned, as the match loop takes it (the loop then checks it)."""
        if isinstance(answer, bool):
            pass
        elif isinstance(answer, int | str | Action):
            return answer
        elif isinstance(answer, LegalAction):
            return answer.index
        elif isinstance(answer, common_pb2.Action):
            try:
                return convert.answer_to_engine(referee_pb2.Answer(action=answer), self._game)
            except Exception as exc:
                raise SeatFault(
                    FaultKind.MALFORMED, f"{self.label}: the action could not be read ({exc})"
                ) from None
        elif callable(getattr(answer, "text", None)):
            try:
                return str(answer.text())  # type: ignore[attr-defined]
            except Exception as exc:
                raise SeatFault(
                    FaultKind.MALFORMED, self._crash("answered an object whose text()", exc)
                ) from None
        shown = repr(answer)[:60]
        raise SeatFault(
            FaultKind.MALFORMED,
            f"{self.label}: act returned {shown}: {NOT_AN_ANSWER}",
        )

    def _crash(self, what: str, exc: BaseException) -> str:
        return f"{self.label} {self._reason(what, exc)}"

    def _reason(self, what: str, exc: BaseException) -> str:
        """``raised KeyError: 3 at bot.py:12``: what the bot did, and the line of its file."""
        where = "" if self._source is None else line_in(exc, self._source)
        return f"{what} {type(exc).__name__}: {str(exc)[:200]}{where}"
