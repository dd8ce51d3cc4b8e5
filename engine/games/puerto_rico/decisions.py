"""The Puerto Rico decision kinds (puerto_rico.md §9), kept on ``state.decisions``.

The bottom of the stack is the :class:`RoleSelection` of the current selector; while his role's phase
runs, the phase decision of the seat to act sits on top of it, and the nested offers (hospice, university)
sit on top of that. Every decision names one seat: Puerto Rico never asks two seats at once. Phase
decisions carry the role chooser (the phase ends when the turn would come back to him) and their own
progress (the Mayor's colonist pool, the Captain's count of turns without a load, the kinds a seat has
put in its warehouses).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.decisions import Decision


@dataclass(frozen=True, slots=True)
class RoleSelection(Decision):
    """DP-ROLE: the seat in ``seats`` chooses a role tile (or has chosen and its phase is running)."""

    tag: ClassVar[str] = "role"
    where: ClassVar[str] = "role selection (puerto_rico.md §9 DP-ROLE, §4.1)"


@dataclass(frozen=True, slots=True)
class PhaseDecision(Decision):
    """A decision inside a role's phase; ``chooser`` is the seat that chose the role."""

    chooser: int

    tag: ClassVar[str] = ""
    where: ClassVar[str] = ""


@dataclass(frozen=True, slots=True)
class HaciendaTurn(PhaseDecision):
    """DP-SET0: before his pick, the owner of an occupied hacienda may take the extra tile."""

    tag: ClassVar[str] = "hacienda"
    where: ClassVar[str] = "the hacienda step of the Settler phase (puerto_rico.md §9 DP-SET0, §3.4)"


@dataclass(frozen=True, slots=True)
class SettlerTurn(PhaseDecision):
    """DP-SET1: take a face-up plantation, a quarry, or pass."""

    tag: ClassVar[str] = "settle"
    where: ClassVar[str] = "the Settler phase (puerto_rico.md §9 DP-SET1, §5.1)"


@dataclass(frozen=True, slots=True)
class HospiceOffer(PhaseDecision):
    """DP-SET2: an occupied hospice may put a colonist on the tile just taken (``tile``)."""

    tile: int

    tag: ClassVar[str] = "hospice"
    where: ClassVar[str] = "the hospice offer of the Settler phase (puerto_rico.md §9 DP-SET2, §3.4)"


@dataclass(frozen=True, slots=True)
class MayorOffer(PhaseDecision):
    """DP-MAY0: the Mayor's privilege colonist from the supply."""

    tag: ClassVar[str] = "privilege"
    where: ClassVar[str] = "the Mayor's privilege (puerto_rico.md §9 DP-MAY0, §5.2)"


@dataclass(frozen=True, slots=True)
class MayorPlacement(PhaseDecision):
    """DP-MAY1: the seat places the colonists of its ``pool`` one ``place`` at a time."""

    pool: int

    tag: ClassVar[str] = "place"
    where: ClassVar[str] = "colonist placement in the Mayor phase (puerto_rico.md §9 DP-MAY1, §5.2)"


@dataclass(frozen=True, slots=True)
class BuilderTurn(PhaseDecision):
    """DP-BLD: build at most one building, or pass."""

    tag: ClassVar[str] = "build"
    where: ClassVar[str] = "the Builder phase (puerto_rico.md §9 DP-BLD, §5.3)"


@dataclass(frozen=True, slots=True)
class UniversityOffer(PhaseDecision):
    """DP-BLD2: an occupied university may put a colonist on ``building``, just built."""

    building: int

    tag: ClassVar[str] = "university"
    where: ClassVar[str] = "the university offer of the Builder phase (puerto_rico.md §9 DP-BLD2, §3.4)"


@dataclass(frozen=True, slots=True)
class ProductionChoice(PhaseDecision):
    """A9 option ``allow_decline_production``: produce everything or nothing."""

    tag: ClassVar[str] = "produce"
    where: ClassVar[str] = "production in the Craftsman phase (puerto_rico.md §8 A9, §5.4)"


@dataclass(frozen=True, slots=True)
class CraftsmanExtra(PhaseDecision):
    """DP-CRF: the Craftsman's extra barrel."""

    tag: ClassVar[str] = "extra"
    where: ClassVar[str] = "the Craftsman's privilege (puerto_rico.md §9 DP-CRF, §5.4)"


@dataclass(frozen=True, slots=True)
class TraderTurn(PhaseDecision):
    """DP-TRD: sell one barrel or pass."""

    tag: ClassVar[str] = "sell"
    where: ClassVar[str] = "the Trader phase (puerto_rico.md §9 DP-TRD, §5.5)"


@dataclass(frozen=True, slots=True)
class CaptainTurn(PhaseDecision):
    """DP-CAP1: a loading turn; ``idle`` counts consecutive turns without a load (A3)."""

    idle: int

    tag: ClassVar[str] = "load"
    where: ClassVar[str] = "loading in the Captain phase (puerto_rico.md §9 DP-CAP1, §5.6)"


@dataclass(frozen=True, slots=True)
class StorageTurn(PhaseDecision):
    """DP-CAP2: storage; ``kept`` is the bit set of kinds already put in warehouses."""

    kept: int

    tag: ClassVar[str] = "store"
    where: ClassVar[str] = "storage at the end of the Captain phase (puerto_rico.md §9 DP-CAP2, §5.6)"


DECISION_TYPES: tuple[type[Decision], ...] = (
    RoleSelection,
    HaciendaTurn,
    SettlerTurn,
    HospiceOffer,
    MayorOffer,
    MayorPlacement,
    BuilderTurn,
    UniversityOffer,
    ProductionChoice,
    CraftsmanExtra,
    TraderTurn,
    CaptainTurn,
    StorageTurn,
)
SEAT: tuple[tuple[int], ...] = tuple((s,) for s in range(5))
"""Pre-built ``seats`` tuples."""
