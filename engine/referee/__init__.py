"""The gRPC referee: seats, tokens, clocks and faults around the core match loop.

``create_server(address) -> (server, port)`` starts a referee; ``server.open_match(game, seats, seed)``
opens a match whose :class:`Remote` seats are played by bots over ``arena.v1.Referee/Play``. The
engine's decisions are only carried: the loop is the core's :class:`engine.core.match.MatchRunner`
(the loop of :func:`engine.core.match.play_match`), run as a task on the referee's event loop and
carried from each remote answer to the next request by :mod:`engine.referee.relay`.
"""

from __future__ import annotations

from engine.referee.clock import TimeControl
from engine.referee.server import RefereeServer, TlsConfig, create_server
from engine.referee.session import MatchSession, Remote, SeatSpec

__all__ = ["MatchSession", "RefereeServer", "Remote", "SeatSpec", "TimeControl", "TlsConfig", "create_server"]
