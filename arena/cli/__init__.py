"""The ``arena`` command line: one root Typer app, thin commands over library functions."""

from __future__ import annotations

import json
import signal
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from arena.cli import interrupts
from arena.cli.groups import CommandGroup
from arena.human import Hooks, HumanSeat, Lines
from arena.report import LiveView, StdoutClosed, first_faults, games_table, make_console, result_table, shown
from arena.wirelog import LOG_FULL_HELP, LOG_HELP
from bots.builtin import check_plays, params_text
from engine.core.errors import UnknownChoice
from engine.core.match import MatchHooks
from engine.core.registry import VariantInfo
from engine.registry import find_game, list_games, load_game

REMOTE_WAIT_S = 300.0
"""How long ``arena play`` waits for a ``remote`` seat's bot, which its author starts by hand."""


class ArenaGroup(CommandGroup):
    """The root command group; it reads ``--log=full`` and ``--log=short`` (see :func:`log_forms`)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        return super().parse_args(ctx, log_forms(args))


def log_forms(args: list[str]) -> list[str]:
    """``--log`` is a flag (the short log); ``--log=full`` asks for the full one.

    Design detail: typer has no option whose value may be left out, so ``--log=full`` is read as the
    hidden flag ``--log-full`` and ``--log=short`` as ``--log``; any other value is a one-line error.
    Arguments after ``--`` are not touched.
    """
    out: list[str] = []
    for i, arg in enumerate(args):
        if arg == "--":
            return out + args[i:]
        if arg.startswith("--log=") and arg not in ("--log=full", "--log=short"):
            raise fail(f"{arg}: the wire log is --log (one line per message) or --log=full")
        out.append({"--log=full": "--log-full", "--log=short": "--log"}.get(arg, arg))
    return out


app = typer.Typer(
    name="arena",
    cls=ArenaGroup,
    help="Referee, tournaments and ladders for board-game AIs.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def join_wait(wait: float | None, has_remote: bool) -> float:
    """Seconds a match of ``arena play`` waits for its bots over gRPC to connect: ``--wait``, or
    :data:`REMOTE_WAIT_S` when a seat waits for a bot started by hand, or the referee's default."""
    from engine.referee.clock import TimeControl

    if wait is not None:
        return wait
    return REMOTE_WAIT_S if has_remote else TimeControl().join_timeout_s


def fail(message: str) -> typer.Exit:
    """Print a one-line error and return the exit to raise (code 2: bad usage)."""
    make_console(stderr=True).print(f"[red]error:[/red] {shown(message)}", highlight=False)
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


