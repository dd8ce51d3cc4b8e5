"""Reading Cities & Knights actions back from their canonical text (see :mod:`.actions` for the forms).

Words shared with base Catan (``settle``, ``city``, ``road``, ``roll``, ``end``, ``robber``, ``accept``,
``reject``, ``confirm``, ``withdraw``) are read by its parser; every other text that is not an action
raises ``MalformedAction`` naming what was expected.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.action import Action, action_words, read_int
from engine.core.errors import MalformedAction
from engine.games.catan.parse import parse_action as parse_base
from engine.games.catan.tables import MAX_CORNERS, MAX_COUNT, MAX_SEATS
from engine.games.catan_ck.actions import (
    BANK,
    CHOOSE_DECK,
    CHOOSE_KIND,
    DROP,
    IMPROVE,
    PASS,
    Activate,
    BuildKnight,
    Chase,
    ChooseCorner,
    Counter,
    Discard,
    Displace,
    GiveCards,
    Harbor,
    MoveKnight,
    Offer,
    PlayCard,
    Promote,
    TakeCard,
    TakeCards,
    Wall,
    defend,
)
from engine.games.catan_ck.card_args import parse_args
from engine.games.catan_ck.tables import (
    CARD_BY_NAME,
    CARD_NAMES,
    KIND_BY_NAME,
    KIND_NAMES,
    TRACK_BY_NAME,
    Hand,
)

SHARED = frozenset(
    {"settle", "city", "road", "roll", "end", "robber", "accept", "reject", "confirm", "withdraw"}
)

PARSE_ERROR = (
    "expected one of: settle N | city N | road A-B | roll | end | robber H [steal S] | wall N | knight N | "
    "activate N | promote N | move A B | displace A B | chase N | improve TRACK | play CARD ... | "
    "drop CARD | take-card CARD | harbor SEAT RESOURCE | choose N | choose KIND | deck TRACK | defend N ... | defend none | pass | "
    "discard N KIND ... | give N KIND ... | take N KIND ... | bank give N KIND get 1 KIND | "
    "offer give ... get ... to all|S | counter give ... get ... | accept | reject | confirm S | withdraw"
)


def _corner(word: str, text: str) -> int:
    return read_int(word, text, 0, MAX_CORNERS - 1, "corner id")


def _kind(word: str, text: str) -> int:
    k = KIND_BY_NAME.get(word)
    if k is None:
        raise MalformedAction(text, f"{word!r} is not a card kind ({', '.join(KIND_NAMES)})")
    return k


def _card(word: str, text: str) -> int:
    c = CARD_BY_NAME.get(word)
    if c is None:
        raise MalformedAction(text, f"{word!r} is not a progress card ({', '.join(CARD_NAMES)})")
    return c


def parse_hand(words: list[str], text: str) -> Hand:
    """``2 brick 1 paper`` as eight counts; each kind at most once, counts positive."""
    if not words or len(words) % 2:
        raise MalformedAction(text, "cards are 'N KIND [N KIND ...]'")
    counts = [0] * 8
    for i in range(0, len(words), 2):
        n = read_int(words[i], text, 1, MAX_COUNT, "card count")
        k = _kind(words[i + 1], text)
        if counts[k]:
            raise MalformedAction(text, "each kind once, with a positive count")
        counts[k] = n
    return (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5], counts[6], counts[7])


def _give_get(words: list[str], text: str) -> tuple[Hand, Hand, list[str]]:
    if not words or words[0] != "give" or "get" not in words:
        raise MalformedAction(text, "expected 'give CARDS get CARDS'")
    at = words.index("get")
    end = words.index("to") if "to" in words else len(words)
    return parse_hand(words[1:at], text), parse_hand(words[at + 1 : end], text), words[end:]


def _offer(w: list[str], text: str) -> Action:
    give, get, rest = _give_get(w[1:], text)
    if len(rest) != 2:
        raise MalformedAction(text, "an offer ends with 'to all' or 'to SEAT'")
    return Offer(give, get, -1 if rest[1] == "all" else read_int(rest[1], text, 0, MAX_SEATS - 1, "seat"))


def _counter(w: list[str], text: str) -> Action:
    give, get, rest = _give_get(w[1:], text)
    if rest:
        raise MalformedAction(text, "a counter-offer goes to the active seat: no 'to'")
    return Counter(give, get)


def _bank(w: list[str], text: str) -> Action:
    if len(w) != 7 or w[1] != "give" or w[4] != "get" or w[5] != "1":
        raise MalformedAction(text, "expected 'bank give N KIND get 1 KIND'")
    return BANK[_kind(w[3], text)][read_int(w[2], text, 2, 4, "trade count")][_kind(w[6], text)]


def _corner_word(make: Callable[[int], Action], form: str) -> Callable[[list[str], str], Action]:
    def parse(w: list[str], text: str) -> Action:
        if len(w) != 2:
            raise MalformedAction(text, f"expected {form!r}")
        return make(_corner(w[1], text))

    return parse


def _two_corners(make: Callable[[int, int], Action], form: str) -> Callable[[list[str], str], Action]:
    def parse(w: list[str], text: str) -> Action:
        if len(w) != 3:
            raise MalformedAction(text, f"expected {form!r}")
        return make(_corner(w[1], text), _corner(w[2], text))

    return parse


def _choose(w: list[str], text: str) -> Action:
    if len(w) != 2:
        raise MalformedAction(text, "expected 'choose CORNER' or 'choose KIND'")
    if w[1] in KIND_BY_NAME:
        return CHOOSE_KIND[KIND_BY_NAME[w[1]]]
    return ChooseCorner(_corner(w[1], text))


def _track(w: list[str], text: str) -> int:
    if len(w) != 2 or w[1] not in TRACK_BY_NAME:
        raise MalformedAction(text, f"expected '{w[0]} trade|politics|science'")
    return TRACK_BY_NAME[w[1]]


def _defend(w: list[str], text: str) -> Action:
    if w[1:] == ["none"]:
        return defend([])
    corners = [_corner(x, text) for x in w[1:]]
    if not corners or len(corners) > 6 or len(set(corners)) != len(corners):
        raise MalformedAction(text, "expected 'defend none' or 'defend N ...' (up to six different corners)")
    return defend(corners)


def _play(w: list[str], text: str) -> Action:
    if len(w) < 2:
        raise MalformedAction(text, "expected 'play CARD ...'")
    card = _card(w[1], text)
    return PlayCard(card, parse_args(card, w[2:], text))


def _card_word(make: Callable[[int], Action], form: str) -> Callable[[list[str], str], Action]:
    def parse(w: list[str], text: str) -> Action:
        if len(w) != 2:
            raise MalformedAction(text, f"expected {form!r}")
        return make(_card(w[1], text))

    return parse


def _harbor(w: list[str], text: str) -> Action:
    if len(w) != 3:
        raise MalformedAction(text, "expected 'harbor SEAT RESOURCE'")
    seat = read_int(w[1], text, 0, MAX_SEATS - 1, "seat")
    r = _kind(w[2], text)
    if r >= 5:
        raise MalformedAction(text, f"{w[2]!r} is not a resource: a Commercial Harbor offers a resource")
    return Harbor(seat, r)


def _pass(w: list[str], text: str) -> Action:
    if len(w) != 1:
        raise MalformedAction(text, "expected just 'pass'")
    return PASS


_PARSERS: dict[str, Callable[[list[str], str], Action]] = {
    "discard": lambda w, t: Discard(parse_hand(w[1:], t)),
    "give": lambda w, t: GiveCards(parse_hand(w[1:], t)),
    "take": lambda w, t: TakeCards(parse_hand(w[1:], t)),
    "bank": _bank,
    "offer": _offer,
    "counter": _counter,
    "wall": _corner_word(Wall, "wall CORNER"),
    "knight": _corner_word(BuildKnight, "knight CORNER"),
    "activate": _corner_word(Activate, "activate CORNER"),
    "promote": _corner_word(Promote, "promote CORNER"),
    "chase": _corner_word(Chase, "chase CORNER"),
    "move": _two_corners(MoveKnight, "move FROM TO"),
    "displace": _two_corners(Displace, "displace FROM TO"),
    "improve": lambda w, t: IMPROVE[_track(w, t)],
    "deck": lambda w, t: CHOOSE_DECK[_track(w, t)],
    "choose": _choose,
    "defend": _defend,
    "play": _play,
    "drop": _card_word(lambda c: DROP[c], "drop CARD"),
    "take-card": _card_word(TakeCard, "take-card CARD"),
    "harbor": _harbor,
    "pass": _pass,
}


def parse_action(text: str) -> Action:
    """The action whose canonical text is ``text``; raises ``MalformedAction``."""
    words = action_words(text)
    if words and words[0] in SHARED:
        return parse_base(text)
    if not words or words[0] not in _PARSERS:
        raise MalformedAction(text, PARSE_ERROR)
    return _PARSERS[words[0]](words, text)
