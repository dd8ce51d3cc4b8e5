"""One seat of one match: from the arena's decision request to catanatron's answer and back.

Per decision the seat rebuilds a full position from its observation with the arena engine's own
sampler (``state_from_observation``: what the seat cannot see, the others' cards and the deck order,
drawn consistently with what it can), writes it into a catanatron game on the board mapped at match
start, asks the catanatron player with catanatron's list of playable actions less what the arena's
rules refuse, and maps the answer back to the arena's text. catanatron's bots do not trade with other
seats: the seat declines every offer without asking.

Whatever goes wrong (a position catanatron cannot represent, the player raising, an answer that does
not map) gives the first legal action and a one-line note with the ply, never an exception. Every
random choice comes from the bot's seed and the ply, catanatron's global ``random`` included, so the
same seed plays the same match again.
"""

from __future__ import annotations

import random
from typing import Any

from bots.sdk.bridge import from_jsonable
from catanatron_bridge.actions import action_text, question, random_discard
from catanatron_bridge.board import BoardMap, Unmappable, board_map
from catanatron_bridge.messages import Answer, MatchInfo
from catanatron_bridge.players import PlayerSpec
from catanatron_bridge.position import COLORS, catanatron_game
from engine.core.rng import Stream, derive_seed
from engine.games.catan.observe import CatanObservation
from engine.registry import load_game

DECLINE = {"TradeAnswers": "reject", "TradeConfirm": "withdraw"}
"""Decisions about domestic trades, which catanatron's bots never make, and the bridge's answer."""


class Seat:
    """The catanatron player in one seat of one match."""

    def __init__(self, spec: PlayerSpec, match: MatchInfo, seed: int) -> None:
        self.spec = spec
        self.match = match
        self.seed = seed
        self.seat = match.seat
        self.refusal = ""
        """Why catanatron cannot play this match at all (empty: it can)."""
        self.bmap: BoardMap | None = None
        self.player: Any = None
        if match.game != "catan" or match.variant != "base" or not 3 <= match.players <= len(COLORS):
            self.refusal = (
                f"catanatron plays Catan base at 3-{len(COLORS)} seats, not {match.game}/{match.variant}"
                f" at {match.players}"
            )
            return
        self.game = load_game(match.game, match.variant, match.players, **match.options)
        self.player = spec.build(COLORS[self.seat])
        try:
            self.bmap = board_map(match.board)
        except (Unmappable, KeyError, TypeError, ValueError) as exc:
            self.refusal = f"the board does not map onto catanatron's: {exc}"

    def decide(self, ply: int, observation: dict[str, Any], legal: list[str]) -> Answer:
        """The answer to one request; the first legal action, with the reason, when catanatron cannot."""
        if self.refusal or self.bmap is None:
            return Answer(0, f"ply {ply}: {self.refusal}; answered {legal[0]!r}")
        kind = str(observation.get("decision", ""))
        if kind in DECLINE and DECLINE[kind] in legal:
            return Answer(legal.index(DECLINE[kind]))
        stage = "the observation"
        try:
            obs = from_jsonable(CatanObservation, observation)
            stage = "sampling the hidden cards"
            st = self.game.state_from_observation(
                obs, Stream(derive_seed("catanatron-bridge", self.seed, ply))
            )
            stage = "the catanatron position"
            game = catanatron_game(
                self.bmap, st, self.seat, self.player, derive_seed("catanatron", self.seed, ply)
            )
            seat_of = {c: s for s, c in enumerate(game.state.colors)}
            actions, texts = question(game.state.playable_actions, legal, self.bmap, seat_of)
            if not actions:
                listed = ", ".join(action_text(a, self.bmap, seat_of) for a in game.state.playable_actions)
                raise Unmappable(
                    f"catanatron lists no action the arena allows here (it lists: {listed or 'none'})"
                )
            game.state.playable_actions = actions
            stage = f"catanatron's {type(self.player).__name__}"
            chosen = self.player.decide(game, list(actions))
            stage = "its answer"
            if chosen not in actions:
                raise Unmappable(f"{chosen!r} is not one of the actions it was offered")
            text = texts[actions.index(chosen)]
            if text.startswith("discard"):
                owed = int(obs.discard_owed[self.seat])
                draw = random.Random(derive_seed("catanatron-discard", self.seed, ply))
                return Answer(random_discard(obs.hand, owed, draw))
            return Answer(legal.index(text))
        except Exception as exc:  # a hostile or broken player never crashes the bot
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            return Answer(0, f"ply {ply}: {stage}: {type(exc).__name__}: {reason}; answered {legal[0]!r}")
