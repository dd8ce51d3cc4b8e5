"""``arena replay MATCH_ID|LOG``: a stored match move by move, or the position at one ply."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from arena.cli.ladder import DB_HELP
from arena.report import make_console
from engine.core.replay import ReplayDivergence, ReplayLog
from ladders.store import Store, StoreError

PLY_HELP = "show the position at this ply (after this many actions) instead of every move"
SEAT_HELP = (
    "what this seat saw: other seats' actions as 'acts' with the events it saw under them (an action's text"
    " may hold what it may not see); with --ply its view, legal actions and answer"
)

BOT_HELP = (
    "with --ply and --seat: ask this bot (py:FILE.py:Class or a built-in) the seat's decision there again,"
    " from the same view; it prints the answer and whether it is legal, or the whole traceback"
)


def find_log(match: str, db: str, fail: Any) -> Path:
    """The replay log of ``match``: a path, or a match id looked up in the ladder database ``db``."""
    path = Path(match)
    if path.is_file():
        return path
    if "://" not in db and not Path(db).is_file():  # a URL: the store says what is wrong with it
        raise fail(f"{db}: no ladder database here, and {match!r} is not a replay file")
    try:
        with Store(db, create=False) as store:
            record = store.match(match)
            found = None if record is None else store.replay_file(record.replay)
    except StoreError as exc:
        raise fail(str(exc)) from None
    if record is None:
        raise fail(f"no match {match!r} in {db}")
    if found is None:
        raise fail(f"match {match!r} has no replay log on disk ({record.replay or 'none recorded'})")
    return found


def read_log(path: Path, fail: Any) -> ReplayLog:
    from arena.replay_view import load

    try:
        return load(path)
    except (ValueError, ReplayDivergence, OSError) as exc:
        raise fail(f"{path}: {exc}") from None


def register(app: typer.Typer, fail: Any) -> None:
    @app.command()
    def replay(
        match: Annotated[
            str, typer.Argument(help="a match id from the database, or the path of a replay log")
        ],
        db: Annotated[str, typer.Option(help=DB_HELP)] = "arena.sqlite",
        ply: Annotated[int | None, typer.Option(help=PLY_HELP)] = None,
        seat: Annotated[int | None, typer.Option(help=SEAT_HELP)] = None,
        boards: Annotated[bool, typer.Option(help="render the board after every action")] = False,
        bot: Annotated[str | None, typer.Option(help=BOT_HELP)] = None,
    ) -> None:
        """Print a stored match move by move (actions with their ply and turn, events, faults and
        forfeits where they happened, the final board), or with --ply N the position at ply N; with
        --bot SPEC also ask that bot the seat's decision there again."""
        from arena.replay_view import ask_again, moves, position

        if bot is not None and (ply is None or seat is None):
            raise fail("--bot asks a bot one decision again: give the position with --ply N and --seat S")

        log = read_log(find_log(match, db, fail), fail)
        if seat is not None and not 0 <= seat < log.ref.players:
            raise fail(f"--seat {seat}: the match has seats 0 to {log.ref.players - 1}")
        from arena.replay_view import header_line

        console = make_console()
        try:
            lines = list(
                moves(log, seat=seat, boards=boards) if ply is None else position(log, ply, seat=seat)
            )
            if bot is not None and ply is not None and seat is not None:
                lines += ask_again(log, ply, seat, bot)
        except (ValueError, ReplayDivergence) as exc:
            raise fail(str(exc)) from None
        console.print(header_line(log), highlight=False, soft_wrap=True)
        for line in lines:
            console.print(line, highlight=False, soft_wrap=True)
