"""The standard services beside the referee (health, reflection), bearer tokens and TLS."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from bots.sdk.client import RefereeError
from engine.core.match import FirstLegal
from engine.referee import Remote, TimeControl, TlsConfig, create_server
from engine.referee.server import RefereeServer
from tests.conformance.toy import HighCardGame
from tests.engine.referee.helpers import WAIT_S, first, start_bot


def test_health_check_reports_serving(referee: RefereeServer) -> None:
    with grpc.insecure_channel(referee.address) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        for service in ("", "arena.v1.Referee"):
            reply = stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=WAIT_S)
            assert reply.status == health_pb2.HealthCheckResponse.SERVING


def test_reflection_lists_the_referee(referee: RefereeServer) -> None:
    with grpc.insecure_channel(referee.address) as channel:
        stub = reflection_pb2_grpc.ServerReflectionStub(channel)
        request = reflection_pb2.ServerReflectionRequest(list_services="")
        (reply,) = list(stub.ServerReflectionInfo(iter([request]), timeout=WAIT_S))
        names = {s.name for s in reply.list_services_response.service}
        assert {"arena.v1.Referee", "grpc.health.v1.Health"} <= names
        request = reflection_pb2.ServerReflectionRequest(file_containing_symbol="arena.v1.DecisionRequest")
        (reply,) = list(stub.ServerReflectionInfo(iter([request]), timeout=WAIT_S))
        assert reply.file_descriptor_response.file_descriptor_proto


def test_bearer_token_is_required_when_set() -> None:
    server, _ = create_server(bearer_token="s3cret", control=TimeControl(join_timeout_s=WAIT_S))
    try:
        game = HighCardGame("base", 2, {"rounds": 2})
        session = server.open_match(game, [Remote("bot"), FirstLegal()], seed=1)
        with pytest.raises(RefereeError, match="UNAUTHENTICATED"):
            start_bot(first, server.address, token=session.tokens[0], bearer_token="wrong").join()
        bot = start_bot(first, server.address, token=session.tokens[0], bearer_token="s3cret")
        assert session.start().wait(WAIT_S).result.faults == ()
        assert bot.join().ends[0].termination == "victory"
    finally:
        server.stop(grace=0)


def _self_signed(tmp: Path) -> tuple[bytes, bytes]:
    key, cert = tmp / "key.pem", tmp / "cert.pem"
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
            "-keyout", str(key), "-out", str(cert), "-subj", "/CN=localhost",
            "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
        ],
        check=True,
        capture_output=True,
        timeout=WAIT_S,
    )  # fmt: skip
    return key.read_bytes(), cert.read_bytes()


def test_tls(tmp_path: Path) -> None:
    if shutil.which("openssl") is None:
        pytest.skip("openssl is needed to make a test certificate")
    key, cert = _self_signed(tmp_path)
    server, port = create_server(
        "127.0.0.1:0", tls=TlsConfig(key, cert), control=TimeControl(join_timeout_s=WAIT_S)
    )
    try:
        game = HighCardGame("base", 2, {"rounds": 2})
        session = server.open_match(game, [Remote("bot"), FirstLegal()], seed=1)
        bot = start_bot(first, f"localhost:{port}", token=session.tokens[0], root_certificates=cert)
        assert session.start().wait(WAIT_S).result.faults == ()
        assert bot.join().ends[0].termination == "victory"
    finally:
        server.stop(grace=0)


def test_bot_key_streams_play_several_matches(referee: RefereeServer) -> None:
    referee.register_bot_key("key-1", "long-lived")
    game = HighCardGame("base", 2, {"rounds": 2})
    bot = start_bot(first, referee.address, bot_key="key-1")
    results = [
        referee.play(game, [Remote("long-lived", bot_key="key-1"), FirstLegal()], seed, timeout=WAIT_S)
        for seed in (1, 2)
    ]
    assert all(r.result.faults == () for r in results)
    referee.stop()  # ends the long-lived stream cleanly
    assert len(bot.join().ends) == 2


def test_stopping_the_referee_ends_a_match_still_waiting_for_its_bots() -> None:
    # The match runs as a task on the referee's loop: stopping the loop must not leave wait() hanging.
    server, _ = create_server(control=TimeControl(join_timeout_s=60))
    session = server.open_match(HighCardGame("base", 2, {}), [Remote("never"), FirstLegal()], seed=1)
    session.start()
    server.stop(grace=0)
    with pytest.raises(RuntimeError, match="the referee stopped before it ended"):
        session.wait(WAIT_S)
