"""Does the bridge ask catanatron's players the question catanatron itself would? A lockstep check.

One match is played twice at once, from the same board and the same dice: in the arena's engine and in
catanatron's own game loop (its ``Game``, its rules, its list of playable actions). At every decision
both lists of actions are compared after mapping catanatron's into the arena's texts; every difference
must be one of the documented rules differences (:data:`DIFFERENCES`, README.md). The bridge's question
is compared too: the catanatron game the bridge rebuilds from the seat's observation alone (hidden
cards sampled) must list exactly what catanatron's own loop lists. An action both allow is then played
in both: the arena's chance outcome (dice, stolen card, development card, discarded cards) is given to
catanatron with the action, so the two never drift apart by luck. Where catanatron's rules move its
position elsewhere than the arena's (see :data:`DIFFERENCES`), the position is compared after every
action and catanatron's game is rebuilt from the arena's when they part, and the reason is counted.

``python -m catanatron_bridge.faithful --matches 3 --decisions 3000`` prints the report as JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from catanatron.game import Game
from catanatron.models.actions import generate_playable_actions
from catanatron.models.enums import Action, ActionType
from catanatron.models.player import SimplePlayer

from bots.builtin import make_bot
from catanatron_bridge.actions import NAMES, action_text
from catanatron_bridge.board import RESOURCES, BoardMap, board_map
from catanatron_bridge.position import COLORS, DEV_CARDS, catanatron_game
from engine.core.match import DecisionView
from engine.core.observation import to_jsonable
from engine.core.rng import Stream, derive_seed
from engine.games.catan.state import CatanState
from engine.registry import load_game

DIFFERENCES: dict[str, str] = {
    "discard": "catanatron discards at random and lists one discard without cards; the arena lets the seat"
    " choose (it lists one discard and the family); the bridge discards at random as catanatron does",
    "card-bought-this-turn": "catanatron 3.2.1 lets a development card be played the turn it was bought;"
    " the arena's rules do not (catan.md §5.7)",
    "progress-card-before-roll": "before the roll catanatron offers only the knight; the arena offers"
    " every development card (catan.md §5.2)",
    "road-building-needs-road-cost": "catanatron offers road building only to a player holding a road's"
    " cost (brick and lumber); the arena's rules ask for none",
    "year-of-plenty-single-card": "catanatron offers single-card year of plenty whenever one pair is"
    " short; the arena only when no pair can be taken (catan.md §9.17)",
    "robber-victim-without-cards": "catanatron names as victims only players holding a card; the arena"
    " makes the robber name an opponent on the hex even if that one has no card (the steal takes nothing)",
}
"""Every difference between the question catanatron 3.2.1 asks and the arena's, by the name the report uses."""

STATE_DIFFERENCES: dict[str, str] = {
    "longest-road": "catanatron does not count a road that runs into an opponent's building, and when a"
    " route is cut it hands the card to the longest remaining one at once (tied or under 5); the arena"
    " counts the road up to the building and sets the card aside on a tie (catan.md §5.9)",
    "supply-short": "when the supply cannot pay every seat owed a resource, catanatron pays nobody; the"
    " arena pays a seat that is the only one owed what is left (catan.md §9.2)",
}
"""Every rules difference after which catanatron's own loop holds another position than the arena's."""

LOG_LIMIT = 20
"""Examples kept per kind of disagreement."""


@dataclass
class Report:
    """What the lockstep check saw."""

    matches: int = 0
    decisions: int = 0
    equal: int = 0
    """Decisions where both lists are the same after mapping."""
    explained: Counter[str] = field(default_factory=Counter)
    """Decisions whose lists differ only by documented differences, by difference."""
    unexplained: list[str] = field(default_factory=list)
    bridge_equal: int = 0
    """Decisions where the bridge's rebuilt game lists exactly what catanatron's own loop lists."""
    bridge_differs: list[str] = field(default_factory=list)
    resyncs: Counter[str] = field(default_factory=Counter)
    """Times catanatron's position parted from the arena's and was rebuilt, by the first field that differed."""
    resync_notes: list[str] = field(default_factory=list)
    finished: int = 0
    """Matches both loops finished with the same winner."""

    def ok(self) -> bool:
        return not self.unexplained and not self.bridge_differs

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["explained"] = dict(self.explained)
        out["resyncs"] = dict(self.resyncs)
        return out


