"""CatanGame: the static side of a Catan match (variant, seats, options), registered as ``catan``."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.action import Action
from engine.core.errors import UnknownChoice
from engine.core.game import Game, OptionValue
from engine.core.observation import Observation
from engine.core.rng import Stream
from engine.games.catan.decisions import SPECIAL_BUILD
from engine.games.catan.islands import JUNGLE, RANDOM_RIVER, river_names
from engine.games.catan.parse import parse_variant_action, variant_words
from engine.games.catan.state import CatanState
from engine.games.catan.tables import HELPER_BY_NAME, HELPER_NAMES, Helper, Terrain
from engine.games.catan.topology import topology_for
from engine.games.catan.variants import LARGE_TURNS, VARIANTS, VariantSpec

STACK_SIZE = 6
"""catan.md §7.2: six helpers carry a number (A1 to A6) and form the starting stack."""


class CatanGame(Game):
    """Catan for ``players`` seats under one :class:`VariantSpec` (catan.md §2-§7)."""

    id = "catan"
    rules_version = 3
    """2: the 5-6 extension and the helpers (observations gained their fields); 3: the Seafarers
    scenarios, the Jungle and Big River variants (observations gained the sea's fields, discovery
    tokens, the River and the gold mine's first builder)."""

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
        large = spec.counts(players).is_large
        layouts = ["random"] if large else ["beginner", "random"]
        if spec.scenario:
            layouts = ["fixed", "variable"]
            _check_pirate_start(spec.scenario, players, str(merged["pirate_start"]))
        if merged["layout"] not in layouts:
            raise UnknownChoice(f"value of option layout with {players} seats", merged["layout"], layouts)
        if "turn_structure" in merged:
            structures = sorted(LARGE_TURNS) if large else ["special_building"]
            if merged["turn_structure"] not in structures:
                raise UnknownChoice(
                    f"value of option turn_structure with {players} seats",
                    merged["turn_structure"],
                    structures,
                )
        if large and merged.get("combined_trade_build", True) is not True:
            raise UnknownChoice(
                "value of option combined_trade_build with 5-6 seats (catan.md §6)",
                merged["combined_trade_build"],
                ["true"],
            )
        if "river_position" in merged:
            lines = (RANDOM_RIVER, *river_names(topology_for(spec.counts(players).rows)))
            if merged["river_position"] not in lines:
                raise UnknownChoice(
                    "value of option river_position (seafarers.md §8.2)",
                    merged["river_position"],
                    list(lines),
                )
        if merged.get("jungle_token", 10) == 7:
            raise UnknownChoice(
                "value of option jungle_token (seafarers.md §7.2: a 7 moves the robber)",
                7,
                [str(k) for k in range(2, 13) if k != 7],
            )
        self.helper_stack: tuple[int, ...] = ()
        """The helpers' starting stack, top (A1 Nassir) first (catan.md §7.2)."""
        if spec.helpers:
            self.helper_stack = _stack(str(merged["helper_stack"]))
            merged["helper_stack"] = "-".join(HELPER_NAMES[h] for h in self.helper_stack[1:])
        super().__init__(variant, players, merged)
        self.spec: VariantSpec = spec
        phases = spec.phases(
            players, bool(merged.get("combined_trade_build", True)), str(merged.get("turn_structure", ""))
        )
        self._words, self._parse_error = variant_words(
            helpers=spec.helpers,
            special_build=SPECIAL_BUILD in phases,
            sea=bool(spec.scenario),
            jungle=spec.island == JUNGLE,
        )

    @property
    def turn_cap(self) -> int:
        return int(self.options["turn_cap"])

    def new_state(self, seed: int) -> CatanState:
        if self.spec.scenario:
            from engine.games.catan.seafarers.state import SeafarersState

            return SeafarersState(self, seed)
        return CatanState(self, seed)

    def state_from_observation(self, observation: Observation, rng: Stream) -> CatanState:
        """Public facts kept, other seats' cards, the deck and the chance streams sampled (:mod:`.sample`;
        Seafarers: :mod:`.seafarers.sample`, which also re-deals the fog's face-down stacks)."""
        from engine.games.catan.observe import CatanObservation
        from engine.games.catan.sample import state_from_observation

        if not isinstance(observation, CatanObservation):
            raise ValueError(f"not a Catan observation: {type(observation).__name__}")
        if self.spec.scenario:
            from engine.games.catan.seafarers.sample import sea_state_from_observation

            return sea_state_from_observation(self, observation, rng)
        return state_from_observation(self, observation, rng)

    def parse_action(self, text: str) -> Action:
        """An action of this variant from its canonical text (catan.md §10); ``MalformedAction`` for a
        text that is none, naming the variant's actions."""
        return parse_variant_action(text, self._words, self._parse_error)


def _check_pirate_start(scenario: str, players: int, value: str) -> None:
    """``map``, ``frame`` or the id of a sea hex of the scenario's map (seafarers.md §9.14)."""
    from engine.games.catan.seafarers.board import map_contents
    from engine.games.catan.seafarers.maps import MAPS

    if value in ("map", "frame"):
        return
    terrain, _ = map_contents(MAPS[(scenario, players)])
    seas = [str(h) for h, t in enumerate(terrain) if t == Terrain.SEA]
    if value not in seas:
        raise UnknownChoice(
            "value of option pirate_start (seafarers.md §9.14): map, frame or a sea hex id",
            value,
            ["map", "frame", *seas],
        )


def _stack(text: str) -> tuple[int, ...]:
    """A1 Nassir, then the five helpers the option names in order, separated by ``-`` (the canonical
    form, which keeps commas out of the ladder key) or ``,`` (catan.md §7.2, §9.19.1)."""
    names = [w.strip().lower() for w in text.replace(",", "-").split("-")]
    choices = [n for n in HELPER_NAMES if n != "nassir"]
    helpers = [HELPER_BY_NAME.get(n) for n in names]
    if len(names) != STACK_SIZE - 1 or len(set(names)) != len(names) or None in helpers or "nassir" in names:
        raise UnknownChoice(
            "value of option helper_stack (five different helpers, A2 to A6, Nassir being A1)", text, choices
        )
    return (int(Helper.NASSIR), *(int(h) for h in helpers if h is not None))
