"""Progress card effects (cities_and_knights.md §2.9, §11.18-§11.22), one module per card, keyed here by
card: see ``README.md`` in this folder for how an effect is written.

:data:`EFFECTS` maps a :class:`engine.games.catan_ck.tables.Card` to its :class:`Effect`. A card without
an entry is never listed and is refused by name. The VP cards (Printer, Constitution) are not played:
they score when drawn (``rules.progress.draw``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.core.action import Action, ActionFamily
    from engine.core.events import Event
    from engine.games.catan_ck.actions import PlayCard
    from engine.games.catan_ck.decisions import CardStep
    from engine.games.catan_ck.state import CkState


@dataclass(frozen=True, slots=True)
class Step:
    """One follow-up decision of a card, asked of ``CardStep.seats`` (several at once when the card
    asks several seats)."""

    legal: Callable[[CkState, int, CardStep], tuple[Action, ...]]
    """The listed actions of an asked seat (for an open family: one representative answer)."""
    apply: Callable[[CkState, int, CardStep, Action], list[Event]]
    """Apply one seat's answer: pop the frame, push it back without that seat if others are still to
    answer, push the next step if any; return the events."""
    why: Callable[[CkState, int, CardStep, Action], str | None] | None = None
    """The rule an answer breaks, or ``None``; needed when the step has a ``family`` (answers too many
    to list), optional otherwise (the default refuses anything not listed)."""
    family: ActionFamily | None = None
    """An open action family the asked seats may answer with (validated by ``why``)."""
    reveals: Callable[[CkState, int, CardStep], tuple[int, str]] | None = None
    """Whose cards the asked seat sees while it decides: ``(victim, "hand")`` (Master Merchant: the
    resources and commodities) or ``(victim, "progress")`` (Spy). The observation shows them to that
    seat alone (its ``shown`` field), and a re-dealt copy for that seat keeps them."""


@dataclass(frozen=True, slots=True)
class TurnUse:
    """An action a card played earlier this turn lends the player's main phase (Commercial Harbor's
    exchanges): listed with the other main-phase actions, of its own action ``kind``."""

    kind: type
    """The action class (one per card; the dispatch routes it here)."""
    legal: Callable[[CkState, int], tuple[Action, ...]]
    """The listed uses for the active seat now (empty when the card was not played this turn)."""
    why: Callable[[CkState, int, Action], str | None]
    """The rule a use breaks, or ``None``."""
    apply: Callable[[CkState, int, Action], list[Event]]


@dataclass(frozen=True, slots=True)
class Effect:
    """The effect of one progress card."""

    card: int
    targets: Callable[[CkState, int], tuple[PlayCard, ...]]
    """Every legal ``PlayCard`` of this card for the seat now; empty when it has no legal target
    (§11.18). Called only when the seat holds the card and the phase allows it."""
    apply: Callable[[CkState, int, PlayCard], list[Event]]
    """Do the effect of a play listed by ``targets`` (the card has left the hand already and lies
    under its deck); push a ``CardStep`` for each follow-up decision."""
    no_target: str
    """Why the card cannot be played when ``targets`` is empty, naming the rule."""
    why: Callable[[CkState, int, PlayCard], str | None] | None = None
    """Why an unlisted play of this card is illegal (better messages than the default), optional."""
    steps: Mapping[str, Step] = field(default_factory=dict)
    """Follow-up decisions by ``CardStep.step`` name."""
    turn: TurnUse | None = None
    """An action the card lends the rest of the turn once played, if any."""


def _effects() -> dict[int, Effect]:
    from engine.games.catan_ck.progress import (
        alchemist,
        bishop,
        commercial_harbor,
        crane,
        deserter,
        diplomat,
        engineer,
        intrigue,
        inventor,
        irrigation,
        master_merchant,
        medicine,
        merchant,
        merchant_fleet,
        mining,
        resource_monopoly,
        road_building,
        saboteur,
        smith,
        spy,
        trade_monopoly,
        warlord,
        wedding,
    )

    modules = (
        alchemist,
        crane,
        engineer,
        inventor,
        irrigation,
        medicine,
        mining,
        smith,
        road_building,
        bishop,
        deserter,
        diplomat,
        intrigue,
        saboteur,
        spy,
        warlord,
        wedding,
        commercial_harbor,
        master_merchant,
        merchant,
        merchant_fleet,
        resource_monopoly,
        trade_monopoly,
    )
    return {m.EFFECT.card: m.EFFECT for m in modules}


EFFECTS: dict[int, Effect] = {}
"""Every implemented effect by card (filled on first use: the card modules import the rules)."""


TURN_USES: dict[type, TurnUse] = {}
"""The lent actions of :data:`EFFECTS` by action class (filled with it)."""


def effects() -> dict[int, Effect]:
    """:data:`EFFECTS`, loaded."""
    if not EFFECTS:
        EFFECTS.update(_effects())
        TURN_USES.update({e.turn.kind: e.turn for e in EFFECTS.values() if e.turn is not None})
    return EFFECTS


def turn_uses() -> dict[type, TurnUse]:
    """:data:`TURN_USES`, loaded."""
    if not EFFECTS:
        effects()
    return TURN_USES