def texts(game: Any, bmap: BoardMap) -> set[str]:
    """catanatron's playable actions as arena texts (a discard as ``discard``)."""
    seat_of = {c: s for s, c in enumerate(game.state.colors)}
    return {action_text(a, bmap, seat_of) for a in game.state.playable_actions}


def classify(st: CatanState, seat: int, ours: set[str], theirs: set[str]) -> tuple[set[str], list[str]]:
    """The documented differences that explain ``ours`` versus ``theirs``, and the texts none explains."""
    why: set[str] = set()
    left: list[str] = []
    if any(t.startswith("discard") for t in ours) and "discard" in theirs:
        ours = {t for t in ours if not t.startswith("discard")}
        theirs = theirs - {"discard"}
        why.add("discard")
    rolled = st.rolled > 0
    for text in sorted(ours ^ theirs):
        reason = _reason(st, seat, text, text in ours, rolled, theirs)
        if reason:
            why.add(reason)
        else:
            left.append(("arena only: " if text in ours else "catanatron only: ") + text)
    return why, left


_KIND = {"play knight": 0, "play road-building": 1, "play year-of-plenty": 2, "play monopoly": 3}


def _reason(st: CatanState, seat: int, text: str, arena_only: bool, rolled: bool, theirs: set[str]) -> str:
    kind = next((k for prefix, k in _KIND.items() if text.startswith(prefix)), -1)
    if kind >= 0 and not arena_only and st.devs[seat][kind] <= st.new_devs[seat][kind]:
        return "card-bought-this-turn"
    if kind > 0 and arena_only and not rolled:
        return "progress-card-before-roll"
    if kind == 1 and arena_only and (st.hands[seat][0] < 1 or st.hands[seat][1] < 1):
        return "road-building-needs-road-cost"
    if kind == 2 and len(text.split()) == 3 and not arena_only:
        return "year-of-plenty-single-card"
    if kind == 2 and arena_only and not rolled:
        return "progress-card-before-roll"
    if text.startswith("robber"):
        words = text.split()
        if arena_only and len(words) == 4 and not sum(st.hands[int(words[3])]):
            return "robber-victim-without-cards"
        if not arena_only and len(words) == 2 and _empty_victims(st, seat, int(words[1])):
            return "robber-victim-without-cards"
    return ""


def _empty_victims(st: CatanState, seat: int, hex_id: int) -> bool:
    corners = st.board.topology.hex_corners[hex_id]
    victims = {st.owner[c] for c in corners if st.owner[c] >= 0 and st.owner[c] != seat}
    return bool(victims) and all(not sum(st.hands[v]) for v in victims)


def snapshot(game: Any) -> dict[str, Any]:
    """What the two loops must agree on after every action, read from catanatron's game."""
    s = game.state
    ps = s.player_state
    out: dict[str, Any] = {"bank": tuple(s.resource_freqdeck), "robber": s.board.robber_coordinate}
    for i in range(len(s.colors)):
        key = f"P{i}_"
        out[f"hand {i}"] = tuple(ps[key + f"{r}_IN_HAND"] for r in RESOURCES)
        out[f"devs {i}"] = tuple(ps[key + f"{d}_IN_HAND"] for d in DEV_CARDS)
        out[f"longest road {i}"] = ps[key + "HAS_ROAD"]
        out[f"largest army {i}"] = ps[key + "HAS_ARMY"]
        out[f"points {i}"] = (ps[key + "VICTORY_POINTS"], ps[key + "ACTUAL_VICTORY_POINTS"])
    return out


def arena_snapshot(st: CatanState, bmap: BoardMap) -> dict[str, Any]:
    """The same facts read from the arena's state."""
    out: dict[str, Any] = {
        "bank": tuple(st.bank[RESOURCES.index(r)] for r in ("WOOD", "BRICK", "SHEEP", "WHEAT", "ORE")),
        "robber": bmap.coordinate_of_hex[st.robber],
    }
    for i in range(st.n):
        public = st.building_vp[i] + 2 * (st.longest == i) + 2 * (st.army == i)
        out[f"hand {i}"] = tuple(st.hands[i])
        out[f"devs {i}"] = tuple(st.devs[i])
        out[f"longest road {i}"] = st.longest == i
        out[f"largest army {i}"] = st.army == i
        out[f"points {i}"] = (public, public + st.devs[i][4])
    return out


