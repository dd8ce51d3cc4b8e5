"""A simulated day of a league, compressed: ``arena league`` with 40 registered bots in separate
processes on three ladders, killed with SIGKILL and restarted during the run.

Run ``nice -n 10 python benchmarks/league_day.py [--minutes 30] [--kills 3] [--db postgresql://...]``.
The host is ``arena league DEFINITION`` in a process of its own; the bots are SDK processes
(``tests/arena/league/league_bot.py``) of several strengths (the game's greedy bot playing a random
move with probability 0 to 1), some that leave and come back on a cycle, one that crashes now and then
(restarted five seconds later), and a colluding pair (a bot that loses to its partner on purpose).
Every bot reconnects by itself when the host is killed. At the end the script reads the database
and prints, per ladder: matches, the longest wait of an available bot (the host's own bookkeeping,
from its status lines), games per bot (max/min among the bots connected all day), how often the pairs
met and whether every neighbour pair of the final ladder met, the fair-play report, the ranking against
the bots' strengths (Spearman, neighbour pairs in the right order); then the host's RSS over time and
the check that no announced match was lost, none is stored twice and no pod is left open. A JSON copy
goes to ``--out``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from arena.league.definition import load_definition  # noqa: E402
from arena.league.registry import add_bot  # noqa: E402
from arena.league.report import fairplay  # noqa: E402
from engine.core.rng import secret_seed  # noqa: E402
from ladders.fit import fit_ladder  # noqa: E402
from ladders.league_schema import OPEN  # noqa: E402
from ladders.league_tables import LeagueTables  # noqa: E402
from ladders.store import Store  # noqa: E402

DEFINITION = """
name = "a simulated day"
listen = "127.0.0.1:{port}"
site = ""
status_s = 10
refit_s = 20
max_matches = 32

[[ladder]]
id = "pr3"
game = "pr"
players = 3
house = ["pr-greedy", "random"]
anchor = {{bot = "pr-greedy", rating = 1500}}
{common}

[[ladder]]
id = "pr4"
game = "pr"
players = 4
house = ["pr-greedy", "random"]
anchor = {{bot = "pr-greedy", rating = 1500}}
{common}

