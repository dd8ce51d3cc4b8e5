"""An ASCII picture of a Cities & Knights position for ``arena play``, ``arena render`` and replays: the
base game's board (:func:`engine.games.catan.render.render_board`) with the expansion's pieces, then the
barbarian track and one line per seat.

Corners show their id or the piece on them, a letter and the seat digit: ``s2`` a settlement, ``C2`` a
city, ``W2`` a city with a wall, ``*2`` a metropolis (cities_and_knights.md §6.5, §9.1); knights by level
``b`` basic, ``t`` strong, ``m`` mighty, in capitals when active (``B0`` an active basic knight of
seat 0; §7). Under a hex, ``RR`` is the robber and ``$$`` the merchant (§9.2).
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from engine.games.catan.render import legend as base_legend
from engine.games.catan.render import render_board
from engine.games.catan_ck.rules.scoring import victory_points
from engine.games.catan_ck.tables import ABILITY_LEVEL, CARD_DECK, CARD_NAMES, KIND_NAMES, TRACK_NAMES

if TYPE_CHECKING:
    from engine.games.catan_ck.state import CkState

KNIGHT_LETTERS = ("", "b", "t", "m")
"""Knight level 1 basic, 2 strong, 3 mighty (lowercase inactive, capitals active)."""
ABILITIES = ("trading house", "fortress", "aqueduct")


def corner_labels(st: CkState) -> list[str]:
    """Two characters per corner: the piece on it, or empty for the corner id."""
    metros = set(st.metropolis)
    labels = [""] * len(st.owner)
    for c, seat in enumerate(st.owner):
        if seat >= 0:
            if st.level[c] == 1:
                mark = "s"
            elif c in metros:
                mark = "*"
            else:
                mark = "W" if st.walls[c] else "C"
            labels[c] = f"{mark}{seat}"
    for c, seat in enumerate(st.k_owner):
        if seat >= 0:
            letter = KNIGHT_LETTERS[st.k_level[c]]
            labels[c] = (letter.upper() if st.k_active[c] else letter) + str(seat)
    return labels


def barbarian_line(st: CkState) -> str:
    """``barbarians [###....] 3 of 7 ...``: the ship on its track, the strengths of §8.2."""
    track = st.game.barbarian_track
    cities = sum(1 for lv in st.level if lv == 2)
    knights = sum(st.k_level[c] for c in range(len(st.k_owner)) if st.k_owner[c] >= 0 and st.k_active[c])
    robber = "robber active" if st.robber_active else "robber waits for the first attack"
    return (
        f"barbarians [{'#' * st.ship}{'.' * (track - st.ship)}] {st.ship} of {track}: "
        f"{cities} cities against {knights} active knight strength; {st.attacks} attacks so far, {robber}"
    )


def seat_line(st: CkState, s: int) -> str:
    """A seat's public facts: cards, progress cards per deck, VP, improvements, knights, honours."""
    levels = st.improvements[s]
    tracks = " ".join(
        f"{TRACK_NAMES[t]} {levels[t]}" + (f" ({ABILITIES[t]})" if levels[t] >= ABILITY_LEVEL else "")
        for t in range(3)
    )
    mine = [c for c in range(len(st.k_owner)) if st.k_owner[c] == s]
    active = sum(st.k_active[c] for c in mine)
    honours = [
        f"metropolis {TRACK_NAMES[t]}" for t, c in enumerate(st.metropolis) if c >= 0 and st.owner[c] == s
    ]
    if st.longest == s:
        honours.append("longest road")
    if st.merchant_owner == s:
        honours.append("merchant")
    if st.defenders[s]:
        honours.append(f"{st.defenders[s]} Defender of Catan")
    if st.vp_cards[s]:
        honours.append(f"{st.vp_cards[s]} VP card")
    return (
        f"seat {s}: {sum(st.hands[s])} cards, {len(st.progress[s])} progress, {victory_points(st, s)} VP; "
        f"improvements {tracks}; knights {len(mine)} ({active} active); walls {3 - st.walls_left[s]}; "
        f"road {st.road_len[s]}" + "".join(f" [{h}]" for h in honours)
    )


def render(st: CkState) -> str:
    """The board with every piece, the barbarian track, one line per seat, the supply and decks."""
    marks = [""] * len(st.board.tokens)
    if st.merchant_hex >= 0:
        marks[st.merchant_hex] = "$$"
    picture = render_board(st.board, None, None, st.road_owner, st.robber, corner_labels(st), marks)
    out = [picture, barbarian_line(st)]
    out += [seat_line(st, s) for s in range(st.n)]
    supply = " ".join(f"{n} {KIND_NAMES[k]}" for k, n in enumerate(st.bank))
    decks = ", ".join(f"{TRACK_NAMES[t]} {len(st.decks[t])}" for t in range(3))
    out.append(f"supply: {supply}; progress decks: {decks}")
    return "\n".join(out)


def render_for(st: CkState, seat: int) -> str:
    """The picture as ``seat`` sees it: everything :func:`render` draws is public (§12.8), then this
    seat's own cards and progress cards."""
    obs = st.observe(seat)
    cards = ", ".join(f"{n} {KIND_NAMES[k]}" for k, n in enumerate(obs.hand) if n) or "no cards"
    progress = ", ".join(f"{CARD_NAMES[c]} ({TRACK_NAMES[CARD_DECK[c]]})" for c in obs.progress) or "none"
    lines = [render(st), f"you are seat {seat}: {cards}; progress cards: {progress}"]
    if obs.offer is not None:
        lines.append(f"offer on the table: {obs.offer.text()}")
    if obs.step:
        lines.append(f"progress card step: {obs.step}")
    return "\n".join(lines)


def legend(st: CkState) -> str:
    """What the marks mean (the base game's, then the expansion's pieces)."""
    marks = (
        "Cities & Knights: s2 settlement, C2 city, W2 city with a wall, *2 metropolis (its city; walls are"
        " counted in the seat lines) of seat 2; knights b basic, t strong, m mighty, in capitals when"
        " active (B0, T0, M0); $$ under a hex is the merchant. The barbarian line shows the ship's"
        " track (# advanced, . to go) and the strengths of the next attack; improvements are levels 0-5"
        " per track, the level-3 ability in brackets."
    )
    return "\n".join([base_legend(st), *textwrap.wrap(marks, 110)])
