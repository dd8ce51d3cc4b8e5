"""Each fault over a real stream: what the bot is told, what the result records, the others play on."""

from __future__ import annotations

import sys
import textwrap
import threading
from pathlib import Path

import pytest

from bots.sdk.client import RefereeError
from engine.core.match import DecisionView, FirstLegal
from engine.core.result import FaultKind, Termination
from engine.referee import Remote, TimeControl, create_server
from engine.referee.server import RefereeServer
from engine.wire import common_pb2, referee_pb2
from tests.conformance.toy import HighCardGame
from tests.engine.referee.helpers import WAIT_S, RawStream, first, start_bot


def toy(players: int = 3, rounds: int = 6) -> HighCardGame:
    return HighCardGame("base", players, {"rounds": rounds})


def answer_all(raw: RawStream) -> list[referee_pb2.RefereeMessage]:
    return raw.drain_until_end(lambda req: raw.answer(req.request_id, 0))


class Gate:
    """An in-process seat that holds the match (off any referee clock) until the test opens it."""

    def __init__(self) -> None:
        self.open = threading.Event()

    def act(self, view: DecisionView) -> int:
        assert self.open.wait(WAIT_S)
        return 0


def test_slow_bot_times_out_gets_default_action_and_late_answer_is_ignored() -> None:
    server, _ = create_server(control=TimeControl(deadline_ms=200, time_bank_ms=0, join_timeout_s=WAIT_S))
    try:
        # One round: the slow seat has exactly one decision, then the gate holds the match while the
        # late answer arrives, so a loaded machine cannot turn the test thread's own pace into faults.
        gate = Gate()
        session = server.open_match(toy(rounds=1), [Remote("slow"), gate, FirstLegal()], seed=3)
        raw = RawStream(server.address)
        raw.hello(session.tokens[0])
        session.start()
        late = raw.next("decision").decision
        notice = raw.next("fault").fault  # no answer: the referee's clock runs out
        assert notice.fault.kind == common_pb2.FAULT_KIND_TIMEOUT
        assert notice.request_id == late.request_id
        assert notice.default_action == late.legal[0].action.text
        assert not notice.forfeited
        raw.answer(late.request_id, 0)  # too late: ignored with an error
        stale = raw.next("error").error
        assert stale.code == referee_pb2.ERROR_CODE_STALE_REQUEST and not stale.fatal
        assert stale.message.endswith("ignored; nothing is outstanding on this stream"), stale.message
        assert stale.match_id == session.match_id and stale.request_id == late.request_id
        gate.open.set()
        result = session.wait(WAIT_S).result
        assert [(f.seat, f.kind) for f in result.faults] == [(0, FaultKind.TIMEOUT)]
        assert result.faults[0].message.endswith("within 200 ms (deadline 200 ms, no time bank)")
        assert result.termination is Termination.VICTORY and result.forfeits == ()
        assert raw.next("match_end").match_end.result.faults[0].kind == common_pb2.FAULT_KIND_TIMEOUT
    finally:
        server.stop(grace=0)


def test_an_answer_with_a_wrong_request_id_is_told_which_request_is_outstanding(
    referee: RefereeServer,
) -> None:
    session = referee.open_match(toy(), [Remote("typo"), FirstLegal(), FirstLegal()], seed=4)
    raw = RawStream(referee.address)
    raw.hello(session.tokens[0])
    session.start()
    req = raw.next("decision").decision
    wrong = req.request_id + (1 << 40)
    raw.answer(wrong, 0)
    stale = raw.next("error").error
    assert stale.code == referee_pb2.ERROR_CODE_STALE_REQUEST and stale.request_id == wrong
    assert stale.message == (
        f"request {wrong} is not outstanding (late, duplicate or unknown): ignored; "
        f"outstanding on this stream: {req.request_id}"
    )
    raw.answer(req.request_id, 0)
    answer_all(raw)
    assert session.wait(WAIT_S).result.faults == ()


def test_a_timeout_after_the_time_bank_is_spent_says_so() -> None:
    server, _ = create_server(control=TimeControl(deadline_ms=200, time_bank_ms=100, join_timeout_s=WAIT_S))
    try:
        session = server.open_match(toy(rounds=2), [Remote("slow"), FirstLegal(), FirstLegal()], seed=3)
        raw = RawStream(server.address)
        raw.hello(session.tokens[0])
        session.start()
        raw.drain_until_end(lambda req: None)  # it never answers
        result = session.wait(WAIT_S).result
        assert [(f.seat, f.kind) for f in result.faults] == [(0, FaultKind.TIMEOUT)] * 2
        first, second = (f.message for f in result.faults)
        assert first.endswith("within 300 ms (deadline 200 ms + time bank)"), first
        assert second.endswith("within 200 ms (deadline 200 ms, time bank spent)"), second
    finally:
        server.stop(grace=0)


