"""``pr-greedy``: a Puerto Rico heuristic that reads only its observation and the listed actions.

It scores each listed action by a hand-written value: roles by what they would bring this round
(a building within reach, barrels to ship or sell, production, doubloons on the tile), buildings by
VP and how they fit the island, colonists onto buildings that produce or act, the largest ship load,
the dearest sale. Ties go to the earlier listed action, so the bot is deterministic.
"""

from __future__ import annotations

from typing import cast

from engine.core.match import DecisionView
from engine.games.puerto_rico.observe import PuertoRicoObservation, SeatView
from engine.games.puerto_rico.tables import BUILDINGS, GOOD_NAMES, PRICES

GOODS = GOOD_NAMES
PRICE = dict(zip(GOOD_NAMES, PRICES, strict=True))
"""Trading-house price by good name."""
REFINERY = {b.name: GOOD_NAMES[b.produces] for b in BUILDINGS if not b.is_violet}
"""The good each production building refines, by building name."""
TABLE = {b.name: (b.cost, b.vp, b.column) for b in BUILDINGS}
"""(cost, VP, column) of each building in building-table order (the public table of the rules, puerto_rico.md §3.2)."""

# Extra worth of a violet building beyond its VP, for a simple greedy plan.
USEFUL = {
    "small-market": 1.5, "large-market": 2.0, "office": 1.0, "harbor": 3.0, "wharf": 3.0,
    "factory": 2.0, "university": 0.5, "hospice": 1.0, "construction-hut": 0.8, "hacienda": 0.6,
    "small-warehouse": 1.0, "large-warehouse": 1.5, "guild-hall": 3.0, "residence": 3.0,
    "fortress": 3.0, "customs-house": 2.5, "city-hall": 3.0,
}  # fmt: skip


