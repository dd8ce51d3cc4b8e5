"""catan-greedy: a heuristic Catan bot that builds toward victory points.

It places its setup settlements on the richest corners (dice probability, resource variety, harbors),
then each turn builds the most valuable thing it can pay for (city, settlement, development card, a
road toward an open settlement spot), trades surplus cards with the supply at its best harbor rate,
makes one-for-one domestic offers for a missing card and accepts offers that give it a card it needs
for a card it can spare. The robber goes where it hurts the leader most. With 5-6 seats it builds in
the Special Building Phase, in the Helpers scenario it uses its helper (see
:mod:`bots.reference.catan_helpers`), and in the Seafarers scenarios it sails toward new land, moves the
pirate onto the leader's ships and picks its gold (:mod:`bots.reference.catan_sea`). In the Jungle it
values the jungle's corners for their discovery tokens and spends the tokens on development cards,
keeping the cards it saves for its next build (seafarers.md §7.3, §7.5); in the Big River it values the
corners of the gold mine for their bonus VP while it can still score them (seafarers.md §8.4). It reads
only its own observation (catan.md §5.12) and the public topology tables.
"""

from __future__ import annotations

from bots.reference import catan_helpers, catan_sea
from engine.core.action import Action
from engine.core.match import DecisionView
from engine.core.rng import Stream, derive_seed
from engine.games.catan.actions import (
    Accept,
    BankTrade,
    BuyDev,
    BuyDevTokens,
    City,
    Confirm,
    Discard,
    MoveRobber,
    Offer,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    Reject,
    Road,
    Roll,
    Settle,
    Withdraw,
)
from engine.games.catan.observe import CatanObservation
from engine.games.catan.tables import (
    CITY_COST,
    DEV_COST,
    N_RESOURCES,
    ROAD_COST,
    SETTLEMENT_COST,
    Terrain,
)
from engine.games.catan.topology import BASE_ROWS, EXTENDED_ROWS, Topology, topology_for

PIPS = (0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1)
"""Dice combinations per token: the expected production weight (catan.md §2.6)."""
RESOURCE_WEIGHT = (1.1, 1.1, 0.8, 1.0, 1.0)
GOLD_WEIGHT = 1.3
"""A gold field pays a card of choice (seafarers.md §5.3)."""
JUNGLE_WEIGHT = 0.9
"""A discovery token stands for one of the three cards of a development card (seafarers.md §7.5)."""
GOLD_MINE_VALUE = 4.0
"""A settlement on the gold mine's corner: its bonus VP, in production-value units (seafarers.md §8.4)."""


def _need(hand: tuple[int, ...], cost: tuple[int, ...]) -> list[int]:
    return [max(0, c - h) for h, c in zip(hand, cost, strict=True)]


