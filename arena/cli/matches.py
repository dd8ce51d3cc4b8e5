"""``arena matches``: the stored matches of a ladder database, as a table or JSON."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from arena.cli.ladder import DB_HELP
from arena.fault_report import match_faults_brief
from arena.report import make_console, plain
from arena.web.names import plural
from engine.core.visible import visible_json


def short_ladder(key: str) -> str:
    """``puerto-rico/base p4`` for ``puerto-rico/base@1(players=4,...)``."""
    head, _, options = key.partition("(")
    players = next((o.split("=")[1] for o in options.rstrip(")").split(",") if o.startswith("players=")), "")
    return head.split("@")[0] + (f" p{players}" if players else "")


def match_json(record: Any) -> dict[str, Any]:
    return {
        "match": record.match_id,
        "tournament": record.tournament_id,
        "ladder": record.ladder,
        "seed": record.seed,
        "pod": record.pod_index,
        "rotation": record.rotation,
        "bots": list(record.bots),
        "labels": list(record.labels),
        "places": list(record.places),
        "scores": list(record.scores),
        "termination": record.termination,
        "faults": list(record.faults),
        "forfeits": list(record.forfeits),
        "replay": record.replay,
        "started": record.started,
        "finished": record.finished,
        "seconds": round(record.seconds, 3),
    }


def register(app: typer.Typer, fail: Any) -> None:
    @app.command("matches")
    def matches(
        db: Annotated[str, typer.Option(help=DB_HELP)] = "arena.sqlite",
        bot: Annotated[
            str | None, typer.Option(help="only matches this bot (a ladder name) played in")
        ] = None,
        ladder: Annotated[
            str | None,
            typer.Option(help="only this ladder: a key or a prefix such as pr or puerto-rico/base"),
        ] = None,
        limit: Annotated[int, typer.Option(help="only the last N matches (0: all)", min=0)] = 0,
        json_out: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    ) -> None:
        """List stored matches, oldest first: id, ladder, each seat's place and bot, how it ended, faults."""
        from arena.cli.ladder import open_store, pick_ladder

        with open_store(db) as store:
            key = pick_ladder(ladder, [s.ladder for s in store.ladders()]) if ladder else None
            if bot is not None and bot not in {b for s in store.ladders() for b in s.bots}:
                raise fail(
                    f"no stored match has a bot named {bot!r} (arena ladder list --db {db} names them)"
                )
            records = store.matches(ladder=key, bot=bot)
        shown = records[-limit:] if limit else records
        if json_out:
            typer.echo(visible_json(json.dumps([match_json(r) for r in shown], indent=2, ensure_ascii=False)))
            return
        more = f", the last {len(shown)} shown" if len(shown) < len(records) else ""
        ladders = {r.ladder for r in shown}
        where = f" on {short_ladder(next(iter(ladders)))}" if len(ladders) == 1 else ""
        table = Table(title=plain(f"{plural(len(records), 'match')}{where} in {db}{more}"))
        columns = ["match", "finished", *(["ladder"] if len(ladders) > 1 else []), "place: bot, by seat"]
        for name in [*columns, "end", "faults", "s"]:
            fold = name in ("place: bot, by seat", "faults")
            table.add_column(
                name, justify="right" if name == "s" else "left", no_wrap=not fold, overflow="fold"
            )
        for r in shown:
            # a seat a line: "place: bot", in seat order (each line shown inertly)
            seats = Text("\n").join(
                plain(f"{p}: {label}") for p, label in zip(r.places, r.labels, strict=True)
            )
            table.add_row(
                r.match_id,
                r.finished[5:19].replace("T", " "),
                *([short_ladder(r.ladder)] if len(ladders) > 1 else []),
                seats,
                r.termination,
                match_faults_brief(r.faults, r.forfeits),
                f"{r.seconds:.1f}",
            )
        make_console().print(table)
        if any(r.faults for r in shown):
            typer.echo("arena replay MATCH shows each fault where it happened; --json has the messages")