class PuertoRicoGreedy:
    """The built-in ``pr-greedy`` bot."""

    def __init__(self, seed: int = 0) -> None:
        del seed  # deterministic

    def act(self, view: DecisionView) -> int:
        obs = cast(PuertoRicoObservation, view.observation)
        me = obs.seats[view.seat]
        best, best_score = 0, float("-inf")
        for index, action in enumerate(view.legal):
            words = action.text().split()
            score = self.score(words, obs, me)
            if score > best_score:
                best, best_score = index, score
        return best

    def score(self, words: list[str], obs: PuertoRicoObservation, me: SeatView) -> float:
        kind = words[0]
        handler = getattr(self, "_" + kind.replace("-", "_"), None)
        if handler is None:
            return 0.0
        return float(handler(words, obs, me))

    # -- roles -------------------------------------------------------------------------------------

    def _role(self, words: list[str], obs: PuertoRicoObservation, me: SeatView) -> float:
        role = words[1]
        tile = next((r for r in obs.roles if r.name == role and r.taken_by is None), None)
        coins = tile.doubloons if tile is not None else 0
        goods = dict(zip(GOODS, me.goods, strict=True))
        value = self._role_value(role, obs, me, goods)
        return value + coins

    def _role_value(
        self, role: str, obs: PuertoRicoObservation, me: SeatView, goods: dict[str, int]
    ) -> float:
        """What taking ``role`` is worth to ``me`` now (only that role's prospect is computed)."""
        if role == "builder":
            return self._build_prospect(obs, me)
        if role == "captain":
            return 0.8 * sum(goods.values()) + (0.5 if sum(goods.values()) else -1.0)
        if role == "trader":
            return self._sale_prospect(obs, goods)
        if role == "craftsman":
            return 0.9 * self._production(me) - 0.2 * obs.players
        if role == "settler":
            return 1.4 if sum(t.tiles for t in me.island) < 12 else 0.0
        if role == "mayor":
            return 1.0 + obs.colonist_ship / max(obs.players, 1) * 0.6 + self._empty_circles(me) * 0.2
        return 1.0 if role == "prospector" else 0.0

    def _build_prospect(self, obs: PuertoRicoObservation, me: SeatView) -> float:
        values = [self._building_value(name, obs, me, builder=True) for name in TABLE]
        affordable = [v for v in values if v > 0]
        return max(affordable, default=0.0) * 0.8

    def _sale_prospect(self, obs: PuertoRicoObservation, goods: dict[str, int]) -> float:
        if len(obs.trading_house) >= 4:
            return 0.0
        open_kinds = [g for g in GOODS if goods[g] and g not in obs.trading_house]
        return max((PRICE[g] + 1 for g in open_kinds), default=0.0)

    def _production(self, me: SeatView) -> float:
        island = {t.kind: t.occupied for t in me.island}
        staffed: dict[str, int] = {}
        for b in me.city:
            good = REFINERY.get(b.name)
            if good:
                staffed[good] = staffed.get(good, 0) + b.colonists
        total = float(island.get("corn", 0))
        for good in GOODS[1:]:
            total += min(island.get(good, 0), staffed.get(good, 0)) * (1 + PRICE[good] / 4)
        return total

    def _empty_circles(self, me: SeatView) -> int:
        empty = sum(t.tiles - t.occupied for t in me.island)
        return empty + sum(1 for b in me.city if b.colonists == 0)

    # -- settler, mayor, builder -------------------------------------------------------------------

    def _plantation(self, words: list[str], obs: PuertoRicoObservation, me: SeatView) -> float:
        good = words[1]
        refined = any(REFINERY.get(b.name) == good for b in me.city)
        return {"corn": 2.0, "indigo": 1.6, "sugar": 1.7, "tobacco": 1.8, "coffee": 1.9}[good] + (
            1.0 if refined else 0.0
        )

    def _quarry(self, words: list[str], obs: PuertoRicoObservation, me: SeatView) -> float:
        quarries = next((t.tiles for t in me.island if t.kind == "quarry"), 0)
        return 2.6 if quarries < 3 and obs.round < 10 else 1.0

    def _hacienda(self, words: list[str], obs: PuertoRicoObservation, me: SeatView) -> float:
        return 1.0

    def _hospice(self, words: list[str], obs: PuertoRicoObservation, me: SeatView) -> float:
        return 1.0

    def _university(self, words: list[str], obs: PuertoRicoObservation, me: SeatView) -> float:
        return 1.0

    def _privilege(self, words: list[str], obs: PuertoRicoObservation, me: SeatView) -> float:
        return 1.0

    def _produce(self, words: list[str], obs: PuertoRicoObservation, me: SeatView) -> float:
        return 1.0

    def _place(self, words: list[str], obs: PuertoRicoObservation, me: SeatView) -> float:
        target = words[1]
        island = {t.kind: t for t in me.island}
        if target in TABLE:
            good = REFINERY.get(target)
            if good is None:
                return 3.0 + TABLE[target][1] * 0.1
            plantations = island[good].tiles if good in island else 0
            used = sum(b.colonists for b in me.city if REFINERY.get(b.name) == good)
            return 2.5 + PRICE[good] * 0.2 if used < plantations else 0.3
        if target == "quarry":
            return 1.8
        if target == "corn":
            return 2.2
        used = sum(b.colonists for b in me.city if REFINERY.get(b.name) == target)
        occupied = island[target].occupied if target in island else 0
        return 2.4 + PRICE[target] * 0.2 if occupied < used + 1 else 0.5

    def _build(self, words: list[str], obs: PuertoRicoObservation, me: SeatView) -> float:
        return self._building_value(words[1], obs, me, builder=False, listed=True)

    def _building_value(
        self, name: str, obs: PuertoRicoObservation, me: SeatView, *, builder: bool, listed: bool = False
    ) -> float:
        cost, vp, column = TABLE[name]
        if any(b.name == name for b in me.city):
            return 0.0
        quarries = next((t.occupied for t in me.island if t.kind == "quarry"), 0)
        price = max(0, cost - min(quarries, column) - (1 if builder else 0))
        if not listed and price > me.doubloons:
            return 0.0
        good = REFINERY.get(name)
        fit = 0.0
        if good is not None:
            plantations = next((t.tiles for t in me.island if t.kind == good), 0)
            has = sum(1 for b in me.city if REFINERY.get(b.name) == good)
            fit = (1.5 + PRICE[good] * 0.5) if plantations and not has else 0.2 * plantations
        else:
            fit = USEFUL.get(name, 0.0) * (0.6 if obs.round > 12 and cost < 10 else 1.0)
        late = 1.0 + obs.round / 15
        return vp * late + fit + 0.05 * price

    # -- craftsman, trader, captain ----------------------------------------------------------------

    def _extra(self, words: list[str], obs: PuertoRicoObservation, me: SeatView) -> float:
        return 1.0 + PRICE[words[1]]

    def _sell(self, words: list[str], obs: PuertoRicoObservation, me: SeatView) -> float:
        return 0.5 + PRICE[words[1]]

    def _ship(self, words: list[str], obs: PuertoRicoObservation, me: SeatView) -> float:
        good, capacity = words[1], int(words[2])
        held = me.goods[GOODS.index(good)]
        ship = next((s for s in obs.ships if s.capacity == capacity), None)
        room = capacity - (ship.count if ship is not None else 0)
        return 2.0 + min(held, room) - 0.05 * capacity

    def _wharf(self, words: list[str], obs: PuertoRicoObservation, me: SeatView) -> float:
        return 1.5 + me.goods[GOODS.index(words[1])]

    def _warehouse(self, words: list[str], obs: PuertoRicoObservation, me: SeatView) -> float:
        good = words[1]
        return 1.0 + me.goods[GOODS.index(good)] * (1 + PRICE[good] / 4)

    def _keep(self, words: list[str], obs: PuertoRicoObservation, me: SeatView) -> float:
        return 1.0 + PRICE[words[1]]

    def _decline(self, words: list[str], obs: PuertoRicoObservation, me: SeatView) -> float:
        return 0.1

    def _pass(self, words: list[str], obs: PuertoRicoObservation, me: SeatView) -> float:
        return 0.0
