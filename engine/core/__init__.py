"""Game-agnostic contracts: games, states, actions, observations, events, results, chance and replays."""

from __future__ import annotations

from engine.core.action import Action, ActionFamily
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction, MalformedAction, NotYourTurn, RulesError, UnknownChoice
from engine.core.events import Event
from engine.core.game import Game, GameRef
from engine.core.observation import Observation
from engine.core.result import Fault, FaultKind, Result, Termination
from engine.core.rng import MatchRng, Stream
from engine.core.state import State

__all__ = [
    "Action",
    "ActionFamily",
    "Decision",
    "Event",
    "Fault",
    "FaultKind",
    "Game",
    "GameRef",
    "IllegalAction",
    "MalformedAction",
    "MatchRng",
    "NotYourTurn",
    "Observation",
    "Result",
    "RulesError",
    "State",
    "Stream",
    "Termination",
    "UnknownChoice",
]