[[ladder]]
id = "catan4"
game = "catan"
players = 4
house = ["catan-greedy", "random"]
anchor = {{bot = "catan-greedy", rating = 1500}}
{common}
"""
COMMON = """[ladder.time]
deadline_ms = 3000
time_bank_ms = 15000
join_ms = 5000
[ladder.placement]
pods = 1
max_faults = 3
[ladder.waits]
max_wait_s = 60
gather_s = 2
balance = 2
[ladder.limits]
per_hour = 5000
"""


def roster(start: float, per_ladder: int = 0) -> list[dict[str, Any]]:
    """The bots (40 unless ``per_ladder`` says how many on each ladder): name, ladder, kind, strength (the
    probability of a random move), how they come and go."""
    bots: list[dict[str, Any]] = []
    for ladder, count in (("pr3", 14), ("pr4", 14), ("catan4", 12)):
        count = per_ladder or count
        levels = [round(k / max(1, count - 1), 2) for k in range(count)]
        for k, p in enumerate(levels):
            bots.append(
                {
                    "name": f"{ladder}-{k:02d}",
                    "ladder": ladder,
                    "kind": f"mix:{p}",
                    "random": p,
                    "cycle": None,
                }
            )
    named = {b["name"]: b for b in bots}
    # Some leave for a while and come back: 4 minutes of every 10, at staggered times.
    for offset, name in enumerate(["pr3-03", "pr3-09", "pr4-04", "catan4-05"]):
        if name in named:
            named[name]["cycle"] = (600.0, 240.0, 150.0 * offset)
    if "pr4-06" in named:
        crasher = named["pr4-06"]
        crasher["kind"], crasher["random"] = f"crashy:0.15:{start + 240:.0f}", 0.5
    if "pr4-08" in named:
        feeder = named["pr4-02"]
        feeder["kind"], feeder["random"] = "feeder:pr4-08", 0.3
    return bots


def present(bot: dict[str, Any], t: float) -> bool:
    if bot["cycle"] is None:
        return True
    period, off, offset = bot["cycle"]
    return (t + offset) % period < period - off


def rss_kb(pid: int) -> int:
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    found = re.search(r"VmRSS:\s+(\d+)", text)
    return int(found.group(1)) if found else 0


class Day:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.out = Path(args.out)
        self.out.mkdir(parents=True, exist_ok=True)
        self.port = args.port
        self.definition = self.out / "day.toml"
        self.definition.write_text(DEFINITION.format(port=self.port, common=COMMON), encoding="utf-8")
        self.db = args.db or str(self.out / "day.sqlite")
        self.log = self.out / "host.log"
        self.start = time.time()
        self.bots = roster(self.start, args.per_ladder)
        self.procs: dict[str, subprocess.Popen[bytes]] = {}
        self.down_until: dict[str, float] = {}
        self.rss: list[tuple[float, int]] = []
        self.kills: list[float] = []
        self.deaths: list[float] = []  # host exits the script did not cause
        self.host: subprocess.Popen[bytes] | None = None

    def register(self) -> None:
        league = load_definition(self.definition)
        with Store(self.db) as store:
            tables = LeagueTables(store)
            for lad in league.ladders:
                tables.open_ladder(lad.id, lad.ladder_key, lad.stored(), (secret_seed(), secret_seed()))
            for bot in self.bots:
                house = league.ladder(bot["ladder"]).house_names()
                bot["key"] = add_bot(tables, bot["ladder"], house, bot["name"])

    def start_host(self) -> None:
        with self.log.open("ab") as out:
            self.host = subprocess.Popen(
                [sys.executable, "-m", "arena", "league", str(self.definition), "--db", self.db, "-q"],
                cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
            )  # fmt: skip

    def start_bot(self, bot: dict[str, Any]) -> None:
        log = (self.out / f"bot-{bot['name']}.log").open("ab")
        self.procs[bot["name"]] = subprocess.Popen(
            [sys.executable, "-m", "tests.arena.league.league_bot", bot["kind"], "--address",
             f"127.0.0.1:{self.port}", "--bot-key", bot["key"], "--reconnect", "--name", bot["name"]],
            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip

    def stop_bot(self, name: str) -> None:
        proc = self.procs.pop(name, None)
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()

    def tend(self, t: float) -> None:
        """Keep the bots as the roster says: restart crashed ones, take cyclers away and back."""
        for bot in self.bots:
            name = bot["name"]
            proc = self.procs.get(name)
            wanted = present(bot, t)
            if not wanted:
                self.stop_bot(name)
                continue
            if proc is not None and proc.poll() is not None:  # crashed (or refused): back in 5 s
                self.procs.pop(name)
                self.down_until[name] = time.time() + 5
            if name not in self.procs and time.time() >= self.down_until.get(name, 0):
                self.start_bot(bot)

    def run(self) -> None:
        self.register()
        self.start_host()
        minutes = self.args.minutes
        kill_at = [minutes * 60 * (k + 1) / (self.args.kills + 1) for k in range(self.args.kills)]
        last_rss = 0.0
        print(
            f"day: {len(self.bots)} bots on 3 ladders for {minutes} minutes; database {self.db}", flush=True
        )
        try:
            while (t := time.time() - self.start) < minutes * 60:
                self.tend(t)
                if self.host is not None and self.host.poll() is not None:
                    self.deaths.append(t)
                    print(
                        f"  {t / 60:5.1f} min: the host exited by itself ({self.host.returncode}), restarted"
                    )
                    self.start_host()
                if kill_at and t >= kill_at[0]:
                    kill_at.pop(0)
                    assert self.host is not None
                    self.host.send_signal(signal.SIGKILL)
                    self.host.wait()
                    self.kills.append(t)
                    print(f"  {t / 60:5.1f} min: host killed with SIGKILL, restarted", flush=True)
                    self.start_host()
                if t - last_rss >= 15 and self.host is not None:
                    self.rss.append((t, rss_kb(self.host.pid)))
                    last_rss = t
                time.sleep(0.5)
        finally:
            if self.host is not None:
                self.host.send_signal(signal.SIGTERM)
                self.host.wait(120)
            for name in list(self.procs):
                self.stop_bot(name)


def spearman(xs: list[float], ys: list[float]) -> float:
    def ranks(v: list[float]) -> list[float]:
        order = sorted(range(len(v)), key=lambda i: v[i])
        out = [0.0] * len(v)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
                j += 1
            for k in range(i, j + 1):
                out[order[k]] = (i + j) / 2
            i = j + 1
        return out

    if len(xs) < 2:
        return float("nan")
    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    sx = sum((a - mx) ** 2 for a in rx) ** 0.5
    sy = sum((b - my) ** 2 for b in ry) ** 0.5
    return cov / (sx * sy) if sx and sy else 0.0


def analyse(day: Day) -> dict[str, Any]:
    text = day.log.read_text(errors="replace")
    # A match line: "pr3 ID: ..." or "pr3 placement ID: ..." ("pr3: ID: ..." lines are about voided matches).
    announced = set(re.findall(r"^[^\s:]+ (?:placement )?([0-9a-f]{16}-\d+-\d+):", text, re.M))
    waits = {lid: max(map(float, re.findall(rf"{lid}: [^|]*max wait (\d+) s", text)), default=0.0)
             for lid in ("pr3", "pr4", "catan4")}  # fmt: skip
    steady = {
        b["name"] for b in day.bots if b["cycle"] is None and not b["kind"].startswith(("crashy", "feeder"))
    }
    strength = {b["name"]: 1 - b["random"] for b in day.bots}
    report: dict[str, Any] = {
        "minutes": day.args.minutes,
        "kills": len(day.kills),
        "host exits not caused by the script": len(day.deaths),
        "ladders": {},
    }
    with Store(day.db) as store:
        tables = LeagueTables(store)
        stored_ids: list[str] = []
        for row in tables.ladders():
            rated = store.tournament_matches(row.tournament)
            placed = store.tournament_matches(row.placement)
            stored_ids += [m.match_id for m in rated + placed]
            per_bot: Counter[str] = Counter()
            met: Counter[tuple[str, str]] = Counter()
            for m in rated:
                names = sorted({b.split("@")[0] for b in m.bots} & set(strength))  # authors' bots
                per_bot.update(names)
                met.update(itertools.combinations(names, 2))
            standings = fit_ladder([m.rated() for m in rated if m.is_rated]) if rated else None
            authors = [r for r in (standings.bots if standings else ()) if r.bot.split("@")[0] in strength]
            current: dict[str, Any] = {}
            for r in authors:  # one entry per bot: the one with the most games
                name = r.bot.split("@")[0]
                if name not in current or r.games > current[name].games:
                    current[name] = r
            order = sorted(current, key=lambda n: -current[n].rating)
            pairs_right = [strength[a] >= strength[b] for a, b in itertools.pairwise(order)]
            neighbours_met = [met[tuple(sorted((a, b)))] for a, b in itertools.pairwise(order)]  # type: ignore[index]
            steady_games = [per_bot[n] for n in steady if n.startswith(row.id + "-")]
            suspicious = fairplay(store, row.ladder, row.tournament)
            report["ladders"][row.id] = {
                "rated matches": len(rated),
                "placement matches": len(placed),
                "longest wait s (host's bookkeeping)": waits.get(row.id, 0.0),
                "games per bot, steady bots: min, max, max/min": [
                    min(steady_games, default=0), max(steady_games, default=0),
                    round(max(steady_games) / max(1, min(steady_games)), 2) if steady_games else None,
                ],
                "pairs that met (of all)": [len(met), len(list(itertools.combinations(sorted(current), 2)))],
                "meetings per pair: min, median, max": _spread(list(met.values())),
                "neighbour pairs met": f"{sum(n > 0 for n in neighbours_met)} of {len(neighbours_met)}",
                "spearman vs strength": round(spearman([current[n].rating for n in order], [strength[n] for n in order]), 3),
                "neighbour pairs ordered right": f"{sum(pairs_right)} of {len(pairs_right)}",
                "suspicious pairs": [p.text() for p in suspicious],
            }  # fmt: skip
        open_pods = [p for p in tables.pods() if p.state == OPEN]
    report["announced matches missing from the database"] = sorted(announced - set(stored_ids))
    report["match ids stored twice"] = len(stored_ids) - len(set(stored_ids))
    report["pods left open"] = len(open_pods)
    report["host RSS MB over time (min, RSS)"] = [(round(t / 60, 1), round(kb / 1024)) for t, kb in day.rss]
    return report


def _spread(values: list[int]) -> list[int]:
    if not values:
        return [0, 0, 0]
    ordered = sorted(values)
    return [ordered[0], ordered[len(ordered) // 2], ordered[-1]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--kills", type=int, default=3)
    parser.add_argument("--db", default="", help="database (default: day.sqlite in --out)")
    parser.add_argument("--out", default="runs/league-day")
    parser.add_argument("--port", type=int, default=50961)
    parser.add_argument("--per-ladder", type=int, default=0, help="bots on each ladder (default 14, 14, 12)")
    args = parser.parse_args()

    def interrupt(*_: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupt)  # stop the host and the bots on the way out
    day = Day(args)
    day.run()
    report = analyse(day)
    (day.out / "report.json").write_text(json.dumps(report, indent=2), encoding="utf-8")
    for lid, figures in report["ladders"].items():
        print(f"ladder {lid}:")
        for key, value in figures.items():
            print(f"  {key}: {value}")
    for key in ("host exits not caused by the script", "announced matches missing from the database",
                "match ids stored twice", "pods left open"):  # fmt: skip
        print(f"{key}: {report[key]}")
    print("host RSS MB over time:", report["host RSS MB over time (min, RSS)"])


if __name__ == "__main__":
    main()
