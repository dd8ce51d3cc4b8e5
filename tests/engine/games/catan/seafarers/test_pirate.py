"""The robber or the pirate after a 7 or a knight (seafarers.md §5.6, §9.3, §9.4).

New Shores for 4 seats: seat 0's ships lie on the south-east and east sides of sea hex 22 (see
``test_ships``); seat 1 is the active seat, choosing where the robber or the pirate goes.
"""

from __future__ import annotations

from engine.games.catan.seafarers.board import FRAME

from .sea import Map, new_shores, play, refused

M = new_shores()
LINE = f"s0.settle={M.corner(28, 'NE')} s0.ship={M.edge(22, 'SE')},{M.edge(22, 'E')}"
SEVEN = f"{LINE} active=1 rolled=7 decision=robber"


def test_a_seven_moves_the_robber_or_the_pirate() -> None:
    st = M.state(SEVEN)
    board = st.board
    listed = [a.text().split() for a in st.legal_actions(1)]
    robber = {int(w[1]) for w in listed if w[0] == "robber"}
    pirate = {w[1] for w in listed if w[0] == "pirate"}
    assert robber == set(board.land) - {st.robber}  # land only, desert and gold included
    assert pirate == {str(h) for h in board.sea}  # sea only; from the frame, not to it
    assert ["pirate", "22", "steal", "0"] in listed and ["pirate", "22"] not in listed


def test_the_pirate_steals_from_a_seat_with_a_ship_on_its_hex() -> None:
    st = M.state(f"{SEVEN} s0.hand=1o")
    kinds = play(st, 1, "pirate 22 steal 0")
    assert kinds == ["pirate", "steal"]
    assert st.pirate == 22 and st.hands[1] == [0, 0, 0, 0, 1]


def test_pirate_moves_that_are_refused() -> None:
    st = M.state(SEVEN)
    refused(st, 1, "pirate 22", "the steal is mandatory: name one of seats [0]")
    refused(st, 1, "pirate 22 steal 2", "seat 2 has no ship on an edge of hex 22")
    refused(st, 1, "pirate 21", "not a sea hex")
    refused(st, 1, "robber 22", "not land")
    refused(st, 1, "pirate frame", "on the frame already")
    refused(st, 1, "pirate 63", "does not exist")


def test_a_seats_own_ships_make_it_no_victim() -> None:
    # seafarers.md §9.3
    st = M.state(f"{LINE} rolled=7 decision=robber")
    refused(st, 0, "pirate 22 steal 0", "seat 0 has no ship")
    play(st, 0, "pirate 22")
    assert st.pirate == 22


def test_the_frame_is_open_to_the_pirate_unless_the_option_says_no() -> None:
    # seafarers.md §9.4: from a sea hex to the frame, where it blocks and steals nothing
    st = M.state(f"{SEVEN} pirate=29")
    assert "pirate frame" in {a.text() for a in st.legal_actions(1)}
    refused(st, 1, "pirate frame steal 0", "steals nothing on the frame")
    play(st, 1, "pirate frame")
    assert st.pirate == FRAME
    st = M.state(f"{SEVEN} pirate=29", pirate_to_frame=False)
    assert "pirate frame" not in {a.text() for a in st.legal_actions(1)}
    refused(st, 1, "pirate frame", "pirate_to_frame=false")


def test_a_knight_moves_the_pirate_too() -> None:
    st = M.state(f"{LINE} active=1 phase=pre_roll s1.dev=1k s0.hand=1w")
    play(st, 1, "play knight", "pirate 22 steal 0")
    assert st.knights[1] == 1 and st.hands[1][2] == 1


def test_the_pirate_blocks_ships_only() -> None:
    # seafarers.md §5.6: no ship built on, moved onto or away from its hex; roads and production go on
    home = M.corner(28, "NE")
    st = M.state(f"s0.settle={home} s0.hand=2b2l1w pirate=22")
    listed = {a.text() for a in st.legal_actions(0)}
    assert f"road {M.edge(28, 'NE')}" in listed  # a coast of the pirate's hex takes a road
    assert f"ship {M.edge(28, 'NE')}" not in listed and f"ship {M.edge(28, 'E')}" in listed


def test_neither_enters_a_fog_space() -> None:
    fog = Map("fog-islands")
    st = fog.state("rolled=7 decision=robber")
    space = st.board.fog[0]
    refused(st, 0, f"robber {space}", "not land")
    refused(st, 0, f"pirate {space}", "never stands on land or fog")
    assert all(a.hex not in st.board.fog for a in st.legal_actions(0))  # type: ignore[attr-defined]
