"""Hostile answers at the decisions of random matches of every registered game.

A seat may answer anything: a text with non-ASCII digits or five thousand of them, an action value
whose fields hold numbers far outside their range, an index past the end, an object of no known kind.
Each answer must be either a legal action or refused with a ``RulesError`` (the match loop records it
as a MALFORMED or ILLEGAL fault); nothing else may escape, the position must not change, and a match
whose seats keep answering like this must finish with a normal result.
"""

from __future__ import annotations

import dataclasses
import importlib
import random
from collections.abc import Iterator

import pytest

from engine.core.action import Action, check_fields
from engine.core.answers import read_answer
from engine.core.errors import RulesError
from engine.core.game import Game
from engine.core.match import DecisionView, FaultPolicy, play_match
from engine.core.result import FaultKind, Termination
from engine.registry import list_games, load_game

ACTION_MODULES = {
    "catan": (
        "engine.games.catan.actions",
        "engine.games.catan.helper_actions",
        "engine.games.catan.seafarers.actions",
    ),
    "puerto-rico": ("engine.games.puerto_rico.actions",),
    "catan-ck": ("engine.games.catan_ck.actions", "engine.games.catan.actions"),
}

EXTREME_INTS = (-(2**63), -(2**31), -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 18, 19, 23, 53, 54, 99, 159, 160)
EXTREME_INTS += (999, 2**31 - 1, 2**31, 2**64)
ODD_VALUES: tuple[object, ...] = (True, False, None, "1", 1.5, b"\x00", [], (), {}, object())
BAD_TOKENS = (
    "\u00b2",  # superscript two: str.isdigit() is true
    "\uff11",  # fullwidth one
    "\u0663",  # Arabic-Indic three
    "-1",
    "-0",
    "00",
    "1e3",
    "0x1f",
    "99999",
    "4294967296",
    "1" * 5000,
    "",
    "\x00",
    "\u212a",  # Kelvin sign: lower() gives an ASCII 'k'
    "\u0130",
    "all",
    "to",
    "get",
    "give",
)


def variants() -> Iterator[tuple[str, str, int]]:
    for info in list_games():
        for spec in info.variants:
            for players in spec.player_counts:
                yield info.id, spec.id, players


def action_classes(game_id: str) -> list[type[Action]]:
    modules = [importlib.import_module(name) for name in ACTION_MODULES[game_id]]
    return [
        value
        for module in modules
        for value in vars(module).values()
        if isinstance(value, type)
        and issubclass(value, Action)
        and dataclasses.is_dataclass(value)
        and value.__module__ == module.__name__
    ]


def bare(cls: type[Action], values: dict[str, object]) -> Action:
    """An instance holding ``values`` as they are, as a bot could build it (no interning, no checks)."""
    action: Action = object.__new__(cls)
    for name, value in values.items():
        object.__setattr__(action, name, value)
    return action


def field_value(rng: random.Random) -> object:
    roll = rng.random()
    if roll < 0.6:
        return rng.choice(EXTREME_INTS)
    if roll < 0.8:
        return tuple(rng.choice(EXTREME_INTS[2:20]) for _ in range(rng.choice((0, 1, 4, 5, 5, 5, 6, 7))))
    return rng.choice(ODD_VALUES)


def hostile_actions(classes: list[type[Action]], rng: random.Random, count: int) -> Iterator[Action]:
    for _ in range(count):
        cls = rng.choice(classes)
        names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
        yield bare(cls, {name: field_value(rng) for name in names})


def hostile_texts(view: DecisionView, vocabulary: list[str], rng: random.Random, count: int) -> Iterator[str]:
    legal = [a.text() for a in view.legal]
    for _ in range(count):
        roll = rng.random()
        if roll < 0.5 and legal:
            words = rng.choice(legal).split()
            words[rng.randrange(len(words))] = rng.choice((*BAD_TOKENS, *vocabulary))
            if rng.random() < 0.3:
                rng.shuffle(words)
            yield " ".join(words)
        elif roll < 0.9:
            size = rng.randint(1, 9)
            yield " ".join(
                rng.choice((*vocabulary, *BAD_TOKENS, str(rng.randint(0, 200)))) for _ in range(size)
            )
        else:
            yield "".join(chr(rng.randint(1, 0x2FFF)) for _ in range(rng.randint(1, 30)))


