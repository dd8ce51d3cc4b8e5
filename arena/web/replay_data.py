"""The viewer's replay: a stored replay log re-run through the engine, every position as each seat saw it.

:func:`viewer_data` plays the log's actions again (so what it writes is exact for the rules the log was
played under, and a log that does not replay is refused) and records, per action, the seat that chose
it, the legal actions and open families that seat had, its answer, how long it took and its faults,
and the events as each seat saw them; per position, every seat's observation. Observations are stored
as patches from one position to the next (:mod:`arena.web.delta`); a change that every seat saw alike
is stored once, in the ``common`` stream. Texts (actions, events, family syntax) are entries of one
string table. The format is documented in ``docs/replay-format.md``; the viewer that reads it is
``arena/web/static/viewer.js``.

Design detail: the seat streams are built from ``observe(seat)`` and nothing else, and the common
stream holds only values equal in every seat's observation, so a viewer showing one seat draws from
data that seat had; the omniscient view is the union of all seats' observations (every hand by type),
never the deck order or future dice, which no seat's observation holds.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import operator
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from arena.replay_view import logged_faults, seat_names
from arena.web.delta import Patch, diff
from arena.web.redact import public_faults
from engine.core.observation import field_names
from engine.core.replay import ReplayDivergence, ReplayLog, check_chance
from engine.core.result import Result, Termination
from engine.registry import game_of_log

if TYPE_CHECKING:
    from engine.core.state import State

FORMAT = "arena-replay-view"
VERSION = 1
SUFFIX = ".view.json"
"""The runner writes a match's viewer data beside its replay log: ``ID.jsonl`` -> ``ID.view.json``."""


class Strings:
    """A table of distinct strings; each is written once and named by its index."""

    def __init__(self) -> None:
        self.items: list[str] = []
        self._index: dict[str, int] = {}

    def __call__(self, text: str) -> int:
        found = self._index.get(text)
        if found is None:
            found = self._index[text] = len(self.items)
            self.items.append(text)
        return found


class Lists:
    """A table of distinct lists of ints (the legal action lists, which repeat from turn to turn)."""

    def __init__(self) -> None:
        self.items: list[list[int]] = []
        self._index: dict[tuple[int, ...], int] = {}

    def __call__(self, values: list[int]) -> int:
        key = tuple(values)
        found = self._index.get(key)
        if found is None:
            found = self._index[key] = len(self.items)
            self.items.append(values)
        return found


