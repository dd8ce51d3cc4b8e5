"""The ``arena`` command line: one root Typer app, thin commands over library functions."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer
from rich.console import Console

from arena.report import LiveView, games_table, result_table
from bots.builtin import make_bot
from engine.core.errors import UnknownChoice
from engine.core.match import MatchHooks, play_match
from engine.core.registry import find_game, list_games, load_game

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
                        "description": v.description,
                    }
                    for v in g.variants
                ],
            }
            for g in infos
        ]
        typer.echo(json.dumps(rows, indent=2))
        return
    Console().print(games_table(infos))


def parse_options(pairs: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise fail(f"--option takes KEY=VALUE, got {pair!r}")
        options[key.strip()] = value.strip()
    return options


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="game id or alias, see `arena games`")],
    bots: Annotated[
        str, typer.Option("--bots", help="comma-separated bot per seat, e.g. random,random,first")
    ],
    variant: Annotated[str | None, typer.Option(help="variant id (default: the game's first)")] = None,
    players: Annotated[int | None, typer.Option(help="number of seats (default: number of bots)")] = None,
    seed: Annotated[int, typer.Option(help="match seed: same seed, same match")] = 1,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="variant option KEY=VALUE")
    ] = None,
    json_out: Annotated[
        bool, typer.Option("--json", help="print only the result as one JSON object")
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="no live view, only the result")] = False,
    replay_path: Annotated[str | None, typer.Option("--replay", help="write the replay log here")] = None,
    strike_limit: Annotated[int, typer.Option(help="faults a seat may commit before it forfeits")] = 3,
) -> None:
    """Play one match in process and print the ranking."""
    from engine.core.match import FaultPolicy

    names = [b.strip() for b in bots.split(",") if b.strip()]
    try:
        info = find_game(game)
        count = players if players is not None else len(names)
        loaded = load_game(info.id, variant, count, **parse_options(option or []))
        if len(names) != loaded.players:
            raise fail(f"{loaded.players} seats need {loaded.players} bots, got {len(names)}: {bots}")
        seated = [make_bot(name, info.id, seat, seed) for seat, name in enumerate(names)]
    except UnknownChoice as exc:
        raise fail(str(exc)) from None
    console = Console()
    hooks: MatchHooks = MatchHooks() if (json_out or quiet) else LiveView(console, names)
    if not json_out:
        console.print(f"[bold]{loaded.ref.canonical()}[/bold] seed {seed}: " + ", ".join(names))
    record = play_match(
        loaded, seated, seed, seat_names=names, hooks=hooks, policy=FaultPolicy(strike_limit=strike_limit)
    )
    if replay_path:
        record.log.write(replay_path)
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
    render = getattr(record.state, "render", None)
    if render is not None and not quiet:
        console.print(render(), highlight=False, markup=False)
    console.print(result_table(record.result, names))
    console.print(f"{record.decisions} decisions, {record.state.ply} actions, {record.seconds:.2f} s")


def _mount() -> None:
    from arena.cli import ladder, replay, run

    run.register(app, fail)
    ladder.register(app, fail)
    replay.register(app, fail)


_mount()


def main() -> None:
    """Entry point of the ``arena`` console script."""
    try:
        app()
    except UnknownChoice as exc:  # pragma: no cover - commands catch their own
        Console(stderr=True).print(f"error: {exc}")
        sys.exit(2)


if __name__ == "__main__":
    main()
