"""Cities & Knights decisions: the frames of the decision stack (HS-6), one per kind of step of
cities_and_knights.md §12.

Base Catan's frames are reused where the step is the same: ``SetupSettle`` and ``SetupRoad`` (§3),
``TurnPhase`` (``pre_roll`` then ``trade_build``; §4.1), ``PlaceRobber`` (§5.3) and ``FreeRoads``
(Road Building). Steps of this game: :class:`SetupCity` (§3 step 10), :class:`DiscardCards` (§5.2 and
the Saboteur: every owing seat at once), :class:`KnightRobber` (§7.5 c), :class:`AqueductAsk` (§6.4),
:class:`Declare` (V2), :class:`Pillage` (§8.3: every losing seat at once), :class:`TieReward` (§8.4),
:class:`Overflow` (§4.4, §11.3), :class:`MetropolisCity` (§6.5), :class:`Relocate` (§7.5 b),
:class:`TradeAnswers` and :class:`TradeConfirm` (§4.5), and :class:`CardStep`, the follow-up decision
of a progress card (see ``progress/README.md``).

Design detail: a roll sets off a fixed sequence (event, attack, draws, production, Aqueduct) that
seats interrupt with decisions. The sequence is kept on the stack as :class:`Resume` frames, which no
seat acts on: the step that must follow an interruption is pushed under it, and after every action the
state runs the ``Resume`` frames that have come to the top (``rules.resume``). A frame's ``seats`` are
the seats to move; several at once answer from the same position.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.decisions import Decision
from engine.games.catan_ck.actions import Offer
from engine.games.catan_ck.tables import Hand


@dataclass(frozen=True, slots=True)
class SetupCity(Decision):
    """§3 step 10: the seat places its city, straight onto an empty corner (distance rule)."""

    step: int
    """Index in the snake order of placements (n .. 2n-1)."""


@dataclass(frozen=True, slots=True)
class Resume(Decision):
    """What happens next once the decisions above are answered (``seats`` is empty): ``stage`` names a
    function of ``rules.resume.STAGES``, ``data`` its arguments."""

    stage: str
    data: tuple[int, ...] = ()


_FRAMES: dict[tuple[str, tuple[int, ...]], Resume] = {}


def resume(stage: str, data: tuple[int, ...] = ()) -> Resume:
    """``Resume((), stage, data)``, one shared instance per value (a frame is never changed, and the
    gate draws of every roll would otherwise build new ones)."""
    key = (stage, data)
    frame = _FRAMES.get(key)
    if frame is None:
        frame = _FRAMES[key] = Resume((), stage, data)
    return frame


@dataclass(frozen=True, slots=True)
class DiscardCards(Decision):
    """§5.2 (a 7) or the Saboteur: ``seats`` still owe a discard; ``owed[s]`` cards for seat s."""

    owed: tuple[int, ...]
    cause: str
    """``seven`` or ``saboteur``."""


@dataclass(frozen=True, slots=True)
class KnightRobber(Decision):
    """§7.5 c: the knight's owner moves the robber to another numbered hex and may steal."""


@dataclass(frozen=True, slots=True)
class AqueductAsk(Decision):
    """§6.4: the seat (science 3 or more, nothing produced) takes one resource or passes; ``rest`` are
    asked after it, in turn order."""

    rest: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Declare(Decision):
    """V2 (§1.5): the seat names its defending knights; ``rest`` declare after it, then the attack."""

    rest: tuple[int, ...]
    declared: tuple[int, ...]
    """Corners of the knights declared so far."""


@dataclass(frozen=True, slots=True)
class Pillage(Decision):
    """§8.3 step 4: each seat in ``seats`` chooses which of its cities without a metropolis is lost."""


@dataclass(frozen=True, slots=True)
class TieReward(Decision):
    """§8.4 step 2: the seat picks the deck of its reward; ``rest`` pick after it, in turn order."""

    rest: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Overflow(Decision):
    """§4.4, §11.3: the seat holds five progress cards; it drops one, or on its own turn after the roll
    plays one (``newest``: the card just drawn, the only one the strict option lets it play)."""

    newest: int
    own_turn: bool


@dataclass(frozen=True, slots=True)
class MetropolisCity(Decision):
    """§6.5: the seat places the ``track`` metropolis on one of its cities without a metropolis."""

    track: int


@dataclass(frozen=True, slots=True)
class Relocate(Decision):
    """§7.5 b, Intrigue: the owner moves its displaced knight from ``origin`` to a free corner reachable
    along its own roads; ``knight`` = (level, active, activated turn, promoted turn), unchanged."""

    origin: int
    knight: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class TradeAnswers(Decision):
    """§4.5: the addressed ``seats`` have not answered ``offer`` yet."""

    offer: Offer
    answers: tuple[tuple[int, str, Hand, Hand], ...]
    """(seat, ``accept``/``reject``/``counter``, gives, gets) from the answerer's side."""


@dataclass(frozen=True, slots=True)
class TradeConfirm(Decision):
    """§4.5: the active seat confirms one acceptance or counter-offer, or withdraws."""

    offer: Offer
    answers: tuple[tuple[int, str, Hand, Hand], ...]


@dataclass(frozen=True, slots=True)
class CardStep(Decision):
    """A progress card's follow-up decision: ``step`` of the effect of ``card`` (``progress/``), asked
    of ``seats`` (all at once when several); ``player`` played the card; ``data`` is the effect's own."""

    card: int
    step: str
    player: int
    data: tuple[int, ...] = ()
