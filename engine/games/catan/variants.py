"""Variant specifications: configuration, not subclasses (HS-5).

A :class:`VariantSpec` names the player range and option defaults (both taken from the variant's row in
the game registry, :data:`engine.games.GAMES`), the component and island table of each seat count, the
ordered phases of a regular turn and whether the helpers of catan.md §7 are in play:

- ``base`` (3-4 seats): ``pre_roll`` then the combined ``trade_build`` phase (or ``trade`` and
  ``build`` in strict order);
- ``extended`` (5-6 seats, the 30-hex island): ``pre_roll``, ``trade_build``, then either the Special
  Building Phase after the turn (``special_build``, catan.md §6) or, with ``turn_structure=paired``, the
  second seat's part of the same turn (``partner``);
- ``helpers`` (3-6 seats): the base turn for 3-4 seats and the extended one for 5-6, plus the helper
  steps of §7, which the rules modules add wherever a helper may act;
- ``seafarers-new-shores``, ``seafarers-four-islands`` and ``seafarers-fog-islands`` (3-4 seats): the
  base turn on a scenario map of seafarers.md §6, with ships, the pirate, gold and the fog
  (:mod:`engine.games.catan.seafarers`, whose state has the pieces of the sea);
- ``jungle`` and ``big-river`` (3-4 seats, seafarers.md §7 and §8): the base turn on their own islands
  (:mod:`.islands`); the rules modules read the island (a jungle, a River) rather than the variant.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.games import row
from engine.games.catan.decisions import BUILD, PARTNER, PRE_ROLL, SPECIAL_BUILD, TRADE, TRADE_BUILD
from engine.games.catan.tables import BASE_COUNTS, EXTENDED_COUNTS, PlayerCountTable

if TYPE_CHECKING:
    from engine.core.game import OptionValue

LARGE_TURNS: dict[str, tuple[str, ...]] = {
    "special_building": (PRE_ROLL, TRADE_BUILD, SPECIAL_BUILD),
    "paired": (PRE_ROLL, TRADE_BUILD, PARTNER),
}
"""The turn of a 5-6 seat game by ``turn_structure`` option (catan.md §6: the combined trade/build
phase is mandatory there)."""


@dataclass(frozen=True, slots=True)
class VariantSpec:
    """Everything that differs between variants of the Catan family."""

    id: str
    min_players: int
    max_players: int
    options: tuple[tuple[str, OptionValue], ...]
    """Option names with their default values."""
    tables: tuple[PlayerCountTable, ...]
    """Bank, development deck, pieces and island per seat count (catan.md §2.1, §2.2)."""
    helpers: bool
    """True when the helpers of catan.md §7 are in play."""
    island: str = "standard"
    """The island kind (:mod:`engine.games.catan.islands`): standard, jungle or big-river."""
    scenario: str = ""
    """The Seafarers scenario (seafarers.md §6: ``new-shores``, ``four-islands``, ``fog-islands``), or ''."""

    def counts(self, players: int) -> PlayerCountTable:
        """The component table for ``players`` seats."""
        return next(t for t in self.tables if t.min_players <= players <= t.max_players)

    def phases(self, players: int, combined: bool, structure: str) -> tuple[str, ...]:
        """The named phases of a turn (catan.md §5.1; §6 for 5-6 seats)."""
        if self.counts(players).is_large:
            return LARGE_TURNS[structure]
        return (PRE_ROLL, TRADE_BUILD) if combined else (PRE_ROLL, TRADE, BUILD)


def _spec(
    variant: str,
    tables: tuple[PlayerCountTable, ...],
    helpers: bool,
    island: str = "standard",
    scenario: str = "",
) -> VariantSpec:
    info = row("catan").variant(variant)
    return VariantSpec(
        info.id, info.min_players, info.max_players, info.options, tables, helpers, island, scenario
    )


VARIANTS: dict[str, VariantSpec] = {
    "base": _spec("base", (BASE_COUNTS,), helpers=False),
    "extended": _spec("extended", (EXTENDED_COUNTS,), helpers=False),
    "helpers": _spec("helpers", (BASE_COUNTS, EXTENDED_COUNTS), helpers=True),
    **{
        f"seafarers-{name}": _spec(f"seafarers-{name}", (BASE_COUNTS,), helpers=False, scenario=name)
        for name in ("new-shores", "four-islands", "fog-islands")
    },
    "jungle": _spec("jungle", (BASE_COUNTS,), helpers=False, island="jungle"),
    "big-river": _spec("big-river", (BASE_COUNTS,), helpers=False, island="big-river"),
}