@pytest.mark.parametrize(
    ("answer", "kind", "words"),
    [
        ({"text": "play 99"}, FaultKind.ILLEGAL, "does not hold"),
        ({"index": 7}, FaultKind.MALFORMED, "index 7 out of range: 3 legal actions (0..2)"),
        ({"text": "dance"}, FaultKind.MALFORMED, "expected"),
    ],
)
def test_bad_answers_are_faults_with_a_default_action(
    referee: RefereeServer, answer: dict, kind: FaultKind, words: str
) -> None:
    session = referee.open_match(toy(), [Remote("bad"), Remote("good"), FirstLegal()], seed=4)
    raw = RawStream(referee.address)
    raw.hello(session.tokens[0])
    good = start_bot(first, referee.address, token=session.tokens[1])
    session.start()
    req = raw.next("decision").decision
    raw.answer(req.request_id, **answer)
    notice = raw.next("fault").fault
    assert notice.fault.kind == common_pb2.FaultKind.Value(f"FAULT_KIND_{kind.name}")
    assert words in notice.fault.message
    assert notice.fault.strike == 1
    answer_all(raw)
    result = session.wait(WAIT_S).result
    assert [(f.seat, f.kind) for f in result.faults] == [(0, kind)]
    assert good.join().ends[0].termination == "victory"


def test_garbage_bytes_spoil_the_outstanding_request(referee: RefereeServer) -> None:
    session = referee.open_match(toy(), [Remote("garbage"), FirstLegal(), FirstLegal()], seed=5)
    raw = RawStream(referee.address)
    raw.hello(session.tokens[0])
    session.start()
    req = raw.next("decision").decision
    raw.send_bytes(b"\xff\xff\xff\xff")
    error = raw.next("error").error
    assert error.code == referee_pb2.ERROR_CODE_MALFORMED and error.request_id == req.request_id
    assert error.match_id == session.match_id
    assert not error.fatal
    notice = raw.next("fault").fault
    assert notice.fault.kind == common_pb2.FAULT_KIND_MALFORMED
    answer_all(raw)
    result = session.wait(WAIT_S).result
    assert [(f.seat, f.kind) for f in result.faults] == [(0, FaultKind.MALFORMED)]
    assert "not a BotMessage" in result.faults[0].message


def test_an_overlong_action_text_under_the_message_limit_is_malformed_and_the_stream_goes_on() -> None:
    server, _ = create_server(max_message_bytes=1024, control=TimeControl(join_timeout_s=WAIT_S))
    try:
        session = server.open_match(toy(), [Remote("long"), FirstLegal(), FirstLegal()], seed=6)
        raw = RawStream(server.address)
        raw.hello(session.tokens[0])
        assert raw.next("welcome").welcome.max_message_bytes == 1024
        session.start()
        req = raw.next("decision").decision
        raw.answer(req.request_id, text="play " + "9" * 900)
        assert raw.next("fault").fault.fault.kind == common_pb2.FAULT_KIND_MALFORMED
        answer_all(raw)
        result = session.wait(WAIT_S).result
        assert [(f.seat, f.kind) for f in result.faults] == [(0, FaultKind.MALFORMED)]
        assert "an action text is at most 200 characters, got 905" in result.faults[0].message
    finally:
        server.stop(grace=0)


def test_disconnect_mid_match_forfeits_while_other_matches_go_on(referee: RefereeServer) -> None:
    broken = referee.open_match(toy(rounds=8), [Remote("quitter"), Remote("stayer"), FirstLegal()], seed=7)
    other = referee.open_match(toy(), [Remote("a"), Remote("b"), FirstLegal()], seed=8)
    raw = RawStream(referee.address)
    raw.hello(broken.tokens[0])
    stayer = start_bot(first, referee.address, token=broken.tokens[1])
    bystanders = [start_bot(first, referee.address, token=other.tokens[s]) for s in (0, 1)]
    broken.start()
    other.start()
    for _ in range(2):
        req = raw.next("decision").decision
        raw.answer(req.request_id, 0)
    raw.next("decision")
    raw.cancel()  # gone with a request outstanding
    result = broken.wait(WAIT_S).result
    kinds = {f.kind for f in result.faults if f.seat == 0}
    assert kinds == {FaultKind.DISCONNECT}
    assert result.forfeits == (0,)
    assert result.places[0] == 3
    assert len([f for f in result.faults if f.seat == 0]) == broken.policy.strike_limit + 1
    assert all(f.seat == 0 for f in result.faults)
    assert stayer.join().ends[0].forfeits == (0,)
    clean = other.wait(WAIT_S).result
    assert clean.faults == () and clean.termination is Termination.VICTORY
    for bot in bystanders:
        assert bot.join().ends[0].termination == "victory"


