"""A fixed discrete action space per game configuration, and the mask of one decision.

The slots come from the game's action classes (:mod:`learning.classes`) and the board:

- **Listed actions.** A class's slots are keyed by the fields that have a small finite domain: an enum,
  a ranged int of at most :data:`SMALL` values, a ``corner``/``src``/``dst`` (the board's corners), a
  ``hex`` (its hexes, and -1 where the field's range has it) or an ``a``-``b`` pair (its edges). A slot plays the first listed action with its
  key; a field outside the key (a tuple of cards, a progress card's targets) is the listed action's own.
  A class whose keys would exceed :data:`CAP` slots drops its leading key fields (a knight's move is keyed
  by its destination). So every listed action has a slot, and a slot names one action or a choice among
  a few listed ones that differ only outside the key.
- **Open families** (actions too many to list), as a documented finite set: for a ``discard``, one slot
  per kind of card, "discard sparing KIND" (the listed largest-first discard taken from the other kinds
  first); for an ``offer``, "give 1 X get 1 Y" and "give 2 X get 1 Y" to every seat for each pair of
  kinds. A family slot is legal when its action validates. Counter-offers have no slot (answer an offer
  with accept or reject).

Each slot has a name (the canonical text of its action where the key is the whole action), so a saved
policy can check the space it was trained on.
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from engine.core.action import Action
from engine.core.errors import RulesError
from learning.classes import game_classes

SMALL = 32
"""Largest ranged-int field domain kept in a key without a board meaning."""
CAP = 1024
"""Most slots of one action class."""
CORNER_FIELDS = ("corner", "src", "dst")


@dataclass(frozen=True, slots=True)
class Board:
    """The board's sizes and edges, from the game's static tables (none for a game without a board)."""

    hexes: int = 0
    corners: int = 0
    edges: tuple[tuple[int, int], ...] = ()


def board_of(tables: Any) -> Board:
    """The board in a game's static tables (``MatchStart.board``): a value with ``hexes``, ``corners`` and
    ``edges`` lists, or a field of the tables holding one."""
    if tables is None:
        return Board()
    if all(hasattr(tables, k) for k in ("hexes", "corners", "edges")):
        return Board(len(tables.hexes), len(tables.corners), tuple(tuple(e.corners) for e in tables.edges))
    if dataclasses.is_dataclass(tables):
        for f in dataclasses.fields(tables):
            inner = board_of(getattr(tables, f.name))
            if inner.corners:
                return inner
    return Board()


@dataclass(frozen=True, slots=True)
class _ClassSlots:
    cls: type
    key: tuple[str, ...]
    first: int
    index: dict[tuple[Any, ...], int]


FamilyRule = Callable[[Any, Any], Action | None]
"""``rule(observation, listed_action_or_None) -> action or None``: one family slot's action now."""


