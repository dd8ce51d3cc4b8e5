"""``arena ladder list`` and ``arena ladder show``: standings from the ladder database."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from arena.report import fault_counts, ladder_rows, ladder_table, make_console, seats_table
from ladders.elo import live_elo
from ladders.fit import describe, fit_ladder
from ladders.store import Store, StoreError

ladder_app = typer.Typer(
    help="Ladders: one per game variant, player count and options.", no_args_is_help=True
)
_fail: Any = None

DB_HELP = "ladder database (SQLite)"


def register(app: typer.Typer, fail: Any) -> None:
    global _fail
    _fail = fail
    app.add_typer(ladder_app, name="ladder")


def open_store(db: str) -> Store:
    """Open an existing ladder database; a missing, corrupt or foreign file is a one-line error."""
    if not Path(db).is_file():
        raise _fail(f"{db}: no ladder database here (run `arena run ... --db {db}` first)")
    try:
        return Store(db)
    except StoreError as exc:
        raise _fail(str(exc)) from None


@ladder_app.command("list")
def list_ladders(
    db: Annotated[str, typer.Option(help=DB_HELP)] = "arena.sqlite",
    json_out: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """List the ladders in a database."""
    with open_store(db) as store:
        ladders = store.ladders()
    if json_out:
        rows = [
            {
                "ladder": s.ladder,
                "variant": s.variant,
                "matches": s.matches,
                "bots": s.bots,
                "last": s.last_finished,
            }
            for s in ladders
        ]
        typer.echo(json.dumps(rows, indent=2))
        return
    table = Table(title=f"Ladders in {db}")
    for col in ("ladder", "matches", "bots", "last match"):
        table.add_column(col)
    for s in ladders:
        table.add_row(s.ladder, str(s.matches), str(s.bots), s.last_finished)
    make_console().print(table)


@ladder_app.command("show")
def show(
    variant: Annotated[str, typer.Argument(help="ladder key, or a prefix such as puerto-rico/base or base")],
    db: Annotated[str, typer.Option(help=DB_HELP)] = "arena.sqlite",
    json_out: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    csv_out: Annotated[bool, typer.Option("--csv", help="print CSV")] = False,
    samples: Annotated[int, typer.Option(help="bootstrap resamples for the intervals")] = 200,
) -> None:
    """Show the standings of one ladder: fitted Elo with 95 % intervals, live Elo, and seat advantages."""
    with open_store(db) as store:
        keys = [s.ladder for s in store.ladders()]
        ladder = pick_ladder(variant, keys)
        rated = store.rated_matches(ladder)
        faults = fault_counts(store.ladder_matches(ladder))
    standings = fit_ladder(rated, samples=samples) if rated else None
    rows = ladder_rows(standings, live_elo(rated), describe(rated), faults)
    seats = [
        {"seat": s.seat, "elo": round(s.elo, 1), "low": round(s.low, 1), "high": round(s.high, 1)}
        for s in (standings.seats if standings else ())
    ]
    if json_out:
        typer.echo(
            json.dumps({"ladder": ladder, "matches": len(rated), "bots": rows, "seats": seats}, indent=2)
        )
        return
    if csv_out:
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=list(rows[0]) if rows else ["bot"], lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        typer.echo(out.getvalue(), nl=False)
        return
    console = make_console()
    console.print(f"[bold]Ladder[/bold] {ladder}", highlight=False)
    console.print(ladder_table(f"{len(rated)} matches", rows))
    if standings:
        console.print(seats_table(standings))


def pick_ladder(wanted: str, keys: list[str]) -> str:
    if wanted in keys:
        return wanted
    hits = [k for k in keys if k.startswith(wanted) or k.split("/", 1)[-1].startswith(wanted)]
    if len(hits) == 1:
        return hits[0]
    if not hits:
        raise _fail(f"no ladder matches {wanted!r}; ladders: {', '.join(keys) or 'none'}")
    raise _fail(f"{wanted!r} matches {len(hits)} ladders, name one: {', '.join(hits)}")
