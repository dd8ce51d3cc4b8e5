"""What reaches a host's terminal from a hostile bot: its text shows, none of it acts.

A real bot process (``tests/engine/referee/hostile_bot.py``) says hello with a name holding rich markup,
a screen clear, a window title and a right-to-left override; answers with action texts holding every
C0 and C1 control, DEL, ANSI CSI / OSC / DCS sequences and the bidi and other format characters; and
crashes after printing all of them (and bytes that are not UTF-8). Every command that shows what it
did (``arena play``, ``arena run`` with its progress lines and ladder, ``arena serve`` with its wire
log, ``ladder list`` and ``ladder show`` in every format, ``matches``, ``replay``, ``sprt``) is run on
it, and its whole output must hold no control character but the line break and no format character,
while the bot's text is there, made visible. The database and the replay logs keep the bytes the bot
sent.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = ROOT / "tests" / "engine" / "referee" / "hostile_bot.py"
BOT = f"cmd:{sys.executable} {HOSTILE} escapes"
runner = CliRunner()

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("terminal-escapes")]

ACTIVE = ("Cc", "Cf", "Zl", "Zp", "Cs", "Cn")


def assert_inert(output: str, where: str) -> None:
    """No control character but the line break, no format or separator character, anywhere."""
    bad = sorted({f"U+{ord(c):04X}" for c in output if c != "\n" and unicodedata.category(c) in ACTIVE})
    assert not bad, f"{where} printed {', '.join(bad)}:\n{output[-3000:]}"


def arena(*args: str, cwd: Path, timeout: float = 180) -> str:
    """Run the ``arena`` command in its own process; its stdout and stderr, decoded strictly."""
    proc = subprocess.run(
        [sys.executable, "-m", "arena", *args], capture_output=True, timeout=timeout, cwd=cwd, check=False
    )
    output = proc.stdout.decode("utf-8") + proc.stderr.decode("utf-8")
    assert proc.returncode == 0, output[-3000:]
    return output


def invoke(*args: str) -> str:
    out = runner.invoke(app, list(args))
    assert out.exit_code == 0, out.output
    return out.output


def test_arena_play_shows_the_hostile_bot_without_obeying_it(tmp_path: Path) -> None:
    output = arena(
        "play", "pr", "--players", "3", "--bots", f"random,first,{BOT}", "--seed", "4", cwd=tmp_path
    )
    assert_inert(output, "arena play")
    assert "seat 2 [bold red]evil[/] [2J]0;ownedbot" in output  # markup is text
    flat = output.replace("\n", "")
    assert "\\x1b[2J\\x1b[H\\x1b[31;1m\\x1b]0;owned\\x07" in flat  # the answer, made visible
    assert "\\x9b\\x9c\\x9d\\x9e\\x9f\\xad\\u061c" in flat and "\\u202e" in flat
    assert "the bot process exited with code 5; its last output:" in flat
    assert "error: cannot continue \\x1b[2J\\x1b]0;pwned\\x07 [bold]done[/bold]" in flat


@pytest.fixture(scope="module")
def hostile_db(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A tournament with the hostile bot, played by ``arena run`` (its plain progress lines); the
    database and the run's output."""
    folder = tmp_path_factory.mktemp("hostile")
    db = folder / "h.sqlite"
    output = arena(
        "run", "--game", "pr", "--players", "3", "--bots", f"random,first,{BOT}",
        "--pods", "1", "--seed", "2", "--workers", "1", "--db", str(db), cwd=folder,
    )  # fmt: skip
    return db, output


def test_arena_run_prints_progress_and_the_ladder_inertly(hostile_db: tuple[Path, str]) -> None:
    _, output = hostile_db
    assert_inert(output, "arena run")
    lines = [line for line in output.splitlines() if re.match(r"\[\d/3\] ", line)]
    assert len(lines) == 3 and all("\\x1b]0;owned\\x07" in line for line in lines), output
    ladder = output[output.index("Faults and forfeits:") :].replace("\n", "")
    assert "\\x1b]0;pwned\\x07 [bold]done[/bold]" in ladder  # the crash's output, markup as text


def test_the_database_and_the_replays_keep_what_the_bot_sent(hostile_db: tuple[Path, str]) -> None:
    db, _ = hostile_db
    with sqlite3.connect(db) as conn:
        faults = [json.loads(f) for (f,) in conn.execute("SELECT faults FROM matches")]
        replays = [r for (r,) in conn.execute("SELECT replay FROM matches")]
    messages = [f["message"] for match in faults for f in match]
    assert any("\x1b]0;owned\x07" in m for m in messages)
    assert any("\u202e" in m and "\x9b" in m for m in messages)
    logs = [Path(r) if Path(r).is_absolute() else db.parent / r for r in replays]
    assert any("\\u001b]0;owned\\u0007" in p.read_text() or "\x1b]0;owned" in p.read_text() for p in logs)


@pytest.mark.parametrize(
    "args",
    [
        ("ladder", "list"),
        ("ladder", "list", "--json"),
        ("ladder", "show", "pr"),
        ("ladder", "show", "pr", "--csv"),
        ("ladder", "show", "pr", "--markdown"),
        ("ladder", "show", "pr", "--json"),
        ("matches",),
        ("matches", "--json"),
    ],
    ids=" ".join,
)
def test_listings_show_the_stored_bytes_inertly(hostile_db: tuple[Path, str], args: tuple[str, ...]) -> None:
    db, _ = hostile_db
    output = invoke(*args, "--db", str(db))
    assert_inert(output, " ".join(args))
    if args[:2] == ("ladder", "show") or args == ("matches", "--json"):  # these quote the faults
        assert re.search(r"(x|u00)1b\]0;pwned\\+(x|u00)07", output.replace("\n", "")), output
    if "--json" in args:
        json.loads(output)


