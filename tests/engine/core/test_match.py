"""The in-process match loop: seats, events per seat, the graded fault policy, the turn cap."""

from __future__ import annotations

import copy
import time
from typing import Any

import pytest

from engine.core.answers import resolve_answer
from engine.core.errors import MalformedAction
from engine.core.match import Ask, DecisionView, FaultPolicy, MatchHooks, MatchRunner, Prepare, play_match
from engine.core.result import FaultKind, Termination
from tests.conformance.toy import HighCardGame, HighCardState


class First:
    def act(self, view: DecisionView) -> int:
        return 0


class Crashes:
    def act(self, view: DecisionView) -> int:
        raise RuntimeError("segfault in my head")


class Answers:
    def __init__(self, answer: Any) -> None:
        self.answer = answer

    def act(self, view: DecisionView) -> Any:
        return self.answer


class Recorder(MatchHooks):
    def __init__(self) -> None:
        self.views: list[DecisionView] = []

    def on_decision(self, view: DecisionView) -> None:
        self.views.append(view)


def game(players: int = 3, rounds: int = 6) -> HighCardGame:
    return HighCardGame("base", players, {"rounds": rounds})


def test_plays_to_the_end_with_a_result_and_a_log() -> None:
    record = play_match(game(), [First(), First(), First()], seed=5)
    assert record.result.termination is Termination.VICTORY
    assert record.decisions == 18 == len(record.log.records)
    assert record.log.result is not None and record.log.result["termination"] == "victory"
    assert sorted(record.result.places)[0] == 1


def test_same_seed_same_match() -> None:
    a = play_match(game(), [First()] * 3, seed=8)
    b = play_match(game(), [First()] * 3, seed=8)
    assert a.log.lines() == b.log.lines()
    assert a.state.fingerprint() == b.state.fingerprint()


def test_each_seat_sees_only_its_own_private_events() -> None:
    hooks = Recorder()
    play_match(game(), [First()] * 3, seed=2, hooks=hooks)
    for view in hooks.views:
        for event in view.events:
            if event["kind"] in ("played", "draw") and event["seat"] != view.seat:
                assert "card" not in event, event


def test_a_crashing_bot_gets_strikes_then_forfeits_and_the_others_play_on() -> None:
    record = play_match(game(), [Crashes(), First(), First()], seed=1, policy=FaultPolicy(strike_limit=2))
    faults = record.result.faults
    assert [f.kind for f in faults] == [FaultKind.CRASH] * 3
    assert [f.strike for f in faults] == [1, 2, 3]
    assert "RuntimeError: segfault in my head" in faults[0].message
    assert record.result.forfeits == (0,)
    assert record.result.places[0] == 3  # ranked last
    assert record.result.termination is Termination.VICTORY
    assert record.decisions == 18  # the match went on to its end


def test_an_index_out_of_range_names_the_index_and_how_many_actions_are_legal() -> None:
    hooks = Recorder()
    play_match(game(rounds=1), [First()] * 3, seed=3, hooks=hooks)
    view = copy.copy(hooks.views[0])
    for count, words in [
        (3, "index 9 out of range: 3 legal actions (0..2)"),
        (1, "index 9 out of range: 1 legal action (0)"),
    ]:
        view.legal = hooks.views[0].legal[:count]
        with pytest.raises(MalformedAction) as caught:
            resolve_answer(9, view, game())
        assert str(caught.value) == words


def test_illegal_malformed_and_out_of_range_answers_are_faults_with_clear_messages() -> None:
    cases = [
        (Answers("play 99"), FaultKind.ILLEGAL, "play 99: seat 0 does not hold that card"),
        (Answers("throw the table"), FaultKind.MALFORMED, "throw the table: expected 'play N'"),
        (Answers(7), FaultKind.MALFORMED, "index 7 out of range: 3 legal actions (0..2)"),
        (Answers(None), FaultKind.MALFORMED, "an answer is an action, its text or an index"),
    ]
    for bot, kind, message in cases:
        record = play_match(game(rounds=1), [bot, First(), First()], seed=3)
        (fault,) = record.result.faults
        assert fault.kind is kind
        assert message in fault.message
        assert record.result.forfeits == ()