CRASHER = textwrap.dedent(
    """
    import os
    from bots.sdk import run
    count = 0
    def act(request):
        global count
        count += 1
        if count == 3:
            print("about to crash", flush=True)
            os._exit(3)
        return 0
    run(act)
    """
)


@pytest.mark.slow
def test_crash_of_the_bot_process_is_recorded(referee: RefereeServer, tmp_path: Path) -> None:
    session = referee.open_match(toy(), [Remote("crasher"), FirstLegal(), FirstLegal()], seed=9)
    from arena.spawn import spawn_bot

    log = tmp_path / "crasher.log"
    proc = spawn_bot(
        [sys.executable, "-c", CRASHER], address=referee.address, token=session.tokens[0], log_path=log
    )
    session.attach_process(0, proc, log)
    result = session.start().wait(WAIT_S).result
    proc.wait(WAIT_S)
    assert proc.returncode == 3
    assert result.faults[0].kind is FaultKind.CRASH
    assert "exited with code 3" in result.faults[0].message
    assert "about to crash" in result.faults[0].message
    assert result.forfeits == (0,)


def test_wrong_token_is_refused_and_the_empty_seat_forfeits() -> None:
    server, _ = create_server(control=TimeControl(join_timeout_s=0.5))
    try:
        session = server.open_match(toy(), [Remote("nobody"), FirstLegal(), FirstLegal()], seed=10)
        raw = RawStream(server.address)
        raw.hello("not-a-token")
        error = raw.next().error
        assert error.code == referee_pb2.ERROR_CODE_UNAUTHENTICATED and error.fatal
        with pytest.raises(Exception) as info:
            raw.next()
        assert "UNAUTHENTICATED" in str(info.value)
        with pytest.raises(RefereeError, match="UNAUTHENTICATED"):
            start_bot(first, server.address, token="still-wrong").join()
        result = session.start().wait(WAIT_S).result
        assert {f.kind for f in result.faults} == {FaultKind.DISCONNECT}
        assert "never connected" in result.faults[0].message
        assert result.forfeits == (0,)
    finally:
        server.stop(grace=0)


def test_token_used_twice_is_refused_and_the_first_stream_plays_on(referee: RefereeServer) -> None:
    session = referee.open_match(toy(), [Remote("owner"), FirstLegal(), FirstLegal()], seed=11)
    owner = start_bot(first, referee.address, token=session.tokens[0])
    assert session.wait_joined(WAIT_S)
    thief = RawStream(referee.address)
    thief.hello(session.tokens[0])
    error = thief.next().error
    assert error.code == referee_pb2.ERROR_CODE_TOKEN_USED and error.fatal
    result = session.start().wait(WAIT_S).result
    assert result.faults == ()
    assert owner.join().ends[0].termination == "victory"


def test_answer_for_another_seats_request_is_ignored(referee: RefereeServer) -> None:
    session = referee.open_match(toy(rounds=1), [Remote("a"), Remote("b"), FirstLegal()], seed=12)
    a = RawStream(referee.address)
    b = RawStream(referee.address)
    a.hello(session.tokens[0])
    b.hello(session.tokens[1])
    session.start()
    req_a = a.next("decision").decision
    a.answer(req_a.request_id, 0)
    req_b = b.next("decision").decision
    a.answer(req_b.request_id, 1)  # seat 0 answers seat 1's request
    error = a.next("error").error
    assert error.code == referee_pb2.ERROR_CODE_NOT_YOUR_REQUEST and not error.fatal
    assert error.match_id == ""  # another stream's match is not named
    b.answer(req_b.request_id, 0)
    record = session.wait(WAIT_S)
    assert record.result.faults == ()
    assert record.log.records[1]["action"] == req_b.legal[0].action.text
    for raw in (a, b):
        assert raw.next("match_end").match_end.result.termination == common_pb2.TERMINATION_VICTORY


def test_a_stream_must_start_with_hello(referee: RefereeServer) -> None:
    raw = RawStream(referee.address)
    raw.answer(5, 0)
    error = raw.next().error
    assert error.code == referee_pb2.ERROR_CODE_NO_HELLO and error.fatal
    assert error.match_id == ""  # no credentials: no match is known


