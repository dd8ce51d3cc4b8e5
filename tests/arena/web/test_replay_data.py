"""The viewer's replay data: exact (every seat's observation at every position, rebuilt from the
patches), each seat's stream holding only what that seat saw, small, and refusing logs it cannot replay."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arena.web.delta import apply_patch, diff
from arena.web.replay_data import dumps, viewer_data
from bots.builtin import make_bot
from engine.core.match import MatchRecord, play_match
from engine.core.observation import to_jsonable
from engine.core.replay import ReplayDivergence, ReplayLog
from engine.registry import load_game


def played(game_id: str, bot: str, players: int, seed: int, variant: str | None = None) -> MatchRecord:
    game = load_game(game_id, variant, players)
    return play_match(game, [make_bot(bot, game_id, s, seed) for s in range(players)], seed)


def rebuilt(data: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """Seat ``seat``'s observation at every position, from the common stream and its own only."""
    obs: dict[str, Any] = {}
    out = []
    for common, own in zip(data["common"], data["views"][seat], strict=True):
        obs = apply_patch(apply_patch(obs, common), own) if own or common else obs
        out.append(obs)
    return out


@pytest.mark.parametrize(
    ("game_id", "bot", "players", "variant"),
    [
        ("catan", "catan-greedy", 4, None),
        ("puerto-rico", "pr-greedy", 4, None),
        ("catan", "random", 6, "extended"),
    ],
)
def test_every_seat_sees_at_every_position_exactly_its_observation(
    game_id: str, bot: str, players: int, variant: str | None
) -> None:
    record = played(game_id, bot, players, 11, variant)
    data = json.loads(dumps(viewer_data(record.log)))
    game = load_game(game_id, variant, players)
    state = game.new_state(11)
    views = [rebuilt(data, s) for s in range(players)]
    assert len(data["moves"]) == len(record.log.records) and len(views[0]) == len(record.log.records) + 1
    for ply, entry in enumerate([*record.log.records, None]):
        for s in range(players):
            assert views[s][ply] == json.loads(json.dumps(to_jsonable(state.observe(s)))), (ply, s)
        if entry is None:
            break
        seat = int(entry["seat"])
        move = data["moves"][ply]
        legal = [a.text() for a in state.legal_actions(seat)]
        assert move["s"] == seat and [data["strings"][i] for i in data["legal"][move["l"]]] == legal
        assert data["strings"][move["a"]] == entry["action"]
        assert move["i"] == (legal.index(entry["action"]) if entry["action"] in legal else -1)
        assert move["ms"] == record.log.ms[ply]
        state.apply(seat, game.parse_action(entry["action"]))
    assert data["result"]["places"] == list(record.result.places)


def test_a_seat_stream_never_holds_another_seats_cards() -> None:
    data = viewer_data(played("catan", "catan-greedy", 4, 5).log)
    views = [rebuilt(data, s) for s in range(4)]
    shared = 0
    for ply, common in enumerate(data["common"]):
        for name in common:  # a common change is one every seat's own observation shows alike
            assert all(views[s][ply][name] == views[0][ply][name] for s in range(4)), (ply, name)
            shared += 1
    assert shared > 100
    hands = {tuple(views[s][ply]["hand"]) for s in range(4) for ply in range(len(views[0]))}
    assert len(hands) > 10  # the hands themselves differ and travel only in each seat's own stream
    # the referee's text of a steal or a bought card names the card; other seats' texts do not
    private = [e for m in data["moves"] for e in m.get("e", []) if isinstance(e, list)]
    assert private, "a Catan match has private events (a steal, a bought card)"
    cards = [e for e in private if "card=" in data["strings"][e[0]] or "resource=" in data["strings"][e[0]]]
    assert cards
    for full, *per_seat in cards:
        hidden = [data["strings"][i] for i in per_seat if i != full and i >= 0]
        assert hidden and not any("card=" in t or "resource=" in t for t in hidden), data["strings"][full]


def test_a_four_seat_catan_match_is_far_under_a_megabyte() -> None:
    for bot in ("catan-greedy", "random"):
        size = len(dumps(viewer_data(played("catan", bot, 4, 2).log)))
        assert size < 1_000_000, (bot, size)


def test_the_board_is_the_match_start_board_for_every_shape() -> None:
    base = viewer_data(played("catan", "random", 4, 1).log)["board"]
    extended = viewer_data(played("catan", "random", 6, 1, "extended").log)["board"]
    assert len(base["hexes"]) == 19 and len(extended["hexes"]) == 30
    assert {"x", "y", "corners", "token", "terrain"} <= set(extended["hexes"][0])
    assert len(extended["corners"]) > len(base["corners"]) and extended["harbors"]


def test_a_log_from_other_rules_or_a_broken_one_is_refused() -> None:
    record = played("catan", "random", 4, 3)
    old = ReplayLog.parse(record.log.lines())
    old.header["game"]["rules_version"] = 1
    old.header["game"]["canonical"] = old.header["game"]["canonical"].replace("@2", "@1")
    with pytest.raises(ReplayDivergence, match="log is for catan/base@1"):
        viewer_data(old)
    broken = ReplayLog.parse(record.log.lines())
    broken.records[10]["action"] = "settle 999"
    with pytest.raises(ReplayDivergence, match="ply 10"):
        viewer_data(broken)


def test_an_edited_die_is_refused_where_the_log_departs_from_the_replay() -> None:
    record = played("catan", "random", 4, 3)
    edited = ReplayLog.parse(record.log.lines())
    roll = next(r for r in edited.records if r.get("chance"))
    first, second = roll["chance"][0]["dice"]
    roll["chance"][0]["dice"] = [7 - first, 7 - second]  # the log now claims other dice
    roll["chance"][0]["sum"] = 14 - first - second
    with pytest.raises(
        ReplayDivergence, match=rf"ply {roll['ply']} \(roll\): chance .* differs from the log"
    ):
        viewer_data(edited)


def test_the_result_line_is_checked_against_the_replay() -> None:
    """The viewer shows the result the replay gives: a result line edited to other places, to seats the
    match does not have, or to a victory the replay did not reach is refused, and says why."""
    record = played("puerto-rico", "random", 3, 5)
    data = viewer_data(ReplayLog.parse(record.log.lines()))
    places = list(record.result.places)
    assert data["result"]["places"] == places
    swapped = (
        [places[1], places[0], *places[2:]]
        if places[0] != places[1]
        else [places[2], *places[1:2], places[0]]
    )
    assert swapped != places
    for change, reason in (
        ({"places": swapped}, rf"the result line says places \[{', '.join(map(str, swapped))}\]"),
        ({"places": [1, 2, 3, 4]}, "does not fit a match of 3 seats"),
        ({"forfeits": [5]}, "does not fit a match of 3 seats"),
        ({"scores": "lots"}, "cannot be read"),
    ):
        edited = ReplayLog.parse(record.log.lines())
        assert edited.result is not None
        edited.result.update(change)
        with pytest.raises(ReplayDivergence, match=reason):
            viewer_data(edited)
    cut = ReplayLog.parse([*record.log.lines()[:-20], record.log.lines()[-1]])  # moves gone, result kept
    with pytest.raises(ReplayDivergence, match="says victory, but the replayed match has not ended"):
        viewer_data(cut)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=2), inner, max_size=4),
    max_leaves=12,
)


@given(json_values, json_values)
def test_a_patch_turns_the_old_value_into_the_new(old: Any, new: Any) -> None:
    patch = diff(old, new)
    assert (apply_patch(old, patch) if patch is not None else old) == new
