"""Reading Catan actions back from their canonical text (catan.md §10): one parser per first word
(the helpers' words, ``choose``, ``take``, ``give`` and ``pass``, come from
:mod:`engine.games.catan.helper_actions`).

Every text that is not an action raises ``MalformedAction`` naming what was expected.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.action import Action, action_words, read_int
from engine.core.errors import MalformedAction
from engine.games.catan.actions import (
    ACCEPT,
    BANK,
    BUY_DEV,
    END,
    MONOPOLY,
    PLAY_KNIGHT,
    PLAY_ROAD_BUILDING,
    REJECT,
    ROLL,
    WITHDRAW,
    YEAR_OF_PLENTY,
    Bundle,
    BuyDevTokens,
    City,
    Confirm,
    Counter,
    Discard,
    MoveRobber,
    Offer,
    Road,
    Settle,
)
from engine.games.catan.helper_actions import HELPER_PARSE_ERROR
from engine.games.catan.helper_actions import PARSERS as HELPER_PARSERS
from engine.games.catan.seafarers.actions import PARSE_ERROR as SEA_PARSE_ERROR
from engine.games.catan.seafarers.actions import PARSERS as SEA_PARSERS
from engine.games.catan.tables import (
    DEV_NAMES,
    MAX_CORNERS,
    MAX_COUNT,
    MAX_HEXES,
    MAX_SEATS,
    MAX_TOKENS_PER_CARD,
    N_RESOURCES,
    RESOURCE_BY_NAME,
    RESOURCE_NAMES,
)

BASE_ACTIONS = (
    "settle N | city N | road A-B | buy dev | roll | end | play knight | "
    "play road-building | play year-of-plenty R [R] | play monopoly R | robber H [steal S] | "
    "discard N R ... | bank give N R get 1 R | offer give N R ... get N R ... to all|S | accept | "
    "reject | counter give N R ... get N R ... | confirm S | withdraw"
)
"""The text forms of the actions every Catan variant has (catan.md §10)."""
JUNGLE_ACTIONS = "buy dev tokens R [R [R]]"
"""The Jungle's own action (seafarers.md §7.5)."""
JUNGLE_WORDS = "buy dev tokens"
"""The words that start it: a variant whose :func:`variant_words` holds them accepts it."""
PARSE_ERROR = (
    "expected one of: "
    + BASE_ACTIONS
    + " | "
    + JUNGLE_ACTIONS
    + " | "
    + HELPER_PARSE_ERROR
    + " | "
    + SEA_PARSE_ERROR
)


def _corner(word: str, text: str) -> int:
    return read_int(word, text, 0, MAX_CORNERS - 1, "corner id")


def _seat(word: str, text: str) -> int:
    return read_int(word, text, 0, MAX_SEATS - 1, "seat")


def _resource(word: str, text: str) -> int:
    r = RESOURCE_BY_NAME.get(word)
    if r is None:
        raise MalformedAction(text, f"{word!r} is not a resource ({', '.join(RESOURCE_NAMES)})")
    return int(r)


def parse_bundle(words: list[str], text: str) -> Bundle:
    """``2 brick 1 ore`` as a bundle; each resource at most once, counts positive."""
    if not words or len(words) % 2:
        raise MalformedAction(text, "a bundle is 'N resource [N resource ...]'")
    counts = [0] * N_RESOURCES
    for i in range(0, len(words), 2):
        n = read_int(words[i], text, 1, MAX_COUNT, "card count")
        r = _resource(words[i + 1], text)
        if counts[r]:
            raise MalformedAction(text, "each resource once in a bundle, with a positive count")
        counts[r] = n
    return (counts[0], counts[1], counts[2], counts[3], counts[4])


def _split_give_get(words: list[str], text: str) -> tuple[Bundle, Bundle, list[str]]:
    if not words or words[0] != "give" or "get" not in words:
        raise MalformedAction(text, "expected 'give BUNDLE get BUNDLE'")
    at = words.index("get")
    rest_at = words.index("to") if "to" in words else len(words)
    give = parse_bundle(words[1:at], text)
    get = parse_bundle(words[at + 1 : rest_at], text)
    return give, get, words[rest_at:]


