"""``arena replay MATCH_ID``: a stored match move by move, with the board at the end."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from arena.report import make_console
from engine.core.replay import ReplayDivergence, ReplayLog
from engine.registry import game_of_log
from ladders.store import Store, StoreError


def register(app: typer.Typer, fail: Any) -> None:
    @app.command()
    def replay(
        match: Annotated[
            str, typer.Argument(help="a match id from the database, or the path of a replay log")
        ],
        db: Annotated[str, typer.Option(help="ladder database (SQLite)")] = "arena.sqlite",
        seat: Annotated[int | None, typer.Option(help="show only what this seat saw")] = None,
        boards: Annotated[bool, typer.Option(help="render the board after every action")] = False,
    ) -> None:
        """Print a stored match move by move: actions, events, and the final board."""
        path = Path(match)
        if not path.is_file():
            if not Path(db).is_file():
                raise fail(f"{db}: no ladder database here, and {match!r} is not a replay file")
            try:
                with Store(db) as store:
                    record = store.match(match)
            except StoreError as exc:
                raise fail(str(exc)) from None
            if record is None:
                raise fail(f"no match {match!r} in {db}")
            if not record.replay or not Path(record.replay).is_file():
                raise fail(f"match {match!r} has no replay log on disk ({record.replay or 'none recorded'})")
            path = Path(record.replay)
        try:
            log = ReplayLog.read(path)
            game = game_of_log(log)
        except (ValueError, ReplayDivergence) as exc:
            raise fail(f"{path}: {exc}") from None
        console = make_console()
        names = log.header.get("seats", [])
        console.print(
            f"[bold]{log.ref.canonical()}[/bold] seed {log.seed}: {', '.join(names)}", highlight=False
        )
        state = game.new_state(log.seed)
        for entry in log.records:
            action = game.parse_action(entry["action"])
            who = int(entry["seat"])
            events = state.apply(who, action)
            console.print(
                f"[dim]{entry['ply']:4d}[/dim] seat {who} ({names[who] if who < len(names) else '?'}): "
                f"[cyan]{action.text()}[/cyan]",
                highlight=False,
            )
            for event in events:
                line = event.text(seat)
                if line:
                    console.print(f"       {line}", highlight=False, markup=False)
            if boards:
                console.print(state.render(), highlight=False, markup=False)
        console.print(state.render(), highlight=False, markup=False)
        if log.result:
            console.print(
                f"result: places {log.result['places']}, scores {log.result['scores']}, "
                f"{log.result['termination']}",
                highlight=False,
            )
