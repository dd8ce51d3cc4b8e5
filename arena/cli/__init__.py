"""The ``arena`` command line: one root Typer app, thin commands over library functions."""

from __future__ import annotations

import json
import signal
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from arena.report import LiveView, StdoutClosed, games_table, make_console, result_table
from bots.builtin import check_plays
from engine.core.errors import UnknownChoice
from engine.core.match import MatchHooks
from engine.core.registry import VariantInfo, find_game, list_games, load_game

app = typer.Typer(
    name="arena",
    help="Referee, tournaments and ladders for board-game AIs.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def fail(message: str) -> typer.Exit:
    """Print a one-line error and return the exit to raise (code 2: bad usage)."""
    Console(stderr=True, soft_wrap=True).print(f"[red]error:[/red] {message}", highlight=False)
    return typer.Exit(2)


@app.command()
def games(json_out: Annotated[bool, typer.Option("--json", help="print JSON")] = False) -> None:
    """List the games, their variants, player counts and options."""
    infos = list_games()
    if json_out:
        rows = [
            {
                "game": g.id,
                "title": g.title,
                "aliases": list(g.aliases),
                "variants": [
                    {
                        "variant": v.id,
                        "players": list(v.player_counts),
                        "options": dict(v.options),
                        "option_ranges": {name: _range_json(v, name) for name, _ in v.options},
                        "description": v.description,
                    }
                    for v in g.variants
                ],
            }
            for g in infos
        ]
        typer.echo(json.dumps(rows, indent=2))
        return
    make_console().print(games_table(infos))


def _range_json(variant: VariantInfo, name: str) -> dict[str, object]:
    """``{"min": 1, "max": 10000}`` for an integer option, ``{"choices": [...]}`` for a text or a flag."""
    valid = variant.option_range(name)
    if isinstance(valid[0], int) and not isinstance(valid[0], bool):
        return {"min": valid[0], "max": valid[1]}
    return {"choices": list(valid)}


def parse_options(pairs: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise fail(f"--option takes KEY=VALUE, got {pair!r}")
        options[key.strip()] = value.strip()
    return options


def check_writable(path: str) -> None:
    """Raise ``ValueError`` (one line) when a file cannot be written at ``path``."""
    target = Path(path)
    if target.is_dir():
        raise ValueError(f"--replay {path}: is a directory")
    if not target.parent.is_dir():
        raise ValueError(f"--replay {path}: folder {target.parent} does not exist")


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="game id or alias, see `arena games`")],
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help='bot per seat, comma-separated: a built-in name, grpc:NAME, cmd:"COMMAND" or remote',
        ),
    ],
    variant: Annotated[str | None, typer.Option(help="variant id (default: the game's first)")] = None,
    players: Annotated[int | None, typer.Option(help="number of seats (default: number of bots)")] = None,
    seed: Annotated[
        int | None,
        typer.Option(help="match seed: same seed, same match (default: a secret seed, printed at the end)"),
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="variant option KEY=VALUE")
    ] = None,
    json_out: Annotated[
        bool, typer.Option("--json", help="print only the result as one JSON object")
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="no live view, only the result")] = False,
    replay_path: Annotated[str | None, typer.Option("--replay", help="write the replay log here")] = None,
    log: Annotated[bool, typer.Option("--log", help="print every request and answer on the wire")] = False,
    deadline_ms: Annotated[int, typer.Option(help="time per decision for remote bots, ms")] = 5000,
    time_bank_ms: Annotated[int, typer.Option(help="extra time per remote seat and match, ms")] = 30000,
    strike_limit: Annotated[int, typer.Option(help="faults a seat may commit before it forfeits")] = 3,
) -> None:
    """Play one match and print the ranking: built-in bots in process, others over gRPC.

    `cmd:"COMMAND"` spawns a bot process that connects with its own token (ARENA_ADDRESS, ARENA_TOKEN);
    `remote` prints a token and waits for a bot you start by hand: the debug loop for a bot author.
    Without --seed the match gets a secret seed (128 bits from the OS), which no bot is sent; it is
    printed after the match, in --json and in the --replay log, to play the match again.
    """
    from arena.spawn import check_program, parse_bot_spec, play_specs, split_bot_specs
    from engine.core.match import FaultPolicy
    from engine.core.rng import secret_seed
    from engine.referee.clock import TimeControl

    specs = split_bot_specs(bots)
    try:
        info = find_game(game)
        count = players if players is not None else len(specs)
        loaded = load_game(info.id, variant, count, **parse_options(option or []))
        if len(specs) != loaded.players:
            raise fail(f"{loaded.players} seats need {loaded.players} bots, got {len(specs)}: {bots}")
        parsed = [parse_bot_spec(s) for s in specs]
        for p in parsed:
            if p.builtin:
                check_plays(p.builtin, info.id)
            if p.kind == "cmd":
                check_program(p.command)
        if replay_path:
            check_writable(replay_path)
    except (UnknownChoice, ValueError) as exc:
        raise fail(str(exc)) from None
    names = [p.name for p in parsed]
    console = make_console(stop_on_closed_stdout=True)
    errors = Console(stderr=True)
    hooks: MatchHooks = MatchHooks() if (json_out or quiet) else LiveView(console, names)
    is_secret = seed is None
    seed = secret_seed() if seed is None else seed
    if not json_out:
        shown = "secret seed" if is_secret else f"seed {seed}"
        console.print(f"[bold]{loaded.ref.canonical()}[/bold] {shown}: " + ", ".join(names), highlight=False)

    def announce(line: str) -> None:
        (errors if json_out else console).print(line, highlight=False, markup=False, soft_wrap=True)

    record = play_specs(
        loaded,
        parsed,
        seed,
        policy=FaultPolicy(strike_limit=strike_limit),
        hooks=hooks,
        control=TimeControl(deadline_ms=deadline_ms, time_bank_ms=time_bank_ms),
        log=log,
        announce=announce,
    )
    if replay_path:
        try:
            record.log.write(replay_path)
        except OSError as exc:
            raise fail(f"--replay {replay_path}: cannot write ({exc.strerror})") from None
    if json_out:
        out = {
            "game": loaded.ref.to_json(),
            "seed": seed,
            "bots": names,
            **record.result.to_json(),
            "decisions": record.decisions,
            "plies": record.state.ply,
        }
        typer.echo(json.dumps(out))
        return
    if not quiet:
        console.print(record.state.render(), highlight=False, markup=False)
    console.print(result_table(record.result, names))
    console.print(f"{record.decisions} decisions, {record.state.ply} actions, {record.seconds:.2f} s")
    if is_secret:
        line = f"secret seed {seed}: --seed {seed} plays this match again"
        console.print(line, highlight=False, soft_wrap=True)