BOTS_HELP = (
    "bot per seat, comma-separated: a built-in name, py:FILE.py:Class (your own class, in process),"
    ' grpc:NAME (grpc:py:... too), cmd:"COMMAND", remote or human (NAME=SPEC names one);'
    " a built-in name takes parameters as :KEY=VALUE, e.g."
    f" mcts:iterations=400:rollout=catan-greedy ({params_text('mcts')});"
    " catanatron:NAME seats one of catanatron's players through its bridge (make catanatron-bridge),"
    " e.g. catanatron:victory-point"
)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="game id or alias, see `arena games`")],
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help=BOTS_HELP,
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
    log: Annotated[bool, typer.Option("--log", help=LOG_HELP)] = False,
    log_full: Annotated[bool, typer.Option("--log-full", help=LOG_FULL_HELP, hidden=True)] = False,
    deadline_ms: Annotated[int, typer.Option(help="time per decision for remote bots, ms")] = 5000,
    time_bank_ms: Annotated[int, typer.Option(help="extra time per remote seat and match, ms")] = 30000,
    strike_limit: Annotated[int, typer.Option(help="faults a seat may commit before it forfeits")] = 3,
    wait: Annotated[
        float | None,
        typer.Option(
            help="seconds the match waits for its bots over gRPC to connect before it starts"
            f" (default: {REMOTE_WAIT_S:g} with a remote seat, else the referee's own, 30)",
            min=0,
        ),
    ] = None,
    human_clock: Annotated[
        int | None, typer.Option(help="time per decision of a human seat, ms (default: no clock)", min=1)
    ] = None,
    open_view: Annotated[
        bool, typer.Option("--view", help="open the match in the replay viewer (a web page) when it ends")
    ] = False,
    view_dir: Annotated[
        str | None,
        typer.Option(help="with --view: folder for the viewer's page (default: a new temporary one)"),
    ] = None,
    bot_logs: Annotated[
        str | None,
        typer.Option(
            help="folder for the output of spawned bots, kept (default: a temporary folder, removed after"
            " the match unless a spawned bot faulted)"
        ),
    ] = None,
) -> None:
    """Play one match and print the ranking: built-in bots in process, others over gRPC.

    - `cmd:"COMMAND"` spawns a bot process that connects with its own token (ARENA_ADDRESS,
      ARENA_TOKEN).
    - `remote` prints a token and waits for a bot you start by hand (--wait): the debug loop for a bot
      author.
    - `human` plays a seat from the terminal: type an action's number or its text.

    Without --seed the match gets a secret seed (128 bits from the OS), which no bot is sent; it is
    printed after the match, in --json and in the --replay log, to play the match again.
    """
    from arena.bridges import check_bridge
    from arena.config import TimeControl as ClockFlags
    from arena.spawn import check_program, parse_bot_spec, play_specs, split_bot_specs
    from bots.pyclass import check_py_start
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
            if p.bridged:
                check_bridge(p.bridged, info.id, loaded.ref.variant, loaded.players)
            if p.kind == "cmd":
                check_program(p.command)
        for code in dict.fromkeys(p.code for p in parsed if p.code):  # py: and grpc:py:, once each
            check_py_start(code, loaded)
        if replay_path:
            check_writable(replay_path)
        clocks = ClockFlags(deadline_ms=deadline_ms, time_bank_ms=time_bank_ms).problem(flags=True)
        if clocks is not None:
            raise fail(clocks)
    except (UnknownChoice, ValueError) as exc:
        raise fail(str(exc)) from None
    names = [p.name for p in parsed]
    console = make_console()
    errors = make_console(stderr=True)
    human_seats = [seat for seat, p in enumerate(parsed) if p.kind == "human"]
    view = None if not human_seats else human_seats[0]  # a human sees the events as its seat does
    hooks: MatchHooks = MatchHooks() if (json_out or quiet) else LiveView(console, names, seat=view)
    lines = Lines()
    humans = {
        s: HumanSeat(loaded, s, errors if json_out else console, lines, clock_ms=human_clock)
        for s in human_seats
    }
    if humans:
        hooks = Hooks([hooks, *humans.values()])
    is_secret = seed is None
    seed = secret_seed() if seed is None else seed
    if not json_out:
        seeded = "secret seed" if is_secret else f"seed {seed}"
        console.print(
            f"[bold]{loaded.ref.canonical()}[/bold] {seeded}: " + shown(", ".join(names)),
            highlight=False,
            soft_wrap=True,
        )

    def announce(line: str) -> None:
        (errors if json_out else console).print(line, highlight=False, markup=False, soft_wrap=True)

    try:
        record = play_specs(
            loaded,
            parsed,
            seed,
            policy=FaultPolicy(strike_limit=strike_limit),
            hooks=hooks,
            control=TimeControl(
                deadline_ms=deadline_ms,
                time_bank_ms=time_bank_ms,
                join_timeout_s=join_wait(wait, any(p.kind == "remote" for p in parsed)),
            ),
            log="full" if log_full else "short" if log else "",
            announce=announce,
            local_bots=humans,
            log_dir=Path(bot_logs) if bot_logs else None,
        )
    finally:
        lines.abandon()
    names = [str(n) for n in record.log.header["seats"]]  # with the names remote bots gave in their hello
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
        if open_view:
            open_viewer(record.log, replay_path, view_dir, announce)
        return
    if not quiet or humans:
        console.print(record.state.render(), highlight=False, markup=False)
    console.print(result_table(record.result, names))
    for line in first_faults(record.result):  # under the table: where each seat's faults began
        console.print(line, highlight=False, markup=False, soft_wrap=True)
    console.print(f"{record.decisions} decisions, {record.state.ply} actions, {record.seconds:.2f} s")
    if is_secret:
        line = f"secret seed {seed}: --seed {seed} plays this match again"
        console.print(line, highlight=False, soft_wrap=True)
    if open_view:
        open_viewer(record.log, replay_path, view_dir, announce)