def _parse_play(w: list[str], text: str) -> Action:
    if len(w) == 2 and w[1] == "knight":
        return PLAY_KNIGHT
    if len(w) == 2 and w[1] == "road-building":
        return PLAY_ROAD_BUILDING
    if len(w) in (3, 4) and w[1] == "year-of-plenty":
        a = _resource(w[2], text)
        if len(w) == 3:
            return YEAR_OF_PLENTY[a][0]
        b = _resource(w[3], text)  # the two cards in either order (catan.md §5.7)
        return YEAR_OF_PLENTY[min(a, b)][max(a, b) + 1]
    if len(w) == 3 and w[1] == "monopoly":
        return MONOPOLY[_resource(w[2], text)]
    raise MalformedAction(text, f"unknown card; playable: {', '.join(DEV_NAMES[:4])}")


def _parse_road(w: list[str], text: str) -> Action:
    ends = w[1].split("-") if len(w) == 2 else []
    if len(ends) != 2:
        raise MalformedAction(text, "expected 'road A-B' with two corner ids")
    a, b = _corner(ends[0], text), _corner(ends[1], text)
    return Road(min(a, b), max(a, b))


def _parse_robber(w: list[str], text: str) -> Action:
    if len(w) == 2:
        return MoveRobber(read_int(w[1], text, 0, MAX_HEXES - 1, "hex id"), -1)
    if len(w) == 4 and w[2] == "steal":
        return MoveRobber(read_int(w[1], text, 0, MAX_HEXES - 1, "hex id"), _seat(w[3], text))
    raise MalformedAction(text, "expected 'robber HEX' or 'robber HEX steal SEAT'")


def _parse_bank(w: list[str], text: str) -> Action:
    if len(w) != 7 or w[1] != "give" or w[4] != "get" or w[5] != "1":
        raise MalformedAction(text, "expected 'bank give N RESOURCE get 1 RESOURCE'")
    count = read_int(w[2], text, 2, 4, "maritime trade count")
    return BANK[_resource(w[3], text)][count][_resource(w[6], text)]


def _parse_offer(w: list[str], text: str) -> Action:
    give, get, rest = _split_give_get(w[1:], text)
    if len(rest) != 2:
        raise MalformedAction(text, "an offer ends with 'to all' or 'to SEAT'")
    return Offer(give, get, -1 if rest[1] == "all" else _seat(rest[1], text))


def _parse_counter(w: list[str], text: str) -> Action:
    give, get, rest = _split_give_get(w[1:], text)
    if rest:
        raise MalformedAction(text, "a counter-offer goes to the active seat: no 'to'")
    return Counter(give, get)


def _one_word(action: Action) -> Callable[[list[str], str], Action]:
    def parse(w: list[str], text: str) -> Action:
        if len(w) != 1:
            raise MalformedAction(text, f"expected just {action.text()!r}")
        return action

    return parse


def _one_int(
    make: Callable[[int], Action], form: str, read: Callable[[str, str], int]
) -> Callable[[list[str], str], Action]:
    def parse(w: list[str], text: str) -> Action:
        if len(w) != 2:
            raise MalformedAction(text, f"expected {form!r}")
        return make(read(w[1], text))

    return parse


def _parse_buy(w: list[str], text: str) -> Action:
    if w == ["buy", "dev"]:
        return BUY_DEV
    if w[:3] != ["buy", "dev", "tokens"]:
        raise MalformedAction(text, "expected 'buy dev' or 'buy dev tokens RESOURCE [RESOURCE ...]'")
    replaced = [0] * N_RESOURCES
    for word in w[3:]:
        r = _resource(word, text)
        if replaced[r] == MAX_TOKENS_PER_CARD:
            raise MalformedAction(text, f"a resource is named at most {MAX_TOKENS_PER_CARD} times")
        replaced[r] += 1
    return BuyDevTokens((replaced[0], replaced[1], replaced[2], replaced[3], replaced[4]))


