"""Actions: frozen values with a canonical text form that round-trips through ``Game.parse_action``.

A game defines one ``@dataclass(frozen=True, slots=True)`` per kind of action, subclassing
:class:`Action`. Enumerated legal actions come in a deterministic order; parametric actions too many to
list (a trade offer, a set of cards to discard) belong to an :class:`ActionFamily` and are checked by the
state's validator instead.
"""

from __future__ import annotations

import dataclasses
import enum
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import MalformedAction


class Action:
    """Base of every action. Subclasses are frozen slotted dataclasses and implement :meth:`text`."""

    __slots__ = ()

    def text(self) -> str:
        """The canonical text form, e.g. ``role captain`` or ``build small-market``."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, slots=True)
class ActionFamily:
    """A parametric kind of action that a seat may take now without it being listed one by one."""

    name: str
    """Short name of the family, e.g. ``offer`` or ``discard``."""
    syntax: str
    """The text form with placeholders, e.g. ``discard N RESOURCE [N RESOURCE ...]``."""
    description: str = ""
    """What the family does and the limits the validator applies."""


# -- reading answers from untrusted seats ----------------------------------------------------------------

MAX_ACTION_TEXT = 200
"""The longest action text a game accepts, in characters. Canonical texts are far shorter (the
longest, a Catan offer of every resource, is about 110); anything longer is refused before parsing."""


def ranged(lo: int, hi: int) -> Any:
    """A dataclass field of an action whose int value (or each int of a tuple value) lies in ``lo..hi``.

    :func:`check_fields` refuses anything else before the action is used, so rules code may index its
    tables with the field. ``lo`` may be -1 where -1 is a documented "none" (no victim, no target).
    """
    return field(metadata={"range": (lo, hi)})


def action_words(text: str) -> list[str]:
    """The lower-case words of an action text; ``MalformedAction`` for text no action can have.

    Canonical texts are ASCII and short: a longer text or one with another character is refused here,
    so parsers never meet digits such as superscript two or a fullwidth one (``str.isdigit`` is true
    for them) and never
    spend time on a megabyte of text.
    """
    if len(text) > MAX_ACTION_TEXT:
        raise MalformedAction(
            text[:40] + "...", f"an action text is at most {MAX_ACTION_TEXT} characters, got {len(text)}"
        )
    if not text.isascii():
        raise MalformedAction(text, "an action text is plain ASCII")
    return text.lower().split()


def read_int(word: str, text: str, lo: int, hi: int, what: str = "number") -> int:
    """``word`` as an int in ``lo..hi`` (ASCII digits only); ``MalformedAction`` naming ``what``."""
    if not (word.isascii() and word.isdigit()) or len(word) > len(str(hi)):
        raise MalformedAction(text, f"{word!r} is not a {what} ({lo}..{hi})")
    value = int(word)
    if not lo <= value <= hi:
        raise MalformedAction(text, f"{what} {value} is out of range ({lo}..{hi})")
    return value


def check_fields(action: Action) -> None:
    """Refuse an action whose fields are not values of their declared types and ranges.

    An action built by a bot (a typed wire message, an in-process bot's value) may hold anything. Ints
    must lie in their :func:`ranged` range, enum fields must hold a member, tuples must have their
    declared length, and bools are not ints. Raises ``MalformedAction`` naming the field.
    """
    cls = type(action)
    checks = _FIELD_CHECKS.get(cls)
    if checks is None:
        checks = _FIELD_CHECKS[cls] = _field_checks(cls)
    kind = cls.__name__
    for name, check in checks:
        problem = check(getattr(action, name, None))
        if problem:
            raise MalformedAction(kind, f"field {name}: {problem}")


_Check = Callable[[object], str]
_FIELD_CHECKS: dict[type, tuple[tuple[str, _Check], ...]] = {}


def _field_checks(cls: type) -> tuple[tuple[str, _Check], ...]:
    if not dataclasses.is_dataclass(cls):
        return ()
    hints = typing.get_type_hints(cls)
    return tuple(
        (f.name, _check_for(cls.__name__, f.name, hints[f.name], f.metadata.get("range")))
        for f in dataclasses.fields(cls)
    )


def _check_for(kind: str, name: str, hint: Any, bounds: tuple[int, int] | None) -> _Check:
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        members = hint._value2member_map_

        def check_enum(value: object) -> str:
            ok = isinstance(value, int) and not isinstance(value, bool) and value in members
            return "" if ok else f"{value!r} is not a {hint.__name__}"

        return check_enum
    if hint is int:
        return _int_check(kind, name, bounds)
    if typing.get_origin(hint) is tuple:
        args = typing.get_args(hint)
        if args and args[-1] is not Ellipsis and all(a is int for a in args):
            item = _int_check(kind, name, bounds)
            size = len(args)

            def check_tuple(value: object) -> str:
                if not isinstance(value, tuple) or len(value) != size:
                    return f"expected {size} numbers"
                for v in value:
                    problem = item(v)
                    if problem:
                        return problem
                return ""

            return check_tuple
    raise TypeError(f"{kind}.{name}: no check for fields of type {hint!r}")


def _int_check(kind: str, name: str, bounds: tuple[int, int] | None) -> _Check:
    if bounds is None:
        raise TypeError(f"{kind}.{name}: an int field of an action declares its range with ranged()")
    lo, hi = bounds

    def check_int(value: object) -> str:
        if isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi:
            return ""
        return f"{value!r} is not in {lo}..{hi}"

    return check_int
