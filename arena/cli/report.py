"""``arena report --db FILE --out DIR [--serve]``: the static web site of a ladder database."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer


def register(app: typer.Typer, fail: Any) -> None:
    @app.command("report")
    def report(
        db: Annotated[str, typer.Option(help="ladder database (SQLite)")] = "arena.sqlite",
        out: Annotated[str, typer.Option(help="folder to write the site into")] = "report",
        serve: Annotated[
            bool,
            typer.Option(
                "--serve", help="serve the site on a local port and write it again as matches come in"
            ),
        ] = False,
        host: Annotated[str, typer.Option(help="with --serve: address to listen on")] = "127.0.0.1",
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
        """Write the ladders and matches of a database as a static site (index, a page per ladder with
        standings, plots and head to head, a page per match with the replay viewer); works offline and
        from the file system. Replay data is derived from each match's replay log, again only when the
        log changed."""
        from arena.cli.ladder import open_store
        from arena.web.site import write_report
        from ladders.store import StoreError

        open_store(db).close()  # a missing or corrupt database is a one-line error
        target = Path(out)
        if target.exists() and not target.is_dir():
            raise fail(f"--out {out}: is a file, not a folder")
        if serve:
            from arena.web.serve import serve_forever

            try:
                serve_forever(db, target, host=host, port=port, every=every, say=typer.echo)
            except OSError as exc:
                raise fail(f"--serve: cannot listen on {host}:{port} ({exc.strerror or exc})") from None
            return
        try:
            summary = write_report(db, target, workers=workers)
        except StoreError as exc:
            raise fail(str(exc)) from None
        except OSError as exc:
            raise fail(f"--out {out}: cannot write ({exc.strerror or exc})") from None
        for line in summary.lines():
            typer.echo(line)
        typer.echo(f"open {(target / 'index.html').resolve().as_uri()}")
