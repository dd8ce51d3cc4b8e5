"""``arena serve``: run a referee that remote bots dial into, and play matches with them.

Mounted by the root app with :func:`register`. Each ``remote`` seat gets a bot key (printed with the
command that connects a bot with it); a bot that says hello with that key is seated in every match of
the run, so a bot author can keep one process connected while matches follow each other. Built-in
bot names play in process. The command is a thin call into :func:`serve_matches`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from arena.web.names import plural
from arena.wirelog import LOG_FULL_HELP, LOG_HELP
from engine.core.errors import UnknownChoice
from engine.core.visible import visible, visible_lines

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.match import MatchRecord
    from engine.referee import TimeControl, TlsConfig


def serve_matches(
    game: Game,
    specs: Sequence[str],
    seeds: Sequence[int],
    *,
    address: str = "127.0.0.1",
    port: int = 50051,
    keys: Sequence[str] | None = None,
    control: TimeControl | None = None,
    bearer_token: str | None = None,
    tls: TlsConfig | None = None,
    log: str = "",
    announce: Callable[[str], None] = print,
) -> list[MatchRecord]:
    """Serve on ``address:port`` and play one match per seed; ``remote`` seats are bot-key seats.

    ``keys`` fixes the bot keys of the remote seats in order (default: fresh random keys).
    """
    from arena.report import first_faults
    from arena.spawn import parse_bot_spec, play_specs, register_bot_key
    from arena.wirelog import wire_printer
    from engine.referee import create_server
    from engine.referee.seats import NEVER_CONNECTED

    parsed = [parse_bot_spec(s) for s in specs]
    if len(parsed) != game.players:
        raise UnknownChoice(f"number of bots for {game.players} seats", len(parsed), str(game.players))
    for text, spec in zip(specs, parsed, strict=True):  # all checked before the referee announces itself
        if spec.kind not in ("builtin", "py", "remote"):
            raise UnknownChoice("bot for arena serve", text, "built-in names, py: classes or remote")
    wanted = list(keys or [])
    server, bound = create_server(
        f"{address}:{port}",
        control=control,
        bearer_token=bearer_token,
        tls=tls,
        log=wire_printer(announce, log) if log else None,
    )
    try:
        announce(
            f"referee listening on {address}:{bound} (health and reflection on; "
            f"grpcurl -plaintext {server.address} list)"
        )
        seat_keys: dict[int, str] = {}
        for seat, spec in enumerate(parsed):
            if spec.kind in ("builtin", "py"):
                continue
            key = wanted.pop(0) if wanted else None
            intro = f"seat {seat}: connect a bot with"
            seat_keys[seat] = register_bot_key(server, spec.name, key, announce, intro=intro, inline=False)
        records: list[MatchRecord] = []
        wait_s = (control or server.control).join_timeout_s
        for n, seed in enumerate(seeds, 1):
            absent = [seat for seat, k in seat_keys.items() if not server.is_key_connected(k)]
            if absent:
                announce(waiting_line(absent, n, len(seeds), wait_s))
            record = play_specs(game, parsed, seed, announce=announce, server=server, bot_keys=seat_keys)
            result = record.result
            for seat in absent:
                if any(f.seat == seat and f.message == NEVER_CONNECTED for f in result.faults):
                    announce(f"seat {seat}: no bot connected with its key within {wait_s:g} s")
            announce(
                f"seed {seed}: places {list(result.places)} scores {list(result.scores)} "
                f"({result.termination.value}, {plural(len(result.faults), 'fault')})"
            )
            for line in first_faults(result):
                announce(f"  {line}")
            records.append(record)
        return records
    finally:
        server.stop()


def waiting_line(seats: Sequence[int], match: int, matches: int, wait_s: float) -> str:
    """What a match waits for before it starts: the seats whose bots are not connected, and how long."""
    until = time.strftime("%H:%M:%S", time.localtime(time.time() + wait_s))
    which = f"seat {seats[0]}" if len(seats) == 1 else "seats " + ", ".join(str(s) for s in seats)
    return (
        f"match {match} of {matches}: waiting up to {wait_s:g} s (until {until}) for the bot of {which} to"
        " connect with its key (--wait); a seat whose bot is not there by then has each decision as a"
        " DISCONNECT fault and forfeits"
    )


def serve(
    game: Annotated[str, typer.Argument(help="game id or alias")] = "puerto-rico",
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help="per seat: remote (a bot dials in with the key printed), a built-in bot name or py:FILE.py:Class",
        ),
    ] = "remote,remote,remote,remote",
    port: Annotated[int, typer.Option(help="port to listen on (0: any free port)")] = 50051,
    address: Annotated[
        str, typer.Option(help="address to listen on (0.0.0.0 for every interface)")
    ] = "127.0.0.1",
    variant: Annotated[str | None, typer.Option(help="variant id")] = None,
    matches: Annotated[int, typer.Option(help="number of matches to play")] = 1,
    seed: Annotated[
        int | None,
        typer.Option(help="seed of the first match, then seed+1... (default: a secret seed per match)"),
    ] = None,
    key: Annotated[
        list[str] | None, typer.Option("--key", help="bot key of each remote seat, in order")
    ] = None,
    deadline_ms: Annotated[int, typer.Option(help="time per decision in ms")] = 5_000,
    time_bank_ms: Annotated[int, typer.Option(help="time bank per seat and match in ms")] = 30_000,
    wait: Annotated[float, typer.Option(help="seconds to wait for the remote bots of a match")] = 300.0,
    bearer: Annotated[str | None, typer.Option(help="require this bearer token from bots")] = None,
    tls_cert: Annotated[Path | None, typer.Option(help="PEM certificate chain: serve TLS")] = None,
    tls_key: Annotated[Path | None, typer.Option(help="PEM private key for --tls-cert")] = None,
    log: Annotated[bool, typer.Option("--log", help=LOG_HELP)] = False,
    log_full: Annotated[bool, typer.Option("--log-full", help=LOG_FULL_HELP, hidden=True)] = False,
) -> None:
    """Run a referee for remote bots and print how to connect them.

    Each match's seed is printed here when the match ends; no bot is ever sent it.
    """
    from arena.config import TimeControl as ClockFlags
    from arena.spawn import split_bot_specs
    from engine.core.rng import secret_seed
    from engine.referee import TimeControl, TlsConfig
    from engine.registry import find_game, load_game

    specs = split_bot_specs(bots)
    clocks = ClockFlags(deadline_ms=deadline_ms, time_bank_ms=time_bank_ms).problem(flags=True)
    if clocks is not None:
        typer.echo(f"error: {clocks}", err=True)
        raise typer.Exit(2)
    try:
        info = find_game(game)
        loaded = load_game(info.id, variant, len(specs))
        tls = TlsConfig(tls_key.read_bytes(), tls_cert.read_bytes()) if tls_cert and tls_key else None
        serve_matches(
            loaded,
            specs,
            [secret_seed() if seed is None else seed + i for i in range(matches)],
            address=address,
            port=port,
            keys=key,
            control=TimeControl(deadline_ms=deadline_ms, time_bank_ms=time_bank_ms, join_timeout_s=wait),
            bearer_token=bearer,
            tls=tls,
            log="full" if log_full else "short" if log else "",
            announce=lambda line: typer.echo(visible_lines(line)),
        )
    except (UnknownChoice, OSError) as exc:  # OSError: the port is taken, a TLS file cannot be read
        typer.echo(f"error: {visible(str(exc))}", err=True)
        raise typer.Exit(2) from None


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to the root app."""
    app.command("serve")(serve)