def test_forfeit_of_all_but_one_ends_the_match() -> None:
    record = play_match(game(players=2), [Crashes(), First()], seed=4, policy=FaultPolicy(strike_limit=0))
    assert record.result.termination is Termination.FORFEIT
    assert record.result.places == (2, 1)


def test_turn_cap_stops_the_match_and_ranks_by_score() -> None:
    record = play_match(game(rounds=6), [First()] * 3, seed=6, max_plies=7)
    assert record.result.termination is Termination.TURN_CAP
    assert record.state.ply == 7


class Preparing:
    """Records the order of ``prepare`` and ``act`` calls."""

    def __init__(self, seat: int, calls: list[tuple[str, int, int]]) -> None:
        self.seat = seat
        self.calls = calls

    def prepare(self, view: DecisionView) -> None:
        self.calls.append(("prepare", self.seat, view.ply))

    def act(self, view: DecisionView) -> int:
        self.calls.append(("act", self.seat, view.ply))
        return 0


def test_every_seat_of_a_simultaneous_decision_is_asked_from_the_same_position() -> None:
    calls: list[tuple[str, int, int]] = []
    hooks = Recorder()
    play_match(game(rounds=1), [Preparing(s, calls) for s in range(3)], seed=3, hooks=hooks)
    assert calls == [("prepare", 0, 0), ("prepare", 1, 0), ("prepare", 2, 0)] + [
        ("act", s, 0) for s in range(3)
    ]
    assert [v.ply for v in hooks.views] == [0, 0, 0]
    assert all(not any(e["kind"] == "played" for e in v.events) for v in hooks.views)


def test_the_observation_is_built_on_first_use_and_only_for_its_own_position() -> None:
    hooks = Recorder()
    play_match(game(rounds=1), [First()] * 3, seed=3, hooks=hooks)
    first = hooks.views[0]
    with pytest.raises(RuntimeError, match="observation of ply 0 was first asked for at ply 3"):
        _ = first.observation

    class Looks:
        def act(self, view: DecisionView) -> int:
            assert view.observation.seat == view.seat
            return 0

    record = play_match(game(rounds=2), [Looks()] * 3, seed=3)
    assert record.result.faults == ()


def test_the_loops_views_have_every_slot_set_as_the_constructor_sets_them() -> None:
    hooks = Recorder()
    play_match(game(rounds=1), [First()] * 3, seed=3, hooks=hooks)
    view = hooks.views[0]  # made by the loop without __init__: every slot must be set all the same
    built = DecisionView(
        game=view.game,
        seat=view.seat,
        ply=view.ply,
        legal=view.legal,
        families=view.families,
        events=view.events,
        forced=view.forced,
        seat_names=view.seat_names,
        state=view._state,
    )
    for name in DecisionView.__slots__:
        assert getattr(view, name) == getattr(built, name), name


def test_a_view_reads_its_events_once_on_first_use_when_given_a_reader() -> None:
    reads: list[int] = []

    def read() -> tuple[dict[str, Any], ...]:
        reads.append(1)
        return ({"kind": "dice", "roll": 7},)

    first = play_match(game(rounds=1), [First()] * 3, seed=3).state
    kwargs: dict[str, Any] = dict(game=first.game.ref, seat=0, ply=0, legal=(), families=(), forced=False)
    view = DecisionView(**kwargs, observation=first.observe(0), read_events=read)
    assert reads == []
    assert view.events == ({"kind": "dice", "roll": 7},) and view.events is view.events
    assert reads == [1]
    with pytest.raises(ValueError, match="exactly one of events and read_events"):
        DecisionView(**kwargs, observation=first.observe(0), events=(), read_events=read)
    with pytest.raises(ValueError, match="exactly one of events and read_events"):
        DecisionView(**kwargs, observation=first.observe(0))