def new_catanatron(st: CatanState, bmap: BoardMap, seed: int) -> Any:
    """catanatron's own game at the start of the arena's match ``st``: same board, same seat order,
    same development deck."""
    players = [SimplePlayer(COLORS[s]) for s in range(st.n)]
    game = Game(players, seed=seed, catan_map=bmap.catan_map, vps_to_win=st.vp_to_win)
    state = game.state
    state.players = players
    state.colors = tuple(COLORS[: st.n])
    state.color_to_index = {c: s for s, c in enumerate(state.colors)}
    state.development_listdeck = [DEV_CARDS[k] for k in st.deck]
    state.playable_actions = generate_playable_actions(state)
    return game


def full_action(game: Any, bmap: BoardMap, pick: str, st: CatanState, seat: int, events: list[Any]) -> Any:
    """catanatron's action for the arena's ``pick`` just applied, with the chance outcome it had."""
    color = COLORS[seat]
    seat_of = {c: s for s, c in enumerate(game.state.colors)}
    if pick.startswith("discard"):
        words = pick.split()[1:]
        cards = [
            RESOURCES[NAMES.index(name)]
            for n, name in zip(words[::2], words[1::2], strict=True)
            for _ in range(int(n))
        ]
        return Action(color, ActionType.DISCARD, cards)
    if pick == "roll":
        dice = next(e.data["dice"] for e in events if e.kind == "dice")
        return Action(color, ActionType.ROLL, (dice[0], dice[1]))
    if pick == "buy dev":
        card = next(e.private["card"] for e in events if e.kind == "buy_dev")
        return Action(color, ActionType.BUY_DEVELOPMENT_CARD, DEV_CARDS[_DEV_NAMES.index(card)])
    if pick.startswith("robber"):
        words = pick.split()
        coordinate = bmap.coordinate_of_hex[int(words[1])]
        stolen = next((e.private["resource"] for e in events if e.kind == "steal" and e.private), None)
        if stolen is None:
            return Action(color, ActionType.MOVE_ROBBER, (coordinate, None, None))
        victim = game.state.colors[int(words[3])]
        return Action(color, ActionType.MOVE_ROBBER, (coordinate, victim, RESOURCES[NAMES.index(stolen)]))
    return next(a for a in game.state.playable_actions if action_text(a, bmap, seat_of) == pick)


_DEV_NAMES = ("knight", "road-building", "year-of-plenty", "monopoly", "victory-point")


def lockstep(seed: int, max_decisions: int, report: Report, players: int = 4) -> None:
    """Play one match in both loops (see the module docstring), adding to ``report``."""
    game = load_game("catan", "base", players, offer_limit=0)
    st = game.new_state(seed)
    assert isinstance(st, CatanState)
    bmap = board_map(to_jsonable(st.static_tables()))
    cat = new_catanatron(st, bmap, seed)
    rng = random.Random(derive_seed("lockstep", seed))
    greedy = [make_bot("catan-greedy", "catan", s, seed) for s in range(players)]
    report.matches += 1
    for _ in range(max_decisions):
        if st.is_terminal() or cat.winning_color() is not None:
            winner = st.winner if st.is_terminal() else -1
            their_winner = cat.state.color_to_index.get(cat.winning_color(), -1)
            if winner == their_winner:
                report.finished += 1
            else:
                _note(
                    report.unexplained,
                    f"match {seed}: the arena's winner {winner}, catanatron's {their_winner}",
                )
            return
        seat = cat.state.current_player_index
        if seat not in st.seats_to_move():
            _note(
                report.unexplained,
                f"match {seed} ply {st.ply}: catanatron asks seat {seat}, the arena {st.seats_to_move()}",
            )
            return
        legal = st.legal_actions(seat)
        ours = {a.text() for a in legal}
        theirs = texts(cat, bmap)
        report.decisions += 1
        why, left = classify(st, seat, ours, theirs)
        if left:
            _note(report.unexplained, f"match {seed} ply {st.ply} seat {seat}: {'; '.join(left)}")
        elif why - {"discard"}:
            report.explained.update(why - {"discard"})
        else:
            report.equal += 1
            report.explained.update(why)
        _check_bridge(report, game, bmap, st, seat, theirs, seed)
        pick = _choose(st, seat, legal, ours, theirs, greedy[seat], rng)
        action = game.parse_action(pick)
        events = st.apply(seat, action)
        cat.execute(full_action(cat, bmap, pick, st, seat, events), validate_action=False)
        mine, other = arena_snapshot(st, bmap), snapshot(cat)
        parted = next((k for k in mine if mine[k] != other[k]), "")
        if not parted:
            continue
        line = f"match {seed} ply {st.ply - 1} seat {seat} {pick!r}: {parted} arena {mine[parted]}, catanatron {other[parted]}"
        reason = _parted(parted, pick)
        if not reason:
            _note(report.unexplained, line)
            return
        report.resyncs[reason] += 1
        _note(report.resync_notes, line)
        if st.is_terminal():  # catanatron's rules would not end the match here: the arena's winner stands
            report.finished += 1
            return
        next_seat = st.seats_to_move()[0]
        cat = catanatron_game(bmap, st, next_seat, SimplePlayer(COLORS[next_seat]), seed)


