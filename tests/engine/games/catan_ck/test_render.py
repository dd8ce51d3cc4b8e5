"""The Cities & Knights picture (``arena render``, ``arena play``, replays): knights by level and active
state, city walls, metropolises, the merchant, the barbarian track and improvement levels, with a
legend that names every mark."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

import engine
from arena.cli import app
from engine.games.catan_ck.state import CkState

runner = CliRunner()


def mark_at(st: CkState, picture: str, corner: int) -> str:
    """The two characters drawn at ``corner`` (the corner grid of ``render_board``)."""
    xy = st.board.topology.corner_xy
    x0, y0 = min(x for x, _ in xy), min(y for _, y in xy)
    x, y = xy[corner]
    line = picture.splitlines()[(y - y0) * 2]
    col = (x - x0) * 4 + 1
    return line[col : col + 2]


def played(seed: int, plies: int) -> CkState:
    st = engine.load_game("catan-ck", players=4).new_state(seed)
    assert isinstance(st, CkState)
    for ply in range(plies):
        seat = st.seats_to_move()[0]
        legal = st.legal_actions(seat)
        st.apply(seat, legal[ply * 7 % len(legal)])
    return st


def test_every_new_piece_is_drawn_where_it_stands() -> None:
    st = played(3, 18)
    cities = [c for c in range(len(st.owner)) if st.level[c] == 2]
    settlements = [c for c in range(len(st.owner)) if st.level[c] == 1]
    free = [c for c in range(len(st.owner)) if st.owner[c] < 0 and st.k_owner[c] < 0]
    walled, metro = cities[0], cities[1]
    st.walls[walled] = 1
    st.metropolis[2] = metro
    knights = free[:6]
    for i, c in enumerate(knights):  # levels 1, 2, 3, inactive then active
        st.k_owner[c], st.k_level[c], st.k_active[c] = 1, 1 + i % 3, i // 3
    st.merchant_hex, st.merchant_owner = 5 if st.robber != 5 else 6, 2
    st.ship = 3
    st.improvements[0] = [1, 3, 5]
    picture = st.render()
    assert mark_at(st, picture, walled) == f"W{st.owner[walled]}"
    assert mark_at(st, picture, metro) == f"*{st.owner[metro]}"
    assert mark_at(st, picture, settlements[0]) == f"s{st.owner[settlements[0]]}"
    assert [mark_at(st, picture, c) for c in knights] == ["b1", "t1", "m1", "B1", "T1", "M1"]
    assert "$$" in picture
    lines = picture.splitlines()
    assert any(line.startswith("barbarians [###....] 3 of 7:") for line in lines)
    seat0 = next(line for line in lines if line.startswith("seat 0:"))
    assert "improvements trade 1 politics 3 (fortress) science 5 (aqueduct)" in seat0
    seat1 = next(line for line in lines if line.startswith("seat 1:"))
    assert "knights 6 (3 active)" in seat1
    owner = st.owner[metro]
    assert "[metropolis science]" in next(line for line in lines if line.startswith(f"seat {owner}:"))
    assert "[merchant]" in next(line for line in lines if line.startswith("seat 2:"))
    legend = st.render_legend()
    for mark in (
        "W2 city with a wall",
        "*2 metropolis",
        "b basic",
        "t strong",
        "m mighty",
        "$$",
        "# advanced",
    ):
        assert mark in " ".join(legend.split()), mark


def test_a_seat_sees_its_own_cards_and_progress_cards_only() -> None:
    st = played(4, 200)
    for seat in range(4):
        own = st.render_for(seat)
        assert f"you are seat {seat}:" in own
        assert st.render() in own
        others = [s for s in range(4) if s != seat]
        assert all(f"you are seat {s}:" not in own for s in others)


def test_arena_render_and_replay_draw_catan_ck(tmp_path: Path) -> None:
    out = runner.invoke(app, ["render", "catan-ck", "--seed", "2"])
    assert out.exit_code == 0, out.output
    assert "barbarians [.......] 0 of 7" in out.output and "Cities & Knights: s2 settlement" in out.output
    log = tmp_path / "m.jsonl"
    play = runner.invoke(
        app, ["play", "catan-ck", "--bots", "random,random,random", "--seed", "3", "--replay", str(log)]
    )
    assert play.exit_code == 0, play.output
    shown = runner.invoke(app, ["render", "--replay", str(log), "--ply", "300"])
    assert shown.exit_code == 0, shown.output
    assert "position at ply 300" in shown.output and "barbarians [" in shown.output
    stepped = runner.invoke(app, ["replay", str(log), "--ply", "300", "--seat", "1"])
    assert stepped.exit_code == 0, stepped.output
    assert "you are seat 1:" in stepped.output and "improvements trade" in stepped.output
