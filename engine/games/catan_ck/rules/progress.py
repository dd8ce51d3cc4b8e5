"""Progress cards in play (cities_and_knights.md §4.3-§4.6, §11.3, §11.28): draws, the hand limit,
playing a card and its follow-up steps. The effects themselves live in :mod:`engine.games.catan_ck.progress`.

A gate face of the event die lets every seat with level L >= 1 in that track and red die <= L + 1 draw
the top card of the track's deck, one at a time in turn order from the active seat (§4.1 step 3). An
empty deck gives nothing. A VP card (Printer, Constitution) is revealed and scores at once (§2.9). A
fifth card in hand must go at once: off one's turn (or before one's roll) one card goes under its deck;
on one's own turn after the roll the seat may instead play one held card (not the Alchemist), or with
the ``strict_fifth_card`` option only the card just drawn (§11.3). A played card goes under its deck
once its effect is applied.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.decisions import PRE_ROLL, TurnPhase
from engine.games.catan_ck.actions import DROP, DropCard, PlayCard
from engine.games.catan_ck.decisions import CardStep, Overflow, resume
from engine.games.catan_ck.progress import effects, turn_uses
from engine.games.catan_ck.tables import CARD_DECK, CARD_NAMES, PROGRESS_LIMIT, TRACK_NAMES, VP_CARDS, Card

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan_ck.progress import Step
    from engine.games.catan_ck.state import CkState

ALCHEMIST = int(Card.ALCHEMIST)


def draw(st: CkState, seat: int, track: int) -> list[Event]:
    """The seat draws the top card of ``track``'s deck; a VP card scores, a fifth card must go."""
    deck = st.decks[track]
    if not deck:
        return [Event("draw", {"seat": seat, "deck": TRACK_NAMES[track], "empty": True})]
    card = deck.pop()
    if card in VP_CARDS:
        st.vp_cards[seat] += 1
        return [
            Event(
                "vp_card", {"seat": seat, "card": CARD_NAMES[card], "deck": TRACK_NAMES[track]}, chance=True
            )
        ]
    hand = st.progress[seat]
    hand.append(card)
    hand.sort()
    events = [
        Event(
            "draw",
            {"seat": seat, "deck": TRACK_NAMES[track], "left": len(deck)},
            {"card": CARD_NAMES[card]},
            audience=(seat,),
            chance=True,
        )
    ]
    check_limit(st, seat, card)
    return events


def check_limit(st: CkState, seat: int, newest: int) -> None:
    """§4.4: with more than four progress cards in hand the seat must let one go (or play one)."""
    if len(st.progress[seat]) > PROGRESS_LIMIT:
        own = seat == st.active and _after_roll(st)
        st.decisions.append(Overflow((seat,), newest, own))


def _after_roll(st: CkState) -> bool:
    for d in reversed(st.decisions):
        if isinstance(d, TurnPhase):
            return d.phase != PRE_ROLL
    return False


def stage_draws(st: CkState, data: tuple[int, ...]) -> list[Event]:
    """§4.1 step 3: the gate draws, one seat at a time (the rest wait in a ``Resume`` below)."""
    track, order = data[0], data[1:]
    red = st.dice[0]
    for i, s in enumerate(order):
        lv = st.improvements[s][track]
        if lv >= 1 and red <= lv + 1:
            if order[i + 1 :]:
                st.decisions.append(resume("draws", (track, *order[i + 1 :])))
            return draw(st, s, track)
    return []


def put_under(st: CkState, card: int) -> None:
    """A played or dropped card goes face down under its deck (§4.4, §4.6)."""
    st.decks[CARD_DECK[card]].insert(0, card)


def plays_of(st: CkState, seat: int, card: int) -> tuple[Action, ...]:
    effect = effects().get(card)
    return effect.targets(st, seat) if effect is not None else ()


def legal_plays(st: CkState, seat: int, out: list[Action], pre_roll: bool) -> None:
    """Append the legal plays of the seat's cards: the Alchemist before the roll, the others after."""
    hand = st.progress[seat]
    if pre_roll:
        if ALCHEMIST in hand:
            out += effects()[ALCHEMIST].targets(st, seat)
        return
    last = -1
    table = effects()
    for card in hand:
        if card != last and card != ALCHEMIST:
            effect = table.get(card)
            if effect is not None:
                out += effect.targets(st, seat)
        last = card


def why_play(st: CkState, seat: int, action: PlayCard, pre_roll: bool) -> str | None:
    """The rule a play breaks (§4.6, §11.18), or ``None``."""
    card = action.card
    name = CARD_NAMES[card]
    if card in VP_CARDS:
        return f"{name} is a VP card: it is revealed when drawn, never played (cities_and_knights.md §2.9)"
    if card not in st.progress[seat]:
        return f"seat {seat} holds no {name} (cities_and_knights.md §4.6)"
    if card == ALCHEMIST and not pre_roll:
        return "the Alchemist is played only before the roll (cities_and_knights.md §2.9, §10 items 2 and 7)"
    if card != ALCHEMIST and pre_roll:
        return f"{name} is played after the roll; before it only the Alchemist (cities_and_knights.md §4.1 step 1, §4.6)"
    effect = effects().get(card)
    if effect is None:
        return f"{name}: this card's effect is not available in this version of the engine"
    targets = effect.targets(st, seat)
    if not targets:
        return effect.no_target
    if action in targets:
        return None
    reason = effect.why(st, seat, action) if effect.why is not None else None
    return reason or f"not a legal play of {name} now (cities_and_knights.md §12.6)"


