"""Bridges to other projects' bots: programs of their own that the arena spawns like a ``cmd:`` bot.

``catanatron:NAME[:KEY=VALUE...]`` seats one of catanatron's players (``bots/bridges/catanatron``,
GPL-3.0-or-later) through the bridge program, which runs in its own virtual environment
(``make catanatron-bridge`` builds ``.venv-catanatron``; ``ARENA_CATANATRON_PYTHON`` names another
interpreter). The arena never imports catanatron: it knows where the bridge's interpreter is, spawns
``PYTHON -m catanatron_bridge SPEC`` with the seat's token, and before a tournament asks the bridge
(``--check``) whether its environment can seat the player.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

CATANATRON = "catanatron:"
"""The spec prefix of catanatron's players."""
ROOT = Path(__file__).resolve().parents[1]
BUILD_HINT = "make catanatron-bridge"


def is_bridge(spec: str) -> bool:
    """Whether ``spec`` names a bot played through a bridge."""
    return spec.strip().startswith(CATANATRON)


def bridge_python() -> Path:
    """The interpreter of the catanatron bridge's environment (``ARENA_CATANATRON_PYTHON`` or
    ``.venv-catanatron/bin/python`` at the root of this checkout)."""
    given = os.environ.get("ARENA_CATANATRON_PYTHON")
    return Path(given) if given else ROOT / ".venv-catanatron" / "bin" / "python"


def bridge_command(spec: str) -> tuple[str, ...]:
    """The command that plays ``spec``; raises ``ValueError`` (one line) when the bridge's environment
    is not built."""
    python = bridge_python()
    if not python.exists():
        raise ValueError(
            f"{spec.strip()}: the catanatron bridge's environment is not built ({python} not found):"
            f" run `{BUILD_HINT}`, or set ARENA_CATANATRON_PYTHON to a Python that has catanatron_bridge"
        )
    return (str(python), "-m", "catanatron_bridge", spec.strip())


def check_bridge(spec: str, game: str, variant: str, players: int) -> None:
    """Raise ``ValueError`` (one line) unless the bridge can seat ``spec`` in ``game``/``variant`` at
    ``players`` seats: catanatron plays Catan base at 3-4 seats, and its environment must provide the
    player (``python -m catanatron_bridge --check SPEC``)."""
    if game != "catan" or variant != "base" or not 3 <= players <= 4:
        raise ValueError(
            f"{spec.strip()}: catanatron plays Catan base at 3-4 seats, not {game}/{variant} at {players}"
        )
    command = bridge_command(spec)
    try:
        done = subprocess.run(
            [command[0], "-m", "catanatron_bridge", "--check", command[-1]],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise ValueError(f"{spec.strip()}: the catanatron bridge does not start: {exc}") from None
    if done.returncode != 0:
        lines = [line for line in (done.stderr or done.stdout).splitlines() if line.strip()]
        reason = lines[-1].removeprefix("error: ") if lines else f"exit status {done.returncode}"
        raise ValueError(reason)
