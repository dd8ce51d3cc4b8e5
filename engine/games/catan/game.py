"""CatanGame: the static side of a Catan match (variant, seats, options), registered as ``catan``."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.action import Action
from engine.core.errors import UnknownChoice
from engine.core.game import Game, OptionValue
from engine.games.catan.parse import parse_action
from engine.games.catan.state import CatanState
from engine.games.catan.variants import VARIANTS, VariantSpec


class CatanGame(Game):
    """Catan for ``players`` seats under one :class:`VariantSpec` (catan.md §2-§5)."""

    id = "catan"
    rules_version = 1

    def __init__(self, variant: str, players: int, options: Mapping[str, OptionValue]) -> None:
        spec = VARIANTS.get(variant)
        if spec is None:
            raise UnknownChoice("variant of catan", variant, sorted(VARIANTS))
        if not spec.min_players <= players <= spec.max_players:
            raise UnknownChoice(
                f"player count for catan/{variant}",
                players,
                [str(n) for n in range(spec.min_players, spec.max_players + 1)],
            )
        defaults = dict(spec.options)
        merged = {**defaults, **options}
        unknown = sorted(set(merged) - set(defaults))
        if unknown:
            raise UnknownChoice("option of catan", unknown[0], sorted(defaults))
        if merged["layout"] not in ("beginner", "random"):
            raise UnknownChoice("value of option layout", merged["layout"], ["beginner", "random"])
        super().__init__(variant, players, merged)
        self.spec: VariantSpec = spec

    @property
    def turn_cap(self) -> int:
        return int(self.options["turn_cap"])

    def new_state(self, seed: int) -> CatanState:
        return CatanState(self, seed)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)
