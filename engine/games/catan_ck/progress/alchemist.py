"""Alchemist (cities_and_knights.md §2.9, §10 items 2-7): before the roll, choose the red and the yellow
die (1-6 each, a 7 allowed); the event die is rolled and resolved first (gate draws read the chosen
red die), then production or the 7 with the chosen values. Never after the roll (the rules refuse it
there, ``rules.progress.why_play``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.catan_ck.actions import PlayCard, play
from engine.games.catan_ck.progress import Effect
from engine.games.catan_ck.rules.dice import apply_roll
from engine.games.catan_ck.tables import Card

if TYPE_CHECKING:
    from engine.core.events import Event
    from engine.games.catan_ck.state import CkState

PLAYS: tuple[PlayCard, ...] = tuple(
    play(Card.ALCHEMIST, red, yellow) for red in range(1, 7) for yellow in range(1, 7)
)
"""Every choice of the two production dice."""


def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
    return PLAYS


def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    return apply_roll(st, seat, None, chosen=(action.args[0], action.args[1]))


EFFECT = Effect(
    card=Card.ALCHEMIST,
    targets=targets,
    apply=apply,
    no_target="the Alchemist always has a legal use before the roll (cities_and_knights.md §2.9)",
)
