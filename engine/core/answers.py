"""What a seat answers, made an action of the game: an index into the decision's legal list, an
action's canonical text, or an action value (a typed wire message's, an in-process bot's). Every
refusal is a ``RulesError`` (``MalformedAction`` for what is not an action of the game), which the
match loop records as the seat's fault.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.action import MAX_ACTION_TEXT, Action, check_fields
from engine.core.errors import MalformedAction

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.match import DecisionView
    from engine.core.state import State


def quote(answer: object) -> str:
    """An answer as a fault notice quotes it: its text (or its type) or its repr, at most 60 characters."""
    text = (_text_or_none(answer) or type(answer).__name__) if isinstance(answer, Action) else repr(answer)
    return text[:60]


def _text_or_none(action: Action) -> str | None:
    try:
        return action.text()
    except Exception:
        return None


def brief(exc: BaseException) -> str:
    """An exception in one short line for a fault notice."""
    return f"{type(exc).__name__}: {str(exc)[:200]}"


def read_answer(answer: object, view: DecisionView, game: Game, state: State) -> Action:
    """A seat's answer to ``view`` as an action legal in ``state``; raises a ``RulesError`` otherwise.

    This is all the loop does with what a seat returns, so its refusals are the seat's faults: a
    ``MalformedAction`` for what is not an action of the game, another ``RulesError`` for an action
    the rules refuse now. Any other exception is a defect of the engine.
    """
    action = resolve_answer(answer, view, game)
    state.validate(view.seat, action)
    return action


def index_out_of_range(index: int, count: int) -> str:
    """Why an index is not an answer to a decision with ``count`` legal actions (the SDK says the same
    of one it cannot send): ``index 7 out of range: 3 legal actions (0..2)``."""
    listed = "1 legal action (0)" if count == 1 else f"{count} legal actions (0..{count - 1})"
    return f"index {index} out of range: {listed if count else 'no legal action'}"


def resolve_answer(answer: object, view: DecisionView, game: Game) -> Action:
    """Turn an index, a canonical text or an action into an action; raise ``MalformedAction``."""
    if isinstance(answer, bool):
        raise MalformedAction(repr(answer), "an answer is an action, its text or an index")
    if isinstance(answer, int):
        if 0 <= answer < len(view.legal):
            return view.legal[answer]
        raise MalformedAction("", index_out_of_range(answer, len(view.legal)))
    if isinstance(answer, str):
        if len(answer) > MAX_ACTION_TEXT:  # refused before any parsing
            raise MalformedAction(
                answer[:40] + "...",
                f"an action text is at most {MAX_ACTION_TEXT} characters, got {len(answer)}",
            )
        return game.parse_action(answer)
    if isinstance(answer, Action):
        if answer in view.legal:
            return answer
        return canonical_action(answer, game)
    raise MalformedAction(repr(answer)[:60], "an answer is an action, its text or an index")


def canonical_action(action: Action, game: Game) -> Action:
    """The game's own value for an action a seat built (a typed wire message, an in-process bot's value).

    Its fields are checked against their declared types and ranges first (``check_fields``), so its
    text is faithful; the text is then parsed, which gives the game's canonical value (the interned
    instance the legal list holds, the two cards of a Year of Plenty in order). Raises
    ``MalformedAction``.
    """
    check_fields(action)
    try:
        text = action.text()
    except (IndexError, KeyError, TypeError, ValueError) as exc:
        raise MalformedAction(type(action).__name__, f"its fields have no text form ({brief(exc)})") from None
    return game.parse_action(text)
