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
                description="the base game (puerto_rico.md §2-§7)",
                options=(
                    ("hacienda_slot_allows_quarry", False),
                    ("hidden_vp", True),
                    ("allow_decline_production", False),
                ),
                option_help=(
                    (
                        "hacienda_slot_allows_quarry",
                        "puerto_rico.md §8 A1: with a hut, the hacienda tile may be a quarry",
                    ),
                    ("hidden_vp", "puerto_rico.md §8 A11: each seat sees only its own VP chips"),
                    (
                        "allow_decline_production",
                        "puerto_rico.md §8 A9: each seat may produce all or nothing",
                    ),
                ),
            ),
        ),
    ),
    GameInfo(
        id="catan",
        title="Catan",
        factory="engine.games.catan.game:CatanGame",
        aliases=("settlers", "settlers-of-catan"),
        default_players=4,
        variants=(
            VariantInfo(
                id="base",
                min_players=3,
                max_players=4,
                description="the base game for 3-4 seats (catan.md §2-§5, §8, §9)",
                options=(
                    ("layout", "random"),
                    ("combined_trade_build", True),
                    ("turn_cap", 1000),
                    ("offer_limit", 3),
                    ("vp_to_win", 10),
                ),
                option_help=(
                    ("layout", "beginner (the fixed map of catan.md §3.3) or random (§3.5)"),
                    ("combined_trade_build", "catan.md §5.1: trade and build in any order (false: strict)"),
                    ("turn_cap", "the match ends after this many turns, ranked by victory points"),
                    ("offer_limit", "domestic offers the active seat may make per turn (catan.md §5.5)"),
                    ("vp_to_win", "victory points that win on one's own turn (catan.md §5.11)"),
                ),
                option_ranges=(
                    ("layout", ("beginner", "random")),
                    ("turn_cap", (1, 10_000)),
                    ("offer_limit", (0, 20)),
                    # 3: more than the two settlements of the set-up; 22: the most a seat can hold
                    # (catan.md §2.5): 5 settlements, 4 cities, Longest Road, Largest Army, 5 VP cards.
                    ("vp_to_win", (3, 22)),
                ),
            ),
        ),
    ),
)
