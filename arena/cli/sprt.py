"""``arena sprt``: a sequential test of a candidate bot against a baseline on duplicate pairs of pods."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from arena.cli.ladder import DB_HELP
from arena.config import ConfigError
from arena.config_loading import from_mapping
from arena.report import make_console, not_played_line, shown
from engine.core.visible import visible
from ladders.store import StoreError

if TYPE_CHECKING:
    from arena.sprt import SprtConfig, SprtSummary
    from ladders.sprt import Hypotheses, SprtState


def register(app: typer.Typer, fail: Any) -> None:
    @app.command()
    def sprt(
        game: Annotated[str, typer.Option(help="game id or alias")],
        candidate: Annotated[str, typer.Option(help="the bot under test")],
        baseline: Annotated[str, typer.Option(help="the bot it is compared with")],
        field: Annotated[str, typer.Option(help="comma-separated bots that fill the other seats")],
        elo0: Annotated[
            float, typer.Option(help="H0: the candidate is this many Elo above the baseline")
        ] = 0.0,
        elo1: Annotated[float, typer.Option(help="H1: ... this many (above elo0)")] = 50.0,
        alpha: Annotated[float, typer.Option(help="chance of accepting H1 when H0 holds")] = 0.05,
        beta: Annotated[float, typer.Option(help="chance of accepting H0 when H1 holds")] = 0.05,
        max_pairs: Annotated[int, typer.Option(help="stop without a verdict after this many pairs")] = 2000,
        variant: Annotated[str | None, typer.Option(help="variant id")] = None,
        players: Annotated[int | None, typer.Option(help="seats per match")] = None,
        workers: Annotated[int | None, typer.Option(help="worker processes (default: one per core)")] = None,
        seed: Annotated[
            int | None, typer.Option(help="test seed (default: a secret seed, kept in the database)")
        ] = None,
        seeding: Annotated[
            str | None,
            typer.Option(help="duplicate: a pod's rotations share its seed; independent: one seed each"),
        ] = None,
        db: Annotated[str | None, typer.Option(help=DB_HELP)] = None,
        deadline_ms: Annotated[int | None, typer.Option(help="time per decision, ms")] = None,
        time_bank_ms: Annotated[int | None, typer.Option(help="extra time per match, ms")] = None,
        strike_limit: Annotated[int | None, typer.Option(help="faults before a seat forfeits")] = None,
        option: Annotated[
            list[str] | None, typer.Option("--option", "-o", help="variant option KEY=VALUE")
        ] = None,
        json_out: Annotated[bool, typer.Option("--json", help="print only the result as JSON")] = False,
        quiet: Annotated[bool, typer.Option("--quiet", "-q", help="no line per pair")] = False,
    ) -> None:
        """Test whether CANDIDATE is ELO1 rather than ELO0 Elo stronger than BASELINE.

        Each pair plays the candidate and then the baseline against the same field on the same seed,
        every seat rotation; the test stops as soon as its log-likelihood ratio crosses a bound. Pairs
        under way then are finished and reported. Run the same command again to resume.
        """
        from arena.cli import parse_options
        from arena.sprt import SprtConfig, run_sprt
        from ladders.sprt import MIN_PAIRS, Hypotheses

        field_bots = [b.strip() for b in field.split(",") if b.strip()]
        try:
            hypotheses = Hypotheses(elo0, elo1, alpha, beta)
            if candidate == baseline:
                raise ConfigError(f"--candidate and --baseline are the same bot: {candidate}")
            if not field_bots:
                raise ConfigError("--field needs at least one bot")
            if len(set(field_bots)) != len(field_bots):
                raise ConfigError(f"--field lists a bot twice: {field}; copies are made automatically")
            if any(b.startswith("remote") for b in (candidate, baseline, *field_bots)):
                raise ConfigError("arena sprt plays built-in, grpc: and cmd: bots, not remote ones")
            if max_pairs < MIN_PAIRS:
                raise ConfigError(f"--max-pairs must be at least {MIN_PAIRS}")
            time_flags = {
                k: v
                for k, v in (("deadline_ms", deadline_ms), ("time_bank_ms", time_bank_ms))
                if v is not None
            }
            flags: dict[str, Any] = {
                "game": game,
                "variant": variant,
                "players": players,
                "bots": list(dict.fromkeys([candidate, baseline, *field_bots])),
                "workers": workers,
                "seed": seed,
                "seeding": seeding,
                "db": db,
                "options": parse_options(option) if option else None,
                "time": time_flags or None,
                "faults": None if strike_limit is None else {"strike_limit": strike_limit},
            }
            play = from_mapping({k: v for k, v in flags.items() if v is not None})
            from arena.cli.run import check_commands

            check_commands(play)
            # NAME=SPEC names a bot here as in arena run: the test plays and reports it by its name.
            names = [b.name for b in play.bots]
            ladder = dict(zip(flags["bots"], names, strict=True))
        except (ConfigError, ValueError) as exc:
            raise fail(str(exc)) from None
        config = SprtConfig(
            play,
            ladder[candidate],
            ladder[baseline],
            tuple(ladder[b] for b in field_bots),
            hypotheses,
            max_pairs,
        )
        candidate, baseline = config.candidate, config.baseline
        console = make_console()

        def say(line: str) -> None:
            if not json_out:
                console.print(visible(line), highlight=False, markup=False, soft_wrap=True)

        say(
            f"SPRT on {play.game}/{play.variant} p{play.players}: {candidate} against {baseline}, field "
            f"{', '.join(config.field)}; H0 {elo0:+g} Elo, H1 {elo1:+g} Elo, alpha {alpha:g}, beta {beta:g}; "
            f"LLR bounds {hypotheses.lower:.2f} .. {hypotheses.upper:.2f}"
        )

        finished: list[int] = []

        def on_pair(state: SprtState) -> None:
            finished[:] = [state.pairs]
            if not quiet:
                say(pair_line(state, hypotheses))

        try:
            summary = run_sprt(config, on_pair=on_pair, announce=say)
        except (StoreError, OSError) as exc:
            raise fail(str(exc)) from None
        except KeyboardInterrupt:
            # Printed with --json too: the status alone would not say what the database holds. A
            # console of its own: the interrupt may have come inside a pair line's print, whose text
            # the other console still holds and would print again.
            line = interrupted_line(config, finished[0] if finished else 0)
            make_console().print(line, highlight=False, markup=False, soft_wrap=True)
            raise typer.Exit(130) from None  # main() says 143 when SIGTERM was the cause
        if json_out:
            typer.echo(json.dumps(summary.to_json()))
        else:
            for line in summary.failed[:10]:
                console.print(not_played_line(line), highlight=False)
            for line in report_lines(summary, play.players, play.db):
                console.print(line, highlight=False, soft_wrap=True)
        if summary.failed:
            raise typer.Exit(1)


def interrupted_line(config: SprtConfig, pairs: int) -> str:
    """What an interrupted test leaves: its finished pairs and the matches its database holds (every
    match is committed as it finishes; a match under way at the interrupt is dropped)."""
    from ladders.store import Store

    try:
        with Store(config.play.db, create=False) as store:
            found = store.find_tournament(config.definition())
            stored = len(store.finished_match_ids(found[0])) if found else 0
    except Exception:  # the database cannot be read now: the pairs alone
        return f"interrupted after {pairs} finished pairs; run the same command again to resume"
    return (
        f"interrupted: {stored} matches stored ({pairs} finished pairs); run the same command again to resume"
    )


def pair_line(state: SprtState, hypotheses: Hypotheses) -> str:
    """One line per pair: the LLR against its bounds and the estimate."""
    return (
        f"pair {state.pairs:4d}: LLR {state.llr:6.2f} ({hypotheses.lower:.2f} .. {hypotheses.upper:.2f}),"
        f" {state.elo:+.0f} ± {1.96 * state.elo_sd:.0f} Elo"
    )


def report_lines(summary: SprtSummary, seats: int, db: str) -> list[str]:
    """The verdict, the LLR and bounds, the pairs, pods and matches, and what was played past it."""
    from ladders.sprt import Verdict

    h = summary.hypotheses
    lines = []
    decision, latest = summary.decision, summary.latest
    if decision is None:
        finished = latest.pairs if latest else 0
        lines.append(f"[bold]no decision[/bold] after {finished} pairs")
    else:
        meaning = {
            Verdict.H1: f"H1 accepted ({h.elo1:+g} Elo rather than {h.elo0:+g}): {shown(summary.candidate)} is"
            f" stronger than {shown(summary.baseline)}",
            Verdict.H0: f"H0 accepted ({h.elo0:+g} Elo rather than {h.elo1:+g}): {shown(summary.candidate)} is"
            f" not {h.elo1 - h.elo0:g} Elo stronger than {shown(summary.baseline)}",
        }[decision.verdict]
        lines.append(f"[bold]{meaning}[/bold]")
        lines.append(
            f"decided at pair {decision.pairs} ({2 * decision.pairs} pods, {2 * seats * decision.pairs} "
            f"matches): LLR {decision.llr:.2f}, bounds {h.lower:.2f} .. {h.upper:.2f}; estimate "
            f"{decision.elo:+.0f} ± {1.96 * decision.elo_sd:.0f} Elo (95 %), design effect "
            f"{decision.design_effect:.2f}"
        )
    if latest is not None and (decision is None or latest.pairs > decision.pairs):
        lines.append(
            f"all {latest.pairs} finished pairs ({2 * latest.pairs} pods): LLR {latest.llr:.2f}, estimate "
            f"{latest.elo:+.0f} ± {1.96 * latest.elo_sd:.0f} Elo"
            + (" (pairs under way at the decision, finished)" if decision is not None else "")
        )
    lines.append(
        f"{summary.played} played, {summary.skipped} already done, {len(summary.failed)} failed;"
        f" {summary.seconds:.1f} s. Database: {shown(db)}"
    )
    return lines