def _parted(field_name: str, pick: str) -> str:
    """The documented difference that moved catanatron's position away after ``pick``, or ""."""
    if field_name.startswith(("longest road", "points")) and pick.startswith(("road", "settle")):
        return "longest-road"
    if field_name.startswith(("bank", "hand")) and pick == "roll":
        return "supply-short"
    return ""


def _check_bridge(
    report: Report, game: Any, bmap: BoardMap, st: CatanState, seat: int, theirs: set[str], seed: int
) -> None:
    """The bridge's rebuilt game (from the observation only) must list what catanatron's loop lists."""
    obs = st.observe(seat)
    sampled = game.state_from_observation(obs, Stream(derive_seed("check", seed, st.ply)))
    bridge = catanatron_game(bmap, sampled, seat, SimplePlayer(COLORS[seat]), seed)
    asked = texts(bridge, bmap)
    if asked == theirs:
        report.bridge_equal += 1
    else:
        extra, missing = sorted(asked - theirs), sorted(theirs - asked)
        _note(
            report.bridge_differs,
            f"match {seed} ply {st.ply} seat {seat}: bridge only {extra}, catanatron only {missing}",
        )


def _choose(
    st: CatanState,
    seat: int,
    legal: tuple[Any, ...],
    ours: set[str],
    theirs: set[str],
    greedy: Any,
    rng: random.Random,
) -> str:
    """An action both loops allow: half the time catan-greedy's choice (so matches go somewhere), else
    one at random (so rare actions come up); a discard of random cards."""
    if "discard" in theirs:
        owed = sum(st.hands[seat]) // 2
        cards = [r for r, k in enumerate(st.hands[seat]) for _ in range(k)]
        out = [0] * 5
        for r in rng.sample(cards, owed):
            out[r] += 1
        return "discard " + " ".join(f"{k} {NAMES[r]}" for r, k in enumerate(out) if k)
    both = [a.text() for a in legal if a.text() in theirs]
    if not both:  # the robber: the arena's victims without cards stand for catanatron's "no victim"
        both = [t for t in sorted(ours) if t.split(" steal ")[0] in theirs]
    if rng.random() < 0.5:
        view = DecisionView(
            game=st.game.ref,
            seat=seat,
            ply=st.ply,
            legal=legal,
            families=(),
            events=(),
            forced=False,
            observation=st.observe(seat),
        )
        answer = greedy.act(view)
        text = (
            legal[answer].text()
            if isinstance(answer, int)
            else answer
            if isinstance(answer, str)
            else answer.text()
        )
        if text in both:
            return text
    return str(rng.choice(both))


def _note(log: list[str], line: str) -> None:
    if len(log) < LOG_LIMIT:
        log.append(line)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m catanatron_bridge.faithful", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--decisions", type=int, default=3000, help="most decisions per match")
    parser.add_argument("--seed", type=int, default=1, help="the first match seed")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args(argv)
    report = Report()
    for seed in range(args.seed, args.seed + args.matches):
        lockstep(seed, args.decisions, report, args.players)
    print(json.dumps(report.to_json(), indent=1))
    return 0 if report.ok() else 1


if __name__ == "__main__":
    sys.exit(main())