@app.command()
def render(
    game: Annotated[str, typer.Argument(help="game id or alias")],
    variant: Annotated[str | None, typer.Option(help="variant id")] = None,
    players: Annotated[int | None, typer.Option(help="number of seats")] = None,
    seed: Annotated[int, typer.Option(help="match seed (the board of a random layout comes from it)")] = 1,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="variant option KEY=VALUE")
    ] = None,
    notation: Annotated[bool, typer.Option(help="also print the compact state notation")] = False,
) -> None:
    """Print the opening position of a match: the board with its hex, corner and edge ids."""
    try:
        loaded = load_game(game, variant, players, **parse_options(option or []))
    except UnknownChoice as exc:
        raise fail(str(exc)) from None
    state = loaded.new_state(seed)
    console = make_console()
    console.print(f"{loaded.ref.canonical()} seed {seed}", highlight=False, markup=False)
    console.print(state.render(), highlight=False, markup=False)
    if notation:
        console.print(state.to_text(), highlight=False, markup=False, soft_wrap=True)


def _mount() -> None:
    from arena.cli import ladder, replay, run, serve, sprt

    run.register(app, fail)
    sprt.register(app, fail)
    ladder.register(app, fail)
    replay.register(app, fail)
    serve.register(app)


_mount()


def main() -> None:
    """Entry point of the ``arena`` console script."""
    try:
        app()
    except UnknownChoice as exc:  # pragma: no cover - commands catch their own
        Console(stderr=True).print(f"error: {exc}")
        sys.exit(2)
    except StdoutClosed:  # `arena play ... | head`: the exit status of a process ended by SIGPIPE
        sys.exit(128 + signal.SIGPIPE)


if __name__ == "__main__":
    main()
