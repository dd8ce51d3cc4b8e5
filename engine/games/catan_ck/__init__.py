"""Catan: Cities & Knights on the engine core: ``cities_and_knights.md`` (docs/rules/), registered as
``catan-ck`` (3-4 seats, the base board). A sibling of :mod:`engine.games.catan`, whose topology, boards,
placement, Longest Road and offer protocol it reuses (that package never imports this one).

Modules: ``tables`` (kinds, tracks, costs, cards, decks), ``actions`` and ``card_args`` (action values and
texts), ``parse`` (the parser), ``decisions`` (the decision stack frames), ``state`` (CkState),
``game`` (CkGame and its options), ``rules/`` (one module per topic), ``progress/`` (one module per
progress card effect, see its README) and ``observe`` (observations and determinization).
"""

from __future__ import annotations
