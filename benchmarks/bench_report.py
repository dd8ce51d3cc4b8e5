"""The web report's figures: viewer data per match, first render in headless Chromium, report time.

Plays a Catan tournament of the fast built-in bots (4 seats, 5 bots: a round is 5 pods of 4 matches)
into a temporary database, with the viewer data written by the runner and again without
(``viewer = false``), wall and CPU time of each, then:

- writes the report of each twice into a fresh folder: the first write takes the runner's viewer data
  (or, for the database played without, derives every match's from its log), the second finds it
  unchanged;
- sizes the viewer data of every match (``replays/ID.js``);
- opens ``--pages`` match pages in Debian's Chromium (headless, through Playwright) and reads when the
  first position was drawn, counted from the page's navigation start.

    python benchmarks/bench_report.py [--matches 1000] [--pages 10] [--workers 2]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import tempfile
import time
from pathlib import Path

from arena.config_loading import from_mapping
from arena.runner import run_tournament
from arena.web.site import write_report

BOTS = ["catan-greedy", "random", "first", "greedy2=catan-greedy", "random2=random"]
CHROMIUM = Path("/usr/bin/chromium")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the report's worker processes)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def first_renders(pages: list[Path]) -> list[float]:
    """Milliseconds from navigation start to the first position drawn, per page."""
    from playwright.sync_api import sync_playwright

    out = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        for page_path in pages:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(page_path.as_uri())
            page.wait_for_selector("#viewer[data-ready-ms]", state="attached")
            out.append(float(page.get_attribute("#viewer", "data-ready-ms") or "nan"))
            page.close()
        browser.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--matches", type=int, default=1000, help="matches in the database (rounded up to rounds of 20)"
    )
    parser.add_argument("--pages", type=int, default=10, help="match pages opened in the browser")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    rounds = max(1, -(-args.matches // 20))
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite"
        bare = Path(tmp) / "bare.sqlite"
        played = {}
        for path, viewer in ((bare, False), (db, True)):  # the same tournament without and with
            config = from_mapping(
                {
                    "game": "catan",
                    "players": 4,
                    "bots": BOTS,
                    "rounds": rounds,
                    "seed": 5,
                    "workers": args.workers,
                    "db": str(path),
                    "viewer": viewer,
                }
            )
            started, cpu = time.perf_counter(), _cpu()
            summary = run_tournament(config, announce=lambda line: None)
            played[viewer] = (time.perf_counter() - started, _cpu() - cpu)
        (wall, cpu_on), (wall_off, cpu_off) = played[True], played[False]
        print(
            f"tournament: {summary.played} Catan matches (4 seats, {args.workers} workers):"
            f" {wall:.1f} s, {cpu_on:.1f} s of CPU writing the viewer data;"
            f" {wall_off:.1f} s, {cpu_off:.1f} s of CPU without (viewer = false):"
            f" {100 * (cpu_on / cpu_off - 1):+.0f} % CPU, {1000 * (cpu_on - cpu_off) / summary.played:.0f} ms"
            " per match"
        )
        out = Path(tmp) / "site"
        for path, site, what in ((db, out, "the runner's files"), (bare, Path(tmp) / "bare", "derived")):
            started, cpu = time.perf_counter(), _cpu()
            report = write_report(str(path), site, workers=args.workers)
            cold, cold_cpu = time.perf_counter() - started, _cpu() - cpu
            started = time.perf_counter()
            write_report(str(path), site, workers=args.workers)
            warm = time.perf_counter() - started
            print(
                f"report of {report.matches} matches ({report.replays} viewers, {what}): {cold:.1f} s"
                f" written fresh ({args.workers} workers, {cold_cpu:.1f} s of CPU), {warm:.1f} s written"
                " again unchanged"
            )
        sizes = sorted(p.stat().st_size for p in (out / "replays").glob("*.js"))
        print(
            f"viewer data per 4-seat Catan match: median {statistics.median(sizes) / 1000:.0f} kB,"
            f" largest {sizes[-1] / 1000:.0f} kB, smallest {sizes[0] / 1000:.0f} kB ({len(sizes)} matches)"
        )
        if not CHROMIUM.is_file():
            print("first render: skipped, Debian's chromium is not installed (make browser)")
            return
        by_size = sorted((out / "replays").glob("*.js"), key=lambda p: p.stat().st_size)
        step = max(1, len(by_size) // max(1, args.pages))
        chosen = [*by_size[::step][: args.pages - 1], by_size[-1]]  # spread over sizes, the largest too
        pages = [out / "matches" / f"{p.stem}.html" for p in chosen]
        times = first_renders(pages)
        print(
            f"first render in headless Chromium (ms from navigation start): median {statistics.median(times):.0f},"
            f" largest replay {times[-1]:.0f}, max {max(times):.0f} ({len(times)} pages)"
        )


if __name__ == "__main__":
    main()