def test_errors_on_a_seat_token_stream_name_its_match(referee: RefereeServer) -> None:
    """A second hello, bytes that are no message while nothing is outstanding, a duplicate answer:
    each Error names the match of the stream's token."""
    session = referee.open_match(toy(rounds=2), [Remote("noisy"), FirstLegal(), FirstLegal()], seed=6)
    raw = RawStream(referee.address)
    raw.hello(session.tokens[0])
    raw.next("welcome")
    raw.hello(session.tokens[0])
    again = raw.next("error").error
    assert again.code == referee_pb2.ERROR_CODE_NO_HELLO and not again.fatal
    raw.send_bytes(b"\xff\xff\xff\xff")
    garbage = raw.next("error").error
    assert garbage.code == referee_pb2.ERROR_CODE_MALFORMED and garbage.request_id == 0
    session.start()
    req = raw.next("decision").decision
    raw.answer(req.request_id, 0)
    raw.answer(req.request_id, 0)
    duplicate = raw.next("error").error
    assert duplicate.code == referee_pb2.ERROR_CODE_STALE_REQUEST
    assert duplicate.request_id == req.request_id
    for error in (again, garbage, duplicate):
        assert error.match_id == session.match_id, error
    answer_all(raw)
    assert session.wait(WAIT_S).result.faults == ()


def test_a_late_answer_on_a_bot_key_stream_names_the_match_of_its_request(referee: RefereeServer) -> None:
    referee.register_bot_key("k-late", "late")
    first_match = referee.open_match(
        toy(rounds=1), [Remote("late", bot_key="k-late"), FirstLegal(), FirstLegal()], seed=7
    )
    raw = RawStream(referee.address)
    raw.send(
        referee_pb2.BotMessage(hello=referee_pb2.Hello(protocol_version=1, bot_name="late", bot_key="k-late"))
    )
    raw.next("welcome")
    first_match.start()
    req = raw.next("decision").decision
    assert req.match_id == first_match.match_id
    raw.answer(req.request_id, 0)
    first_match.wait(WAIT_S)
    raw.answer(req.request_id, 0)  # after its match ended
    stale = raw.next("error").error
    assert stale.code == referee_pb2.ERROR_CODE_STALE_REQUEST
    assert stale.match_id == first_match.match_id
    raw.answer(req.request_id + 1_000_000, 0)  # never sent to anyone: no match to name
    unknown = raw.next("error").error
    assert unknown.code == referee_pb2.ERROR_CODE_STALE_REQUEST and unknown.match_id == ""
    raw.cancel()


def test_an_sdk_bot_whose_code_fails_keeps_its_bot_key_stream(referee: RefereeServer) -> None:
    """What the bot's code raises or returns is one fault per decision it spoils, never the stream's end."""
    referee.register_bot_key("k-flaky", "flaky")
    made: list[object] = []

    class Flaky:
        def __init__(self) -> None:
            made.append(self)
            if len(made) == 2:
                raise RuntimeError("no model for this match")
            self.acts = 0

        def act(self, request: object) -> object:
            self.acts += 1
            if self.acts < 3:
                return [None, "dance"][self.acts - 1]
            return {}[self.acts]

    bot = start_bot(Flaky, referee.address, bot_key="k-flaky", name="flaky")
    results = []
    for seed in (1, 2):
        seats = [Remote("flaky", bot_key="k-flaky"), FirstLegal(), FirstLegal()]
        results.append(referee.open_match(toy(rounds=3), seats, seed=seed).start().wait(WAIT_S).result)
    first, second = results
    assert [(f.kind, f.strike) for f in first.faults] == [
        (FaultKind.MALFORMED, 1),
        (FaultKind.MALFORMED, 2),
        (FaultKind.CRASH, 3),
    ]
    said = [f.message.split(": ", 1)[1] for f in first.faults]
    assert (
        said[0]
        == "the bot could not answer: act returned None: an answer is an index, a LegalAction, an action text or an action"
    )
    assert first.faults[1].message == "dance: expected 'play N'"
    assert said[2].startswith("the bot could not answer: act raised KeyError: 3 at test_faults.py:")
    assert first.forfeits == ()
    assert [f.kind for f in second.faults] == [FaultKind.CRASH] * 3 and second.forfeits == ()
    assert second.faults[0].message.endswith("could not start: RuntimeError: no model for this match")
    assert bot.thread.is_alive() and not bot.error, "the stream outlived both matches"


def test_seats_of_a_simultaneous_decision_get_their_requests_together(referee: RefereeServer) -> None:
    # In High Card every seat plays a card at once: both remote seats must hold a request before
    # either answers (the core loop prepares every seat of a multi-seat decision first).
    session = referee.open_match(toy(rounds=2), [Remote("a"), Remote("b"), FirstLegal()], seed=12)
    raws = [RawStream(referee.address), RawStream(referee.address)]
    for seat, raw in enumerate(raws):
        raw.hello(session.tokens[seat], name=f"raw{seat}")
    session.start()
    for _round in range(2):
        requests = [raw.next("decision").decision for raw in raws]  # no answer sent yet
        assert len({r.request_id for r in requests}) == 2
        for raw, req in zip(raws, requests, strict=True):
            raw.answer(req.request_id, 0)
    result = session.wait(WAIT_S).result
    assert result.faults == () and result.termination is Termination.VICTORY
