"""``arena report --db FILE [--db FILE ...] --out DIR [--serve]``: the web site of ladder databases."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Annotated, Any

import typer

from arena.cli.ladder import DB_HELP


def register(app: typer.Typer, fail: Any) -> None:
    @app.command("report")
    def report(
        db: Annotated[
            list[str] | None,
            typer.Option(help=f"{DB_HELP}; repeat it for one site of several databases"),
        ] = None,
        out: Annotated[
            str, typer.Option(help="folder to write the site into (not the database's)")
        ] = "report",
        serve: Annotated[
            bool,
            typer.Option(
                "--serve",
                help="serve the site over HTTP and write it again as matches come in (Ctrl-C stops)",
            ),
        ] = False,
        host: Annotated[
            str, typer.Option(help="with --serve: address to listen on (loopback unless you mean to publish)")
        ] = "127.0.0.1",
        port: Annotated[
            int, typer.Option(help="with --serve: port (0: any free one)", min=0, max=65535)
        ] = 8000,
        every: Annotated[
            float, typer.Option(help="with --serve: seconds between checks of the database", min=0.2)
        ] = 5.0,
        workers: Annotated[
            int | None,
            typer.Option(help="processes deriving replay data (default: the cores, up to 4)", min=1),
        ] = None,
    ) -> None:
        """Write the ladders and matches of one or more databases as a static web site.

        An index by game, a page per ladder (standings, plots, head to head, its matches), per bot and
        per match (with the replay viewer), standings as CSV and replay logs to download; it works
        offline and from the file system. Replay data is derived from each match's replay log, again
        only when the log changed."""
        from arena.cli.ladder import open_store
        from arena.web.site import SiteError, write_report
        from ladders.store import StoreError

        dbs = db or ["arena.sqlite"]
        for path in dbs:
            if Path(path).is_file() and Path(path).stat().st_size == 0:
                raise fail(f"{path}: an empty file, not a ladder database")
            open_store(path).close()  # a missing or corrupt database is a one-line error
        target = Path(out)
        if target.exists() and not target.is_dir():
            raise fail(f"--out {out}: is a file, not a folder")
        try:
            if serve:
                from arena.web.serve import serve_forever

                with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C is how serving ends
                    serve_forever(dbs, target, host=host, port=port, every=every, say=typer.echo)
                return
            summary = write_report(dbs, target, workers=workers)
        except (StoreError, SiteError) as exc:
            raise fail(str(exc)) from None
        except OSError as exc:
            raise fail(f"--out {out}: cannot write ({exc.strerror or exc})") from None
        for line in summary.lines():
            typer.echo(line)
        typer.echo(f"open {(target / 'index.html').resolve().as_uri()}")
