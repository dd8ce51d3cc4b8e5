"""Rule cases (HS-14) of the Jungle and Big River variants, each citing a section of ``seafarers.md``
(docs/rules/), in the notation of :mod:`engine.games.catan.notation`.

Jungle (``J``): the beginner map, 4 seats, seat 0 active after its roll in turn 1; the jungle is hex 9
(R3C3, token 10) with corners 18, 24, 30, 35, 29, 23; corner 12 touches M10/G12/H6, corner 40 F8/M3/G4.
Big River (``B``): the random island of seed 0 with the River on R2C2-R3C3-R4C3 (hexes 4, 9, 14); the
gold mine is hex 14, its corners 30, 35, 36, 40, 41, 45; the riverbank is corners 8, 12, 13, 17, 18, 23,
24, 29, 30, 35, 36, 40, 41, 45. The development deck of a position is in kind order, so the top card is
a victory point card.
"""

from __future__ import annotations

from .cases import Case, bad, ok

J = "v=jungle"
B = "v=big-river"
TO_GOLD = " s0.settle=48 s0.road=44-48,40-44"
"""Seat 0 one settlement away from the gold mine's corner 40."""
# fmt: off
JUNGLE_CASES: list[Case] = [
    # §7.3 tokens at setup
    ok("a second setup settlement beside the jungle earns a token", "7.3",
       J + " decision=setup:7 s0.settle=40 s0.road=40-44", 0, "settle 18",
       "s0.tokens=1 s0.hand=1b1w s0.settle=40,18"),
    ok("the first setup settlement earns no token", "7.3", J + " decision=setup:0", 0, "settle 18",
       "!s0.tokens !s0.hand"),
    ok("the robber on the jungle does not stop the setup token", "7.3",
       J + " decision=setup:7 s0.settle=40 s0.road=40-44 robber=9", 0, "settle 18", "s0.tokens=1"),
    # §7.4 tokens are not cards
    ok("a steal never takes a token", "7.4", J + " decision=robber s1.settle=12 s1.tokens=3", 0,
       "robber 0 steal 1", "s1.tokens=3 !s1.hand !s0.hand robber=0"),
    ok("monopoly takes cards, never tokens", "7.4", J + " s0.dev=1m s1.tokens=2 s1.hand=2o", 0,
       "play monopoly ore", "s0.hand=2o s1.tokens=2 !s1.hand"),
    bad("tokens pay for no settlement", "7.5", J + " s0.settle=12 s0.road=12-17,17-23 s0.tokens=3 s0.hand=1b1l",
        0, "settle 23", "cannot afford a settlement"),
    # §7.5 a development card for tokens
    ok("two tokens and an ore buy a card", "7.5", J + " s0.hand=1o s0.tokens=2", 0, "buy dev tokens wool grain",
       "!s0.tokens !s0.hand s0.dev=1v s0.new=1v"),
    ok("three tokens buy a card alone", "7.5", J + " s0.tokens=3", 0, "buy dev tokens wool grain ore",
       "!s0.tokens s0.dev=1v"),
    ok("one token, the rest in cards; tokens left over stay", "7.5", J + " s0.hand=1w1g2o s0.tokens=5", 0,
       "buy dev tokens ore", "s0.tokens=4 s0.hand=2o s0.dev=1v"),
    bad("a token replaces wool, grain or ore only", "7.5", J + " s0.hand=1w1g1o s0.tokens=2", 0,
        "buy dev tokens brick", "replaces one wool, one grain or one ore"),
    bad("a token replaces each resource once", "7.5", J + " s0.hand=1g s0.tokens=3", 0,
        "buy dev tokens wool wool", "each once"),
    bad("not more tokens than held", "7.5", J + " s0.hand=1o s0.tokens=1", 0, "buy dev tokens wool grain",
        "holds 1 discovery tokens, not 2"),
    bad("the rest is paid in cards", "7.5", J + " s0.hand=1w s0.tokens=3", 0, "buy dev tokens wool",
        "cannot afford a development card with 1 discovery tokens"),
    bad("not before the roll", "7.5", J + " phase=pre_roll s0.tokens=3", 0, "buy dev tokens wool grain ore",
        "before the roll"),
    bad("not from an empty deck", "7.5", J + " s0.tokens=3 deck=", 0, "buy dev tokens wool grain ore",
        "deck is empty"),
    bad("not out of turn", "7.5", J + " s1.tokens=3", 1, "buy dev tokens wool grain ore", "not to move"),
    ok("in strict order a purchase with tokens ends trading", "7.5",
       J + " phase=trade s0.tokens=3 s0.hand=4b", 0, "buy dev tokens wool grain ore", "phase=build",
       combined_trade_build=False),
    # §8.3 the riverbank
    bad("no setup settlement on the riverbank", "8.3", B + " decision=setup:0", 0, "settle 12", "riverbank"),
    bad("no second setup settlement on the riverbank either", "8.3",
        B + " decision=setup:7 s0.settle=0 s0.road=0-3", 0, "settle 40", "riverbank"),
    ok("setup beside the riverbank", "8.3", B + " decision=setup:0", 0, "settle 7", "s0.settle=7"),
    ok("after setup the riverbank is ordinary ground", "8.3",
       B + " s0.settle=7 s0.road=7-12,12-17 s0.hand=1b1l1w1g", 0, "settle 17", "s0.settle=7,17 !gold_first"),
    # §8.4 the gold mine
    ok("the first settlement on the gold mine", "8.4", B + TO_GOLD + " s0.hand=1b1l1w1g", 0, "settle 40",
       "s0.settle=48,40 gold_first=0"),
    ok("a second seat's settlement on the gold mine keeps the first builder", "8.4",
       B + TO_GOLD + " s0.settle=48,40 gold_first=0 active=1 s1.settle=50 s1.road=46-50,41-46 s1.hand=1b1l1w1g",
       1, "settle 41", "gold_first=0 s1.settle=50,41"),
    bad("the distance rule holds at the gold mine", "8.4", B + TO_GOLD + " s1.settle=45 s0.hand=1b1l1w1g", 0,
        "settle 40", "distance rule"),
]
# fmt: on