class Catalog:
    """The action space of one game configuration (see the module docstring)."""

    def __init__(self, game: Any) -> None:
        state = game.new_state(0)
        self.board = board_of(state.static_tables())
        self.names: list[str] = []
        self._by_class: dict[type, _ClassSlots] = {}
        for cls in game_classes(game, Action):
            self._add_class(cls)
        self._family: dict[str, list[tuple[int, FamilyRule]]] = {}
        self._add_families(game, state)
        self.size = len(self.names)
        self._cache: dict[Any, int] = {}

    # -- building ------------------------------------------------------------------------------------

    def _domain(self, cls: type, f: dataclasses.Field[Any], hint: Any) -> list[Any] | None:
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return list(hint)
        if hint is bool:
            return [False, True]
        if hint is not int:
            return None
        if f.name in CORNER_FIELDS and self.board.corners:
            return list(range(self.board.corners))
        if f.name == "hex" and self.board.hexes:  # -1 where the field allows it (the pirate on the frame)
            below = [-1] if f.metadata.get("range", (0, 0))[0] < 0 else []
            return below + list(range(self.board.hexes))
        low, high = f.metadata.get("range", (0, -1))
        if 0 < high - low + 1 <= SMALL:
            return list(range(low, high + 1))
        return None

    def _add_class(self, cls: Any) -> None:
        hints = typing.get_type_hints(cls)
        fields = list(dataclasses.fields(cls))
        names = [f.name for f in fields]
        keys: list[tuple[str, ...]] = []
        domains: list[list[Any]] = []
        if "a" in names and "b" in names and self.board.edges:  # an edge, by its two corners
            keys.append(("a", "b"))
            domains.append(list(self.board.edges))
        for f in fields:
            if f.name in ("a", "b") and self.board.edges:
                continue
            domain = self._domain(cls, f, hints[f.name])
            if domain is not None:
                keys.append((f.name,))
                domains.append(domain)
        while keys and np.prod([len(d) for d in domains]) > CAP:
            keys.pop(0)
            domains.pop(0)
        key = tuple(k for group in keys for k in group)
        whole = len(key) == len(fields)
        first = len(self.names)
        index: dict[tuple[Any, ...], int] = {}
        for combo in itertools.product(*domains):
            values = tuple(v for item in combo for v in (item if isinstance(item, tuple) else (item,)))
            index[values] = len(self.names)
            self.names.append(self._slot_name(cls, key, values, whole))
        self._by_class[cls] = _ClassSlots(cls, key, first, index)

    @staticmethod
    def _slot_name(cls: Any, key: tuple[str, ...], values: tuple[Any, ...], whole: bool) -> str:
        if whole:
            try:
                return str(cls(**dict(zip(key, values, strict=True))).text())
            except Exception:  # a combination the class cannot render: named by its values
                pass
        shown = ", ".join(
            f"{k}={v.value if isinstance(v, enum.Enum) else v}" for k, v in zip(key, values, strict=True)
        )
        return f"{cls.__name__}({shown})" + ("" if whole else ": first listed")

    def _add_families(self, game: Any, state: Any) -> None:
        classes: dict[str, Any] = {c.__name__: c for c in game_classes(game, Action)}
        reference = state.observe(0)
        kinds = len(getattr(reference, "hand", ()))
        if not kinds:
            return
        discard, offer = classes.get("Discard"), classes.get("Offer")
        if discard is not None:
            rules = []
            for spared in range(kinds):
                name = discard(tuple(1 if k == spared else 0 for k in range(kinds))).text().split()[-1]
                rules.append((self._new(f"discard sparing {name}"), _sparing(discard, spared, kinds)))
            self._family["discard"] = rules
        if offer is not None:
            rules = []
            for give, get, count in itertools.product(range(kinds), range(kinds), (1, 2)):
                if give != get:
                    action = offer(_bundle(kinds, give, count), _bundle(kinds, get, 1), -1)
                    rules.append((self._new(action.text()), _fixed(action, give, count)))
            self._family["offer"] = rules

    def _new(self, name: str) -> int:
        self.names.append(name)
        return len(self.names) - 1

    # -- per decision --------------------------------------------------------------------------------

    def slot_of(self, action: Action) -> int | None:
        """The slot of a listed action (None for a class the catalogue does not know)."""
        try:
            return self._cache[action]
        except (KeyError, TypeError):
            pass
        slots = self._by_class.get(type(action))
        if slots is None:
            return None
        found = slots.index.get(tuple(getattr(action, k) for k in slots.key))
        if found is not None and len(self._cache) < 1 << 16:
            self._cache[action] = found
        return found

    def legal(self, state: Any, seat: int, observation: Any | None = None) -> dict[int, Action]:
        """Each legal slot of ``seat`` now with the action it plays (listed first, then families)."""
        families = state.families(seat)
        obs = state.observe(seat) if observation is None and families else observation
        return self.choices(state.legal_actions(seat), families, lambda a: state.validate(seat, a), obs)

    def choices(
        self,
        listed: Sequence[Action],
        families: Sequence[Any],
        validate: Callable[[Action], None],
        observation: Any,
    ) -> dict[int, Action]:
        """:meth:`legal` from what a seat is told: its listed actions, its open families, a validator
        (raising ``RulesError``) and its observation (for the family slots)."""
        chosen: dict[int, Action] = {}
        for action in listed:
            slot = self.slot_of(action)
            if slot is not None and slot not in chosen:
                chosen[slot] = action
        for family in families:
            for slot, rule in self._family.get(family.name, ()):
                if slot in chosen:
                    continue
                made = rule(observation, None)
                if made is None:
                    continue
                try:
                    validate(made)
                except RulesError:
                    continue
                chosen[slot] = made
        return chosen

    def mask(self, chosen: dict[int, Action]) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.int8)
        out[list(chosen)] = 1
        return out


def _bundle(kinds: int, kind: int, count: int) -> tuple[int, ...]:
    return tuple(count if k == kind else 0 for k in range(kinds))


def _fixed(action: Action, give: int, count: int) -> FamilyRule:
    def rule(obs: Any, listed: Any) -> Action | None:
        return action if obs.hand[give] >= count else None

    return rule


def _sparing(cls: Any, spared: int, kinds: int) -> FamilyRule:
    """Discard what is owed largest pile first, from the kinds but ``spared``; from ``spared`` last."""

    def rule(obs: Any, listed: Any) -> Action | None:
        owed = obs.discard_owed[obs.seat]
        if owed <= 0:
            return None
        hand = list(obs.hand)
        out = [0] * kinds
        for _ in range(owed):
            others = [k for k in range(kinds) if k != spared and hand[k] > 0]
            pick = max(others, key=lambda k: (hand[k], -k)) if others else spared
            if hand[pick] <= 0:
                return None
            hand[pick] -= 1
            out[pick] += 1
        action: Action = cls(tuple(out))
        return action

    return rule
