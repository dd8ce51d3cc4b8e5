"""A long-lived process's start-up heap, kept out of the garbage collector's full passes.

A referee or a bot process imports the engine, gRPC and protobuf and builds their tables before its
first match: hundreds of thousands of objects that live as long as the process. Python's cyclic
collector walks every one of them at each full collection, which in a referee playing Catan over the
wire came every few thousand decisions and took about 20 ms (a match's decision waiting behind it),
and its middle generation's passes took about a millisecond each. :func:`settle_heap` collects once
and then freezes what is left (``gc.freeze``): the collector no longer walks the start-up objects,
while everything made later is collected as before (reference counting frees the frozen objects too).

Design detail: once per process, at the first call (the first referee started, the first stream a bot
opens), so a worker that starts a referee for every match pays the collection only once, and cyclic
garbage made later, by matches, is never frozen.
"""

from __future__ import annotations

import gc

_settled = False


def settle_heap() -> bool:
    """Collect, then freeze the surviving objects, the first time it is called in this process;
    True when it did so now."""
    global _settled
    if _settled:
        return False
    _settled = True
    gc.collect()
    gc.freeze()
    return True
