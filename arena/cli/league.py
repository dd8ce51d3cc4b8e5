"""``arena league``: run a standing ladder (``arena league DEFINITION``) and register its bots
(``arena league bot add / remove / rotate-key / version / list``).

Design detail: ``arena league DEFINITION`` and ``arena league bot ...`` share one group. The group
(:class:`LeagueGroup`) reads a first argument that names no subcommand as the definition of the
``run`` command, so the host types the file right after ``league``; ``run`` heads the group's help.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from arena.cli.groups import CommandGroup
from arena.report import make_console

_fail: Any = None


class LeagueGroup(CommandGroup):
    """``arena league FILE ...`` is ``arena league run FILE ...``."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            args = ["run", *args]
        return super().parse_args(ctx, args)

    def list_commands(self, ctx: Any) -> list[str]:
        names: list[str] = super().list_commands(ctx)
        return sorted(names, key=lambda name: name != "run")  # running the league comes first


league_app = typer.Typer(
    cls=LeagueGroup,
    help="A standing ladder: `arena league DEFINITION.toml` (or `arena league run DEFINITION.toml`) runs it;"
    " `arena league bot` registers its bots.",
    no_args_is_help=True,
)
bot_app = typer.Typer(
    cls=CommandGroup,
    help="Register, list and remove a league's bots; rotate their keys.",
    no_args_is_help=True,
)
league_app.add_typer(bot_app, name="bot")

DB_HELP = "the league's database: an SQLite file or postgresql://USER@HOST/DB (default: the definition's db)"
DEF_HELP = "the league's definition (TOML), for its ladders and database"
LadderOpt = Annotated[str, typer.Option("--ladder", "-l", help="the ladder's id in the definition")]
DbOpt = Annotated[str | None, typer.Option("--db", help=DB_HELP)]
DefOpt = Annotated[Path | None, typer.Option("--definition", "-d", help=DEF_HELP)]


def register(app: typer.Typer, fail: Any) -> None:
    global _fail
    _fail = fail
    app.add_typer(league_app, name="league")
    from arena.league.run_cli import run

    league_app.command("run")(run)


@contextmanager
def opened(
    db: str | None, definition: Path | None, *, create: bool = False
) -> Iterator[tuple[Any, dict[str, Any], str]]:
    """The league's tables, its ladders (id -> what the commands need to know of each) and the address
    bots dial; one-line errors for a bad definition or database. Only ``create`` (registering a bot
    with the definition at hand) makes a new database, and checks that the house bots play here."""
    from arena.league.definition import DefinitionError, load_definition
    from engine.core.rng import secret_seed
    from ladders.league_tables import LeagueTables
    from ladders.store import Store, StoreError

    league = None
    try:
        if definition is not None:
            league = load_definition(definition, start_house=create)
            db = db or league.db
        if not db:
            raise _fail("give --db, or --definition with a db = in it")
        if not (create and league is not None) and "://" not in db and not Path(db).is_file():
            raise _fail(
                f"{db}: no league database here (register a bot with --definition FILE, or start the league)"
            )
        with Store(db, create=create and league is not None) as store:  # else: an existing one only
            tables = LeagueTables(store, create=league is not None)  # a read of a database adds nothing
            if league is not None:
                for lad in league.ladders:
                    tables.open_ladder(lad.id, lad.ladder_key, lad.stored(), (secret_seed(), secret_seed()))
            known = {row.id: row.definition for row in tables.ladders()}
            yield tables, known, league.listen if league is not None else "HOST:PORT"
    except (DefinitionError, StoreError) as exc:
        raise _fail(str(exc)) from None


def _ladder(known: dict[str, Any], ladder: str) -> dict[str, Any]:
    if ladder not in known:
        valid = ", ".join(sorted(known)) or "none recorded in this database yet: give --definition FILE"
        raise _fail(f"no ladder {ladder!r}; ladders: {valid}")
    found: dict[str, Any] = known[ladder]
    return found


def _house(stored: dict[str, Any]) -> list[str]:
    return [h["name"] if isinstance(h, dict) else str(h) for h in stored.get("house", [])]