def _parse_discard(w: list[str], text: str) -> Action:
    return Discard(parse_bundle(w[1:], text))


_BASE_PARSERS: dict[str, Callable[[list[str], str], Action]] = {
    "settle": _one_int(Settle, "settle CORNER", _corner),
    "city": _one_int(City, "city CORNER", _corner),
    "road": _parse_road,
    "buy": _parse_buy,
    "roll": _one_word(ROLL),
    "end": _one_word(END),
    "play": _parse_play,
    "robber": _parse_robber,
    "discard": _parse_discard,
    "bank": _parse_bank,
    "offer": _parse_offer,
    "counter": _parse_counter,
    "accept": _one_word(ACCEPT),
    "reject": _one_word(REJECT),
    "withdraw": _one_word(WITHDRAW),
    "confirm": _one_int(Confirm, "confirm SEAT", _seat),
}
_PARSERS = {**_BASE_PARSERS, **HELPER_PARSERS, **SEA_PARSERS}


def parse_action(text: str) -> Action:
    """The action of any Catan variant whose canonical text is ``text`` (catan.md §10); raises
    ``MalformedAction``."""
    words = action_words(text)
    if not words or words[0] not in _PARSERS:
        raise MalformedAction(text, PARSE_ERROR)
    return _PARSERS[words[0]](words, text)


def variant_words(
    *, helpers: bool, special_build: bool, sea: bool = False, jungle: bool = False
) -> tuple[frozenset[str], str]:
    """The first words of one variant's actions, and its ``MalformedAction`` reason for any other: the
    helpers (catan.md §7) bring their words and ``pass``; the special building phase of 5-6 seats
    (§6) brings ``pass``; Seafarers (seafarers.md §10) brings ships, the pirate and gold; the Jungle
    (seafarers.md §7.5) brings ``buy dev tokens`` (:data:`JUNGLE_WORDS`)."""
    words = set(_BASE_PARSERS)
    listed = BASE_ACTIONS
    if jungle:
        words.add(JUNGLE_WORDS)
        listed += " | " + JUNGLE_ACTIONS
    if sea:
        words |= set(SEA_PARSERS)
        listed += " | " + SEA_PARSE_ERROR
    if helpers:
        words |= set(HELPER_PARSERS)
        listed += " | " + HELPER_PARSE_ERROR
    elif special_build:
        words.add("pass")
        listed += " | pass"
    return frozenset(words), "expected one of: " + listed


_ELSEWHERE = {
    **dict.fromkeys(HELPER_PARSERS, "the Helpers of Catan scenario (catan.md §7)"),
    **dict.fromkeys(SEA_PARSERS, "Seafarers (seafarers.md §10)"),
    "pass": "the Special Building Phase of 5-6 seats (catan.md §6) and the Helpers of Catan (catan.md §7.5)",
    JUNGLE_WORDS: "the Jungle (seafarers.md §7.5)",
}
"""Where the words of other variants' actions belong, for a refusal that says so."""


def parse_variant_action(text: str, words: frozenset[str], error: str) -> Action:
    """The action whose canonical text is ``text`` among a variant's actions (:func:`variant_words`):
    a text of another variant's action is refused as ``MalformedAction`` saying where it belongs and
    listing this variant's actions."""
    split = action_words(text)
    if split[:3] == JUNGLE_WORDS.split() and JUNGLE_WORDS not in words:
        raise MalformedAction(
            text, f"{JUNGLE_WORDS!r} belongs to {_ELSEWHERE[JUNGLE_WORDS]}, not this game; {error}"
        )
    if not split or split[0] not in words:
        if split and split[0] in _ELSEWHERE:
            raise MalformedAction(
                text, f"{split[0]!r} belongs to {_ELSEWHERE[split[0]]}, not this game; {error}"
            )
        raise MalformedAction(text, error)
    return _PARSERS[split[0]](split, text)
