"""``arena ladder list`` and ``arena ladder show``: standings from the ladder database."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from arena.cli.groups import CommandGroup
from arena.ladder_report import csv_text, ladder_json, ladder_view, print_ladder
from arena.report import make_console, plain
from engine.core.visible import visible, visible_json
from ladders.store import Store, StoreError

ladder_app = typer.Typer(
    cls=CommandGroup, help="Ladders: one per game variant, player count and options.", no_args_is_help=True
)
_fail: Any = None

DB_HELP = "ladder database: an SQLite file or a postgresql://USER@HOST/DB URL"


def register(app: typer.Typer, fail: Any) -> None:
    global _fail
    _fail = fail
    app.add_typer(ladder_app, name="ladder")


def canonical_game(wanted: str) -> str:
    """``wanted`` with a game alias at its start replaced by the game id (``pr/base`` -> ``puerto-rico/base``),
    after a league's ``placement:`` (``placement:pr`` -> ``placement:puerto-rico``)."""
    from arena.league.pods import PLACEMENT_PREFIX
    from engine.core.errors import UnknownChoice
    from engine.registry import find_game

    if wanted.startswith(PLACEMENT_PREFIX):
        return PLACEMENT_PREFIX + canonical_game(wanted[len(PLACEMENT_PREFIX) :])
    game, sep, rest = wanted.partition("/")
    try:
        return find_game(game).id + sep + rest
    except UnknownChoice:
        return wanted


def open_store(db: str) -> Store:
    """Open an existing ladder database to read it; a missing, empty, corrupt or foreign file is a
    one-line error, and nothing is written to it."""
    if "://" not in db and not Path(db).is_file():  # a URL: the store says what is wrong with it
        raise _fail(f"{db}: no ladder database here (run `arena run ... --db {db}` first)")
    try:
        return Store(db, create=False)
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
    table = Table(title=plain(f"Ladders in {db}"))
    table.add_column("ladder", overflow="fold")
    table.add_column("matches", justify="right")
    table.add_column("bots", overflow="fold")
    table.add_column("last match", no_wrap=True)
    for s in ladders:
        bots = plain(f"{len(s.bots)}: " + ", ".join(visible(b) for b in s.bots))
        table.add_row(key_cell(s.ladder), str(s.matches), bots, s.last_finished[:19].replace("T", " "))
    make_console().print(table)


def key_cell(key: str) -> Text:
    """A ladder's key as a table cell: the game, variant and rules version on a line, then its options
    (dim), a space after each comma so that they wrap between options; ``--json`` gives the key as
    it is, and ``arena ladder show`` takes the first line as a prefix."""
    head, bracket, options = key.partition("(")
    cell = plain(head)
    if bracket:
        cell.append("\n(" + visible(options).replace(",", ", "), style="dim")
    return cell


@ladder_app.command("show")
def show(
    variant: Annotated[
        str,
        typer.Argument(help="ladder key, a prefix such as puerto-rico/base or base, or a league ladder's id"),
    ],
    db: Annotated[str, typer.Option(help=DB_HELP)] = "arena.sqlite",
    json_out: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    csv_out: Annotated[bool, typer.Option("--csv", help="print CSV: a row per bot, then per seat")] = False,
    markdown: Annotated[
        bool, typer.Option("--markdown", help="print Markdown, to paste into a page")
    ] = False,
    anchor: Annotated[
        str | None, typer.Option(help="rate against this bot (at --anchor-rating) instead of the field mean")
    ] = None,
    anchor_rating: Annotated[float, typer.Option(help="rating of the anchor")] = 1500.0,
) -> None:
    """Show the standings of one ladder: posterior Elo with 95 % intervals or one-sided bounds, the
    likelihood of superiority, the prior, why bots faulted, seat advantages, ties and head-to-head."""
    from ladders.league_tables import league_ladder_key

    with open_store(db) as store:
        keys = [s.ladder for s in store.ladders()]
        ladder = pick_ladder(league_ladder_key(store, variant) or variant, keys)  # or a league's id
        records = store.ladder_matches(ladder)
    standings = None
    if anchor is not None:
        from ladders.fit import fit_ladder  # numpy: only when a ladder is fitted

        rated = [m.rated() for m in records if m.is_rated]
        try:
            standings = fit_ladder(rated, anchor_bot=anchor, anchor_rating=anchor_rating)
        except ValueError as exc:
            raise _fail(str(exc)) from None
    view = ladder_view(ladder, records, standings=standings)
    if json_out:
        typer.echo(visible_json(json.dumps(ladder_json(view), indent=2, ensure_ascii=False)))
        return
    if markdown:
        from arena.ladder_markdown import ladder_markdown

        typer.echo(ladder_markdown(view), nl=False)
        return
    if csv_out:
        typer.echo(csv_text(view, cell=visible), nl=False)
        return
    print_ladder(make_console(), view)


def pick_ladder(wanted: str, keys: list[str]) -> str:
    """The ladder key ``wanted`` names: a whole key, or a prefix of one (``puerto-rico/base``) or of its
    variant part (``base``); the game may be named by an alias (``pr``, ``pr/base``)."""
    if wanted in keys:
        return wanted
    wanted = canonical_game(wanted)
    hits = [k for k in keys if k.startswith(wanted) or k.split("/", 1)[-1].startswith(wanted)]
    if len(hits) == 1:
        return hits[0]
    if not hits:
        raise _fail(f"no ladder matches {wanted!r}; ladders: {', '.join(keys) or 'none'}")
    raise _fail(f"{wanted!r} matches {len(hits)} ladders, name one: {', '.join(hits)}")
