"""catan-greedy's play of the Helpers of Catan scenario (catan.md §7) and the Special Building Phase (§6).

Helpers are used when they turn the bot's hand into its next build or win a card: Jean for a type it
holds two spare of, William and Vincent when they pay for a build the usual cost does not (Vincent only
when the knight is not holding the Largest Army), Candamir instead of a plain purchase, Nassir for the
card it lacks from the two opponents holding most cards, Hilde on the opponent with most cards, Lin
whenever the robber stands on a numbered hex, Louis when its roads reach no open settlement spot (the
lifted road is rebuilt where it leads to the best one). Marianne
and Sean always take the card (or skip the discard). After a use it keeps an A side and otherwise
takes the display helper that suits it best. In the Special Building Phase it builds cities and
settlements, a road toward a spot, or a development card when its hand is large enough to fear a 7.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.core.action import Action
from engine.games.catan.actions import BuyDev, City, Road, Settle
from engine.games.catan.helper_actions import (
    ChooseDev,
    Decline,
    ExchangeHelper,
    GiveCard,
    KeepHelper,
    TakeCard,
    UseCandamir,
    UseHilde,
    UseJean,
    UseLin,
    UseLouis,
    UseMarianne,
    UseNassir,
    UseSean,
    UseVincent,
    UseWilliam,
)
from engine.games.catan.observe import CatanObservation
from engine.games.catan.tables import CITY_COST, DEV_COST, ROAD_COST, SETTLEMENT_COST, DevCard, Helper

if TYPE_CHECKING:
    from bots.reference.catan_greedy import CatanGreedy

HELPER_RANK = (
    Helper.JEAN, Helper.NASSIR, Helper.WILLIAM, Helper.CANDAMIR, Helper.LIN, Helper.MARIANNE,
    Helper.SEAN, Helper.HILDE, Helper.VINCENT, Helper.LOUIS,
)  # fmt: skip
"""Which display helper to take, best first (Hilde and Vincent move up when they would pay)."""
DEV_RANK = (DevCard.VICTORY_POINT, DevCard.KNIGHT, DevCard.MONOPOLY, DevCard.YEAR_OF_PLENTY,
            DevCard.ROAD_BUILDING)  # fmt: skip


def need(hand: tuple[int, ...], cost: tuple[int, ...]) -> list[int]:
    return [max(0, c - h) for h, c in zip(hand, cost, strict=True)]


def spare(hand: tuple[int, ...], goal: tuple[int, ...]) -> list[int]:
    return [max(0, h - g) for h, g in zip(hand, goal, strict=True)]


def most_needed(bot: CatanGreedy, obs: CatanObservation, choices: list[int]) -> int:
    """The resource among ``choices`` the bot's next goal lacks most (then the one it holds least)."""
    goal = bot.goal(obs, ())
    lack = need(obs.hand, goal)
    return max(choices, key=lambda r: (lack[r], goal[r], -obs.hand[r]))


# -- decisions of the scenario and the Special Building Phase ---------------------------------------------


def decide(bot: CatanGreedy, obs: CatanObservation, legal: tuple[Action, ...]) -> Action | None:
    """The bot's answer to a decision of §6 or §7, or ``None`` when ``legal`` is not one."""
    handler = _DECISIONS.get(obs.decision)
    return handler(bot, obs, legal) if handler else None


def _after_use(bot: CatanGreedy, obs: CatanObservation, legal: tuple[Action, ...]) -> Action:
    if isinstance(legal[0], KeepHelper):
        return legal[0]
    leading = obs.public_vp[obs.seat] >= max(obs.public_vp)

    def rank(a: Action) -> int:
        assert isinstance(a, ExchangeHelper)
        r = HELPER_RANK.index(Helper(a.helper))
        if a.helper == Helper.HILDE and not leading:
            r -= 6
        if a.helper == Helper.VINCENT and obs.knights[obs.seat] >= 2 and obs.largest_army != obs.seat:
            r -= 6
        return r

    return min(legal, key=rank)


def _take_one(bot: CatanGreedy, obs: CatanObservation, legal: tuple[Action, ...]) -> Action:
    """Marianne, Sean, Hilde: the card most needed (Sean: skip the discard when it can)."""
    for a in legal:
        if isinstance(a, UseSean) and a.resource < 0:
            return a
    picks = [a for a in legal if isinstance(a, UseMarianne | UseSean | TakeCard)]
    if not picks:
        return legal[0]
    best = most_needed(bot, obs, [a.resource for a in picks])
    return next(a for a in picks if a.resource == best)


def _give_back(bot: CatanGreedy, obs: CatanObservation, legal: tuple[Action, ...]) -> Action:
    goal = bot.goal(obs, ())
    extra = spare(obs.hand, goal)

    def cost(a: Action) -> tuple[int, int]:
        assert isinstance(a, GiveCard)
        return (extra[a.resource], obs.hand[a.resource])

    return max(legal, key=cost)


def _choose_dev(bot: CatanGreedy, obs: CatanObservation, legal: tuple[Action, ...]) -> Action:
    return min(legal, key=lambda a: DEV_RANK.index(DevCard(a.card)) if isinstance(a, ChooseDev) else 9)


def _best_road(bot: CatanGreedy, obs: CatanObservation, legal: tuple[Action, ...]) -> Action:
    roads = [a for a in legal if isinstance(a, Road)]
    return max(roads, key=lambda a: bot.road_value(obs, a)) if roads else legal[0]


