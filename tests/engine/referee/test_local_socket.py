"""Bots on the referee's machine connect over a Unix domain socket; TCP stays for remote bots."""

from __future__ import annotations

import os
import shutil
import stat
import sys
from pathlib import Path

import pytest

import engine
from arena.spawn import play_specs
from engine.core.match import MatchHooks
from engine.core.result import Termination
from engine.core.state import State
from engine.referee import Remote, TimeControl, create_server
from engine.referee.server import RefereeServer
from tests.conformance.toy import HighCardGame
from tests.engine.referee.helpers import WAIT_S, first, start_bot

ROOT = Path(__file__).resolve().parents[3]
NODE_BOT = ROOT / "bots" / "examples" / "node"
CPP_BOT = ROOT / "bots" / "examples" / "cpp" / "build" / "random_bot"
SAYS_ADDRESS = (
    "import os, sys; print('address', os.environ['ARENA_ADDRESS'], flush=True); "
    "from bots.sdk import run; run(lambda request: 0)"
)
"""A spawned bot that writes the address it was given to its log, then plays index 0."""


class Peers(MatchHooks):
    """Records the peer of every stream open on the referee when the match starts."""

    def __init__(self, server: RefereeServer) -> None:
        self.server = server
        self.peers: list[str] = []

    def on_start(self, state: State) -> None:
        with self.server.lobby.lock:
            self.peers = sorted(conn.peer for conn in self.server.lobby.live)


def test_the_referee_listens_on_a_socket_only_its_user_can_reach() -> None:
    server, port = create_server("127.0.0.1:0")
    try:
        address = server.local_address
        assert address is not None and address.startswith("unix:/")
        path = Path(address.removeprefix("unix:"))
        assert stat.S_ISSOCK(path.stat().st_mode)
        assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
        assert server.spawn_address == address
        assert server.address == f"127.0.0.1:{port}"  # remote bots keep the TCP address
    finally:
        server.stop(grace=0)
    assert not path.parent.exists()
    assert server.local_address is None


def test_an_sdk_bot_plays_over_the_unix_socket() -> None:
    server, _ = create_server("127.0.0.1:0", control=TimeControl(join_timeout_s=20))
    try:
        assert server.local_address is not None
        game = HighCardGame("base", 2, {"rounds": 5})
        hooks = Peers(server)
        session = server.open_match(game, [Remote("a"), Remote("b")], seed=3, hooks=hooks)
        bots = [start_bot(first, server.local_address, token=session.tokens[s]) for s in (0, 1)]
        record = session.start().wait(WAIT_S)
        assert record.result.termination is Termination.VICTORY and not record.result.faults
        assert all(bot.join().decisions == 5 for bot in bots)
        assert hooks.peers and all(peer.startswith("unix:") for peer in hooks.peers)
    finally:
        server.stop(grace=0)


def _spawned_specs() -> list[str]:
    specs = [f'cmd:{sys.executable} -c "{SAYS_ADDRESS}"', "grpc:random"]
    if shutil.which("node") is not None and (NODE_BOT / "node_modules" / "@grpc" / "grpc-js").is_dir():
        specs.append('cmd:"node bots/examples/node/random_bot.js"')
    if os.access(CPP_BOT, os.X_OK):
        specs.append(f"cmd:{CPP_BOT}")
    return specs


@pytest.mark.parametrize("local_socket", [True, False], ids=["unix", "tcp-fallback"])
def test_spawned_bots_get_the_unix_address_or_fall_back_to_tcp(tmp_path: Path, local_socket: bool) -> None:
    """Python, Node (grpc-js) and C++ (grpc++) bots all dial a ``unix:`` target when given one."""
    specs = _spawned_specs()
    specs += ["random"] * (4 - len(specs))
    game = engine.load_game("catan", players=len(specs))
    server, _ = create_server("127.0.0.1:0", local_socket=local_socket)
    try:
        hooks = Peers(server)
        record = play_specs(
            game, specs, 7, log_dir=tmp_path, announce=lambda line: None, server=server, hooks=hooks
        )
        spawned = sum(1 for s in specs if s != "random")
        assert len(hooks.peers) == spawned
        expected = "unix:" if local_socket else "ipv4:127.0.0.1:"
        assert all(peer.startswith(expected) for peer in hooks.peers), hooks.peers
        said = next(tmp_path.glob("*-seat0.log")).read_text()
        assert f"address {server.spawn_address}" in said
        assert server.spawn_address == (server.local_address if local_socket else server.address)
    finally:
        server.stop(grace=0)
    assert record.result.termination is Termination.VICTORY
    assert not record.result.faults