_PLAY_TEXTS: dict[PlayCard, str] = {}
"""The text of each play applied so far (interned actions, and only legal ones: a bounded set)."""


def apply_play(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    """Play a card: out of the hand, under its deck, then its effect."""
    st.progress[seat].remove(action.card)
    put_under(st, action.card)
    text = _PLAY_TEXTS.get(action)
    if text is None:
        text = _PLAY_TEXTS[action] = action.text()
    events = [Event("play_card", {"seat": seat, "card": CARD_NAMES[action.card], "play": text})]
    return events + effects()[action.card].apply(st, seat, action)


def legal_overflow(st: CkState, seat: int) -> tuple[Action, ...]:
    top = st.decisions[-1]
    assert isinstance(top, Overflow)
    hand = st.progress[seat]
    out: list[Action] = [DROP[c] for c in sorted(set(hand))]
    if top.own_turn:
        cards = [top.newest] if st.game.strict_fifth_card else sorted(set(hand))
        for card in cards:
            if card != ALCHEMIST:
                out += plays_of(st, seat, card)
    return tuple(out)


def why_overflow(st: CkState, seat: int, action: Action) -> str | None:
    top = st.decisions[-1]
    assert isinstance(top, Overflow)
    if isinstance(action, DropCard):
        if action.card not in st.progress[seat]:
            return f"seat {seat} holds no {CARD_NAMES[action.card]} (cities_and_knights.md §4.4)"
        return None
    assert isinstance(action, PlayCard)
    if not top.own_turn:
        return "off one's own turn a fifth progress card is dropped, never played (cities_and_knights.md §4.4, §11.3)"
    if st.game.strict_fifth_card and action.card != top.newest:
        return f"only the card just drawn ({CARD_NAMES[top.newest]}) may be played (cities_and_knights.md §11.3, strict option)"
    return why_play(st, seat, action, pre_roll=False)


def apply_drop(st: CkState, seat: int, action: DropCard) -> list[Event]:
    st.decisions.pop()
    st.progress[seat].remove(action.card)
    put_under(st, action.card)
    return [Event("drop_card", {"seat": seat}, {"card": CARD_NAMES[action.card]}, audience=(seat,))]


def apply_overflow_play(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    st.decisions.pop()
    return apply_play(st, seat, action)


def legal_turn_uses(st: CkState, seat: int, out: list[Action]) -> None:
    """Append the actions that cards played this turn lend the main phase (Commercial Harbor)."""
    for legal in TURN_LEGALS or _turn_legals():
        uses = legal(st, seat)
        if uses:
            out += uses


TURN_LEGALS: list[Callable[[CkState, int], tuple[Action, ...]]] = []
"""The ``legal`` of every :class:`engine.games.catan_ck.progress.TurnUse` (filled on first use)."""


def _turn_legals() -> list[Callable[[CkState, int], tuple[Action, ...]]]:
    TURN_LEGALS[:] = [use.legal for use in turn_uses().values()]
    return TURN_LEGALS


def why_turn_use(st: CkState, seat: int, action: Action) -> str | None:
    return turn_uses()[type(action)].why(st, seat, action)


def apply_turn_use(st: CkState, seat: int, action: Action) -> list[Event]:
    return turn_uses()[type(action)].apply(st, seat, action)


def _step(top: CardStep) -> Step:
    return effects()[top.card].steps[top.step]


def legal_step(st: CkState, seat: int) -> tuple[Action, ...]:
    top = st.decisions[-1]
    assert isinstance(top, CardStep)
    return _step(top).legal(st, seat, top)


def awaited(top: CardStep) -> str:
    """The answer a progress card's step waits for: who answers, the card and the step."""
    seats = ", ".join(str(s) for s in top.seats)
    return f"the answer of seat {seats} to {CARD_NAMES[top.card]} ({top.step}; cities_and_knights.md §2.9, §12.6)"


def why_step(st: CkState, seat: int, action: Action) -> str | None:
    top = st.decisions[-1]
    assert isinstance(top, CardStep)
    step = _step(top)
    if step.why is not None:
        return step.why(st, seat, top, action)
    if action in step.legal(st, seat, top):
        return None
    return f"{action.text()!r} is not allowed now: waiting for {awaited(top)}"


def apply_step(st: CkState, seat: int, action: Action) -> list[Event]:
    top = st.decisions[-1]
    assert isinstance(top, CardStep)
    return _step(top).apply(st, seat, top, action)
