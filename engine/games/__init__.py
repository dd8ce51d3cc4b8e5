"""The table of registered games. Adding a game means adding one row here; nothing registers itself."""

from __future__ import annotations

from engine.core.game import OptionValue
from engine.core.registry import TEXT_CHECKED, GameInfo, OptionRange, Registry, VariantInfo


def _seafarers(scenario: str, title: str, vp: int, islands: bool, fog: bool) -> VariantInfo:
    """A Seafarers scenario for 3-4 seats (seafarers.md §6); ``islands``: it has island bonuses (the
    ``svp_mode`` option), ``fog``: it has fog spaces (``setup_discovery_reward``)."""
    options: list[tuple[str, OptionValue]] = [
        ("layout", "fixed"),
        ("harbors", "fixed"),
        ("combined_trade_build", True),
        ("turn_cap", 1000),
        ("offer_limit", 3),
        ("vp_to_win", vp),
        ("pirate_to_frame", True),
        ("ship_on_frame_coast", True),
        ("pirate_start", "map"),
    ]
    helps = [
        ("layout", "fixed (the map of seafarers.md §6) or variable (the shuffled setup of §6.5)"),
        (
            "harbors",
            "fixed (the map's harbor types) or random (shuffled over its harbors, seafarers.md §9.24)",
        ),
        ("combined_trade_build", "catan.md §5.1: trade and build in any order (false: strict)"),
        ("turn_cap", "the match ends after this many turns, ranked by victory points"),
        ("offer_limit", "domestic offers the active seat may make per turn (catan.md §5.5)"),
        ("vp_to_win", "victory points that win on one's own turn (seafarers.md §5.12)"),
        (
            "pirate_to_frame",
            "seafarers.md §9.4: the pirate may be moved onto the frame (false: sea hexes only)",
        ),
        ("ship_on_frame_coast", "seafarers.md §9.9: ships may lie on land-frame coasts"),
        ("pirate_start", "seafarers.md §9.14: map (the scenario's start), frame, or the id of a sea hex"),
    ]
    ranges: list[tuple[str, OptionRange]] = [
        ("layout", ("fixed", "variable")),
        ("harbors", ("fixed", "random")),
        ("turn_cap", (1, 10_000)),
        ("offer_limit", (0, 20)),
        # 3: more than the two settlements of the set-up; 28: 22 as in catan.md §2.5 and 6 island VP
        ("vp_to_win", (3, 28)),
        ("pirate_start", (TEXT_CHECKED,)),
    ]
    if islands:
        options.append(("svp_mode", "each_player"))
        helps.append(
            ("svp_mode", "seafarers.md §9.5: each_player or first_player_only earns an island's bonus")
        )
        ranges.append(("svp_mode", ("each_player", "first_player_only")))
    if fog:
        options.append(("setup_discovery_reward", True))
        helps.append(("setup_discovery_reward", "seafarers.md §9.8: a discovery in the set-up pays its card"))
    return VariantInfo(
        id=f"seafarers-{scenario}",
        min_players=3,
        max_players=4,
        description=f"Seafarers: {title} (seafarers.md §6)",
        options=tuple(options),
        option_help=tuple(helps),
        option_ranges=tuple(ranges),
    )


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
            VariantInfo(
                id="extended",
                min_players=5,
                max_players=6,
                description="the 5-6 player extension on the 30-hex island, catan.md §2.2, §3.6 and §6",
                options=(
                    ("layout", "random"),
                    ("turn_structure", "special_building"),
                    ("turn_cap", 1000),
                    ("offer_limit", 3),
                    ("vp_to_win", 10),
                ),
                option_help=(
                    ("layout", "random (catan.md §3.6 and §9.20; the 30-hex island has no beginner map)"),
                    (
                        "turn_structure",
                        "special_building (catan.md §6) or paired (a second seat shares each turn)",
                    ),
                    ("turn_cap", "the match ends after this many turns, ranked by victory points"),
                    ("offer_limit", "domestic offers the active seat may make per turn (catan.md §5.5)"),
                    ("vp_to_win", "victory points that win on one's own turn (catan.md §5.11)"),
                ),
                option_ranges=(
                    ("layout", ("random",)),
                    ("turn_structure", ("special_building", "paired")),
                    ("turn_cap", (1, 10_000)),
                    ("offer_limit", (0, 20)),
                    ("vp_to_win", (3, 22)),
                ),
            ),
            VariantInfo(
                id="helpers",
                min_players=3,
                max_players=6,
                description=(
                    "the Helpers of Catan scenario (catan.md §7): the base board for 3-4 seats, "
                    "the 30-hex island of the 5-6 extension for 5-6"
                ),
                options=(
                    ("layout", "random"),
                    ("combined_trade_build", True),
                    ("turn_structure", "special_building"),
                    ("helper_stack", "william-louis-lin-jean-candamir"),
                    ("turn_cap", 1000),
                    ("offer_limit", 3),
                    ("vp_to_win", 10),
                ),
                option_help=(
                    ("layout", "beginner (3-4 seats only) or random"),
                    ("combined_trade_build", "catan.md §5.1, 3-4 seats: false for strict trade-then-build"),
                    ("turn_structure", "5-6 seats: special_building (catan.md §6) or paired"),
                    (
                        "helper_stack",
                        "catan.md §7.2: the helpers A2 to A6 under A1 Nassir, top first, joined by '-' "
                        "(the other four start in the display)",
                    ),
                    ("turn_cap", "the match ends after this many turns, ranked by victory points"),
                    ("offer_limit", "domestic offers the active seat may make per turn (catan.md §5.5)"),
                    ("vp_to_win", "victory points that win on one's own turn (catan.md §5.11)"),
                ),
                option_ranges=(
                    ("layout", ("beginner", "random")),
                    ("turn_structure", ("special_building", "paired")),
                    ("helper_stack", (TEXT_CHECKED,)),
                    ("turn_cap", (1, 10_000)),
                    ("offer_limit", (0, 20)),
                    ("vp_to_win", (3, 22)),
                ),
            ),
            _seafarers("new-shores", "Heading for New Shores", 14, islands=True, fog=False),
            _seafarers("four-islands", "The Four Islands", 13, islands=True, fog=False),
            _seafarers("fog-islands", "The Fog Islands", 12, islands=False, fog=True),
            VariantInfo(
                id="jungle",
                min_players=3,
                max_players=4,
                description=(
                    "the Jungle (seafarers.md §7): a jungle in place of the desert yields discovery tokens "
                    "that pay for development cards"
                ),
                options=(
                    ("layout", "random"),
                    ("combined_trade_build", True),
                    ("jungle_token", 10),
                    ("robber_start", "off_board"),
                    ("turn_cap", 1000),
                    ("offer_limit", 3),
                    ("vp_to_win", 10),
                ),
                option_help=(
                    ("layout", "beginner (the jungle where the beginner map's desert is) or random"),
                    ("combined_trade_build", "catan.md §5.1: trade and build in any order (false: strict)"),
                    ("jungle_token", "the jungle's number token, any but 7 (seafarers.md §7.2, §9.16)"),
                    (
                        "robber_start",
                        "off_board (it enters on the first 7 or knight) or jungle (seafarers.md §7.2, §9.17)",
                    ),
                    ("turn_cap", "the match ends after this many turns, ranked by victory points"),
                    ("offer_limit", "domestic offers the active seat may make per turn (catan.md §5.5)"),
                    ("vp_to_win", "victory points that win on one's own turn (catan.md §5.11)"),
                ),
                option_ranges=(
                    ("layout", ("beginner", "random")),
                    ("jungle_token", (2, 12)),
                    ("robber_start", ("off_board", "jungle")),
                    ("turn_cap", (1, 10_000)),
                    ("offer_limit", (0, 20)),
                    ("vp_to_win", (3, 22)),
                ),
            ),
            VariantInfo(
                id="big-river",
                min_players=3,
                max_players=4,
                description=(
                    "the Big River (seafarers.md §8): a River tile over three hexes, no setup settlement "
                    "on its banks, bonus VP at its gold mine"
                ),
                options=(
                    ("layout", "random"),
                    ("combined_trade_build", True),
                    ("river_position", "R2C2-R3C3-R4C3"),
                    ("gold_mine_bonus", "per_building"),
                    ("turn_cap", 1000),
                    ("offer_limit", 3),
                    ("vp_to_win", 10),
                ),
                option_help=(
                    ("layout", "random (seafarers.md §8.1: the beginner map has no place for the River)"),
                    ("combined_trade_build", "catan.md §5.1: trade and build in any order (false: strict)"),
                    (
                        "river_position",
                        "random, or the River's three hexes top first, e.g. R1C1-R2C2-R3C3: any of the 18 "
                        "straight lines of three hexes (seafarers.md §8.2)",
                    ),
                    (
                        "gold_mine_bonus",
                        "per_building (+1 VP for every building at the gold mine) or first_only "
                        "(only the first seat to build there scores; seafarers.md §8.4)",
                    ),
                    ("turn_cap", "the match ends after this many turns, ranked by victory points"),
                    ("offer_limit", "domestic offers the active seat may make per turn (catan.md §5.5)"),
                    ("vp_to_win", "victory points that win on one's own turn (catan.md §5.11)"),
                ),
                option_ranges=(
                    ("layout", ("random",)),
                    ("river_position", (TEXT_CHECKED,)),
                    ("gold_mine_bonus", ("per_building", "first_only")),
                    ("turn_cap", (1, 10_000)),
                    ("offer_limit", (0, 20)),
                    # 25: the base game's 22 and three buildings on the gold mine's corners (seafarers.md §8.4)
                    ("vp_to_win", (3, 25)),
                ),
            ),
        ),
    ),
    GameInfo(
        id="catan-ck",
        title="Catan: Cities & Knights",
        factory="engine.games.catan_ck.game:CkGame",
        aliases=("ck", "cities-and-knights", "catan_ck"),
        default_players=4,
        variants=(
            VariantInfo(
                id="base",
                min_players=3,
                max_players=4,
                description="Cities & Knights on the base board (cities_and_knights.md §2-§9); V2-V4 of §1.5 as options",
                options=(
                    ("layout", "random"),
                    ("turn_cap", 1000),
                    ("offer_limit", 3),
                    ("vp_to_win", 13),
                    ("barbarian_track", 7),
                    ("spies", 3),
                    ("strict_fifth_card", False),
                    ("declared_defenders", False),
                    ("wandering_knight", False),
                    ("easy_start", False),
                    ("robber_blocks_cards", False),
                ),
                option_help=(
                    ("layout", "beginner (the fixed map of catan.md §3.3) or random (§3.5)"),
                    ("turn_cap", "the match ends after this many turns, ranked by victory points"),
                    ("offer_limit", "domestic offers the active seat may make per turn (catan.md §5.5)"),
                    ("vp_to_win", "victory points that win on one's own turn (cities_and_knights.md §9.5)"),
                    (
                        "barbarian_track",
                        "advances of the barbarian ship to an attack (cities_and_knights.md §2.5)",
                    ),
                    (
                        "spies",
                        "Spy cards in the politics deck: 3 official, 2 in the seed (cities_and_knights.md §11.2)",
                    ),
                    (
                        "strict_fifth_card",
                        "cities_and_knights.md §11.3: on one's turn only a fifth card just drawn may be played",
                    ),
                    ("declared_defenders", "V2 of cities_and_knights.md §1.5: seats declare their defenders"),
                    (
                        "wandering_knight",
                        "V3 of cities_and_knights.md §1.5: one knight a turn may chase the robber before the roll",
                    ),
                    (
                        "easy_start",
                        "V4 of cities_and_knights.md §1.5: no 7 and no event die in each seat's first two turns",
                    ),
                    (
                        "robber_blocks_cards",
                        "cities_and_knights.md §11.16: the robber's hex gives nothing to Irrigation and Mining",
                    ),
                ),
                option_ranges=(
                    ("layout", ("beginner", "random")),
                    ("turn_cap", (1, 10_000)),
                    ("offer_limit", (0, 20)),
                    # 4: more than the 3 VP of the set-up (a settlement and a city)
                    ("vp_to_win", (4, 30)),
                    ("barbarian_track", (1, 20)),
                    ("spies", (2, 3)),
                ),
            ),
        ),
    ),
)


def row(game_id: str) -> GameInfo:
    """A game's own row of the table (games read their defaults and player range from it)."""
    return Registry(GAMES).find(game_id)