def hostile_answers(
    view: DecisionView, classes: list[type[Action]], vocabulary: list[str], rng: random.Random
) -> list[object]:
    n = len(view.legal)
    answers: list[object] = [-1, n, n + 1, -(2**63), 2**64, True, None, b"settle 1", 1.5, object()]
    answers += list(hostile_texts(view, vocabulary, rng, 12))
    answers += list(hostile_actions(classes, rng, 12))
    return answers


def vocabulary_of(game: Game, seed: int) -> list[str]:
    """Every word of the legal action texts of a few random matches."""
    words: set[str] = set()
    rng = random.Random(seed)
    for match in range(3):
        state = game.new_state(seed + match)
        while not state.is_terminal() and state.ply < 3000:
            seat = state.seats_to_move()[0]
            legal = state.legal_actions(seat)
            for action in legal:
                words.update(action.text().split())
            state.apply(seat, rng.choice(legal))
    return sorted(words)


def check_answer(answer: object, view: DecisionView, game: Game, state_before: str, state: object) -> None:
    try:
        action = read_answer(answer, view, game, state)  # type: ignore[arg-type]
    except RulesError:
        return
    except Exception as exc:  # pragma: no cover - the failure being tested for
        pytest.fail(
            f"{game.ref.canonical()} ply {view.ply}: {answer!r:.80} raised {type(exc).__name__}: {exc}"
        )
    twin = state.clone()  # type: ignore[attr-defined]
    twin.apply(view.seat, action)  # an accepted answer applies


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "variant", "players"), list(variants()))
def test_every_hostile_answer_is_legal_or_a_rules_error(game_id: str, variant: str, players: int) -> None:
    game = load_game(game_id, variant, players)
    classes = action_classes(game_id)
    vocabulary = vocabulary_of(game, 500)
    rng = random.Random(f"{game_id}/{variant}/{players}")
    for seed in (11,):  # one seeded match per variant, played to its end
        state = game.new_state(seed)
        decisions = 0
        while not state.is_terminal() and state.ply < 3000:
            seat = state.seats_to_move()[0]
            view = DecisionView(
                game=game.ref,
                seat=seat,
                ply=state.ply,
                legal=state.legal_actions(seat),
                families=state.families(seat),
                events=(),
                forced=False,
                observe=lambda: state.observe(seat),  # noqa: B023 - used before the loop moves on
            )
            decisions += 1
            # every third decision, and every other one that offers families of actions (their
            # composite answers are where a parser has most to get wrong)
            if decisions % 3 == 0 or (view.families and decisions % 2 == 0):
                before = state.fingerprint()
                for answer in hostile_answers(view, classes, vocabulary, rng):
                    check_answer(answer, view, game, before, state)
                assert state.fingerprint() == before, f"ply {state.ply}: a refused answer changed the state"
            state.apply(seat, rng.choice(view.legal))


def test_every_action_field_declares_its_range() -> None:
    for game_id in ACTION_MODULES:
        for cls in action_classes(game_id):
            names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
            if names:
                with pytest.raises(RulesError):
                    check_fields(bare(cls, dict.fromkeys(names, -(2**40))))


class HostileSeat:
    """Answers a hostile value at one decision in three, a random legal action otherwise."""

    def __init__(self, game: Game, seed: int, vocabulary: list[str]) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.classes = action_classes(game.ref.game)
        self.vocabulary = vocabulary

    def act(self, view: DecisionView) -> object:
        if self.rng.random() < 0.33:
            return self.rng.choice(hostile_answers(view, self.classes, self.vocabulary, self.rng))
        return self.rng.randrange(len(view.legal))


@pytest.mark.parametrize(("game_id", "players"), [("catan", 4), ("puerto-rico", 3)])
def test_a_match_of_hostile_seats_finishes_with_faults_recorded(game_id: str, players: int) -> None:
    game = load_game(game_id, players=players)
    vocabulary = vocabulary_of(game, 600)
    bots = [HostileSeat(game, 70 + s, vocabulary) for s in range(players)]
    record = play_match(game, bots, 5, policy=FaultPolicy(strike_limit=10**9))  # type: ignore[arg-type]
    assert record.result.termination in (Termination.VICTORY, Termination.TURN_CAP)
    faults = record.result.faults
    assert len(faults) > 50
    assert {f.kind for f in faults} <= {FaultKind.MALFORMED, FaultKind.ILLEGAL}
    defects = [f.message for f in faults if "could not be" in f.message]
    assert not defects, defects[:3]
