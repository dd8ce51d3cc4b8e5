"""catanatron (GPL-3.0-or-later) is imported by the bridge alone, a separate program (bots/bridges/catanatron).

The arena (MIT) spawns the bridge and talks to it over gRPC; no module of the project imports
catanatron, and no dependency of the project's distribution names it. The only other files that load
catanatron are the scripts of benchmarks/peers/, run in a throwaway interpreter of their own
(``make bench-peers``), never imported.
"""

from __future__ import annotations

import re
import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BRIDGE = Path("bots/bridges/catanatron")
PEERS = Path("benchmarks/peers")
IMPORT = re.compile(r"^\s*(?:from\s+catanatron[\w.]*\s+import|import\s+catanatron\b)", re.MULTILINE)


def tracked_python_files() -> list[Path]:
    out = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "*.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return [Path(line) for line in out.stdout.splitlines() if line]


def test_nothing_outside_the_bridge_imports_catanatron() -> None:
    files = tracked_python_files()
    assert any(f.is_relative_to(BRIDGE) for f in files)  # the scan sees the bridge, so it sees the rest
    importers = [
        f
        for f in files
        if (ROOT / f).exists() and IMPORT.search((ROOT / f).read_text(encoding="utf-8", errors="replace"))
    ]
    outside = [str(f) for f in importers if not f.is_relative_to(BRIDGE) and not f.is_relative_to(PEERS)]
    assert outside == [], f"catanatron is imported outside its bridge: {outside}"
    assert any(f.is_relative_to(BRIDGE) for f in importers)


def test_the_distribution_does_not_depend_on_catanatron_and_ships_no_bridge() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    requirements = [
        *project["dependencies"],
        *(r for rs in project["optional-dependencies"].values() for r in rs),
    ]
    assert not [r for r in requirements if "catanatron" in r.lower()]
    assert not (ROOT / "bots" / "bridges" / "__init__.py").exists()  # not a package of the distribution
    bridge = tomllib.loads((ROOT / BRIDGE / "pyproject.toml").read_text())["project"]
    assert bridge["license"] == "GPL-3.0-or-later"  # an SPDX expression
    assert "GNU GENERAL PUBLIC LICENSE" in (ROOT / BRIDGE / "LICENSE").read_text()
