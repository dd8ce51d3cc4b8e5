"""Hostile ship and pirate actions (seafarers.md §5.4-§5.6): each is refused with a ``RulesError``
that names the rule, never another exception, and leaves the position as it was."""

from __future__ import annotations

import pytest

from engine.core.action import check_fields
from engine.core.errors import MalformedAction, RulesError
from engine.games.catan.seafarers.actions import MovePirate, MoveShip, Ship

from .sea import Map, new_shores, refused

M = new_shores()
HOME = M.corner(28, "NE")
LINE = f"s0.settle={HOME} s0.ship={M.edge(22, 'SE')},{M.edge(22, 'E')} s0.hand=2l2w"
FOG = Map("fog-islands")


@pytest.mark.parametrize(
    ("position", "text", "why"),
    [
        (LINE, f"ship {M.edge(28, 'W')}", "borders no sea hex: no ship there (seafarers.md §4.3)"),
        (LINE, "ship 0-107", "is not an edge of the board"),
        (LINE, "ship 150-151", "is not an edge of the board"),
        (
            f"{LINE} newships={M.edge(22, 'E')}",
            f"move ship {M.edge(22, 'E')}",
            "built this turn and cannot move (seafarers.md §5.5)",
        ),
        (f"{LINE} moved=1", f"move ship {M.edge(22, 'E')}", "one ship move per turn (seafarers.md §5.5)"),
        (LINE, f"move ship {M.edge(28, 'E')}", "has no ship on edge"),
        (f"{LINE} rolled=7 decision=robber", "pirate 21", "not a sea hex"),
        (f"{LINE} rolled=7 decision=robber", "pirate 60", "does not exist"),
        (f"{LINE} rolled=7 decision=robber", "robber 22", "not land"),
        (LINE, "pirate 22", "is not allowed now"),
        (LINE, "gold ore", "is not allowed now"),
        (
            f"{LINE} decision=gold:0:1",
            "ship 59-66",
            "is not allowed now: waiting for gold choices (seafarers.md §5.3)",
        ),
    ],
)
def test_a_hostile_action_is_refused_naming_the_rule(position: str, text: str, why: str) -> None:
    refused(M.state(position), 0, text, why)


def test_a_fog_space_and_a_fog_frame_edge_are_refused() -> None:
    st = FOG.state("rolled=7 decision=robber")
    space = st.board.fog[0]
    refused(st, 0, f"pirate {space}", "never stands on land or fog (seafarers.md §5.6)")
    topo = st.board.topology
    edge = next(e for e in topo.hex_edges[space] if len(topo.edge_hexes[e]) == 1)  # fog against the frame
    a, b = topo.edge_corners[edge]
    st = FOG.state(f"s0.settle={a} s0.hand=1l1w1b")
    refused(st, 0, f"ship {a}-{b}", "borders no sea hex")
    refused(st, 0, f"road {a}-{b}", "no land on either side")


@pytest.mark.parametrize(
    "text",
    [
        "ship 99999-1",
        "ship -1-4",
        "ship 1-2-3",
        "move ship 1-2 to 3-4",
        "pirate -1",
        "pirate 64",
        "pirate sea",
        "gold gold",
        "ship \u0663-\u0664",
        "pirate \uff11",
        "move ship",
        "ship 12345678901234567890-1",
    ],
)
def test_a_malformed_text_is_refused(text: str) -> None:
    with pytest.raises(MalformedAction):
        M.blank.game.parse_action(text)


@pytest.mark.parametrize(
    "action",
    [Ship(-5, 2), MoveShip(3, 2**40), MovePirate(-2, 0), MovePirate(70, -1), MovePirate(3, 9)],
    ids=repr,
)
def test_an_action_value_out_of_range_is_refused(action: object) -> None:
    with pytest.raises(RulesError, match="field"):
        check_fields(action)  # type: ignore[arg-type]