class CatanGreedy:
    """Greedy VP builder with harbor, bank and domestic trading (see the module docstring)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Stream(derive_seed("catan-greedy", seed))
        self._topo: Topology | None = None
        self.gold_first_only: bool | None = None
        """Big River: whether only the first builder scores the gold mine (read from the match's
        options when known; None reads as "every builder scores")."""

    # -- helpers -----------------------------------------------------------------------------------

    def topo(self, obs: CatanObservation) -> Topology:
        if self._topo is None:
            frame = catan_sea.frame_topology(len(obs.terrain))
            self._topo = frame or topology_for(BASE_ROWS if len(obs.terrain) == 19 else EXTENDED_ROWS)
        return self._topo

    def corner_value(self, obs: CatanObservation, corner: int, owned: set[int] | None = None) -> float:
        """Production value of a corner (pips, weighted by resource, bonus for new resources)."""
        topo = self.topo(obs)
        value = 0.0
        kinds = set()
        for h in topo.corner_hexes[corner]:
            t = obs.terrain[h]
            if h == obs.robber:
                continue
            if t < N_RESOURCES:
                value += PIPS[obs.tokens[h]] * RESOURCE_WEIGHT[t]
                kinds.add(t)
            elif t == Terrain.GOLD:
                value += PIPS[obs.tokens[h]] * GOLD_WEIGHT
            elif t == Terrain.JUNGLE:
                value += PIPS[obs.tokens[h]] * JUNGLE_WEIGHT
        if owned is not None:
            value += 1.5 * len(kinds - owned)
        if corner in self.harbor_corners(obs):
            value += 1.0
        if obs.river and self.scores_gold_mine(obs) and corner in topo.hex_corners[obs.river[-1]]:
            value += GOLD_MINE_VALUE
        return value

    def scores_gold_mine(self, obs: CatanObservation) -> bool:
        """Whether a building of this seat on the gold mine would score its bonus (seafarers.md §8.4):
        always, unless only the first builder scores and that is another seat."""
        return not self.gold_first_only or obs.gold_mine_first in (-1, obs.seat)

    def harbor_corners(self, obs: CatanObservation) -> set[int]:
        topo = self.topo(obs)
        return {c for e in obs.harbor_edges for c in topo.edge_corners[e]}

    def owned_kinds(self, obs: CatanObservation) -> set[int]:
        topo = self.topo(obs)
        kinds: set[int] = set()
        for c, s in enumerate(obs.owner):
            if s == obs.seat:
                kinds.update(obs.terrain[h] for h in topo.corner_hexes[c] if obs.terrain[h] < N_RESOURCES)
        return kinds

    def is_open(self, obs: CatanObservation, corner: int) -> bool:
        topo = self.topo(obs)
        return obs.owner[corner] < 0 and all(obs.owner[c] < 0 for c in topo.corner_corners[corner])

    def road_value(self, obs: CatanObservation, road: Road) -> float:
        """How good the open corners one or two steps beyond this road are."""
        topo = self.topo(obs)
        best = 0.0
        owned = self.owned_kinds(obs)
        for end in (road.a, road.b):
            if obs.owner[end] >= 0 and obs.owner[end] != obs.seat:
                continue
            if self.is_open(obs, end):
                best = max(best, self.corner_value(obs, end, owned) + 2)
            for nxt in topo.corner_corners[end]:
                if nxt not in (road.a, road.b) and self.is_open(obs, nxt):
                    best = max(best, self.corner_value(obs, nxt, owned) * 0.7)
        return best + self.rng.below(100) / 1000

    def goal(self, obs: CatanObservation, legal: tuple[Action, ...]) -> tuple[int, ...]:
        """The cost of what to save for next."""
        settled = sum(1 for s in obs.owner if s == obs.seat)
        has_spot = any(isinstance(a, Road) for a in legal) or self.has_settle_spot(obs)
        if any(lvl == 1 and s == obs.seat for s, lvl in zip(obs.owner, obs.level, strict=True)) and (
            obs.hand[4] >= 2 or settled >= 4
        ):
            return CITY_COST
        if self.has_settle_spot(obs) and obs.pieces_left[obs.seat][0] > 0:
            return SETTLEMENT_COST
        if has_spot and obs.pieces_left[obs.seat][2] > 0 and obs.pieces_left[obs.seat][0] > 0:
            return ROAD_COST
        return DEV_COST if obs.deck_size else CITY_COST

    def has_settle_spot(self, obs: CatanObservation) -> bool:
        if catan_sea.is_sea(obs):
            return catan_sea.reaches_site(self, obs)  # type: ignore[arg-type]
        topo = self.topo(obs)
        for e, s in enumerate(obs.road_owner):
            if s == obs.seat:
                for c in topo.edge_corners[e]:
                    if self.is_open(obs, c):
                        return True
        return False

    # -- the decision ------------------------------------------------------------------------------

    def act(self, view: DecisionView) -> Action | str | int:
        obs = view.observation
        assert isinstance(obs, CatanObservation)
        if self.gold_first_only is None:
            self.gold_first_only = dict(view.game.options).get("gold_mine_bonus") == "first_only"
        legal = view.legal
        if len(legal) == 1 and not view.families:
            return 0
        special = catan_helpers.decide(self, obs, legal)
        if special is None and catan_sea.is_sea(obs):
            special = catan_sea.decide(self, obs, legal)  # type: ignore[arg-type]
        if special is not None:
            return special
        kinds = {type(a) for a in legal}
        if Settle in kinds and obs.active < 0:
            owned = self.owned_kinds(obs)
            return max(
                (a for a in legal if isinstance(a, Settle)),
                key=lambda a: self.corner_value(obs, a.corner, owned),
            )
        if Road in kinds and (obs.active < 0 or obs.free_roads):
            return max((a for a in legal if isinstance(a, Road)), key=lambda a: self.road_value(obs, a))
        if MoveRobber in kinds:
            return self.robber(obs, legal)
        if isinstance(legal[0], Discard):
            return self.discard(obs, legal, legal[0])
        if Reject in kinds:
            return self.answer(obs, legal)
        if Withdraw in kinds:
            confirms = [a for a in legal if isinstance(a, Confirm)]
            return confirms[0] if confirms else legal[0]
        if Roll in kinds:
            return self.pre_roll(obs, legal)
        return self.main(obs, view, legal)

    def pre_roll(self, obs: CatanObservation, legal: tuple[Action, ...]) -> Action:
        topo = self.topo(obs)
        blocked = obs.robber >= 0 and any(obs.owner[c] == obs.seat for c in topo.hex_corners[obs.robber])
        if blocked:
            lin = catan_helpers.use_in_turn(self, obs, legal)
            if lin is not None:
                return lin
        for a in legal:
            if isinstance(a, PlayKnight) and (blocked or obs.knights[obs.seat] >= 2):
                return a
        return legal[0]

    def main(self, obs: CatanObservation, view: DecisionView, legal: tuple[Action, ...]) -> Action:
        by_kind: dict[type, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(type(a), []).append(a)
        if City in by_kind:
            return max(by_kind[City], key=lambda a: self.corner_value(obs, a.corner))  # type: ignore[attr-defined]
        if Settle in by_kind:
            owned = self.owned_kinds(obs)
            return max(by_kind[Settle], key=lambda a: self.corner_value(obs, a.corner, owned))  # type: ignore[attr-defined]
        helper = catan_helpers.use_in_turn(self, obs, legal)
        if helper is not None:
            return helper
        goal = self.goal(obs, legal)
        if BuyDevTokens in by_kind:
            buy = self.token_buy(obs, by_kind[BuyDevTokens], goal)
            if buy is not None:
                return buy
        if catan_sea.is_sea(obs):
            sail = catan_sea.main_move(self, obs, by_kind, goal)  # type: ignore[arg-type]
            if sail is not None:
                return sail
        for kind in (PlayMonopoly, PlayYearOfPlenty, PlayRoadBuilding, PlayKnight):
            if kind in by_kind:
                return self.play(obs, kind, by_kind[kind], goal)
        if Road in by_kind and goal == ROAD_COST:
            best = max(by_kind[Road], key=lambda a: self.road_value(obs, a))  # type: ignore[arg-type]
            if self.road_value(obs, best) >= 1.0 or obs.road_lengths[obs.seat] >= 4:  # type: ignore[arg-type]
                return best
        if BuyDev in by_kind and goal in (DEV_COST, CITY_COST) and (goal == DEV_COST or obs.hand[4] > 3):
            return by_kind[BuyDev][0]
        trade = self.bank_trade(obs, by_kind.get(BankTrade, []), goal)
        if trade is not None:
            return trade
        offer = self.offer(obs, view, goal)
        if offer is not None:
            return offer
        if BuyDev in by_kind and sum(obs.hand) > 6:
            return by_kind[BuyDev][0]
        if Road in by_kind and sum(obs.hand) > 7:
            return max(by_kind[Road], key=lambda a: self.road_value(obs, a))  # type: ignore[arg-type]
        return legal[0]

    def token_buy(self, obs: CatanObservation, buys: list[Action], goal: tuple[int, ...]) -> Action | None:
        """The purchase with the most discovery tokens whose cards the goal can spare (tokens pay for
        nothing else, seafarers.md §7.5), or None."""
        best: BuyDevTokens | None = None
        for a in buys:
            assert isinstance(a, BuyDevTokens)
            cost = [c - r for c, r in zip(DEV_COST, a.replaced, strict=True)]
            spare = all(obs.hand[r] - cost[r] >= goal[r] or goal == DEV_COST for r in range(5) if cost[r])
            if spare and (best is None or sum(a.replaced) > sum(best.replaced)):
                best = a
        return best

    def play(self, obs: CatanObservation, kind: type, options: list[Action], goal: tuple[int, ...]) -> Action:
        need = _need(obs.hand, goal)
        if kind is PlayYearOfPlenty:

            def gain(a: Action) -> int:
                assert isinstance(a, PlayYearOfPlenty)
                got = [0] * 5
                for r in (a.first, a.second):
                    if r >= 0:
                        got[r] += 1
                return sum(min(g, n) for g, n in zip(got, need, strict=True))

            return max(options, key=gain)
        if kind is PlayMonopoly:
            return max(options, key=lambda a: need[a.resource] * 10 + goal[a.resource])  # type: ignore[attr-defined]
        return options[0]

    def bank_trade(self, obs: CatanObservation, trades: list[Action], goal: tuple[int, ...]) -> Action | None:
        need = _need(obs.hand, goal)
        if not any(need):
            return None
        for a in trades:
            assert isinstance(a, BankTrade)
            if need[a.get] and obs.hand[a.give] - a.count >= goal[a.give]:
                return a
        return None

    def offer(self, obs: CatanObservation, view: DecisionView, goal: tuple[int, ...]) -> Action | None:
        if not any(f.name == "offer" for f in view.families) or obs.offers_made >= 1:
            return None
        need = _need(obs.hand, goal)
        if sum(need) != 1:
            return None
        want = need.index(1)
        spare = [r for r in range(5) if obs.hand[r] > goal[r] and r != want]
        if not spare:
            return None
        give = max(spare, key=lambda r: obs.hand[r] - goal[r])
        g = [0] * 5
        w = [0] * 5
        g[give] = 1
        w[want] = 1
        return Offer((g[0], g[1], g[2], g[3], g[4]), (w[0], w[1], w[2], w[3], w[4]), -1)

    def answer(self, obs: CatanObservation, legal: tuple[Action, ...]) -> Action:
        offer = obs.offer
        accept = next((a for a in legal if isinstance(a, Accept)), None)
        if offer is None or accept is None:
            return legal[0]
        goal = self.goal(obs, ())
        need = _need(obs.hand, goal)
        gets_needed = sum(min(k, n) for k, n in zip(offer.give, need, strict=True))
        spends_needed = any(k and obs.hand[r] - k < goal[r] for r, k in enumerate(offer.get))
        leader = max(obs.public_vp)
        if (
            gets_needed
            and not spends_needed
            and obs.public_vp[obs.active] < leader + (obs.seat != obs.active)
        ):
            return accept
        return legal[0]

    def robber(self, obs: CatanObservation, legal: tuple[Action, ...]) -> Action:
        topo = self.topo(obs)

        def harm(a: Action) -> float:
            assert isinstance(a, MoveRobber)
            score = 0.0
            for c in topo.hex_corners[a.hex]:
                s = obs.owner[c]
                if s == obs.seat:
                    score -= 10 * obs.level[c]
                elif s >= 0:
                    score += obs.level[c] * (1 + obs.public_vp[s] / 4)
            score *= PIPS[obs.tokens[a.hex]]
            if a.victim >= 0:
                score += obs.hand_sizes[a.victim] * 0.5 + obs.public_vp[a.victim]
            return score

        return max(legal, key=harm)

    def discard(self, obs: CatanObservation, legal: tuple[Action, ...], default: Discard) -> Action:
        owed = obs.discard_owed[obs.seat]
        goal = self.goal(obs, ())
        left = list(obs.hand)
        out = [0] * 5
        for _ in range(owed):
            r = max(range(5), key=lambda k: (left[k] - goal[k], left[k]) if left[k] else (-99, 0))
            left[r] -= 1
            out[r] += 1
        return Discard((out[0], out[1], out[2], out[3], out[4]))
