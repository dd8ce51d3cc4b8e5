"""mcts: an information-set Monte Carlo tree search bot for any game, on the engine's forward model.

At each decision the bot knows only its own observation, in process as over gRPC. It builds a full
position consistent with it (``game.state_from_observation``) and runs single-observer
information-set MCTS (Cowling, Powley and Whitehouse 2012): every iteration re-deals what the seat
cannot see (``state.determinized_for``), descends one tree of action sequences with UCB1 over the
actions available in that deal, adds one node, plays a rollout and backs up a reward per seat.
A node widens progressively: it gets a new child only while fewer than 1 + sqrt(visits) of its
children have been tried, and the new child is the rollout bot's choice when that one is untried (else
a random action), so a small budget searches around the policy's own line, not random first moves.

- **Seats.** A node belongs to the seat that moves there and holds a reward total for every seat, so
  each seat picks what is best for itself (3-6 seats: no zero-sum assumption). When several seats act
  at once (discards after a 7, answers to an offer), the bot's own seat chooses in the tree and the
  others act by the rollout policy; decisions with one legal choice are played without a node.
- **Reward.** Each seat's share of pairwise wins against the others: 1 for every seat placed behind
  it, 1/2 for every tie, divided by the number of opponents. A finished match is scored by its
  ranking, a rollout cut at ``depth`` decisions by the current scores (victory points), pulled halfway
  toward 1/2 (a lead is not yet a win).
- **Budget.** ``iterations`` per decision, the same on any hardware; ``seconds`` > 0 also stops the
  search at that wall-clock time (then the play depends on the machine).
- **Rollouts.** ``rollout=random`` (uniform over the listed actions, the default) or any built-in
  bot's name (the game's greedy bot, ``rollout=catan-greedy``), which then plays every seat. That bot's
  own choice at the root is searched first and kept unless the search's choice beats it by ``margin``;
  when it is an action of an open family (a domestic offer), it competes with the listed actions.
- **Root.** ``root=tree`` (the default) is the search above. ``root=halving`` searches the root alone,
  by sequential halving (Karnin, Koren and Somekh 2013) on shared deals: every remaining action is
  played on the same re-deals and rollout seeds, so the dice and cards a deal brings weigh the same on
  all of them, and the rollout bot's choice is replaced only by a lead of ``margin`` that is also two
  standard errors of the deal-by-deal lead.
- **Model.** ``model=rollout`` (the default): the rollout policy plays every seat in the search.
  ``model=names``: a seat whose public name (``DecisionView.seat_names``, ``MatchStart.seats`` on the
  wire) is a built-in bot that plays the game is played by that bot, a search bot by its rollout bot;
  other names by the rollout policy.
- **Determinism.** Every random draw comes from a stream derived from the bot's seed, the ply and the
  seat, so a seed and the match determine the play (with ``seconds=0``).

Otherwise only listed actions are searched: the bot proposes an action of an open family (a domestic
offer, a discard other than the listed one) only when its rollout bot does.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from bots.reference.simple import RandomBot
from engine.core.errors import RulesError
from engine.core.match import Bot, DecisionView
from engine.core.rng import Stream, derive_seed
from engine.registry import load_game

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.core.game import Game
    from engine.core.state import State

PolicyFactory = Callable[[int], Bot]

CUT_WEIGHT = 0.5
"""How much a lead on the scores at the rollout's cut counts against a finished match: the shares of a
cut position are pulled this far toward 1/2, so that a win now is worth more than a lead."""


class Node:
    """A tree node: visits, availability, reward totals per seat, children by (seat, action)."""

    __slots__ = ("avail", "children", "visits", "wins")

    def __init__(self, seats: int) -> None:
        self.visits = 0
        self.avail = 1
        self.wins = [0.0] * seats
        self.children: dict[tuple[int, Action], Node] = {}


def pairwise_shares(keys: Sequence[float]) -> list[float]:
    """Each seat's share of pairwise wins for ``keys`` (higher is better): beaten seats count 1, tied
    ones 1/2, over the number of opponents."""
    n = len(keys)
    if n < 2:
        return [1.0] * n
    out = []
    for k in keys:
        better = sum(1.0 for j in keys if j < k) + 0.5 * (sum(1.0 for j in keys if j == k) - 1)
        out.append(better / (n - 1))
    return out


def reward(state: State) -> list[float]:
    """The reward of every seat: by the final ranking when the match is over, else by the scores."""
    if state.is_terminal():
        return pairwise_shares([-float(p) for p in state.result().places])
    return [0.5 + CUT_WEIGHT * (share - 0.5) for share in pairwise_shares(list(state.scores()))]


class MctsBot:
    """The search bot (see the module docstring); parameters come from the bot spec."""

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int = 400,
        seconds: float = 0.0,
        rollout: str = "random",
        depth: int = 30,
        c: float = 0.7,
        margin: float = 0.05,
        root: str = "tree",
        model: str = "rollout",
    ) -> None:
        if iterations < 1 or depth < 0 or seconds < 0 or c < 0:
            raise ValueError("mcts: iterations >= 1, depth >= 0, seconds >= 0 and c >= 0")
        if root not in ("tree", "halving"):
            raise ValueError("mcts: root is tree or halving")
        if model not in ("rollout", "names"):
            raise ValueError("mcts: model is rollout or names")
        self.root = root
        self.model = model
        self._models: list[PolicyFactory] | None = None
        """The policy of every seat in the search when ``model=names`` (set at each decision)."""
        self._known: dict[tuple[str, str], PolicyFactory | None] = {}
        self.seed = seed
        self.iterations = iterations
        self.seconds = seconds
        self.depth = depth
        self.c = c
        self.margin = margin
        self.rollout = rollout
        self._policy: PolicyFactory | None = None
        if rollout != "random":
            from bots.builtin import bot_class

            self._policy = bot_class(rollout)
        self._game: Game | None = None
        self.last_iterations = 0
        """Iterations run for the last decision (for benchmarks)."""

    # -- the bot -----------------------------------------------------------------------------------

    def act(self, view: DecisionView) -> int | Action:
        rng = Stream(derive_seed("mcts", self.seed, view.ply, view.seat))
        if len(view.legal) == 1:  # forced, or one listed action beside open families
            if self._policy is None or view.forced:
                return 0
            return self._policy_choice(view, rng) or 0  # the rollout bot may use a family (an offer)
        game = self._game_for(view)
        self._models = self._seat_models(view) if self.model == "names" else None
        base = game.state_from_observation(view.observation, rng)
        default = self._policy_choice(view, rng) if self._policy is not None else None
        search = self.halving if self.root == "halving" else self.search
        best = search(base, view.seat, rng, default)
        index = {a: i for i, a in enumerate(view.legal)}
        if best is None or (best not in index and best != default):
            return 0  # never an action the real position does not list (a sample may list more)
        return index.get(best, best)

    def _policy_choice(self, view: DecisionView, rng: Stream) -> Action | None:
        """What the rollout bot would play here: a listed action or one of an open family, or None."""
        assert self._policy is not None
        answer = self._policy(rng.getrandbits(63)).act(view)
        if isinstance(answer, int):
            return view.legal[answer] if 0 <= answer < len(view.legal) else None
        if isinstance(answer, str):
            try:
                return self._game_for(view).parse_action(answer)
            except RulesError:
                return None
        return answer

    def _seat_models(self, view: DecisionView) -> list[PolicyFactory] | None:
        """Who plays each seat in the search: a seat whose public name is a built-in bot that plays
        this game is played by that bot (a search bot by its rollout bot), the others and the bot's own
        seat by the rollout policy. None when the seats are not named."""
        if not view.seat_names:
            return None
        own: PolicyFactory = self._policy or RandomBot
        models = []
        for seat, name in enumerate(view.seat_names):
            model = None if seat == view.seat else self._model_of(name, view.game.game)
            models.append(model or own)
        return models

    def _model_of(self, name: str, game_id: str) -> PolicyFactory | None:
        """The policy that plays like the built-in bot ``name`` in ``game_id``, or None."""
        key = (name, game_id)
        if key not in self._known:
            from bots.builtin import bot_class, check_plays, split_spec

            model: PolicyFactory | None = None
            spec = name.removesuffix(" (grpc)")  # a built-in bot in its own process plays as in process
            try:
                info = check_plays(spec, game_id)
                if info.searches:
                    rollout = dict(split_spec(spec)[1]).get("rollout", "random")
                    model = RandomBot if rollout == "random" else bot_class(rollout)
                else:
                    model = bot_class(spec)
            except (ValueError, LookupError):  # not a built-in spec (a bot's own name), or not for this game
                model = None
            self._known[key] = model
        return self._known[key]

    def _game_for(self, view: DecisionView) -> Game:
        if self._game is None or self._game.ref != view.game:
            ref = view.game
            self._game = load_game(ref.game, ref.variant, ref.players, **dict(ref.options))
        return self._game

    # -- the search --------------------------------------------------------------------------------

    def search(self, base: State, seat: int, rng: Stream, default: Action | None = None) -> Action | None:
        """The action of ``seat`` the search prefers after the budget is spent: the most visited one;
        with a ``default`` (the policy's own choice, searched first), that one unless the most visited
        action's mean reward beats it by ``margin``."""
        n = len(base.scores())
        root = Node(n)
        if default is not None and not self._visit_first(root, base, seat, default):
            default = None
        policies = self._policies(n, rng)
        deadline = time.perf_counter() + self.seconds if self.seconds else math.inf
        done = 0
        while done < self.iterations and (done == 0 or time.perf_counter() < deadline):
            state = base.determinized_for(seat, rng)
            path = self._descend(root, state, seat, rng, policies, default)
            self._rollout(state, rng, policies)
            gains = reward(state)
            for node in path:
                node.visits += 1
                wins = node.wins
                for s in range(n):
                    wins[s] += gains[s]
            done += 1
        self.last_iterations = done
        legal = {*base.legal_actions(seat), default}
        options = [
            (child.visits, child.wins[seat], key[1])
            for key, child in root.children.items()
            if key[1] in legal
        ]
        if not options:
            return None
        best = max(options, key=lambda o: (o[0], o[1]))
        anchor = root.children.get((seat, default)) if default is not None else None
        if anchor is None or not anchor.visits:
            return best[2]
        if best[0] and best[1] / best[0] > anchor.wins[seat] / anchor.visits + self.margin:
            return best[2]
        return default

    def halving(self, base: State, seat: int, rng: Stream, default: Action | None = None) -> Action | None:
        """Sequential halving over the root actions on shared deals: each round re-deals the hidden
        cards and dice a few times, plays every remaining action on each deal (a copy per action, the
        same seeds for the rollout), and keeps the better half by mean reward, until one is left or the
        budget is spent. Every action is tried at least once. A ``default`` (the rollout bot's choice)
        is played on every deal and kept unless the best action's mean lead over it, deal by deal, is
        above ``margin`` and above two standard errors of that lead."""
        n = len(base.scores())
        legal = base.legal_actions(seat)
        anchor = (
            default if default in legal or (default is not None and _allowed(base, seat, default)) else None
        )
        live = [a for a in legal if a != anchor]
        gains: dict[Action, list[float]] = {a: [] for a in (*live, *([anchor] if anchor is not None else []))}
        if not gains:
            return None
        rounds = max(1, math.ceil(math.log2(len(gains))))
        deadline = time.perf_counter() + self.seconds if self.seconds else math.inf
        done = 0
        for r in range(rounds):
            if done and (done >= self.iterations or time.perf_counter() >= deadline):
                break
            playing = [*live, anchor] if anchor is not None else live
            for _ in range(max(1, (self.iterations - done) // (len(playing) * (rounds - r)))):
                deal_seed = rng.getrandbits(63)
                deal = base.determinized_for(seat, Stream(deal_seed))
                for action in playing:
                    gains[action].append(self._play_out(deal, seat, action, deal_seed, n))
                    done += 1
            live.sort(key=lambda a: -sum(gains[a]))
            live = live[: max(1, len(live) // 2)] if anchor is not None else live[: (len(live) + 1) // 2]
        self.last_iterations = done
        if not live:
            return anchor
        best = max(live, key=lambda a: sum(gains[a]) / len(gains[a]))
        if anchor is None:
            return best
        k = len(gains[best])
        leads = [g - h for g, h in zip(gains[best], gains[anchor][-k:], strict=True)]
        lead = sum(leads) / k
        spread = math.sqrt(sum((d - lead) ** 2 for d in leads) / (k - 1) / k) if k > 1 else math.inf
        return best if lead > self.margin and lead > 2 * spread else anchor

    def _play_out(self, deal: State, seat: int, action: Action, deal_seed: int, n: int) -> float:
        """The reward of ``seat`` after ``action`` in a copy of ``deal`` and a rollout seeded by the deal."""
        state = deal.clone()
        try:
            state.apply(seat, action)
        except RulesError:  # a sample may not offer what the real position does
            return 0.0
        play = Stream(derive_seed("rollout", deal_seed))
        self._rollout(state, play, self._policies(n, play))
        return reward(state)[seat]

    def _visit_first(self, root: Node, base: State, seat: int, action: Action) -> bool:
        """Create the root child of ``action`` so that the first iteration goes through it (an action
        of an open family too); False when it is not legal here. Whether a family action (an offer of
        the seat's own cards) is legal depends only on what the seat knows, so it is legal in every
        re-dealt copy as well."""
        if action not in base.legal_actions(seat):
            try:
                base.validate(seat, action)
            except RulesError:
                return False
        child = root.children[(seat, action)] = Node(len(root.wins))
        child.avail = 1
        return True

    def _descend(
        self,
        node: Node,
        state: State,
        seat: int,
        rng: Stream,
        policies: list[Bot] | None,
        extra: Action | None = None,
    ) -> list[Node]:
        """Walk down the tree in ``state`` (applying its actions) and add one node; return the path."""
        path = [node]
        c = self.c
        while not state.is_terminal():
            movers = state.seats_to_move()
            mover = seat if seat in movers else movers[0]
            if len(movers) > 1 and mover != seat:
                self._policy_move(state, mover, rng, policies)
                continue
            legal = state.legal_actions(mover)
            if extra is not None and node is path[0] and mover == seat:
                if extra not in legal and _allowed(state, seat, extra):  # the rollout bot's offer competes
                    legal = (*legal, extra)
                extra = None
            if len(legal) == 1:
                state.apply(mover, legal[0])
                continue
            children = node.children
            untried = []
            best = None
            best_value = -math.inf
            tried = 0
            for action in legal:
                child = children.get((mover, action))
                if child is None:
                    untried.append(action)
                    continue
                child.avail += 1
                if not child.visits:  # created ahead (the policy's choice at the root): visit it now
                    state.apply(mover, action)
                    path.append(child)
                    return path
                tried += 1
                value = child.wins[mover] / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                if value > best_value:
                    best, best_value = (action, child), value
            if untried and (best is None or tried < 1 + math.isqrt(node.visits)):
                action = self._expand(state, mover, untried, rng, policies)
                child = children[(mover, action)] = Node(len(node.wins))
                state.apply(mover, action)
                path.append(child)
                return path
            assert best is not None
            action, node = best
            state.apply(mover, action)
            path.append(node)
        return path

    @staticmethod
    def _expand(
        state: State, seat: int, untried: list[Action], rng: Stream, policies: list[Bot] | None
    ) -> Action:
        """The action of a new child: the rollout bot's choice when it is untried, else a random one."""
        if policies is not None:
            answer = policies[seat].act(_policy_view(state, seat))
            legal = state.legal_actions(seat)
            action = legal[answer] if isinstance(answer, int) and 0 <= answer < len(legal) else answer
            if action in untried:
                return action
        return untried[rng.below(len(untried))]

    def _rollout(self, state: State, rng: Stream, policies: list[Bot] | None) -> None:
        for _ in range(self.depth):
            if state.is_terminal():
                return
            movers = state.seats_to_move()
            self._policy_move(state, movers[0], rng, policies)

    def _policies(self, n: int, rng: Stream) -> list[Bot] | None:
        if self._models is not None:
            return [model(rng.getrandbits(63)) for model in self._models]
        if self._policy is None:
            return None
        return [self._policy(rng.getrandbits(63)) for _ in range(n)]

    @staticmethod
    def _policy_move(state: State, seat: int, rng: Stream, policies: list[Bot] | None) -> None:
        """One move of ``seat`` by the rollout policy (uniform when there is none)."""
        legal = state.legal_actions(seat)
        if policies is None or len(legal) == 1:
            state.apply(seat, legal[rng.below(len(legal))])
            return
        answer = policies[seat].act(_policy_view(state, seat))
        if isinstance(answer, int) and 0 <= answer < len(legal):
            state.apply(seat, legal[answer])
            return
        try:
            action = answer if not isinstance(answer, str | int) else state.game.parse_action(str(answer))
            state.apply(seat, action)
        except (RulesError, ValueError):
            state.apply(seat, legal[0])


def _policy_view(state: State, seat: int) -> DecisionView:
    """The view the rollout bot decides from: the seat's own observation of ``state``."""
    return DecisionView(
        game=state.game.ref,
        seat=seat,
        ply=state.ply,
        legal=state.legal_actions(seat),
        families=state.families(seat),
        events=(),
        forced=False,
        observe=lambda: state.observe(seat),
    )


def _allowed(state: State, seat: int, action: Action) -> bool:
    try:
        state.validate(seat, action)
    except RulesError:
        return False
    return True
