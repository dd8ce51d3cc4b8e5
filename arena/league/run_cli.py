"""``arena league DEFINITION``: start the host (referee, matchmaker, refits, live site) and run it
until Ctrl-C or SIGTERM."""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from pathlib import Path
from typing import Annotated, Any

import typer


def run(
    definition: Annotated[Path, typer.Argument(help="the league's definition (TOML)")],
    db: Annotated[
        str | None,
        typer.Option(help="database: an SQLite file or postgresql://... (default: the definition's)"),
    ] = None,
    address: Annotated[
        str | None, typer.Option(help="referee HOST:PORT bots dial (default: the definition's listen)")
    ] = None,
    site: Annotated[
        str | None,
        typer.Option(help="live site and JSON API HOST:PORT; '' for none (default: the definition's)"),
    ] = None,
    bearer: Annotated[str | None, typer.Option(help="require this bearer token from bots")] = None,
    tls_cert: Annotated[Path | None, typer.Option(help="PEM certificate chain: serve TLS")] = None,
    tls_key: Annotated[Path | None, typer.Option(help="PEM private key for --tls-cert")] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="no line per match, only status lines")
    ] = False,
    site_only: Annotated[
        bool, typer.Option("--site-only", help="serve only the live site and JSON API from the database")
    ] = False,
) -> None:
    """Run a standing ladder until Ctrl-C or SIGTERM (`arena league DEFINITION.toml` is the same).

    Bots registered with `arena league bot add` connect with their keys and are matched around the
    clock; every match is stored at once, ratings refitted as results come in. Ctrl-C or SIGTERM stops
    it cleanly; it resumes from its database."""
    from dataclasses import replace

    from arena.cli import fail
    from arena.config import ConfigError
    from arena.league.definition import DefinitionError, load_definition
    from arena.league.host import LeagueHost
    from arena.league.pods import check_house_backend
    from arena.run_lock import league_lock
    from arena.web.names import plural
    from engine.referee import RefereeServer, TlsConfig
    from engine.referee.server import check_bindable
    from ladders.store import Store, StoreError

    def say(line: str) -> None:
        typer.echo(line)
        sys.stdout.flush()

    try:
        league = load_definition(definition, start_house=not site_only)  # the site plays nothing
        league = replace(league, db=db or league.db, listen=address or league.listen)
        if site is not None:
            league = replace(league, site=site)
        if not league.db:
            raise fail(f"{definition}: no database: give --db or db = in the definition")
        tls = TlsConfig(tls_key.read_bytes(), tls_cert.read_bytes()) if tls_cert and tls_key else None
        if not site_only:
            check_house_backend(league, str(definition))  # a Ray address nothing answers at: one line
        store = Store(league.db)
    except (DefinitionError, ConfigError, StoreError, OSError) as exc:
        raise fail(str(exc)) from None
    stop = threading.Event()
    previous = {sig: signal.signal(sig, lambda *_: stop.set()) for sig in (signal.SIGINT, signal.SIGTERM)}
    server = None
    host = None
    hosting = contextlib.ExitStack()
    if site_only:
        try:
            store.close()
            if not league.site:
                raise fail(f"{definition}: --site-only needs a site address (site = or --site)")
            web = _start_site(league, store, say)
            stop.wait()
            web.stop()
            return
        except (OSError, StoreError) as exc:
            raise fail(str(exc)) from None
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
    try:
        # Design detail: the referee listens only once the host is ready. A bot dialling a host that
        # starts again after a crash must never meet a referee that cannot check its key yet: it would
        # be told "unknown bot key", a refusal a reconnecting bot takes as final.
        check_bindable(league.listen)  # a port in use: one line before the host writes anything
        hosting.enter_context(league_lock(store))  # before the host voids any open pod
        server = RefereeServer(bearer_token=bearer, tls=tls)
        host = LeagueHost(league, store, server, announce=say, match_lines=not quiet)
        try:
            server.start(league.listen)
        except OSError:
            host.close()
            raise
        say(f"league {league.name!r}: referee listening on {server.address}; database {store.label}")
        for lad in league.ladders:
            house = ", ".join(lad.house_names()) or "none"
            say(f"  ladder {lad.id}: {lad.ladder_key}; house bots: {house}")
        web = _start_site(league, store, say)
        try:
            host.run(stop)
        finally:
            if web is not None:
                web.stop()
        stored = plural(host.stats["matches"], "match")
        say(f"league stopped: {stored} stored this run; resume with the same command")
    except (OSError, ConfigError, StoreError) as exc:  # ConfigError: no Ray cluster for the house pods
        if server is not None:
            server.stop()
        if host is not None:  # it ran: what it stored stays, and it resumes from there
            stored = plural(host.stats["matches"], "match")
            raise fail(
                f"{exc}; the league stopped ({stored} stored this run): resume with the same command"
            ) from None
        raise fail(str(exc)) from None
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        hosting.close()
        store.close()


def _start_site(league: Any, store: Any, say: Any) -> Any:
    """The live site and JSON API (``arena.league.web``), when the definition names an address."""
    if not league.site:
        return None
    from arena.league.web import start_site

    web = start_site(league, league.db)
    say(f"  live site and JSON API: {web.url}")
    return web