def test_the_step_runner_driven_by_hand_plays_the_same_match_as_play_match() -> None:
    bots = [First(), Crashes(), Answers("dance")]
    runner = MatchRunner(game(), bots, seed=9)
    steps: list[str] = []
    step = runner.send(None)
    while step is not None:
        if isinstance(step, Prepare):
            steps.append("prepare")
            step = runner.send(None)
            continue
        assert isinstance(step, Ask)
        steps.append("ask")
        try:
            outcome: tuple[object, Exception | None] = (step.bot.act(step.view), None)
        except Exception as exc:
            outcome = (None, exc)
        step = runner.send(outcome)
    assert runner.record is not None
    same = play_match(game(), bots, seed=9)
    assert runner.record.result == same.result
    assert runner.record.log.lines() == same.log.lines()
    assert runner.record.decisions == same.decisions == steps.count("ask")
    assert "prepare" in steps  # every round is one simultaneous decision of all seats


def test_a_runner_checks_its_seats_before_any_step() -> None:
    with pytest.raises(ValueError, match="needs 3 seats"):
        MatchRunner(game(), [First()], seed=1)


class BuggyCheckState(HighCardState):
    """A state whose validator breaks on one card: the defect a crafted answer could meet."""

    __slots__ = ()

    def explain_illegal(self, seat: int, action: Any) -> str:
        if getattr(action, "card", None) == 13:
            raise ZeroDivisionError("the validator divided by zero")
        return super().explain_illegal(seat, action)


class BuggyApplyState(HighCardState):
    """A state that accepts any card as an open family and breaks half-way through applying one."""

    __slots__ = ()

    def _validate_family(self, seat: int, action: Any) -> None:
        return None

    def _apply(self, seat: int, action: Any) -> list[Any]:
        if action.card not in self.hands[seat]:
            self.points[seat] += 100  # a partial change, then the defect
            raise KeyError("no such card")
        return super()._apply(seat, action)


class BuggyGame(HighCardGame):
    def __init__(self, state_class: type[HighCardState]) -> None:
        super().__init__("base", 3, {"rounds": 4})
        self.state_class = state_class

    def new_state(self, seed: int) -> HighCardState:
        return self.state_class(self, seed)


@pytest.mark.parametrize(
    ("state_class", "words"), [(BuggyCheckState, "checked"), (BuggyApplyState, "applied")]
)
def test_an_engine_defect_met_by_an_answer_is_the_seats_fault_not_the_matchs_end(
    state_class: type[HighCardState], words: str
) -> None:
    record = play_match(BuggyGame(state_class), [Answers("play 13"), First(), First()], seed=2)
    assert record.result.termination is Termination.VICTORY
    faults = record.result.faults
    assert faults and {f.seat for f in faults} == {0}
    assert all(f.kind is FaultKind.MALFORMED and f"could not be {words}" in f.message for f in faults)
    assert sum(record.state.points) <= 4  # the half-applied change was put back


class Slow:
    """Answers index 0 once 15 ms have passed on the clock (a bot that thinks)."""

    def act(self, view: DecisionView) -> int:
        until = time.perf_counter() + 0.015
        while time.perf_counter() < until:
            pass
        return 0


def test_the_log_times_each_answer_of_each_seat() -> None:
    record = play_match(HighCardGame("base", 3, {"rounds": 4}), [First(), Slow(), First()], seed=3)
    log = record.log
    assert len(log.ms) == len(log.records) > 0
    slow = [ms for r, ms in zip(log.records, log.ms, strict=True) if r["seat"] == 1]
    quick = [ms for r, ms in zip(log.records, log.ms, strict=True) if r["seat"] != 1]
    assert slow and min(slow) >= 15.0
    assert quick and max(quick) < 15.0
