"""One match played step by step for the environments: the arena's own match loop, paused at the
learning seats' decisions.

:class:`Driver` runs :class:`engine.core.match.MatchRunner`, the loop ``arena play`` runs: the other seats'
bots answer as in any match, and at a decision of a learning seat the driver stops and hands the
decision to the environment. A match seed and the actions therefore give the same match as
``arena play --seed`` with the same bots in the same seats (``tests/learning`` checks it), and every rule
of the loop (the turn cap, simultaneous decisions, the fault policy for the other seats) holds.

The reward of a finished match comes from the final places (:func:`reward_of`).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.game import Game
from engine.core.match import Ask, Bot, DecisionView, MatchHooks, MatchRecord, MatchRunner, act_outcome
from engine.core.result import Result, Termination
from engine.core.state import State

Reward = str | Sequence[float] | Callable[[Result, int], float]
"""How a final result becomes a seat's reward: ``"rank"`` (+1 for first place to -1 for last, linear in
the place; tied seats share the better place), ``"win"`` (1 for first place, shared or not, else 0),
a sequence of rewards by place (``(1, 0, -1)``), or ``f(result, seat)``."""


def check_reward(reward: Reward, players: int) -> None:
    """Raise ``ValueError`` (one line) for a ``reward`` that :func:`reward_of` could not apply to a match
    of ``players`` seats: an environment checks it when made, not at the end of its first episode."""
    if callable(reward) or reward in ("rank", "win"):
        return
    if isinstance(reward, str):
        raise ValueError(
            f"unknown reward {reward!r}; valid: rank, win, a list of rewards by place, a function"
        )
    try:
        values = [float(v) for v in reward]
    except (TypeError, ValueError):
        raise ValueError(f"reward {reward!r}: a list of rewards by place holds numbers") from None
    if len(values) != players:
        raise ValueError(f"a reward per place needs {players} values, got {len(values)}")


def reward_of(reward: Reward, result: Result, seat: int) -> float:
    """The reward of ``seat`` for the final ``result`` (see :data:`Reward`)."""
    place = result.places[seat]
    players = len(result.places)
    if callable(reward):
        return float(reward(result, seat))
    check_reward(reward, players)
    if reward == "rank":
        return (players - 1 - 2 * (place - 1)) / max(1, players - 1)  # one division, exact -1/3
    if reward == "win":
        return 1.0 if place == 1 else 0.0
    return float(reward[place - 1])


class _Learner:
    """The bot of a learning seat in the loop: never asked (the driver answers for it)."""

    def act(self, view: DecisionView) -> int:  # pragma: no cover - the driver intercepts its decisions
        raise RuntimeError("a learning seat is answered by the environment")


class _State(MatchHooks):
    def __init__(self) -> None:
        self.state: State | None = None

    def on_start(self, state: State) -> None:
        self.state = state


@dataclass(slots=True)
class Decision:
    """A learning seat's pending decision."""

    seat: int
    view: DecisionView


class MatchDriver:
    """What the environments see of a match: the pending learning decision, the state, the end."""

    learners: set[int]
    pending: Decision | None
    record: MatchRecord | None
    _hooks: _State

    @property
    def state(self) -> State:
        assert self._hooks.state is not None
        return self._hooks.state

    @property
    def is_over(self) -> bool:
        return self.record is not None

    @property
    def result(self) -> Result:
        assert self.record is not None
        return self.record.result

    @property
    def truncated(self) -> bool:
        """The match stopped at the turn cap rather than by the rules."""
        return self.record is not None and self.record.result.termination is Termination.TURN_CAP

    def render(self) -> str:
        """The position as text: the game's own drawing where it has one, else its canonical text."""
        draw = getattr(self.state, "render", None)
        return str(draw()) if draw is not None else self.state.to_text()

    def answer(self, action: Any) -> None:
        """Play the pending learning seat's ``action`` and run on to the next learning decision."""
        raise NotImplementedError

    def close(self) -> None:
        """Release the match (an unfinished one is abandoned or played out)."""


class Driver(MatchDriver):
    """A match in which the seats whose bot is None are played by the caller (see the module
    docstring)."""

    def __init__(
        self,
        game: Game,
        bots: Sequence[Bot | None],
        seed: int,
        *,
        names: Sequence[str] | None = None,
    ) -> None:
        self.learners = {s for s, bot in enumerate(bots) if bot is None}
        seats = [_Learner() if bot is None else bot for bot in bots]
        self._hooks = _State()
        self._runner = MatchRunner(game, seats, seed, seat_names=names, hooks=self._hooks)
        self.pending: Decision | None = None
        self.record: MatchRecord | None = None
        self._advance(self._runner.send(None))

    def answer(self, action: Any) -> None:
        assert self.pending is not None, "no decision is pending"
        self.pending = None
        self._advance(self._runner.send((action, None)))

    def _advance(self, step: Any) -> None:
        while step is not None:
            if isinstance(step, Ask):
                if step.view.seat in self.learners:
                    self.pending = Decision(step.view.seat, step.view)
                    return
                step = self._runner.send(act_outcome(step.bot, step.view))
            else:
                step.prepare_all()
                step = self._runner.send(None)
        self.record = self._runner.record


class _QueueSeat:
    """A learning seat in a match that runs in a thread of its own: each decision goes out on one
    queue and the answer comes back on the other."""

    def __init__(self, out: queue.Queue[Any], back: queue.Queue[Any]) -> None:
        self.out, self.back = out, back
        self.finishing = False

    def act(self, view: DecisionView) -> Any:
        if self.finishing:  # the environment was reset or closed: play the match out
            return 0
        self.out.put(("ask", view))
        return self.back.get()


class ThreadDriver(MatchDriver):
    """A :class:`Driver` for matches with bots in other processes (``grpc:``, ``cmd:``): the arena plays
    the match (:func:`arena.spawn.play_specs`, its referee and spawned bots) in a thread, and the one
    learning seat's decisions come to the caller through queues."""

    def __init__(self, game: Game, specs: Sequence[str | None], seed: int) -> None:
        from arena.spawn import play_specs

        learners = [s for s, spec in enumerate(specs) if spec is None]
        if len(learners) != 1:
            raise ValueError("a match with bots in other processes has exactly one learning seat")
        self.learners = set(learners)
        self._out: queue.Queue[Any] = queue.Queue()
        self._seat = _QueueSeat(self._out, queue.Queue())
        self._hooks = _State()
        self.pending: Decision | None = None
        self.record: MatchRecord | None = None
        named = ["human" if spec is None else spec for spec in specs]

        def run() -> None:
            try:
                record = play_specs(
                    game,
                    named,
                    seed,
                    hooks=self._hooks,
                    local_bots={learners[0]: self._seat},
                    announce=_quiet,
                )
                self._out.put(("end", record))
            except BaseException as exc:  # handed to the caller's thread
                self._out.put(("error", exc))

        self._thread = threading.Thread(target=run, name="arena-env-match", daemon=True)
        self._thread.start()
        self._wait()

    def answer(self, action: Any) -> None:
        assert self.pending is not None, "no decision is pending"
        self.pending = None
        self._seat.back.put(action)
        self._wait()

    def close(self) -> None:
        """Play the rest of the match with the first listed actions and wait for its end."""
        self._seat.finishing = True
        if self.pending is not None:
            self.pending = None
            self._seat.back.put(0)
        self._thread.join()

    def _wait(self) -> None:
        kind, value = self._out.get()
        if kind == "ask":
            self.pending = Decision(value.seat, value)
        elif kind == "end":
            self.record = value
        else:
            raise value


def _quiet(line: str) -> None:
    pass