def _special_build(bot: CatanGreedy, obs: CatanObservation, legal: tuple[Action, ...]) -> Action:
    """§6: the builds of the bot's own turn, with the cards in hand only; ``pass`` otherwise."""
    by_kind: dict[type, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(type(a), []).append(a)
    if City in by_kind:
        return max(by_kind[City], key=lambda a: bot.corner_value(obs, a.corner))  # type: ignore[attr-defined]
    if Settle in by_kind:
        owned = bot.owned_kinds(obs)
        return max(by_kind[Settle], key=lambda a: bot.corner_value(obs, a.corner, owned))  # type: ignore[attr-defined]
    goal = bot.goal(obs, legal)
    roads = [a for a in legal if isinstance(a, Road)]
    if roads and (goal == ROAD_COST or sum(obs.hand) > 7):
        best = max(roads, key=lambda a: bot.road_value(obs, a))
        if bot.road_value(obs, best) >= 1.0 or sum(obs.hand) > 7:
            return best
    if BuyDev in by_kind and (goal == DEV_COST or sum(obs.hand) > 7):
        return by_kind[BuyDev][0]
    return next(a for a in legal if isinstance(a, Decline))


_DECISIONS: dict[str, Callable[[CatanGreedy, CatanObservation, tuple[Action, ...]], Action]] = {
    "HelperAfterUse": _after_use,
    "MarianneAsk": _take_one,
    "SeanAsk": _take_one,
    "HildeTake": _take_one,
    "NassirReturn": _give_back,
    "CandamirPick": _choose_dev,
    "LouisRoad": _best_road,
    "WilliamRoad": _best_road,
    "SpecialBuild": _special_build,
}


# -- helper uses in the bot's own turn ----------------------------------------------------------------


def use_in_turn(bot: CatanGreedy, obs: CatanObservation, legal: tuple[Action, ...]) -> Action | None:
    """A helper use worth making now, or ``None``."""
    uses = [a for a in legal if type(a) in _USES]
    if not uses:
        return None
    return _USES[type(uses[0])](bot, obs, uses)


def _jean(bot: CatanGreedy, obs: CatanObservation, uses: list[Action]) -> Action | None:
    goal = bot.goal(obs, ())
    if not any(need(obs.hand, goal)):
        return None
    extra = spare(obs.hand, goal)
    best = max(range(5), key=lambda r: (extra[r] // 2 if obs.rates[r] > 2 else 0, extra[r]))
    if obs.rates[best] <= 2 or extra[best] < 2:
        return None
    return next(a for a in uses if isinstance(a, UseJean) and a.resource == best)


def _william(bot: CatanGreedy, obs: CatanObservation, uses: list[Action]) -> Action | None:
    if any(need(obs.hand, ROAD_COST)) or bot.goal(obs, ()) == ROAD_COST:
        extra = spare(obs.hand, bot.goal(obs, ()))
        return max(uses, key=lambda a: extra[a.paid])  # type: ignore[attr-defined]
    return None


def _vincent(bot: CatanGreedy, obs: CatanObservation, uses: list[Action]) -> Action | None:
    knights = obs.knights
    others = max(k for s, k in enumerate(knights) if s != obs.seat)
    if obs.largest_army == obs.seat and knights[obs.seat] - 1 <= others:
        return None
    cities = [a for a in uses if isinstance(a, UseVincent) and a.level == 2]
    if cities and any(need(obs.hand, CITY_COST)):
        return max(cities, key=lambda a: bot.corner_value(obs, a.corner))
    settles = [a for a in uses if isinstance(a, UseVincent) and a.level == 1]
    if settles and any(need(obs.hand, SETTLEMENT_COST)):
        owned = bot.owned_kinds(obs)
        return max(settles, key=lambda a: bot.corner_value(obs, a.corner, owned))
    return None


def _candamir(bot: CatanGreedy, obs: CatanObservation, uses: list[Action]) -> Action | None:
    goal = bot.goal(obs, ())
    if goal not in (DEV_COST, CITY_COST) and sum(obs.hand) <= 6:
        return None
    extra = spare(obs.hand, goal)

    def keeps(a: Action) -> tuple[int, int]:
        assert isinstance(a, UseCandamir)
        if a.replaced < 0:
            return (0, 0)
        return (extra[a.paid] - (obs.hand[a.replaced] > goal[a.replaced]), 1)

    return max(uses, key=keeps)


def _nassir(bot: CatanGreedy, obs: CatanObservation, uses: list[Action]) -> Action | None:
    lack = need(obs.hand, bot.goal(obs, ()))
    if not any(lack) or not any(obs.hand):
        return None
    want = lack.index(max(lack))
    sizes = obs.hand_sizes
    pairs = [a for a in uses if isinstance(a, UseNassir) and a.resource == want]
    return max(pairs, key=lambda a: sizes[a.first] + (sizes[a.second] if a.second >= 0 else 0))


def _hilde(bot: CatanGreedy, obs: CatanObservation, uses: list[Action]) -> Action | None:
    best = max(uses, key=lambda a: obs.hand_sizes[a.victim])  # type: ignore[attr-defined]
    return best if obs.hand_sizes[best.victim] else None  # type: ignore[attr-defined]


def _lin(bot: CatanGreedy, obs: CatanObservation, uses: list[Action]) -> Action | None:
    return uses[0] if obs.tokens[obs.robber] else None


def _louis(bot: CatanGreedy, obs: CatanObservation, uses: list[Action]) -> Action | None:
    """Move a loose road when the bot's roads reach no open settlement spot."""
    if not bot.has_settle_spot(obs) and obs.pieces_left[obs.seat][0]:
        return uses[0]
    return None


_USES: dict[type, Callable[[CatanGreedy, CatanObservation, list[Action]], Action | None]] = {
    UseJean: _jean,
    UseWilliam: _william,
    UseVincent: _vincent,
    UseCandamir: _candamir,
    UseNassir: _nassir,
    UseHilde: _hilde,
    UseLin: _lin,
    UseLouis: _louis,
}
