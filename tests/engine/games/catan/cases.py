"""Rule cases (HS-14): before / seat / action / after-or-error, each citing ``catan.md``.

``before`` is a position in the notation of :mod:`engine.games.catan.notation` (beginner map, 4 seats,
seat 0 active after its roll unless the text says otherwise; :data:`CASES` also run in the ``helpers``
variant, where no seat holds a helper). :data:`EXTENDED_CASES` are the 5-6 seat extension's (§6) on the
30-hex island of seed 0; the helpers' cases are in ``helper_cases.py``. ``after`` lists notation tokens that must
appear in the resulting position (``!key`` means the key must be absent); ``error`` is the exception
type and a fragment of its message, which names the rule. Beginner-map ids used below: corner 12 touches
M10/G12/H6 (neighbours 7, 8, 17); corner 0 is on the 3:1 harbor, corner 10 on the 2:1 ore harbor.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.errors import RulesError


@dataclass(frozen=True)
class Case:
    name: str
    section: str
    before: str
    seat: int
    action: str
    after: str | None = None
    error: tuple[type[RulesError], str] | None = None
    options: dict[str, object] = field(default_factory=dict)
    first: str | None = None
    """An action the active seat takes before ``action`` (e.g. a build, to close trading)."""


def ok(
    name: str,
    section: str,
    before: str,
    seat: int,
    action: str,
    after: str,
    then: str | None = None,
    **opts: object,
) -> Case:
    return Case(name, section, before, seat, action, after=after, options=dict(opts), first=then)


def bad(
    name: str,
    section: str,
    before: str,
    seat: int,
    action: str,
    why: str,
    then: str | None = None,
    **opts: object,
) -> Case:
    return Case(name, section, before, seat, action, error=(RulesError, why), options=dict(opts), first=then)


ROADS = "s0.settle=12 s0.road=12-17,17-23"
# fmt: off
CASES: list[Case] = [
    # §4 setup
    ok("setup first settlement pays nothing", "4", "decision=setup:0", 0, "settle 12",
       "s0.settle=12 decision=setup_road:0:12 !s0.hand"),
    bad("setup distance rule", "4/5.6", "decision=setup:1 s0.settle=12 s0.road=12-17", 1, "settle 17",
        "distance rule"),
    bad("setup occupied corner", "3.1", "decision=setup:1 s0.settle=12 s0.road=12-17", 1, "settle 12",
        "occupied"),
    ok("setup needs no road", "4", "decision=setup:1 s0.settle=12 s0.road=12-17", 1, "settle 40",
       "s1.settle=40"),
    bad("setup road touches the new settlement", "4", "decision=setup_road:0:12 s0.settle=12", 0,
        "road 17-23", "touch the settlement just placed"),
    ok("second settlement pays its hexes", "4", "decision=setup:7 s0.settle=40 s0.road=40-44", 0,
       "settle 12", "s0.hand=1b1g1o s0.settle=40,12"),
    ok("snake order: last seat places twice", "4/9.7", "decision=setup_road:3:40 s3.settle=40", 3,
       "road 40-44", "decision=setup:4"),
    ok("last setup road starts turn 1", "4", "decision=setup_road:7:12 s0.settle=40,12 s0.road=40-44", 0,
       "road 12-17", "turn=1 active=0 phase=pre_roll"),
    # §5.1 / §5.2 turn phases
    bad("no building before the roll", "5.2", ROADS + " phase=pre_roll s0.hand=1b1l", 0, "road 23-29",
        "before the roll"),
    bad("no trading before the roll", "5.2", "phase=pre_roll s0.hand=4g", 0, "bank give 4 grain get 1 ore",
        "before the roll"),
    bad("no offer before the roll", "5.2", "phase=pre_roll s0.hand=1g", 0,
        "offer give 1 grain get 1 ore to all", "before the roll"),
    bad("no ending before the roll", "5.1", "phase=pre_roll", 0, "end", "before the roll"),
    ok("knight before the roll", "5.2/9.3", "phase=pre_roll s0.dev=1k", 0, "play knight",
       "decision=robber phase=pre_roll s0.knights=1 dev_played=1"),
    ok("monopoly before the roll", "9.3", "phase=pre_roll s0.dev=1m s1.hand=2o", 0, "play monopoly ore",
       "s0.hand=2o phase=pre_roll"),
    bad("one roll per turn", "5.3", "", 0, "roll", "rolled once per turn"),
    ok("end passes the dice left", "5.1", "turn=4 active=3", 3, "end", "turn=5 active=0 phase=pre_roll"),
    ok("turn cap ends the match", "5.11", "turn=5", 0, "end", "over=-1", turn_cap=5),
    bad("strict order: no trade after building", "5.1", ROADS + " s0.hand=1b1l4g", 0,
        "bank give 4 grain get 1 ore", "strict", combined_trade_build=False, then="road 23-29"),
    ok("combined phase: trade after building", "5.1", ROADS + " s0.hand=1b1l4g", 0,
       "bank give 4 grain get 1 ore", "s0.hand=1o", then="road 23-29"),
    # §5.4 robber
    bad("robber must move", "5.4", "decision=robber robber=9", 0, "robber 9", "another hex"),
    ok("robber to the desert", "9.1", "decision=robber robber=4", 0, "robber 9", "robber=9 !decision"),
    bad("steal is mandatory", "9.8", "decision=robber s1.settle=12", 0, "robber 4", "mandatory"),
    bad("victim must touch the hex", "5.4", "decision=robber s1.settle=12", 0, "robber 4 steal 2",
        "no building on hex"),
    bad("no stealing from oneself", "5.4", "decision=robber s0.settle=12", 0, "robber 4 steal 0",
        "no building on hex"),
    ok("steal from an empty hand", "9.8", "decision=robber s1.settle=12", 0, "robber 4 steal 1",
       "robber=4 !s0.hand !s1.hand"),
    ok("steal the only card", "5.4", "decision=robber s1.settle=12 s1.hand=1o", 0, "robber 4 steal 1",
       "s0.hand=1o !s1.hand"),
    bad("discard exactly half (9 -> 4)", "5.4", "decision=discard s1.hand=9o", 1, "discard 3 ore",
        "exactly 4"),
    bad("discard cards not held", "5.4", "decision=discard s1.hand=9o", 1, "discard 4 brick",
        "cards not held"),
    ok("discard half rounded down (9 -> 4)", "5.4", "decision=discard s1.hand=9o", 1, "discard 4 ore",
       "s1.hand=5o decision=robber"),
    ok("discard 11 -> 5", "5.4", "decision=discard s2.hand=6o5w", 2, "discard 3 wool 2 ore",
       "s2.hand=2w4o"),
    bad("no discard at 7 cards", "5.4", "decision=discard s1.hand=9o s2.hand=7o", 2, "discard 3 ore",
        "not to move"),
    # §5.5 trading
    ok("maritime 4:1", "5.5", "s0.hand=4g", 0, "bank give 4 grain get 1 ore", "s0.hand=1o"),
    bad("maritime 3:1 needs a harbor", "5.5", "s0.hand=3g", 0, "bank give 3 grain get 1 ore", "at 4:1"),
    ok("generic harbor 3:1", "5.5", "s0.settle=0 s0.hand=3g", 0, "bank give 3 grain get 1 ore",
       "s0.hand=1o"),
    ok("special harbor 2:1", "5.5", "s0.settle=10 s0.hand=2o", 0, "bank give 2 ore get 1 wool",
       "s0.hand=1w"),
    bad("special harbor: no better rate for others", "5.5", "s0.settle=10 s0.hand=3w", 0,
        "bank give 3 wool get 1 ore", "at 4:1"),
    bad("maritime same type", "9.18", "s0.hand=4g", 0, "bank give 4 grain get 1 grain", "same type"),
    bad("maritime cards not held", "5.5", "s0.hand=3g", 0, "bank give 4 grain get 1 ore", "not held"),
    bad("maritime empty supply", "5.5", "s0.hand=4g bank=19,19,19,15,0", 0, "bank give 4 grain get 1 ore",
        "supply has no ore"),
    bad("offer like for like", "5.5", "s0.hand=2g", 0, "offer give 2 grain get 1 grain to all",
        "like-for-like"),
    bad("offer cards not held", "5.5", "s0.hand=1b", 0, "offer give 1 grain get 1 ore to all", "not held"),
    bad("offer limit", "5.5", "s0.hand=1g offers=3", 0, "offer give 1 grain get 1 ore to all",
        "offer limit"),
    bad("offer to oneself", "5.5", "s0.hand=1g", 0, "offer give 1 grain get 1 ore to 0", "another seat"),
    ok("offer posted", "5.5", "s0.hand=1g", 0, "offer give 1 grain get 1 ore to 2", "offers=1"),
    # §5.6 building
    bad("road unaffordable", "2.4", ROADS + " s0.hand=1b", 0, "road 23-29", "cannot afford a road"),
    bad("road not connected", "5.6", ROADS + " s0.hand=1b1l", 0, "road 40-44", "does not connect"),
    bad("road through an opponent's settlement", "5.6", ROADS + " s1.settle=23 s0.hand=1b1l", 0,
        "road 23-29", "does not connect"),
    bad("road on a taken path", "3.1", ROADS + " s0.hand=1b1l", 0, "road 17-23", "already has a road"),
    ok("road built", "5.6", ROADS + " s0.hand=1b1l", 0, "road 23-29", "s0.road=12-17,17-23,23-29 !s0.hand"),
    bad("settlement distance rule", "5.6", ROADS + " s0.hand=1b1l1w1g", 0, "settle 17", "distance rule"),
    bad("settlement needs a road", "5.6", ROADS + " s0.hand=1b1l1w1g", 0, "settle 40", "no road"),
    bad("settlement unaffordable", "2.4", ROADS + " s0.hand=1b1l1w", 0, "settle 23", "missing 1 grain"),
    ok("settlement built", "5.6", ROADS + " s0.hand=1b1l1w1g", 0, "settle 23", "s0.settle=12,23 !s0.hand"),
    bad("settlement piece limit", "5.6",
        "s0.settle=0,2,21,26,51 s0.road=12-17,17-23 s0.hand=1b1l1w1g", 0, "settle 23", "no settlements left"),
    bad("city on someone else's settlement", "5.6", ROADS + " s1.settle=40 s0.hand=3o2g", 0, "city 40",
        "not a settlement of seat 0"),
    bad("city unaffordable", "2.4", ROADS + " s0.hand=2o2g", 0, "city 12", "cannot afford a city"),
    ok("city built", "5.6", ROADS + " s0.hand=3o2g", 0, "city 12", "s0.city=12 !s0.settle !s0.hand"),
    ok("buy a development card", "5.6", "s0.hand=1w1g1o deck=kv", 0, "buy dev", "s0.dev=1v s0.new=1v deck=k"),
    bad("empty development deck", "5.6", "s0.hand=1w1g1o deck=", 0, "buy dev", "deck is empty"),
    # §5.7 development cards
    bad("not the turn it was bought", "5.7", "s0.dev=1k s0.new=1k", 0, "play knight", "bought this turn"),
    bad("one card per turn", "5.7", "s0.dev=2k dev_played=1", 0, "play knight", "only one development card"),
    bad("card not held", "5.7", "s0.dev=1k", 0, "play monopoly ore", "holds no monopoly"),
    ok("monopoly", "5.7", "s0.dev=1m s1.hand=2o1b s2.hand=1o", 0, "play monopoly ore",
       "s0.hand=3o s1.hand=1b !s2.hand"),
    ok("year of plenty, same type", "9.17", "s0.dev=1y", 0, "play year-of-plenty ore ore", "s0.hand=2o"),
    ok("year of plenty, either order", "5.7", "s0.dev=1y", 0, "play year-of-plenty ore brick", "s0.hand=1b1o"),
    bad("year of plenty beyond the supply", "9.17", "s0.dev=1y bank=19,19,19,19,1", 0,
        "play year-of-plenty ore ore", "supply holds"),
    ok("year of plenty, last card", "9.17", "s0.dev=1y bank=0,0,0,0,1", 0, "play year-of-plenty ore",
       "s0.hand=1o"),
    ok("road building", "5.7", ROADS + " s0.dev=1r", 0, "play road-building", "decision=free_roads:2"),
    ok("road building, one road left", "9.17",
       ROADS + " s0.road=12-17,17-23,0-3,0-4,1-4,1-5,2-5,2-6,6-10,10-15,15-20,20-26,26-32,32-37 s0.dev=1r", 0,
       "play road-building", "decision=free_roads:1"),
    ok("free road", "5.7", ROADS + " decision=free_roads:2", 0, "road 23-29", "decision=free_roads:1"),
    ok("largest army at 3 knights", "5.8", "s0.dev=1k s0.knights=2", 0, "play knight", "army=0"),
    ok("largest army: a tie keeps the holder", "5.8", "s0.dev=1k s0.knights=2 s1.knights=3 army=1", 0,
       "play knight", "army=1 s0.knights=3"),
    ok("largest army: strictly more takes it", "5.8", "s0.dev=1k s0.knights=3 s1.knights=3 army=1", 0,
       "play knight", "army=0"),
    # §5.11 victory
    ok("a bought VP card wins at once", "5.11", "s0.city=0,2,21,26 s0.settle=51 s0.hand=1w1g1o deck=kv", 0,
       "buy dev", "over=0"),
    ok("a settlement reaching 10 wins", "5.11",
       "s0.city=0,2,21,26 s0.settle=51 s0.road=12-17,17-23 s0.hand=1b1l1w1g", 0, "settle 23", "over=0"),
    ok("10 VP is not a win outside one's turn", "5.11", "s1.city=0,2,21,26 s1.dev=2v turn=3 active=0 s0.hand=4g", 0,
       "bank give 4 grain get 1 ore", "!over s0.hand=1o"),
    ok("a win is claimed at the start of one's turn", "5.11",
       "s1.city=0,2,21,26 s1.dev=2v turn=3 active=0", 0, "end", "over=1"),
    # wrong phase
    bad("build while the robber waits", "5.4", "decision=robber s0.hand=1w1g1o", 0, "buy dev",
        "waiting for the robber"),
    bad("answer with no offer", "5.5", "", 0, "accept", "waiting for seat 0's trade and build phase"),
]
# fmt: on

# The 30-hex island (seed 0): corner 12 touches hexes 0, 3, 4 (neighbours 7, 8, 17); 17 -> 12, 22, 23.
SB = "v=extended"
PA = "v=extended structure=paired"
S1 = " s1.settle=12 s1.road=12-17 s1.hand=1b1l"
NINE = " s2.city=0,2,21,26 s2.settle=12 s2.road=12-17,17-23 s2.hand=1b1l1w1g"
# fmt: off
EXTENDED_CASES: list[Case] = [
    # §6 the Special Building Phase
    ok("end starts the Special Building Phase at the left", "6", SB + S1, 0, "end",
       "decision=special_build:1 active=0"),
    ok("a seat with nothing affordable is skipped", "6", SB + " s2.settle=12 s2.road=12-17 s2.hand=1b1l", 0,
       "end", "decision=special_build:2"),
    ok("nobody can build: the next turn begins at once", "6", SB, 0, "end", "turn=2 active=1 phase=pre_roll"),
    ok("clockwise from the left of the active seat", "6",
       SB + " active=3 s1.settle=12 s1.road=12-17 s1.hand=1b1l s4.settle=40 s4.road=40-47 s4.hand=1b1l", 3,
       "end", "decision=special_build:4"),
    ok("the phase wraps past seat 0 and stops before the active seat", "6",
       SB + " active=3 decision=special_build:1" + S1, 1, "pass", "turn=2 active=4 phase=pre_roll"),
    ok("building with the cards in hand", "6", SB + " decision=special_build:1" + S1, 1, "road 17-23",
       "s1.road=12-17,17-23 !s1.hand turn=2 active=1"),
    ok("a seat that can still pay stays asked", "6",
       SB + " decision=special_build:1 s1.settle=12 s1.road=12-17 s1.hand=2b2l", 1, "road 17-23",
       "decision=special_build:1 s1.hand=1b1l"),
    bad("no building without the cards", "6", SB + " decision=special_build:1" + S1, 1, "settle 23",
        "only the cards in hand"),
    bad("no maritime trade", "6/9.5", SB + " decision=special_build:1" + S1 + "4g", 1,
        "bank give 4 grain get 1 ore", "no trade of any kind"),
    bad("no domestic offer", "6/9.5", SB + " decision=special_build:1" + S1 + "1g", 1,
        "offer give 1 grain get 1 ore to all", "no trade of any kind"),
    bad("no development card play", "6", SB + " decision=special_build:1 s1.dev=1k" + S1, 1, "play knight",
        "no development card play"),
    bad("the turn is over", "6", SB + " decision=special_build:1" + S1, 1, "end", "the turn is over"),
    bad("only the asked seat builds", "6", SB + " decision=special_build:1" + S1, 2, "pass", "not to move"),
    ok("a card bought there is playable in the buyer's next turn", "6",
       SB + " decision=special_build:1 s1.hand=1w1g1o deck=k", 1, "buy dev", "s1.dev=1k !s1.new turn=2 active=1"),
    ok("a win reached there waits for the seat's own turn", "6/5.11", SB + " decision=special_build:2" + NINE, 2,
       "settle 23", "!over turn=2 active=1"),
    ok("... and counts when that turn starts", "6/5.11", SB + " active=1 decision=special_build:2" + NINE, 2,
       "settle 23", "over=2"),
    # §6 paired players (the turn_structure option; docs/rules-decisions.md)
    ok("Settler 1's end starts Settler 2's part, three to the left", "6", PA, 0, "end",
       "phase=partner active=3 turn=1"),
    ok("6 seats: Settler 2 sits three to the left", "6", PA + " p=6 active=4", 4, "end", "active=1 phase=partner"),
    ok("Settler 2's end passes the dice left of Settler 1", "6", PA + " phase=partner active=3", 3, "end",
       "turn=2 active=1 phase=pre_roll"),
    ok("no Special Building Phase with paired players", "6", PA + S1, 0, "end", "phase=partner active=3"),
    bad("Settler 2 makes no domestic trade", "6", PA + " phase=partner active=3 s3.hand=1g", 3,
        "offer give 1 grain get 1 ore to all", "supply only"),
    ok("Settler 2 trades with the supply", "6", PA + " phase=partner active=3 s3.hand=4g", 3,
       "bank give 4 grain get 1 ore", "s3.hand=1o"),
    ok("Settler 2 builds", "6", PA + " phase=partner active=3 s3.settle=12 s3.road=12-17 s3.hand=1b1l", 3,
       "road 17-23", "s3.road=12-17,17-23"),
    ok("Settler 2 may play a knight after the roll", "6", PA + " phase=partner active=3 s3.dev=1k", 3,
       "play knight", "decision=robber phase=partner"),
    ok("each Settler plays its own development card", "6", PA + " dev_played=1", 0, "end",
       "phase=partner !dev_played"),
    ok("Settler 1 may play a knight before the roll", "6", PA + " phase=pre_roll s0.dev=1k", 0, "play knight",
       "decision=robber phase=pre_roll"),
    bad("Settler 2 has no move before the roll", "6", PA + " phase=pre_roll s3.dev=1k", 3, "play knight",
        "not to move"),
]
# fmt: on