def test_replay_shows_the_faults_where_they_happened_inertly(hostile_db: tuple[Path, str]) -> None:
    db, _ = hostile_db
    with sqlite3.connect(db) as conn:
        (match_id,) = conn.execute("SELECT id FROM matches WHERE faults != '[]' LIMIT 1").fetchone()
    output = invoke("replay", match_id, "--db", str(db))
    assert_inert(output, "arena replay")
    assert "[bold red]evil[/]" in output
    assert "\\x1b]0;owned\\x07" in output.replace("\n", "")


def test_sprt_shows_markup_in_names_as_text(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    output = invoke(
        "sprt", "--game", "pr", "--candidate", "[bold red]cand=pr-greedy", "--baseline", "random",
        "--field", "first,random", "--players", "3", "--max-pairs", "8", "--elo1", "200", "--seed", "1",
        "--workers", "1", "--db", str(db),
    )  # fmt: skip
    assert_inert(output, "arena sprt")
    assert "[bold red]cand against random" in output
    assert "H1 accepted (+200 Elo rather than +0): [bold red]cand is stronger than random" in output
    refused = runner.invoke(app, ["sprt", "--game", "pr", "--candidate", "\x1b[2Jx\u202e=pr-greedy",
                                  "--baseline", "random", "--field", "first", "--db", str(db)])  # fmt: skip
    assert refused.exit_code == 2
    assert_inert(refused.output, "arena sprt's error")
    assert "\\x1b[2Jx\\u202e" in refused.output


def test_arena_serve_and_its_wire_log_show_a_hostile_bot_inertly(tmp_path: Path) -> None:
    serve = subprocess.Popen(
        [sys.executable, "-m", "arena", "serve", "pr", "--bots", "remote,random,random", "--port", "0",
         "--key", "hostile-key", "--seed", "3", "--wait", "60", "--deadline-ms", "500", "--log"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=tmp_path,
    )  # fmt: skip
    assert serve.stdout is not None
    first = serve.stdout.readline().decode()
    port = re.search(r"listening on [^:]+:(\d+)", first)
    assert port, first
    while "waiting up to" not in first and not first.endswith("\n\n"):  # the bot starts once awaited
        line = serve.stdout.readline().decode()
        first += line or "\n\n"
    env = dict(os.environ, ARENA_ADDRESS=f"127.0.0.1:{port.group(1)}", ARENA_BOT_KEY="hostile-key")
    env.pop("ARENA_TOKEN", None)
    bot = subprocess.Popen([sys.executable, str(HOSTILE), "escapes"], env=env, stderr=subprocess.DEVNULL)
    try:
        rest, _ = serve.communicate(timeout=120)
    finally:
        bot.kill()
        bot.wait()
        serve.kill()
    output = first + rest.decode("utf-8")
    assert serve.returncode == 0, output[-3000:]
    assert_inert(output, "arena serve --log")
    assert "\\x1b[2J\\x1b[H" in output and "\\u202e" in output  # the answers in the wire log
    assert "waiting up to 60 s" in output


def test_the_live_display_of_a_run_on_a_terminal_shows_the_bot_inertly() -> None:
    """On a terminal ``arena run`` redraws a bar and the live ratings (rich's own escapes) and prints a
    line per forfeit: a hostile name and fault there come out as text, none of the bot's sequences."""
    import io

    from arena.report import _StoppingConsole
    from arena.run_progress import live_progress
    from arena.runner import Progress
    from ladders.live import LiveRatings
    from ladders.records import MatchRecord, RatedMatch

    name = "[bold red]evil\x1b]0;owned\x07\x9b2J\u202e\x1b[2J"
    fault = {
        "seat": 2,
        "kind": "crash",
        "message": "out: \x1b]52;c;aGk=\x07 \x9b31m \u2066x",
        "ply": 3,
        "strike": 4,
    }
    rated = [
        RatedMatch(f"p{i}", ("random", "first", name), (1 + i % 3, 1 + (i + 1) % 3, 1 + (i + 2) % 3))
        for i in range(6)
    ]
    record = MatchRecord(
        "t-0000-0", "t", "pr", "base", 1, 0, 0, ("random", "first", name), ("random", "first", name),
        (1, 2, 3), (10.0, 8.0, 2.0), "victory", (fault,), (2,),
    )  # fmt: skip
    out = io.StringIO()
    # The CLI's console class, on a terminal: rich draws its live display with escapes of its own.
    console = _StoppingConsole(file=out, force_terminal=True, width=120)
    with live_progress(console, "pr/base p3") as update:
        update(Progress(1, 3, 1, 0, 1.0, LiveRatings(rated), record))
    text = out.getvalue()
    assert "\x1b[" in text  # rich's own styles and cursor moves: a terminal display indeed
    for sequence in ("\x1b]0;", "\x1b]52;", "\x07", "\x9b", "\u202e", "\u2066", "\x1b[2J"):
        assert sequence not in text, repr(sequence)
    assert "\\x1b]0;owned\\x07\\x9b2J\\u202e\\x1b[2J" in text.replace("\n", "")
    assert "[bold red]evil" in text
