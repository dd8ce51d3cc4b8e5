"""Names a reader of the site understands: a ladder's game, variant, seat count and the options that
differ from the variant's defaults, read from its canonical key (``GameRef.canonical()``); timestamps in
one format; a short form of a long key or bot name, the whole of it kept for the hover text."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from engine.core.errors import UnknownChoice
from engine.registry import find_game

_KEY = re.compile(r"^(?P<game>[^/]+)/(?P<variant>[^@]+)@(?P<version>\d+)\((?P<options>.*)\)$")


@dataclass(frozen=True, slots=True)
class LadderName:
    """How the site names one ladder."""

    key: str
    """The ladder's canonical key, as ``arena ladder show`` takes it."""
    game: str
    """The game's id (``catan``), which the index groups by; the key itself when it does not parse."""
    game_title: str
    """``Catan``, ``Puerto Rico``, ``Catan: Cities & Knights``."""
    title: str
    """``Catan, base game, 4 seats`` and any option that is not the variant's default."""
    rules: str
    """``rules version 2``."""


def ladder_name(key: str) -> LadderName:
    """The name of the ladder with canonical key ``key`` (an unknown game keeps its key as its name)."""
    parsed = _KEY.match(key)
    if parsed is None:
        return LadderName(key, key, key, key, "")
    game_id, variant_id = parsed["game"], parsed["variant"]
    options = dict(pair.partition("=")[::2] for pair in parsed["options"].split(",") if pair and "=" in pair)
    players = options.pop("players", "?")
    try:
        info = find_game(game_id)
        variant = info.variant(variant_id)
    except UnknownChoice:
        return LadderName(key, game_id, game_id, f"{game_id} {variant_id}, {players} seats", "")
    parts = [info.title]
    if len(info.variants) > 1:
        parts.append("base game" if variant_id == "base" else variant_id.replace("-", " "))
    parts.append(f"{players} seats")
    defaults = {name: _text(value) for name, value in variant.options}
    changed = [f"{k.replace('_', ' ')} {v}" for k, v in options.items() if defaults.get(k) != v]
    title = ", ".join(parts) + (f" ({', '.join(changed)})" if changed else "")
    return LadderName(key, info.id, info.title, title, f"rules version {parsed['version']}")


def _text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def when(stamp: str) -> str:
    """A stored timestamp (ISO 8601) as every page shows one: ``2025-03-01 14:05:09 UTC``."""
    try:
        moment = dt.datetime.fromisoformat(stamp)
    except ValueError:
        return stamp
    if moment.tzinfo is not None:
        moment = moment.astimezone(dt.UTC)
    return moment.strftime("%Y-%m-%d %H:%M:%S UTC")


def now() -> str:
    """The current time as :func:`when` shows it."""
    return when(dt.datetime.now(dt.UTC).isoformat())


def shorten(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis (the middle goes when it is a key, so both
    its game and its last options show)."""
    if len(text) <= limit:
        return text
    if "(" in text:
        head = (limit - 1) * 2 // 3
        return text[:head] + "…" + text[len(text) - (limit - 1 - head) :]
    return text[: limit - 1] + "…"


def plural(count: int, word: str, many: str = "") -> str:
    """``1 pod``, ``2 pods``, ``3 matches`` (``es`` after ch, sh, s, x and z); ``many``: any other
    plural."""
    if count == 1:
        return f"1 {word}"
    return f"{count} {many or word + ('es' if word.endswith(('ch', 'sh', 's', 'x', 'z')) else 's')}"
