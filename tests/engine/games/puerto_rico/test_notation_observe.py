"""Notation round trips (HS-13), observations per seat and determinization (puerto_rico.md §9 Visibility, §8 A11)."""

from __future__ import annotations

import json
import random

from engine.core.events import Event
from engine.core.rng import Stream
from engine.games.puerto_rico.notation import from_text, to_text
from engine.games.puerto_rico.observe import PuertoRicoObservation
from engine.games.puerto_rico.render import render
from engine.games.puerto_rico.state import PuertoRicoState
from engine.registry import load_game

from .cases import position, roles, seat


def walk(players: int, seed: int, steps: int, **options: object) -> list[tuple[PuertoRicoState, list[Event]]]:
    """States (and the events that led to them) of a seeded random game."""
    game = load_game("puerto-rico", players=players, **options)
    state = game.new_state(seed)
    chooser = random.Random(seed)
    seen: list[tuple[PuertoRicoState, list[Event]]] = [(state.clone(), [])]
    for _ in range(steps):
        if state.is_terminal():
            break
        mover = state.seats_to_move()[0]
        legal = state.legal_actions(mover)
        events = state.apply(mover, legal[chooser.randrange(len(legal))])
        seen.append((state.clone(), events))
    return seen


def test_load_game_and_setup() -> None:
    for players, money, colonists, vp, ships, row in [
        (3, 2, 55, 75, [4, 5, 6], 4),
        (4, 3, 75, 100, [5, 6, 7], 5),
        (5, 4, 95, 122, [6, 7, 8], 6),
    ]:
        state = load_game("puerto-rico", players=players).new_state(1)
        assert state.doubloons == [money] * players
        assert (state.colonist_supply, state.colonist_ship, state.vp_supply) == (colonists, players, vp)
        assert state.ship_cap == ships and len(state.row) == row
        assert len(state.deck) == 50 - players - row
        assert state.legal_actions(0)[0].text() == "role settler"


def test_notation_round_trips_in_every_phase() -> None:
    tags: set[str] = set()
    for players in (3, 4, 5):
        for state, _ in walk(players, players, 700, hacienda_slot_allows_quarry=True):
            text = to_text(state)
            again = from_text(text, state.game)  # type: ignore[arg-type]
            assert to_text(again) == text
            assert again.legal_actions(again.seats_to_move()[0] if again.seats_to_move() else 0) == (
                state.legal_actions(state.seats_to_move()[0] if state.seats_to_move() else 0)
            )
            tags.update(t.split("(")[0] for t in text.split("stack=")[1].split(">"))
    assert {"role", "settle", "place", "build", "sell", "load"} <= tags


def test_hidden_vp_shows_only_the_own_chips() -> None:
    text = f"players=3 vp=60 s0={seat(vp=5)} s1={seat(vp=7)} s2={seat(vp=3)}"
    hidden = position(text).observe(1)
    assert [s.vp for s in hidden.seats] == [None, 7, None]
    assert hidden.vp_supply == 60
    open_vp = position(text, {"hidden_vp": False}).observe(1)
    assert [s.vp for s in open_vp.seats] == [5, 7, 3]
    over = position("over=1 " + text).observe(1)
    assert [s.vp for s in over.seats] == [5, 7, 3]


def test_observation_never_shows_the_deck_order() -> None:
    one = position(f"players=3 deck=ckstiic row=cist {roles(3)}")
    two = position(f"players=3 deck=iickstc row=cist {roles(3)}")
    for s in range(3):
        assert one.observe(s) == two.observe(s)
        assert one.observe(s).deck_size == 7
    assert "ckstiic" not in json.dumps(one.observe(0).to_json())


def test_observation_is_plain_and_public() -> None:
    state = load_game("puerto-rico", players=4).new_state(3)
    obs = state.observe(2)
    assert isinstance(obs, PuertoRicoObservation)
    assert obs.to_move == (0,) and obs.stack == ("role(0)",) and obs.deck_size == len(state.deck)
    assert json.loads(obs.to_text())["seats"][0]["doubloons"] == 3
    assert hash(obs) == hash(state.observe(2))


def test_determinized_for_keeps_every_observation() -> None:
    for players in (3, 5):
        for state, _ in walk(players, 11, 400)[::7]:
            twin = state.determinized_for(0, Stream(4))
            assert sorted(twin.deck) == sorted(state.deck)
            for s in range(players):
                assert twin.observe(s) == state.observe(s)


def test_every_event_is_public_including_vp_gains() -> None:
    kinds: set[str] = set()
    for _, events in walk(3, 5, 2000):
        for event in events:
            assert event.audience == () and event.private is None and not event.hidden
            kinds.add(event.kind)
    assert "ship" in kinds


def test_render_summarises_the_state() -> None:
    text = render(load_game("puerto-rico", players=3).new_state(2))
    assert "round 1" in text and "seat 2" in text and "row:" in text
    assert len(text.splitlines()) == 7 + 3 * 3
