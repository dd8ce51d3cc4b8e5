"""Commercial Harbor (cities_and_knights.md §2.9, §10 items 64-67, §11.20): once played, for the rest of
the turn, the seat may force each opponent once into an exchange (``harbor SEAT RESOURCE``, a main-phase
action the card lends, interleaved with any other): it offers one resource card of its hand and the
opponent gives one commodity of its choice back (step ``give``: ``choose KIND``). An opponent without a
commodity makes the exchange void (the seat keeps its resource) and is used up for the turn all the
same; one with a single kind of commodity gives it without being asked. A second Harbor in the same
turn targets no opponent twice. Always playable. The resource offered and the commodity given are
told to the two seats only.

The turn's use is ``st.harbor_used``: bit ``s`` for each opponent targeted, :data:`OPEN` once a
Harbor was played (cleared at every turn, ``rules.turn.begin_turn``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.tables import MAX_SEATS
from engine.games.catan_ck.actions import CHOOSE_KIND, ChooseKind, Harbor, PlayCard, play
from engine.games.catan_ck.decisions import CardStep
from engine.games.catan_ck.progress import Effect, Step, TurnUse
from engine.games.catan_ck.tables import COMMODITIES, KIND_NAMES, Card

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan_ck.state import CkState

OPEN = 1 << MAX_SEATS
"""The bit of ``harbor_used`` set while a Commercial Harbor played this turn is in force."""
PLAY = play(Card.COMMERCIAL_HARBOR)
USES = tuple(tuple(Harbor(s, r) for r in range(5)) for s in range(MAX_SEATS))
"""``USES[seat][resource]``."""


def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
    return (PLAY,)


def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    st.harbor_used |= OPEN
    return []


def legal_use(st: CkState, seat: int) -> tuple[Action, ...]:
    used = st.harbor_used
    if not used & OPEN or seat != st.active:
        return ()
    hand = st.hands[seat]
    held = [r for r in range(5) if hand[r]]
    return tuple(USES[s][r] for s in range(st.n) if s != seat and not used >> s & 1 for r in held)


def why_use(st: CkState, seat: int, action: Action) -> str | None:
    assert isinstance(action, Harbor)
    if not st.harbor_used & OPEN:
        return "no Commercial Harbor was played this turn (cities_and_knights.md §2.9)"
    s = action.seat
    if s == seat or not 0 <= s < st.n:
        return f"Commercial Harbor: name an opponent (0..{st.n - 1}, not {seat}; cities_and_knights.md §2.9)"
    if st.harbor_used >> s & 1:
        return f"Commercial Harbor: seat {s} was forced into an exchange this turn already (cities_and_knights.md §11.20)"
    if not st.hands[seat][action.resource]:
        return f"Commercial Harbor: seat {seat} holds no {KIND_NAMES[action.resource]} to offer (cities_and_knights.md §2.9)"
    return None


def _kinds(st: CkState, seat: int) -> list[int]:
    hand = st.hands[seat]
    return [k for k in COMMODITIES if hand[k]]


def apply_use(st: CkState, seat: int, action: Action) -> list[Event]:
    assert isinstance(action, Harbor)
    target, r = action.seat, action.resource
    st.harbor_used |= 1 << target
    kinds = _kinds(st, target)
    offered = {"offered": KIND_NAMES[r]}
    if not kinds:
        return [Event("harbor_void", {"seat": seat, "with": target}, offered, audience=(seat, target))]
    if len(kinds) == 1:
        return exchange(st, seat, target, r, kinds[0])
    st.decisions.append(CardStep((target,), Card.COMMERCIAL_HARBOR, "give", seat, (r,)))
    return [Event("harbor", {"seat": seat, "with": target}, offered, audience=(seat, target))]


def exchange(st: CkState, seat: int, target: int, resource: int, commodity: int) -> list[Event]:
    """The seat's ``resource`` goes to ``target``, the target's ``commodity`` to the seat."""
    mine, theirs = st.hands[seat], st.hands[target]
    mine[resource] -= 1
    theirs[resource] += 1
    theirs[commodity] -= 1
    mine[commodity] += 1
    private = {"gave": KIND_NAMES[resource], "got": KIND_NAMES[commodity]}
    return [Event("harbor_exchange", {"seat": seat, "with": target}, private, audience=(seat, target))]


def legal_give(st: CkState, seat: int, frame: CardStep) -> tuple[Action, ...]:
    return tuple(CHOOSE_KIND[k] for k in _kinds(st, seat))


def why_give(st: CkState, seat: int, frame: CardStep, action: Action) -> str | None:
    if isinstance(action, ChooseKind) and action.kind in _kinds(st, seat):
        return None
    held = ", ".join(KIND_NAMES[k] for k in _kinds(st, seat))
    return (
        f"Commercial Harbor: give one commodity you hold ({held}): 'choose KIND' (cities_and_knights.md §2.9)"
    )


def apply_give(st: CkState, seat: int, frame: CardStep, action: Action) -> list[Event]:
    assert isinstance(action, ChooseKind)
    st.decisions.pop()
    return exchange(st, frame.player, seat, frame.data[0], action.kind)


EFFECT = Effect(
    card=Card.COMMERCIAL_HARBOR,
    targets=targets,
    apply=apply,
    no_target="the Commercial Harbor is always playable (cities_and_knights.md §2.9)",
    steps={"give": Step(legal=legal_give, apply=apply_give, why=why_give)},
    turn=TurnUse(kind=Harbor, legal=legal_use, why=why_use, apply=apply_use),
)