@bot_app.command("add")
def bot_add(
    name: Annotated[str, typer.Argument(help="the bot's name on the ladder")],
    ladder: LadderOpt,
    version: Annotated[
        str, typer.Option(help="its first version (default 1; a hello may declare others)")
    ] = "",
    db: DbOpt = None,
    definition: DefOpt = None,
    json_out: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Register a bot and print its key, once: only a hash of it is stored."""
    from arena.league.registry import add_bot, visible
    from ladders.sql import StoreError

    with opened(db, definition, create=True) as (tables, known, address):
        stored = _ladder(known, ladder)
        try:
            key = add_bot(tables, ladder, _house(stored), name, version)
        except (ValueError, StoreError) as exc:
            raise _fail(str(exc)) from None
        entry = tables.bots(ladder)
        current = next(b.version for b in entry if b.name == name)
    if json_out:
        typer.echo(json.dumps({"ladder": ladder, "name": name, "version": current, "key": key}))
        return
    typer.echo(
        f"registered {visible(name)} on ladder {ladder}, version {current}: placement matches come first"
    )
    typer.echo(f"bot key (printed this once; only its hash is kept): {key}")
    from engine.referee.server import on_every_interface  # gRPC: only when a bot is added

    host, _, port = address.rpartition(":")
    anywhere = on_every_interface(host)  # dial this machine's own address
    dial = f"HOST:{port}" if anywhere else address
    where = " (HOST: this machine's name or address; 127.0.0.1 on this machine)" if anywhere else ""
    typer.echo(
        f"connect: ARENA_ADDRESS={dial} ARENA_BOT_KEY={key} python -m bots random --reconnect{where}\n"
        "  (an SDK bot: bots.sdk.play(bot, address, bot_key=KEY, version=...); docs/protocol.md)"
    )


@bot_app.command("remove")
def bot_remove(name: str, ladder: LadderOpt, db: DbOpt = None, definition: DefOpt = None) -> None:
    """Remove a bot: its key stops working; its matches, versions and ratings stay, marked retired."""
    from ladders.sql import StoreError

    with opened(db, definition) as (tables, known, _):
        _ladder(known, ladder)
        try:
            tables.remove_bot(ladder, name)
        except StoreError as exc:
            raise _fail(str(exc)) from None
    typer.echo(f"removed {name} from ladder {ladder}; its history stays on the ladder, retired")


@bot_app.command("rotate-key")
def bot_rotate(name: str, ladder: LadderOpt, db: DbOpt = None, definition: DefOpt = None) -> None:
    """Give a bot a new key (printed once); the old key is refused from now on."""
    from arena.league.registry import rotate_key
    from ladders.sql import StoreError

    with opened(db, definition) as (tables, known, _):
        _ladder(known, ladder)
        try:
            key = rotate_key(tables, ladder, name)
        except StoreError as exc:
            raise _fail(str(exc)) from None
    typer.echo(f"new bot key for {name} on {ladder} (printed this once; the old key is refused now): {key}")


@bot_app.command("version")
def bot_version(
    name: str,
    version: Annotated[str, typer.Argument(help="the new version")],
    ladder: LadderOpt,
    db: DbOpt = None,
    definition: DefOpt = None,
) -> None:
    """Declare a bot's new version (for bots whose hello sends none): a new entry after placement; the
    previous version is frozen and marked retired."""
    from arena.league.registry import declare_version
    from ladders.sql import StoreError

    with opened(db, definition) as (tables, known, _):
        _ladder(known, ladder)
        try:
            row = declare_version(tables, ladder, name, version)
        except (ValueError, StoreError) as exc:
            raise _fail(str(exc)) from None
    typer.echo(f"{row.entry} is the current version of {name} on {ladder} (placement first)")


@bot_app.command("list")
def bot_list(
    ladder: Annotated[str | None, typer.Option("--ladder", "-l", help="only this ladder")] = None,
    db: DbOpt = None,
    definition: DefOpt = None,
    json_out: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """List the registered bots with their versions and each version's state."""
    with opened(db, definition) as (tables, known, _):
        if ladder is not None:
            _ladder(known, ladder)
        bots = tables.bots(ladder)
        entries = tables.entries(ladder)
    rows = []
    for b in bots:
        versions = [
            {"entry": e.entry, "version": e.version, "state": e.state, "since": e.changed, "note": e.note}
            for e in entries
            if e.ladder == b.ladder and e.name == b.name
        ]
        rows.append(
            {
                "ladder": b.ladder,
                "name": b.name,
                "version": b.version,
                "registered": b.created,
                "removed": b.removed or None,
                "versions": versions,
            }
        )
    if json_out:
        typer.echo(json.dumps(rows, indent=2))
        return
    table = Table(title="League bots")
    for column in ("ladder", "bot", "current", "state", "versions", "registered"):
        table.add_column(column)
    for row in rows:
        current = next((v for v in row["versions"] if v["version"] == row["version"]), None)
        state = "removed" if row["removed"] else (current["state"] if current else "?")
        note = f" ({current['note']})" if current and current["note"] and state != "admitted" else ""
        shown = ", ".join(f"{v['version']}: {v['state']}" for v in row["versions"])
        cells = (row["ladder"], row["name"], row["version"], state + note, shown, row["registered"][:19])
        table.add_row(*(escape(c) for c in cells))
    make_console().print(table)


@league_app.command("fairplay")
def fairplay_report(
    ladder: LadderOpt,
    db: DbOpt = None,
    definition: DefOpt = None,
    alpha: Annotated[
        float, typer.Option(help="chance that an honest ladder reports any pair", min=1e-9, max=0.5)
    ] = 0.01,
    json_out: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Pairs of bots whose results against each other depart from their ratings far more than chance
    allows (a bot losing to a partner on purpose), with the evidence. The host decides what to do."""
    from dataclasses import asdict

    from arena.league.report import fairplay

    with opened(db, definition) as (tables, known, _):
        _ladder(known, ladder)
        row = tables.ladder(ladder)
        pairs = fairplay(tables.store, row.ladder, row.tournament, alpha)
    if json_out:
        typer.echo(json.dumps([asdict(p) for p in pairs], indent=2))
        return
    if not pairs:
        typer.echo(
            f"{ladder}: no suspicious pair (alpha {alpha:g}: an honest ladder reports one this rarely)"
        )
        return
    typer.echo(f"{ladder}: {len(pairs)} suspicious pair{'s' if len(pairs) > 1 else ''} (alpha {alpha:g})")
    for p in pairs:
        typer.echo(f"  {p.text()}")
        shown = ", ".join(p.matches[:8]) + (f" and {len(p.matches) - 8} more" if len(p.matches) > 8 else "")
        typer.echo(f"    shared matches: {shown}")