class _Views:
    """Every seat's observation, position by position, as patches (field by field)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.objects: list[Any] = [None] * players
        self.json: list[dict[str, Any]] = [{} for _ in range(players)]
        self.common: list[dict[str, Patch]] = []
        self.seats: list[list[dict[str, Patch]]] = [[] for _ in range(players)]
        self._memo: dict[Any, Any] = {}
        self._getter: dict[type, Any] = {}

    def jsonable(self, value: Any) -> Any:
        """What :func:`engine.core.observation.to_jsonable` makes of ``value``, with each nested frozen
        dataclass converted once (a seat's board recurs in every observation and most positions).

        The values returned are shared: nothing here changes them."""
        if isinstance(value, list | tuple):
            if all(type(v) in _SCALARS for v in value):
                return list(value)
            return [self.jsonable(v) for v in value]
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            try:
                return self._memo[value]
            except KeyError:
                pass
            except TypeError:  # a mutable member: not hashable, converted each time
                return self._record(value)
            out = self._memo[value] = self._record(value)
            return out
        if isinstance(value, enum.Enum):
            return value.name.lower()
        if isinstance(value, dict):
            return {str(self.jsonable(k)): self.jsonable(v) for k, v in value.items()}
        return value

    def _names(self, obs: Any) -> tuple[str, ...]:
        names = field_names(type(obs))
        assert names is not None, f"{type(obs).__name__} is not a dataclass"
        if type(obs) not in self._getter:
            self._getter[type(obs)] = operator.attrgetter(*names)
        return names

    def _record(self, value: Any) -> dict[str, Any]:
        names = field_names(type(value))
        assert names is not None  # jsonable calls it for dataclasses only
        return {name: self.jsonable(getattr(value, name)) for name in names}

    def add(self, observations: list[Any]) -> None:
        """Patches from the last position to this one (the first one from nothing)."""
        patches: list[dict[str, Patch]] = [{} for _ in range(self.players)]
        # Design detail: a public field changes alike in every seat's observation; it is converted and
        # diffed once, for the first seat, and the others reuse that (their JSON values are one object)
        done: dict[str, tuple[Any, Any, Any, Patch | None]] = {}
        for seat, obs in enumerate(observations):
            names = self._names(obs)
            values = self._getter[type(obs)](obs)
            before = self.objects[seat]
            changed: Sequence[int]
            if before is None:
                changed = range(len(names))
            else:
                old = self._getter[type(before)](before)
                changed = [i for i, (a, b) in enumerate(zip(old, values, strict=True)) if a != b]
            mine = self.json[seat]
            for i in changed:
                name, value = names[i], values[i]
                old_json = mine.get(name, _ABSENT)
                hit = done.get(name)
                if hit is not None and hit[1] is old_json and hit[0] == value:
                    new, patch = hit[2], hit[3]
                else:
                    new = self.jsonable(value)
                    patch = diff(old_json, new)
                    done[name] = (value, old_json, new, patch)
                mine[name] = new
                if patch is not None:
                    patches[seat][name] = patch
            self.objects[seat] = obs
        common: dict[str, Patch] = {}
        for name, patch in patches[0].items():
            # shared only when it is every seat's own patch: no seat learns from the common stream
            # anything its own observation does not hold
            if all(p.get(name) == patch for p in patches[1:]):
                common[name] = patch
        for seat in range(self.players):
            for name in common:
                del patches[seat][name]
            self.seats[seat].append(patches[seat])
        self.common.append(common)


_ABSENT = object()
_SCALARS = frozenset({int, float, str, bool, type(None)})


def viewer_data(
    log: ReplayLog, *, match_id: str | None = None, source: bytes | None = None
) -> dict[str, Any]:
    """The viewer's replay of ``log`` (``docs/replay-format.md``); ``source``, the bytes of the log's
    file, is stamped in it (:func:`source_stamp`) so that a reader can tell whether it is up to date.

    Raises :class:`ReplayDivergence` (one line) when the log was played under other rules than the
    engine's now, or does not replay.
    """
    game = game_of_log(log)
    state = game.new_state(log.seed)
    players = game.players
    strings = Strings()
    lists = Lists()
    views = _Views(players)
    moves: list[dict[str, Any]] = []
    views.add([state.observe(s) for s in range(players)])
    timed = len(log.ms) == len(log.records)
    for i, entry in enumerate(log.records):
        seat = int(entry["seat"])
        legal = [a.text() for a in state.legal_actions(seat)]
        families = [strings(f"{f.name}: {f.syntax}") for f in state.families(seat)]
        turn = state.turn
        try:
            action = game.parse_action(entry["action"])
            events = state.apply(seat, action)
        except ValueError as exc:
            raise ReplayDivergence(f"ply {entry['ply']}: {exc}") from exc
        check_chance(entry, events)  # an edited die or draw: say where the log departs
        text = action.text()
        move: dict[str, Any] = {
            "s": seat,
            "l": lists([strings(t) for t in legal]),
            "a": strings(text),
            "i": legal.index(text) if text in legal else -1,
            "t": turn,
        }
        if families:
            move["f"] = families
        if timed:
            move["ms"] = log.ms[i]
        shown = [_event(e, players, strings) for e in events]
        if shown:
            move["e"] = [e for e in shown if e is not None]
        moves.append(move)
        views.add([state.observe(s) for s in range(players)])
    result = checked_result(log, state, players)
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": log.ref.to_json(),
        "match": match_id or log.header.get("match_id"),
        "seats": seat_names(log),
        "board": views.jsonable(state.static_tables()),
        "strings": strings.items,
        "legal": lists.items,
        "moves": moves,
        "faults": public_faults(dataclasses.asdict(f) for f in logged_faults(log)),
        "result": _result(result),
        "common": views.common,
        "views": views.seats,
    } | ({} if source is None else {"source": source_stamp(source)})


def _event(event: Any, players: int, strings: Strings) -> int | list[int] | None:
    """One event: the index of its text when every seat saw it so, else ``[referee's text, seat 0's,
    seat 1's, ...]`` with -1 where a seat saw nothing of it."""
    full = event.text(None)
    if not full:
        return None
    if not event.private and not event.hidden:  # every seat sees the public part, the whole event
        return strings(full)
    seen = [event.text(s) for s in range(players)]
    if all(t == full for t in seen):
        return strings(full)
    return [strings(full), *(strings(t) if t else -1 for t in seen)]


def checked_result(log: ReplayLog, state: State, players: int) -> dict[str, Any] | None:
    """The log's result line when the replay gives it, else :class:`ReplayDivergence`: places, scores
    and termination are computed again from the final position (by the game's end, or its turn cap or
    forfeit, as the referee does), with the forfeits and faults the line records (those are the
    referee's), which must name seats of the match. An aborted match's line is taken as it is, once
    it fits the seats. No line: the game's own result when the match ended, else None."""
    line = log.result
    if line is None:
        return state.result().to_json() if state.is_terminal() else None
    try:
        logged = Result.from_json(line)
    except (KeyError, ValueError, TypeError) as exc:
        raise ReplayDivergence(f"the result line cannot be read ({brief_error(exc)})") from None
    seats = range(players)
    if (
        len(logged.places) != players
        or len(logged.scores) != players
        or any(not 1 <= p <= players for p in logged.places)
        or any(s not in seats for s in logged.forfeits)
        or any(f.seat not in seats for f in logged.faults)
    ):
        raise ReplayDivergence(
            f"the result line does not fit a match of {players} seats (places {list(logged.places)})"
        )
    if logged.termination is Termination.ABORTED:
        return line
    if state.is_terminal():
        again = state.result()
    elif logged.termination is Termination.TURN_CAP:
        again = state.capped_result()
    elif logged.termination is Termination.FORFEIT:
        capped = state.capped_result()
        again = Result(capped.places, capped.scores, Termination.FORFEIT)
    else:
        raise ReplayDivergence(
            f"the result line says {logged.termination.value}, but the replayed match has not ended"
        )
    if logged.forfeits or logged.faults:
        again = again.with_forfeits(logged.forfeits, logged.faults)
    if (again.places, again.scores, again.termination) != (logged.places, logged.scores, logged.termination):
        raise ReplayDivergence(
            f"the result line says places {list(logged.places)}, scores {[f'{s:g}' for s in logged.scores]}"
            f" ({logged.termination.value}); the replay gives places {list(again.places)}, scores"
            f" {[f'{s:g}' for s in again.scores]} ({again.termination.value})"
        )
    return line


def brief_error(exc: Exception) -> str:
    """An exception's first line, at most 200 characters, for a one-line message."""
    return (str(exc).splitlines() or [type(exc).__name__])[0][:200]


def _result(result: dict[str, Any] | None) -> dict[str, Any] | None:
    if result is None:
        return None
    keep = ("places", "scores", "termination", "forfeits")
    return {k: result[k] for k in keep if k in result}


def source_stamp(log_bytes: bytes) -> dict[str, Any]:
    """What viewer data was made from: the size and SHA-256 of its replay log file."""
    return {"bytes": len(log_bytes), "sha256": hashlib.sha256(log_bytes).hexdigest()}


def view_path(log_path: str | Path) -> Path:
    """Where the runner keeps the viewer data of the replay log at ``log_path``."""
    path = Path(log_path)
    return path.with_name(path.name.removesuffix(".jsonl") + SUFFIX)


def view_bytes(log: ReplayLog, log_text: str, match_id: str | None) -> bytes:
    """The viewer data of a match just played, as the runner writes it beside the log whose file holds
    ``log_text``."""
    return dumps(viewer_data(log, match_id=match_id, source=log_text.encode("utf-8")))


def written_view(log_path: str | Path, log_bytes: bytes) -> bytes | None:
    """The viewer data the runner wrote beside the log at ``log_path`` (holding ``log_bytes``), as JSON,
    when it is in this format's version and was made from these bytes; else None (missing, unreadable,
    corrupt, older, or made from another log)."""
    try:
        raw = view_path(log_path).read_bytes()
        data = orjson.loads(raw)
    except (OSError, orjson.JSONDecodeError):
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        return None
    if data.get("source") != source_stamp(log_bytes):
        return None
    return raw


def dumps(data: dict[str, Any]) -> bytes:
    """The viewer's replay as compact JSON."""
    return orjson.dumps(data)


def script(data: dict[str, Any]) -> bytes:
    """The replay as a script a page loads with ``<script src>`` (a page opened from the file system
    may not fetch a JSON file): ``arenaReplay(`` + the JSON + ``);``."""
    return wrap(dumps(data))


def wrap(document: bytes) -> bytes:
    """A JSON document of viewer data as the script :func:`script` makes."""
    return b"arenaReplay(" + document.strip() + b");\n"
