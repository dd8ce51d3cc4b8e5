"""The table of registered games. Adding a game means adding one row here; nothing registers itself."""

from __future__ import annotations

from engine.core.registry import GameInfo, VariantInfo

GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        id="puerto-rico",
        title="Puerto Rico",
        factory="engine.games.puerto_rico.game:PuertoRicoGame",
        aliases=("pr", "puerto_rico", "puertorico"),
        default_players=4,
        variants=(
            VariantInfo(
                id="base",
                min_players=3,
                max_players=5,
                description="the base game, rules digest sections 2 to 7",
                options=(
                    ("hacienda_slot_allows_quarry", False),
                    ("hidden_vp", True),
                    ("allow_decline_production", False),
                ),
                option_help=(
                    (
                        "hacienda_slot_allows_quarry",
                        "A1 seed reading: with a hut, the hacienda tile may be a quarry",
                    ),
                    ("hidden_vp", "A11: each seat sees only its own VP chips"),
                    (
                        "allow_decline_production",
                        "A9: each seat may produce all or nothing",
                    ),
                ),
            ),
        ),
    ),
)
