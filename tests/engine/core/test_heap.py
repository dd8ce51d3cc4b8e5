"""The start-up heap is frozen once per process; what is made later is still collected."""

from __future__ import annotations

import gc
import weakref

from engine.core.heap import settle_heap


class _Node:
    def __init__(self) -> None:
        self.other: _Node | None = None


def test_the_heap_is_settled_once_and_later_cycles_are_still_collected() -> None:
    settle_heap()  # the first call in this process settles (a referee started earlier may have)
    assert gc.get_freeze_count() > 0
    assert settle_heap() is False  # once per process
    a, b = _Node(), _Node()
    a.other, b.other = b, a  # a cycle only the collector can free
    ref = weakref.ref(a)
    del a, b
    gc.collect()
    assert ref() is None
