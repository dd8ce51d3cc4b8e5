"""Whether a bot's answer is carried on in the event loop's turn that read it, or in the next.

The relay (:mod:`engine.referee.relay`) steps a match and the stream writer (:mod:`engine.referee.writer`)
starts gRPC's send in the turn that brought a bot's answer when the referee has no other request out:
a lone decision's round trip then pays no extra turn of the loop. When other requests are out (other
matches', or other seats' of a simultaneous decision), their answers may come in the same batch of
gRPC completions, their readers queued behind this one: the relay and the writer then put their work
off to the loop's next turn, so that the reads of a turn are taken first and the writes they lead to
start together. One referee at 4 to 32 concurrent matches spends fewer CPU microseconds per decision
that way (stepping and writing inside every reader's turn makes gRPC's poller and event-engine threads
wake more often per decision), and a lone decision's round trip stays as it was.

Design detail: the signal is the lobby's table of outstanding requests (:attr:`Lobby.pending
<engine.referee.lobby.Lobby.pending>`), the same on every asyncio loop. The loop's own queue of ready
callbacks would say exactly which readers wait, but it is private to each loop implementation (uvloop,
:mod:`engine.core.loops`, keeps it out of Python's reach). The table says that answers may come, not
that they did: a referee with one slow bot thinking in another match puts every step off by a turn,
which costs a lone match's decision about one turn of the loop and nothing more.
"""

from __future__ import annotations

from collections.abc import Sized


def others_outstanding(outstanding: Sized, own: int = 0) -> bool:
    """True when ``outstanding`` (the lobby's outstanding requests) holds more than the ``own`` ones
    of the caller: answers to the others may be waiting in this turn."""
    return len(outstanding) > own
