"""Variant specifications: configuration, not subclasses (HS-5).

A :class:`VariantSpec` names the player range and option defaults (both taken from the variant's row in
the game registry, :data:`engine.games.GAMES`), the board shape, the component table and the ordered
phases of a regular turn. The ``base`` variant (3-4 seats) is the only one registered so far; the 5-6
extension will add a spec with the 30-hex rows, its own counts and a ``special_build`` phase after each
turn, without touching the rules modules of the base turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.games import row
from engine.games.catan.decisions import BUILD, PRE_ROLL, TRADE, TRADE_BUILD
from engine.games.catan.tables import BASE_COUNTS, PlayerCountTable
from engine.games.catan.topology import BASE_ROWS

if TYPE_CHECKING:
    from engine.core.game import OptionValue


@dataclass(frozen=True, slots=True)
class VariantSpec:
    """Everything that differs between variants of the Catan family."""

    id: str
    min_players: int
    max_players: int
    options: tuple[tuple[str, OptionValue], ...]
    """Option names with their default values."""
    rows: tuple[int, ...]
    """Row lengths of the island (catan.md §3.2 / §3.6)."""
    counts: PlayerCountTable
    """Bank, development deck and piece limits (catan.md §2)."""
    combined_phases: tuple[str, ...]
    """The named phases of a turn with the combined trade/build phase (catan.md §5.1)."""
    strict_phases: tuple[str, ...]
    """The named phases of a turn in strict trade-then-build order."""

    def phases(self, combined: bool) -> tuple[str, ...]:
        return self.combined_phases if combined else self.strict_phases


_BASE_ROW = row("catan").variant("base")

BASE = VariantSpec(
    id=_BASE_ROW.id,
    min_players=_BASE_ROW.min_players,
    max_players=_BASE_ROW.max_players,
    options=_BASE_ROW.options,
    rows=BASE_ROWS,
    counts=BASE_COUNTS,
    combined_phases=(PRE_ROLL, TRADE_BUILD),
    strict_phases=(PRE_ROLL, TRADE, BUILD),
)

VARIANTS: dict[str, VariantSpec] = {"base": BASE}
