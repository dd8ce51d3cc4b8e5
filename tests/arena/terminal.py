"""Start a command as a terminal would: with Ctrl-C's default action.

A shell's background job (``cmd &`` without job control: a CI step, ``nohup``, a script) starts with
SIGINT and SIGQUIT ignored, and its children inherit that, a ``make test`` so started included. A test
that presses Ctrl-C on a command it started starts it through :func:`with_ctrl_c`.

Design detail: a small program that restores the default action and execs the command, not a
``preexec_fn``: in a process where gRPC runs, gRPC can abort the child of the fork that forces (see
:mod:`arena.lifeline`), and a test process runs gRPC after gRPC tests or beside a Ray driver.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

RESTORE = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL);"
    " signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT}); os.execv(sys.argv[1], sys.argv[1:])"
)


def with_ctrl_c(command: Sequence[str]) -> list[str]:
    """The argv that runs ``command`` (its first item a path) with SIGINT's default action, unblocked."""
    return [sys.executable, "-c", RESTORE, *command]
