"""``arena sprt`` interrupted by Ctrl-C or SIGTERM: what it says, its status, and the resume (apart
from ``test_sprt_cli.py``'s xdist group, whose tests share one whole test on one worker)."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.arena.terminal import with_ctrl_c
from tests.arena.test_sprt_cli import ARGS, sprt, stored

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_an_interrupted_test_says_what_is_stored_and_resumes(tmp_path: Path, sig: signal.Signals) -> None:
    """Ctrl-C or SIGTERM: one line with the matches stored and the pairs finished, the signal's status,
    no traceback; the same command then plays only what is missing (after Ctrl-C: the database is left
    the same way after either)."""
    db = tmp_path / "cut.sqlite"
    cmd = [sys.executable, "-m", "arena", *ARGS, "--db", str(db)]
    proc = subprocess.Popen(
        with_ctrl_c(cmd), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    assert proc.stdout is not None
    seen = []
    for line in proc.stdout:
        seen.append(line)
        if line.startswith("pair    1:"):
            break
    assert seen and seen[-1].startswith("pair    1:"), "".join(seen)
    proc.send_signal(sig)
    rest, _ = proc.communicate(timeout=30)
    assert proc.returncode == 128 + sig, "".join(seen) + rest
    output = "".join(seen) + rest
    matches = len(stored(db))
    printed = len({line.split(":")[0] for line in output.splitlines() if line.startswith("pair ")})
    last = rest.strip().splitlines()[-1]
    said = re.fullmatch(
        rf"interrupted: {matches} matches stored \((\d+) finished pairs\); run the same command again to resume",
        last,
    )
    assert said is not None, output
    pairs = int(said.group(1))
    # The interrupt may cut the line of the pair it came after: that pair is finished all the same.
    assert printed <= pairs <= printed + 1 and matches >= pairs * 2 * 3 >= 6, output
    assert "Traceback" not in rest, output

    if sig == signal.SIGTERM:
        return  # the resume is the same after either signal: the ctrl-c case plays it
    code, again = sprt(db)
    assert code == 0, again
    assert f"{matches} already done" in again and "H1 accepted" in again
