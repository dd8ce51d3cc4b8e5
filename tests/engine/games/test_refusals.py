"""Every ILLEGAL refusal cites the section of the rules it applies, and one that finds no place for the
action names the decision actually awaited (docs/protocol.md, Faults).

A random playout of every game, variant and seat count is walked; at regular plies each seat to move is
offered a pool of actions it may not take: every action listed earlier in the match, texts of every
kind (offers to oneself, corners and hexes past the board, cards not held, another variant's words)
and the same with their numbers pushed to the board's edges. What the rules answer is what a bot
reads in its ILLEGAL fault.
"""

from __future__ import annotations

import contextlib
import random
import re
from typing import Any

import pytest

import engine
from engine.core.action import Action
from engine.core.errors import IllegalAction, MalformedAction, NotYourTurn
from engine.games.catan.decisions import TurnPhase
from engine.games.catan.rules import waiting_for as catan_waiting_for
from engine.games.catan.seafarers.rules import waiting_for as sea_waiting_for
from engine.games.catan_ck.rules.dispatch import waiting_for as ck_waiting_for
from engine.registry import list_games

CASES = [(g.id, v.id, n) for g in list_games() for v in g.variants for n in v.player_counts]
CITES = re.compile(r"\b(catan|cities_and_knights|puerto_rico|seafarers)\.md \u00a7[0-9]")
SEEDS = [
    "offer give 1 brick get 1 ore to 0", "offer give 1 brick get 1 ore to 5", "offer give 1 brick get 1 brick to all",
    "counter give 1 brick get 1 ore", "confirm 0", "robber 3", "robber 3 steal 0", "robber 29",
    "bank give 4 brick get 1 ore", "bank give 2 ore get 1 ore", "discard 1 brick", "settle 53", "settle 79",
    "settle 80", "city 1", "road 1-2", "road 0-79", "buy dev", "end", "roll", "play knight",
    "play monopoly ore", "play year-of-plenty ore", "play road-building", "accept", "reject", "withdraw",
    "helper hilde 0", "helper lin 30", "helper jean ore", "helper keep", "take ore", "give ore", "pass",
    "play master-merchant 0", "play spy 0", "play deserter 0", "play wedding", "harbor 0 brick",
    "defend none", "deck politics", "knight 1", "activate 1", "promote 1", "move 1 2", "displace 1 2",
    "chase 1", "wall 1", "improve trade", "take-card spy", "drop spy", "choose 1",
    "role captain", "role prospector", "build wharf", "build large-market", "ship corn 1", "ship corn wharf",
    "sell corn", "place corn", "plantation quarry", "privilege", "keep corn", "pass",
]  # fmt: skip
EDGES = (0, 5, 18, 19, 29, 30, 53, 54, 79, 80, 159)


def candidates(game: Any, texts: set[str]) -> list[Action]:
    """The actions of ``texts`` that the game reads, and of the seed texts with numbers at the edges."""
    edged = {re.sub(r"\d+", str(n), text, count=1) for text in SEEDS for n in EDGES if re.search(r"\d", text)}
    out: dict[str, Action] = {}
    for text in texts | edged:
        with contextlib.suppress(MalformedAction):
            out.setdefault(text, game.parse_action(text))
    return list(out.values())


def awaited(game_id: str, variant: str, top: Any) -> str | None:
    """What a refusal with no place for the action must name, for the Catan family."""
    if game_id == "catan":
        return sea_waiting_for(top) if variant.startswith("seafarers") else catan_waiting_for(top)
    if game_id == "catan-ck":
        return ck_waiting_for(top)
    return None


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "variant", "players"), CASES, ids=[f"{g}/{v}/p{n}" for g, v, n in CASES])
def test_every_refusal_cites_its_rule_and_names_the_awaited_decision(
    game_id: str, variant: str, players: int
) -> None:
    game = engine.load_game(game_id, variant, players)
    state = game.new_state(17)
    rng = random.Random(17)
    seen: set[str] = set(SEEDS)
    refusals: dict[str, str] = {}
    not_now = 0
    for ply in range(500):
        if state.is_terminal():
            break
        movers = state.seats_to_move()
        for seat in movers:
            seen.update(a.text() for a in state.legal_actions(seat))
        if ply % 25 == 0:
            pool = candidates(game, seen)
            for seat in movers:
                legal = set(state.legal_actions(seat))
                for action in pool:
                    if action in legal:
                        continue
                    try:
                        state.validate(seat, action)
                    except NotYourTurn:
                        continue
                    except MalformedAction:
                        continue  # not an action of this position's kinds at all (a MALFORMED fault)
                    except IllegalAction as refused:
                        reason = refused.reason
                        refusals.setdefault(re.sub(r"\d+", "N", reason), str(refused))
                        assert CITES.search(reason), f"ply {ply} seat {seat}: {refused} cites no section"
                        if " is not allowed now: " in reason:
                            not_now += 1
                            top = state.decisions[-1]  # type: ignore[attr-defined]
                            expected = awaited(game_id, variant, top)
                            assert expected is not None and reason.endswith(f"waiting for {expected}"), reason
                            if isinstance(top, TurnPhase):
                                assert f"seat {top.seats[0]}'s " in reason, reason
                                assert "turn" in reason or "phase" in reason, reason
        seat = movers[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert len(refusals) >= 20, refusals  # the walk met many kinds of refusal
    assert game_id == "puerto-rico" or not_now > 0


def test_the_refusals_a_bot_author_met_now_say_what_is_awaited() -> None:
    """The texts of docs/protocol.md's promise, on positions found by a seeded walk: the robber in one's
    own main phase, a corner past the 30-hex island in setup, an offer to oneself, and the Cities &
    Knights answers given in the main phase."""
    game = engine.load_game("catan", "base", 4)
    state = game.new_state(5)
    rng = random.Random(5)
    while not (isinstance(top := state.decisions[-1], TurnPhase) and top.phase == "trade_build"):
        seat = state.seats_to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.seats_to_move()[0]
    with pytest.raises(IllegalAction) as robber:
        state.validate(seat, game.parse_action("robber 3"))
    assert f"waiting for seat {seat}'s trade and build phase" in str(robber.value)
    assert "(catan.md §5.1)" in str(robber.value)
    with pytest.raises(IllegalAction) as offer:
        state.validate(seat, game.parse_action(f"offer give 1 brick get 1 ore to {seat}"))
    assert "an offer goes to another seat" in str(offer.value) and "catan.md §5.5" in str(offer.value)

    six = engine.load_game("catan", "extended", 6)
    with pytest.raises(IllegalAction) as corner:
        six.new_state(1).validate(0, six.parse_action("settle 80"))
    assert "corner 80 does not exist (0..79; catan.md §3.1)" in str(corner.value)

    ck = engine.load_game("catan-ck", "base", 4)
    state = ck.new_state(5)
    while not (isinstance(top := state.decisions[-1], TurnPhase) and top.phase != "pre_roll"):
        seat = state.seats_to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.seats_to_move()[0]
    for text in ("defend none", "deck politics"):
        with pytest.raises(IllegalAction) as refused:
            state.validate(seat, ck.parse_action(text))
        assert f"waiting for seat {seat}'s main phase" in str(refused.value), refused.value
        assert "cities_and_knights.md §4.1 step 5" in str(refused.value)
