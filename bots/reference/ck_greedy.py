"""ck-greedy: a heuristic Cities & Knights bot (cities_and_knights.md).

It places its setup settlement and city on the richest corners (dice probability, weighting the
terrains whose cities yield commodities), then each turn builds what it can pay for in this order: a
city, a knight when the barbarians near and its active strength would be the weakest (the weakest
contributors lose a city, §8.3), knight activation, a city improvement (toward the level-3 abilities
and the metropolises, §6), a settlement, a road toward an open settlement spot, a city wall; it trades
surplus cards with the supply at its best rate, plays its progress cards and, before the roll, sets the
Alchemist's dice to its best production. The robber goes where it hurts the leader most. It reads only
its own observation (§12.8) and the public topology tables.
"""

from __future__ import annotations

from typing import TypeVar

from engine.core.action import Action
from engine.core.match import DecisionView
from engine.core.rng import Stream, derive_seed
from engine.games.catan.actions import City, Confirm, MoveRobber, Reject, Road, Roll, Settle, Withdraw
from engine.games.catan.tables import Terrain
from engine.games.catan.topology import BASE_ROWS, Topology, topology_for
from engine.games.catan_ck.actions import (
    Activate,
    BankTrade,
    BuildKnight,
    ChooseCorner,
    ChooseDeck,
    ChooseKind,
    Defend,
    DropCard,
    Improve,
    PlayCard,
    Promote,
    Wall,
)
from engine.games.catan_ck.observe import CkObservation
from engine.games.catan_ck.tables import (
    ACTIVATE_COST,
    CITY_COST,
    CITY_YIELD,
    KNIGHT_COST,
    ROAD_COST,
    SETTLEMENT_COST,
    TRACK_COMMODITY,
    Card,
)

PIPS = (0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1)
"""Dice combinations per token (out of 36)."""
TERRAIN_WEIGHT = (1.0, 1.2, 1.0, 1.1, 1.3, 0.0)
"""Per terrain (hills, forest, pasture, fields, mountains, desert): ore and grain buy cities and
knights, forest, pasture and mountains cities yield commodities."""
CARD_ORDER = (
    Card.MEDICINE,
    Card.ENGINEER,
    Card.CRANE,
    Card.SMITH,
    Card.MERCHANT,
    Card.IRRIGATION,
    Card.MINING,
    Card.RESOURCE_MONOPOLY,
    Card.TRADE_MONOPOLY,
    Card.ROAD_BUILDING,
    Card.WEDDING,
    Card.MERCHANT_FLEET,
    Card.COMMERCIAL_HARBOR,
    Card.MASTER_MERCHANT,
    Card.WARLORD,
    Card.BISHOP,
    Card.SPY,
    Card.SABOTEUR,
    Card.DESERTER,
    Card.INVENTOR,
    Card.DIPLOMAT,
    Card.INTRIGUE,
)
"""Progress cards played in the main phase, best first (the Alchemist is played before the roll)."""


A = TypeVar("A", bound=Action)


def _of(by_kind: dict[type, list[Action]], cls: type[A]) -> list[A]:
    """The listed actions of one kind."""
    return [a for a in by_kind.get(cls, ()) if isinstance(a, cls)]


def _short(hand: tuple[int, ...], cost: tuple[int, ...]) -> list[int]:
    return [max(0, c - h) for h, c in zip(hand, cost, strict=True)]


