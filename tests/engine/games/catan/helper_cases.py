"""Rule cases (HS-14) of the Helpers of Catan scenario (catan.md §7), in the notation of
:mod:`engine.games.catan.notation`: beginner map, 4 seats, seat 0 active after its roll in turn 1,
helpers received in setup (turn 0) unless the text says otherwise. Timings against the roll and the 7
that need real dice are in ``test_helpers.py``.

Beginner-map ids: corner 12 touches M10 (hex 0), G12 (hex 3), H6 (hex 4); its roads 12-17, 17-23; the
desert is hex 9.
"""

from __future__ import annotations

from .cases import Case, bad, ok

H = "v=helpers"
ROADS = " s0.settle=12 s0.road=12-17,17-23"
STACK = " stack=nassir,william,louis,lin,jean,candamir display=hilde,marianne,sean,vincent"
# fmt: off
HELPER_CASES: list[Case] = [
    # §7.2 setup: the top of the stack at the second settlement and road
    ok("the first setup road takes no helper", "7.2", H + " decision=setup_road:0:12 s0.settle=12" + STACK, 0,
       "road 12-17", "!s0.helper stack=nassir,william,louis,lin,jean,candamir"),
    ok("the seat right of the starting seat gets A1 Nassir", "7.2",
       H + " decision=setup_road:4:40 s3.settle=12,40 s3.road=12-17" + STACK, 3, "road 40-44",
       "s3.helper=nassir stack=william,louis,lin,jean,candamir decision=setup:5"),
    ok("the rest of the stack joins the display", "7.2",
       H + " decision=setup_road:7:40 s0.settle=12,40 s0.road=12-17 s1.helper=louis s2.helper=william"
       " s3.helper=nassir stack=lin,jean,candamir display=hilde,marianne,sean,vincent", 0, "road 40-44",
       "s0.helper=lin display=candamir,hilde,jean,marianne,sean,vincent !stack turn=1"),
    # §7.3 keep or exchange
    ok("a use asks keep or exchange", "7.3", H + " s0.helper=jean", 0, "helper jean ore",
       "jean=0:ore decision=helper_after:0 s0.used=1"),
    ok("keep flips the A side to B", "7.3", H + " s0.helper=jean s0.used=1 decision=helper_after:0", 0,
       "helper keep", "s0.side=b !decision"),
    bad("a B side must be exchanged", "7.3", H + " s0.helper=jean s0.side=b s0.used=1 decision=helper_after:0", 0,
        "helper keep", "must be exchanged"),
    ok("exchange: the returned helper joins the display, the new one A side up", "7.3",
       H + " s0.helper=jean s0.side=b s0.used=1 decision=helper_after:0", 0, "helper exchange marianne",
       "s0.helper=marianne !s0.side s0.got=1"),
    bad("the returned helper cannot be taken back", "7.3", H + " s0.helper=jean s0.used=1 decision=helper_after:0",
        0, "helper exchange jean", "not in the display"),
    # §7.4 prohibitions
    bad("never in the turn it was received", "7.4", H + " s0.helper=jean s0.got=1", 0, "helper jean ore",
        "received this turn"),
    bad("never twice in a turn", "7.4", H + " s0.helper=jean s0.used=1", 0, "helper jean ore",
        "at most once per turn"),
    bad("only one's own helper", "7.3", H + " s0.helper=lin", 0, "helper jean ore", "has lin, not jean"),
    bad("never in the Special Building Phase", "7.4",
        H + " p=5 decision=special_build:1 s1.helper=jean s1.settle=12 s1.road=12-17 s1.hand=1b1l", 1,
        "helper jean ore", "Special Building Phase"),
    # §7.5 Candamir
    ok("Candamir: a card for another cost, three drawn", "7.5", H + " s0.helper=candamir s0.hand=1w1g1l deck=kkvmr",
       0, "helper candamir lumber for ore", "decision=candamir:0:rmv !s0.hand deck=kk"),
    ok("Candamir: one kept, the rest back in the deck", "7.5",
       H + " s0.helper=candamir s0.used=1 deck=kk decision=candamir:0:rmv", 0, "choose victory-point",
       "s0.dev=1v s0.new=1v decision=helper_after:0"),
    bad("Candamir: only a drawn card is kept", "7.5", H + " s0.helper=candamir s0.used=1 decision=candamir:0:rmv",
        0, "choose knight", "among those drawn"),
    bad("Candamir: the cost with one card replaced", "7.5", H + " s0.helper=candamir s0.hand=1w1l", 0,
        "helper candamir lumber for ore", "missing 1 grain"),
    bad("Candamir: after the roll", "7.5", H + " phase=pre_roll s0.helper=candamir s0.hand=1w1g1o", 0,
        "helper candamir", "after the roll"),
    # Hilde
    ok("Hilde: look at a hand with more VP on the board", "7.5", H + " s0.helper=hilde s1.settle=0,2 s1.hand=2o", 0,
       "helper hilde 1", "decision=hilde:0:1 s0.used=1"),
    ok("Hilde: take a card of choice", "7.5", H + " s0.helper=hilde s0.used=1 s1.settle=0,2 s1.hand=2o1b"
       " decision=hilde:0:1", 0, "take ore", "s0.hand=1o s1.hand=1b1o decision=helper_after:0"),
    bad("Hilde: not a seat without more VP on the board", "7.5/9.19", H + " s0.helper=hilde s0.settle=12 s1.settle=0",
        0, "helper hilde 1", "not more than"),
    bad("Hilde: hidden VP cards do not count", "9.19", H + " s0.helper=hilde s0.settle=12 s1.settle=0 s1.dev=2v",
        0, "helper hilde 1", "not more than"),
    # Jean
    ok("Jean: 2:1 for the rest of the turn", "7.5", H + " s0.helper=jean s0.used=1 jean=0:ore s0.hand=2o", 0,
       "bank give 2 ore get 1 wool", "s0.hand=1w"),
    ok("Jean: the rate stays after an exchange", "9.19", H + " s0.helper=marianne s0.got=1 jean=0:ore s0.hand=2o", 0,
       "bank give 2 ore get 1 wool", "s0.hand=1w"),
    bad("Jean: only the named type", "7.5", H + " s0.helper=jean s0.used=1 jean=0:ore s0.hand=2w", 0,
        "bank give 2 wool get 1 ore", "at 4:1"),
    # Lin
    ok("Lin: the robber to the desert, a card of the hex left", "7.5", H + " s0.helper=lin robber=4", 0,
       "helper lin 9", "robber=9 s0.hand=1b decision=helper_after:0"),
    ok("Lin: before the roll too", "7.5", H + " phase=pre_roll s0.helper=lin robber=4", 0, "helper lin 9",
       "robber=9 phase=pre_roll"),
    ok("Lin: no steal at the desert", "7.5", H + " s0.helper=lin robber=4 s1.settle=23 s1.hand=1o", 0,
       "helper lin 9", "s1.hand=1o decision=helper_after:0"),
    bad("Lin: only to a desert", "7.5", H + " s0.helper=lin robber=4", 0, "helper lin 5", "to a desert"),
    bad("Lin: not when the robber is on the desert", "7.5", H + " s0.helper=lin", 0, "helper lin 9", "already"),
    # Louis
    ok("Louis: lift a road with a loose end", "7.5", H + " s0.helper=louis" + ROADS, 0, "helper louis 17-23",
       "s0.road=12-17 decision=louis:0:17-23"),
    ok("Louis: rebuild it for free", "7.5", H + " s0.helper=louis s0.used=1 s0.settle=12 s0.road=12-17"
       " decision=louis:0:17-23", 0, "road 17-22", "s0.road=12-17,17-22 !s0.hand decision=helper_after:0"),
    bad("Louis: not on the same path", "7.5", H + " s0.helper=louis s0.used=1 s0.settle=12 s0.road=12-17"
        " decision=louis:0:17-23", 0, "road 17-23", "another path"),
    bad("Louis: not a road connected at both ends", "7.5", H + " s0.helper=louis" + ROADS, 0,
        "helper louis 12-17", "at both ends"),
    # Marianne and Sean (asked in any seat's turn)
    ok("Marianne: a card of choice", "7.5", H + " s2.helper=marianne decision=marianne:2", 2,
       "helper marianne ore", "s2.hand=1o decision=helper_after:2"),
    ok("Marianne: pass", "7.5", H + " s2.helper=marianne decision=marianne:2", 2, "pass", "!decision !s2.used"),
    ok("Sean: no discard with more than 7 cards", "7.5", H + " s2.helper=sean s2.hand=9o s1.hand=8w decision=sean:2",
       2, "helper sean no-discard", "s2.hand=9o decision=helper_after:2"),
    ok("Sean: a card with 7 or fewer", "7.5", H + " s2.helper=sean s2.hand=3o decision=sean:2", 2,
       "helper sean wool", "s2.hand=1w3o decision=helper_after:2"),
    bad("Sean: no discard to waive at 7 cards", "7.5", H + " s2.helper=sean s2.hand=7o decision=sean:2", 2,
        "helper sean no-discard", "more than 7"),
    bad("Sean: no card with more than 7", "7.5", H + " s2.helper=sean s2.hand=8o decision=sean:2", 2,
        "helper sean wool", "no card is taken"),
    ok("Sean: pass, and the discards are collected", "7.5", H + " s2.helper=sean s2.hand=8o decision=sean:2", 2,
       "pass", "decision=discard"),
    bad("Marianne is not used on one's own", "7.5", H + " s0.helper=marianne", 0, "helper marianne ore",
        "when the dice are rolled"),
    # Nassir
    ok("Nassir: each named opponent gives one card of the type it holds", "7.5",
       H + " s0.helper=nassir s0.hand=1b s1.hand=2w s2.hand=1o", 0, "helper nassir wool from 2 1",
       "s0.hand=1b1w s1.hand=1w decision=nassir:0:1"),
    ok("Nassir: a card of choice back for each card received", "7.5/9.19",
       H + " s0.helper=nassir s0.used=1 s0.hand=1b1w s1.hand=1w decision=nassir:0:1", 0, "give wool",
       "s0.hand=1b s1.hand=2w decision=helper_after:0"),
    bad("Nassir: opponents only", "7.5", H + " s0.helper=nassir", 0, "helper nassir wool from 0", "opponents"),
    # Vincent
    ok("Vincent: a settlement for lumber and brick and a played knight", "7.5",
       H + " s0.helper=vincent s0.knights=1 s0.hand=1b1l" + ROADS, 0, "helper vincent settle 23",
       "s0.settle=12,23 !s0.hand !s0.knights decision=helper_after:0"),
    ok("Vincent: a city for 2 ore and 1 grain", "7.5", H + " s0.helper=vincent s0.knights=1 s0.hand=2o1g" + ROADS,
       0, "helper vincent city 12", "s0.city=12 !s0.hand"),
    ok("Vincent: the largest army is re-evaluated", "9.19/5.8",
       H + " s0.helper=vincent s0.knights=3 s1.knights=2 army=0 s0.hand=2o1g" + ROADS, 0,
       "helper vincent city 12", "army=-1 s0.knights=2"),
    bad("Vincent: not without a played knight", "7.5", H + " s0.helper=vincent s0.hand=1b1l" + ROADS, 0,
        "helper vincent settle 23", "no played knight"),
    # William
    ok("William: the brick replaced", "7.5", H + " s0.helper=william s0.hand=1l1w" + ROADS, 0,
       "helper william wool for brick", "decision=william:0:1l1w s0.hand=1l1w"),
    ok("William: the road built for that cost", "7.5",
       H + " s0.helper=william s0.used=1 s0.hand=1l1w decision=william:0:1l1w" + ROADS, 0, "road 23-29",
       "s0.road=12-17,17-23,23-29 !s0.hand decision=helper_after:0"),
    bad("William: the cost must be held", "7.5", H + " s0.helper=william s0.hand=1l" + ROADS, 0,
        "helper william wool for brick", "missing 1 wool"),
]
# fmt: on
