"""The error vocabulary of the engine.

Every rules error names the action in its canonical text and the reason, for example
``build wharf: costs 9 doubloons, seat 2 has 7``. All of them subclass :class:`RulesError`, itself a
``ValueError``, so a caller can catch one family.
"""

from __future__ import annotations


class RulesError(ValueError):
    """An action was refused by the rules; the state is unchanged."""

    def __init__(self, action_text: str, reason: str) -> None:
        self.action_text = action_text
        self.reason = reason
        super().__init__(f"{action_text}: {reason}" if action_text else reason)


class MalformedAction(RulesError):
    """The text or message cannot be read as an action of this game."""


class IllegalAction(RulesError):
    """The action is well formed but not legal in this position."""


class NotYourTurn(RulesError):
    """The seat is not among the seats to move."""


class UnknownChoice(LookupError):
    """A name given by a user (game, variant, bot, option) is not one of the valid choices.

    The message lists the valid choices so that a command line can print it as is.
    """

    def __init__(self, what: str, given: object, choices: list[str] | tuple[str, ...] | str) -> None:
        self.what = what
        self.given = given
        listed = choices if isinstance(choices, str) else ", ".join(choices)
        self.choices = choices
        super().__init__(f"unknown {what} {given!r}; valid: {listed}")

    def __str__(self) -> str:
        return str(self.args[0])

    def __reduce__(self) -> tuple[type[UnknownChoice], tuple[str, object, list[str] | tuple[str, ...] | str]]:
        # Rebuilt from its own arguments, not from the message: a worker process's error reaches the
        # parent (multiprocessing's pool cannot pass on an exception it cannot unpickle, and hangs).
        return type(self), (self.what, self.given, self.choices)