class CkGreedy:
    """Greedy builder for Cities & Knights (see the module docstring)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Stream(derive_seed("ck-greedy", seed))
        self.topo: Topology = topology_for(BASE_ROWS)

    # -- position values ---------------------------------------------------------------------------

    def corner_value(self, obs: CkObservation, corner: int, city: bool = False) -> float:
        """Expected production of a building on ``corner`` (a city counts its commodities), with a
        bonus for each terrain the seat does not produce yet (grain and ore the most: they buy cities
        and keep knights active)."""
        value = 0.0
        owned = self.produced(obs)
        for h in self.topo.corner_hexes[corner]:
            t = obs.terrain[h]
            if t == Terrain.DESERT:
                continue
            weight = TERRAIN_WEIGHT[t] * (0.5 if h == obs.robber and obs.robber_active else 1.0)
            value += PIPS[obs.tokens[h]] * weight * (2 if city else 1)
            if t not in owned and obs.tokens[h]:
                value += 3.0 if t in (Terrain.FIELDS, Terrain.MOUNTAINS) else 1.5
                owned = owned | {t}
        return value + (0.5 if corner in self.harbor_corners(obs) else 0.0)

    def produced(self, obs: CkObservation) -> set[int]:
        """Terrains next to this seat's buildings."""
        out: set[int] = set()
        for c, s in enumerate(obs.owner):
            if s == obs.seat:
                out.update(obs.terrain[h] for h in self.topo.corner_hexes[c])
        return out

    def harbor_corners(self, obs: CkObservation) -> set[int]:
        return {c for e in obs.harbor_edges for c in self.topo.edge_corners[e]}

    def is_open(self, obs: CkObservation, corner: int) -> bool:
        return (
            obs.owner[corner] < 0
            and obs.knight_owner[corner] < 0
            and all(obs.owner[c] < 0 for c in self.topo.corner_corners[corner])
        )

    def road_value(self, obs: CkObservation, road: Road) -> float:
        best = 0.0
        for end in (road.a, road.b):
            if self.is_open(obs, end):
                best = max(best, self.corner_value(obs, end) + 2)
            for nxt in self.topo.corner_corners[end]:
                if nxt not in (road.a, road.b) and self.is_open(obs, nxt):
                    best = max(best, self.corner_value(obs, nxt) * 0.7)
        return best + self.rng.below(100) / 1000

    def strengths(self, obs: CkObservation) -> list[int]:
        """Active knight strength per seat (what defends against the barbarians, §8.2)."""
        out = [0] * len(obs.hand_sizes)
        for c, s in enumerate(obs.knight_owner):
            if s >= 0 and obs.knight_active[c]:
                out[s] += obs.knight_level[c]
        return out

    def threatened(self, obs: CkObservation) -> bool:
        """The ship is on its way and this seat, holding a city, would be among the weakest."""
        if obs.ship < obs.barbarian_track - 5:
            return False
        mine = [c for c, s in enumerate(obs.owner) if s == obs.seat and obs.level[c] == 2]
        if not mine:
            return False
        power = self.strengths(obs)
        return power[obs.seat] <= min(p for s, p in enumerate(power) if s != obs.seat)

    def goal(self, obs: CkObservation) -> tuple[int, ...]:
        """What to save for next."""
        if self.threatened(obs):
            idle = any(
                s == obs.seat and not a for s, a in zip(obs.knight_owner, obs.knight_active, strict=True)
            )
            return ACTIVATE_COST if idle else KNIGHT_COST
        settled = any(s == obs.seat and lv == 1 for s, lv in zip(obs.owner, obs.level, strict=True))
        if settled and obs.pieces_left[obs.seat][1] > 0:
            return CITY_COST
        return SETTLEMENT_COST if self.has_spot(obs) else ROAD_COST

    def has_spot(self, obs: CkObservation) -> bool:
        for e, s in enumerate(obs.road_owner):
            if s == obs.seat and any(self.is_open(obs, c) for c in self.topo.edge_corners[e]):
                return True
        return False

    # -- the decision ------------------------------------------------------------------------------

    def act(self, view: DecisionView) -> Action | str | int:
        obs = view.observation
        assert isinstance(obs, CkObservation)
        legal = view.legal
        if len(legal) == 1:
            return 0
        by_kind: dict[type, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(type(a), []).append(a)
        if obs.active < 0:  # setup: a settlement, a city, roads
            if Settle in by_kind:
                return max(_of(by_kind, Settle), key=lambda a: self.corner_value(obs, a.corner))
            if City in by_kind:
                return max(_of(by_kind, City), key=lambda a: self.corner_value(obs, a.corner, True))
            if Road in by_kind:
                return max(_of(by_kind, Road), key=lambda a: self.road_value(obs, a))
        if MoveRobber in by_kind:
            return self.robber(obs, by_kind[MoveRobber])
        if Reject in by_kind:
            return by_kind[Reject][0]
        if Withdraw in by_kind:
            return (by_kind.get(Confirm) or by_kind[Withdraw])[0]
        if Roll in by_kind:
            return self.pre_roll(obs, by_kind)
        if obs.decision == "TurnPhase":
            return self.main(obs, by_kind, legal)
        return self.choose(obs, by_kind, legal)

    def pre_roll(self, obs: CkObservation, by_kind: dict[type, list[Action]]) -> Action:
        alchemy = [
            a for a in by_kind.get(PlayCard, []) if isinstance(a, PlayCard) and a.card == Card.ALCHEMIST
        ]
        if alchemy:
            best = max(alchemy, key=lambda a: self.roll_value(obs, a.args[0] + a.args[1]))
            if self.roll_value(obs, best.args[0] + best.args[1]) >= 3:
                return best
        return by_kind[Roll][0]

    def roll_value(self, obs: CkObservation, total: int) -> float:
        """Cards this seat receives on ``total`` (cities count their commodity)."""
        got = 0.0
        for h, token in enumerate(obs.tokens):
            if token != total or (h == obs.robber and obs.robber_active):
                continue
            for c in self.topo.hex_corners[h]:
                if obs.owner[c] == obs.seat:
                    got += sum(n for _, n in CITY_YIELD.get(obs.terrain[h], ())) if obs.level[c] == 2 else 1
        return got

    def main(
        self, obs: CkObservation, by_kind: dict[type, list[Action]], legal: tuple[Action, ...]
    ) -> Action:
        if City in by_kind:
            return max(_of(by_kind, City), key=lambda a: self.corner_value(obs, a.corner, True))
        defend = self.defend(obs, by_kind)
        if defend is not None:
            return defend
        if Improve in by_kind:
            return max(_of(by_kind, Improve), key=lambda a: self.improve_value(obs, a))
        if Settle in by_kind:
            return max(_of(by_kind, Settle), key=lambda a: self.corner_value(obs, a.corner))
        goal = self.goal(obs)
        for card in CARD_ORDER:
            plays = [a for a in _of(by_kind, PlayCard) if a.card == card]
            if plays:
                return plays[self.rng.below(len(plays))]
        if Road in by_kind and goal in (ROAD_COST, SETTLEMENT_COST):
            best = max(_of(by_kind, Road), key=lambda a: self.road_value(obs, a))
            if self.road_value(obs, best) >= 1.0:
                return best
        trade = self.bank_trade(obs, by_kind.get(BankTrade, []), goal)
        if trade is not None:
            return trade
        if self.crowded(obs):  # over the 7-roll limit: anything that spends cards
            if Road in by_kind:
                return max(_of(by_kind, Road), key=lambda a: self.road_value(obs, a))
            for kind in (BuildKnight, Wall, Promote, Activate):
                if kind in by_kind:
                    return by_kind[kind][0]
        return legal[0]

    def crowded(self, obs: CkObservation) -> bool:
        """More cards than a 7 lets this seat keep (§5.2)."""
        walls = sum(obs.walls[c] for c, s in enumerate(obs.owner) if s == obs.seat)
        return sum(obs.hand) > 7 + 2 * walls

    def defend(self, obs: CkObservation, by_kind: dict[type, list[Action]]) -> Action | None:
        """Knights against the barbarians: activate what stands, build one more when threatened."""
        near = obs.ship >= obs.barbarian_track - 4
        if Activate in by_kind and (near or self.threatened(obs)):
            return by_kind[Activate][0]
        if BuildKnight in by_kind and self.threatened(obs):
            return max(_of(by_kind, BuildKnight), key=lambda a: len(self.topo.corner_corners[a.corner]))
        mine = sum(1 for s in obs.knight_owner if s == obs.seat)
        cities = sum(1 for s, lv in zip(obs.owner, obs.level, strict=True) if s == obs.seat and lv == 2)
        if BuildKnight in by_kind and mine < min(2, cities):
            return _of(by_kind, BuildKnight)[0]
        return None

    def improve_value(self, obs: CkObservation, action: Improve) -> float:
        level = obs.improvements[obs.seat][action.track]
        rivals = max(obs.improvements[s][action.track] for s in range(len(obs.hand_sizes)) if s != obs.seat)
        bonus = 3.0 if level + 1 == 3 else 4.0 if level + 1 >= 4 and rivals <= level else 0.0
        return bonus - level + obs.hand[TRACK_COMMODITY[action.track]] * 0.1

    def reserve(self, obs: CkObservation, goal: tuple[int, ...]) -> list[int]:
        """Cards kept back from trades: the goal's, and the commodities of each track's next level."""
        keep = list(goal)
        levels = obs.improvements[obs.seat]
        for track, kind in enumerate(TRACK_COMMODITY):
            if levels[track] < 5:
                keep[kind] = max(keep[kind], levels[track] + 1)
        return keep

    def bank_trade(self, obs: CkObservation, trades: list[Action], goal: tuple[int, ...]) -> Action | None:
        """The cheapest trade that buys a card the goal lacks with cards beyond the reserve; with a hand
        over the 7-roll limit, with any cards (better than losing half to a 7)."""
        need = _short(obs.hand, goal)
        if not any(need):
            return None
        keep = self.reserve(obs, goal)
        crowded = self.crowded(obs)
        best: BankTrade | None = None
        for a in trades:
            assert isinstance(a, BankTrade)
            if not need[a.get]:
                continue
            spare = obs.hand[a.give] - a.count
            affordable = spare >= keep[a.give] or (crowded and spare >= 0)
            if affordable and (best is None or a.count < best.count):
                best = a
        return best

    def robber(self, obs: CkObservation, moves: list[Action]) -> Action:
        def harm(a: Action) -> float:
            assert isinstance(a, MoveRobber)
            score = 0.0
            for c in self.topo.hex_corners[a.hex]:
                s = obs.owner[c]
                if s == obs.seat:
                    score -= 10 * obs.level[c]
                elif s >= 0:
                    score += obs.level[c] * (1 + obs.vp[s] / 4)
            score *= PIPS[obs.tokens[a.hex]]
            if a.victim >= 0:
                score += obs.hand_sizes[a.victim] * 0.5 + obs.vp[a.victim]
            return score

        return max(moves, key=harm)

    def choose(
        self, obs: CkObservation, by_kind: dict[type, list[Action]], legal: tuple[Action, ...]
    ) -> Action:
        """Every other decision: pillage the poorest city, a metropolis on the richest, keep the best
        progress cards, the tie reward from the deck of its best track, defend with every knight."""
        if ChooseCorner in by_kind:
            corners = _of(by_kind, ChooseCorner)

            def value(a: ChooseCorner) -> float:
                return self.corner_value(obs, a.corner, True)

            return min(corners, key=value) if obs.decision == "Pillage" else max(corners, key=value)
        if DropCard in by_kind:
            return max(_of(by_kind, DropCard), key=lambda a: self.card_rank(a.card))
        if ChooseDeck in by_kind:
            return max(_of(by_kind, ChooseDeck), key=lambda a: obs.improvements[obs.seat][a.track])
        if ChooseKind in by_kind:
            need = _short(obs.hand, self.goal(obs))
            return max(_of(by_kind, ChooseKind), key=lambda a: need[a.kind])
        if Defend in by_kind:
            return max(_of(by_kind, Defend), key=lambda a: sum(1 for c in a.corners if c >= 0))
        return legal[0]

    @staticmethod
    def card_rank(card: int) -> int:
        """Higher is worse to keep (dropped first)."""
        return CARD_ORDER.index(card) if card in CARD_ORDER else len(CARD_ORDER)
