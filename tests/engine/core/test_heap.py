"""The start-up heap is frozen once per process; what is made later is still collected.

Run in a fresh interpreter: the first call of the process is the one that settles, and other code in
the test process (mypy's API, which the event tests run) freezes and unfreezes the heap itself.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

PROGRAM = textwrap.dedent(
    """
    import gc, weakref
    from engine.core.heap import settle_heap

    class Node:
        other = None

    assert gc.get_freeze_count() == 0
    assert settle_heap() is True
    frozen = gc.get_freeze_count()
    assert frozen > 1000, frozen  # the modules' objects, among others
    assert settle_heap() is False  # once per process
    a, b = Node(), Node()
    a.other, b.other = b, a  # a cycle only the collector can free
    ref = weakref.ref(a)
    del a, b
    gc.collect()
    assert ref() is None
    assert gc.get_freeze_count() == frozen
    print("settled", frozen)
    """
)


def test_the_heap_is_settled_once_and_later_cycles_are_still_collected() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("settled ")
