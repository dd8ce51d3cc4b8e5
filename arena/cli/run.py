"""``arena run``: a tournament from a TOML definition or flags, with live progress and standings."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

from arena.cli.ladder import DB_HELP
from arena.config import ConfigError, TournamentConfig
from arena.config_loading import from_mapping, load_toml
from arena.ladder_report import ladder_view, print_ladder
from arena.report import make_console, not_played_line
from arena.run_progress import PlainProgress, Tracker, live_progress
from engine.core.visible import visible
from ladders.store import Store, StoreError

if TYPE_CHECKING:
    from arena.runner import Progress as RunProgress
    from arena.runner import RunSummary


def register(app: typer.Typer, fail: Any) -> None:
    @app.command()
    def run(
        config_file: Annotated[str | None, typer.Argument(help="tournament definition (TOML)")] = None,
        game: Annotated[str | None, typer.Option(help="game id or alias")] = None,
        variant: Annotated[str | None, typer.Option(help="variant id")] = None,
        players: Annotated[int | None, typer.Option(help="seats per match")] = None,
        bots: Annotated[
            str | None,
            typer.Option(
                help="comma-separated bots: built-in names, grpc:NAME, catanatron:NAME or cmd:COMMAND"
            ),
        ] = None,
        pods: Annotated[
            int | None,
            typer.Option(
                help="rounds: every table is played this many times (adaptive: as many pods at most)"
            ),
        ] = None,
        workers: Annotated[int | None, typer.Option(help="worker processes (default: one per core)")] = None,
        seed: Annotated[
            int | None, typer.Option(help="tournament seed (default: a secret seed, kept in the database)")
        ] = None,
        seeding: Annotated[
            str | None,
            typer.Option(help="duplicate: a pod's rotations share its seed; independent: one seed each"),
        ] = None,
        schedule: Annotated[
            str | None,
            typer.Option(
                help="round-robin (every table in turn) or adaptive (the tables that most settle the ranking)"
            ),
        ] = None,
        confidence: Annotated[
            float | None,
            typer.Option(help="adaptive: stop once every pair of neighbours is settled at this probability"),
        ] = None,
        balance: Annotated[
            int | None, typer.Option(help="adaptive: every bot within this many pods of every other (2)")
        ] = None,
        db: Annotated[str | None, typer.Option(help=DB_HELP)] = None,
        deadline_ms: Annotated[int | None, typer.Option(help="time per decision, ms")] = None,
        time_bank_ms: Annotated[int | None, typer.Option(help="extra time per match, ms")] = None,
        strike_limit: Annotated[int | None, typer.Option(help="faults before a seat forfeits")] = None,
        option: Annotated[
            list[str] | None, typer.Option("--option", "-o", help="variant option KEY=VALUE")
        ] = None,
        listen: Annotated[
            str | None, typer.Option(help="HOST:PORT of the referee for remote:NAME bots (bot keys)")
        ] = None,
        backend: Annotated[
            str | None, typer.Option(help="local: a process pool on this machine (default); ray: Ray tasks")
        ] = None,
        ray_address: Annotated[
            str | None,
            typer.Option(help="with --backend ray: the cluster's HOST:PORT (default: a Ray instance here)"),
        ] = None,
        no_viewer: Annotated[
            bool, typer.Option("--no-viewer", help="write no viewer data beside the replay logs")
        ] = False,
        quiet: Annotated[bool, typer.Option("--quiet", "-q", help="no live view")] = False,
    ) -> None:
        """Play a tournament (a round robin, or the adaptive schedule), commit every result at once, and
        print the ladder.

        Run it again with the same definition and database to resume: finished matches are skipped.
        """
        from arena.cli import parse_options

        time_flags = {
            k: v for k, v in (("deadline_ms", deadline_ms), ("time_bank_ms", time_bank_ms)) if v is not None
        }
        flags: dict[str, Any] = {
            "game": game,
            "variant": variant,
            "players": players,
            "bots": bots,
            "rounds": pods,
            "workers": workers,
            "seed": seed,
            "seeding": seeding,
            "schedule": schedule,
            "confidence": confidence,
            "balance": balance,
            "db": db,
            "listen": listen,
            "options": parse_options(option) if option else None,
            "time": time_flags or None,
            "faults": None if strike_limit is None else {"strike_limit": strike_limit},
            "backend": backend,
            "ray": None if ray_address is None else {"address": ray_address},
            "viewer": False if no_viewer else None,
        }
        try:
            if config_file:
                config = load_toml(config_file, flags)
            else:
                config = from_mapping({k: v for k, v in flags.items() if v is not None})
            check_commands(config)
            if ray_address is not None and config.backend != "ray":
                raise ConfigError("--ray-address joins a Ray cluster: it needs --backend ray")
            if config.backend == "ray":
                from arena.ray_backend import require_ray

                require_ray(config.ray_address)
        except ConfigError as exc:
            raise fail(str(exc)) from None
        console = make_console()
        if config.name:
            console.print(
                f"tournament {visible(config.name)}: {config.game}/{config.variant} with {config.players}"
                f" seats, {len(config.bots)} bots, {config.rounds} round{'s' if config.rounds != 1 else ''}",
                highlight=False,
                markup=False,
                soft_wrap=True,
            )
        notice = seeding_notice(config)
        if notice:
            console.print(notice, highlight=False, markup=False, soft_wrap=True)
        tracker = Tracker()
        try:
            summary = play(config, quiet, tracker)
        except (StoreError, OSError) as exc:  # OSError: --listen cannot be listened on, Ray cannot be joined
            from arena.ray_backend import ClusterLost  # imports no Ray

            if isinstance(exc, ClusterLost):  # what is stored, and how to go on
                kept = tracker.interrupted_line(stored_matches(config.db)).removeprefix("interrupted: ")
                raise fail(f"{exc}: {kept}") from None
            if tracker.last is not None and tracker.last.done:  # what it stored stays
                raise fail(f"{exc}; the run stopped: run the same command again to resume") from None
            raise fail(str(exc)) from None
        except KeyboardInterrupt:
            line = tracker.interrupted_line(stored_matches(config.db))
            console.print(line, highlight=False, markup=False, soft_wrap=True)
            raise typer.Exit(130) from None  # main() says 143 when SIGTERM was the cause
        if summary.failed:
            for line in summary.failed[:10]:
                console.print(not_played_line(line), highlight=False)
        show_ladder(console, config.db, summary)
        if summary.note:
            console.print(summary.note, highlight=False, markup=False, soft_wrap=True)
        titled = f"{config.name}: " if config.name else ""
        console.print(
            visible(
                f"{titled}{summary.played} played, {summary.skipped} already done, {len(summary.failed)} "
                f"failed, {summary.total} scheduled; {summary.seconds:.1f} s. Database: {config.db}"
            ),
            highlight=False,
            markup=False,
            soft_wrap=True,
        )
        if summary.failed:
            raise typer.Exit(1)


def seeding_notice(config: TournamentConfig) -> str:
    """One line for a host whose duplicate-seeded tournament seats bots that it does not run itself."""
    if config.seeding != "duplicate" or not any(b.kind in ("cmd", "remote") for b in config.bots):
        return ""
    return (
        "note: duplicate seeding deals a pod's board and dice again in every rotation, which a cmd: or"
        " remote: bot can remember; --seeding independent gives each rotation its own seed (docs/ladders.md)"
    )


def check_commands(config: TournamentConfig) -> None:
    """A bot that cannot play the tournament's game on this machine fails before any match starts
    (:func:`arena.bot_specs.check_start`: a ``py:`` class that cannot be made and started, a ``cmd:``
    command that cannot be parsed as the runner will parse it or whose program or script is missing, a
    ``catanatron:`` player its bridge cannot seat)."""
    from arena.bot_specs import check_start
    from arena.match_play import game_of
    from arena.spawn import parse_bot_spec

    game = None
    for bot in config.bots:
        if bot.kind == "cmd":
            try:
                words = parse_bot_spec(bot.spec).command if bot.command else ()
            except ValueError as exc:  # unbalanced quotes
                raise ConfigError(f"bot {bot.spec!r}: cannot parse the command: {exc}") from None
            if not words or not words[0]:
                raise ConfigError(f"bot {bot.spec!r}: empty command")
        elif bot.kind not in ("bridge", "py") and not bot.spec.startswith("grpc:py:"):
            continue
        game = game or game_of(config)
        try:
            check_start(bot, game)
        except ValueError as exc:
            if bot.kind == "cmd":
                raise ConfigError(f"bot {bot.name!r}: {exc}") from None
            named = bot.label and bot.kind != "bridge"
            raise ConfigError(f"{bot.label}: {exc}" if named else str(exc)) from None


def stored_matches(db: str) -> Callable[[str], int]:
    """Counts a tournament's matches in the database ``db`` (read when a run is interrupted)."""

    def count(tournament: str) -> int:
        from ladders.store import Store

        with Store(db, create=False) as store:
            return len(store.finished_match_ids(tournament))

    return count


def play(config: TournamentConfig, quiet: bool, tracker: Tracker) -> Any:
    from arena.runner import run_tournament  # numpy and process pools: only when a run starts

    console = make_console()

    def say(line: str) -> None:
        console.print(line, highlight=False, markup=False, soft_wrap=True)

    def track(report: Callable[[RunProgress], None] | None) -> Callable[[RunProgress], None]:
        def update(p: RunProgress) -> None:
            tracker.last = p
            if report is not None:
                report(p)

        return update

    if quiet:
        return run_tournament(config, on_progress=track(None), announce=say)
    if not console.is_terminal:
        return run_tournament(config, on_progress=track(PlainProgress(say)), announce=say)
    title = visible(config.name) or f"{config.game}/{config.variant} p{config.players}"
    with live_progress(console, title) as update:
        return run_tournament(config, on_progress=track(update), announce=say)


def show_ladder(console: Console, db: str, summary: RunSummary) -> None:
    """The ladder the run played on, with the fit the run computed at its end."""
    with Store(db) as store:
        records = store.ladder_matches(summary.ladder)
    view = ladder_view(summary.ladder, records, standings=summary.standings)
    if not view.matches:
        console.print(f"no rated matches yet on {summary.ladder}")
        return
    print_ladder(console, view)