def open_viewer(log: Any, replay_path: str | None, view_dir: str | None, announce: Any) -> None:
    """Write the viewer's page of a match just played and open it in the browser (or say where it is)."""
    import contextlib
    import tempfile
    import webbrowser

    from arena.web.site import write_match_site

    folder = Path(view_dir) if view_dir else Path(tempfile.mkdtemp(prefix="arena-view-"))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        source = Path(replay_path) if replay_path else folder / "match.jsonl"
        if not replay_path:
            log.write(source)
        page = write_match_site(source, folder)
    except OSError as exc:
        raise fail(f"--view: cannot write the viewer into {folder} ({exc.strerror or exc})") from None
    url = page.resolve().as_uri()
    faults = (log.result or {}).get("faults") or []
    if faults:  # open at the first fault, as its seat saw it
        url += f"#ply={faults[0]['ply']}&seat={faults[0]['seat']}"
    announce(f"replay viewer: {url}")
    with contextlib.suppress(webbrowser.Error):  # no browser here: the line above says where the page is
        webbrowser.open(url)


@app.command()
def render(
    game: Annotated[str | None, typer.Argument(help="game id or alias (not with --replay)")] = None,
    variant: Annotated[str | None, typer.Option(help="variant id")] = None,
    players: Annotated[int | None, typer.Option(help="number of seats")] = None,
    seed: Annotated[int, typer.Option(help="match seed (the board of a random layout comes from it)")] = 1,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="variant option KEY=VALUE")
    ] = None,
    notation: Annotated[bool, typer.Option(help="also print the compact state notation")] = False,
    replay_path: Annotated[
        str | None, typer.Option("--replay", help="draw a position of this replay log (or stored match id)")
    ] = None,
    ply: Annotated[
        int | None, typer.Option(help="with --replay: the position after this many actions")
    ] = None,
    seat: Annotated[int | None, typer.Option(help="with --replay: the position as this seat saw it")] = None,
    db: Annotated[str, typer.Option(help="ladder database, to find a --replay match id")] = "arena.sqlite",
) -> None:
    """Print a position with its legend: the opening of a match, or with --replay LOG --ply N a
    position of a played one. Catan boards show hex and corner ids, and list every edge id."""
    if replay_path is not None:
        from arena.cli.replay import find_log, read_log
        from arena.replay_view import header_line, position

        log = read_log(find_log(replay_path, db, fail), fail)
        if seat is not None and not 0 <= seat < log.ref.players:
            raise fail(f"--seat {seat}: the match has seats 0 to {log.ref.players - 1}")
        try:
            lines = list(position(log, len(log.records) if ply is None else ply, seat=seat, legend=True))
        except ValueError as exc:
            raise fail(str(exc)) from None
        console = make_console()
        console.print(header_line(log), highlight=False, soft_wrap=True)
        for line in lines:
            console.print(line, highlight=False, soft_wrap=True)
        return
    if game is None:
        raise fail("name a game (arena render catan) or a replay log (arena render --replay LOG --ply N)")
    if ply is not None or seat is not None:
        raise fail("--ply and --seat need --replay LOG")
    try:
        loaded = load_game(game, variant, players, **parse_options(option or []))
    except UnknownChoice as exc:
        raise fail(str(exc)) from None
    state = loaded.new_state(seed)
    console = make_console()
    console.print(f"{loaded.ref.canonical()} seed {seed}", highlight=False, markup=False)
    console.print(state.render(), highlight=False, markup=False)
    legend = state.render_legend()
    if legend:
        console.print(legend, highlight=False, markup=False, style="dim")
    if notation:
        console.print(state.to_text(), highlight=False, markup=False, soft_wrap=True)


def _mount() -> None:
    from arena.cli import ladder, league, matches, replay, report, run, serve, sprt

    run.register(app, fail)
    sprt.register(app, fail)
    ladder.register(app, fail)
    matches.register(app, fail)
    replay.register(app, fail)
    report.register(app, fail)
    serve.register(app)
    league.register(app, fail)


_mount()


def main() -> None:
    """Entry point of the ``arena`` console script."""
    interrupts.install()
    try:
        app()
    except SystemExit as exc:  # typer ends a command that Ctrl-C or SIGTERM interrupted with status 130
        if exc.code == 128 + signal.SIGINT:
            sys.exit(interrupts.exit_status())
        raise
    except UnknownChoice as exc:  # pragma: no cover - commands catch their own
        make_console(stderr=True).print(f"error: {exc}", highlight=False, markup=False)
        sys.exit(2)
    except StdoutClosed:  # `arena run ... | head`: the exit status of a process ended by SIGPIPE
        sys.exit(128 + signal.SIGPIPE)
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM in arena play or serve (arena run says what it stored)
        make_console(stderr=True).print("interrupted", highlight=False)
        sys.exit(interrupts.exit_status())


if __name__ == "__main__":
    main()
