"""The report in a real browser: Debian's Chromium, headless, driven by Playwright (no browser download).

The pages are opened from the file system, as a host opens a written report. Screenshots are saved
in ``tests/artifacts/web/`` (git-ignored) for people to look at.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from arena.web.site import write_match_site, write_report
from bots.builtin import make_bot
from engine.core.match import play_match
from engine.core.observation import to_jsonable
from engine.core.replay import ReplayLog
from engine.registry import game_of_log, load_game
from ladders.store import Store
from tests.arena.web.conftest import shot

pytestmark = pytest.mark.xdist_group("browser")


@pytest.fixture(scope="session")
def site(ladder_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("web-site")
    write_report(str(ladder_db), out)
    return out


def stored(db: Path, game: str) -> list[Any]:
    with Store(db) as store:
        return [m for m in store.matches() if m.ladder.startswith(game + "/")]


def open_match(page: Any, site: Path, match_id: str, hash_: str = "") -> None:
    page.goto((site / "matches" / f"{match_id}.html").as_uri() + hash_)
    page.wait_for_selector("#viewer[data-ply]")


def go_to(page: Any, ply: int) -> None:
    page.fill(".jump", str(ply))
    page.press(".jump", "Enter")
    page.wait_for_selector(f'#viewer[data-ply="{ply}"]')


def state_at(log_path: str, ply: int) -> Any:
    log = ReplayLog.read(log_path)
    game = game_of_log(log)
    state = game.new_state(log.seed)
    for entry in log.records[:ply]:
        state.apply(int(entry["seat"]), game.parse_action(entry["action"]))
    return state


def count_pieces(page: Any, kind: str, seat: int) -> int:
    return int(page.locator(f'svg.catan .piece.{kind}[data-seat="{seat}"]').count())


def test_a_catan_replay_steps_to_fixed_moves_and_draws_every_piece(
    page: Any, site: Path, ladder_db: Path
) -> None:
    match = stored(ladder_db, "catan")[0]
    open_match(page, site, match.match_id)
    assert page.locator("svg.catan polygon.hex").count() == 19
    assert page.locator("svg.catan .harbor").count() == 9
    plies = len(ReplayLog.read(str(match.replay)).records)
    for ply in (0, 8, 16, 90, plies // 2, plies):
        go_to(page, ply)
        state = state_at(str(match.replay), ply)
        for seat in range(4):
            settlements = sum(
                1 for o, lv in zip(state.owner, state.level, strict=True) if o == seat and lv == 1
            )
            cities = sum(1 for o, lv in zip(state.owner, state.level, strict=True) if o == seat and lv == 2)
            roads = sum(1 for o in state.road_owner if o == seat)
            assert count_pieces(page, "settlement", seat) == settlements, (ply, seat)
            assert count_pieces(page, "city", seat) == cities, (ply, seat)
            assert count_pieces(page, "road", seat) == roads, (ply, seat)
        assert page.locator(f'svg.catan .robber[data-hex="{state.robber}"]').count() == 1
    # each piece is named on hover as the moves name it: a road by its corners, a building by its corner
    topo = state.board.topology
    for edge, seat in enumerate(state.road_owner):
        if seat >= 0:
            a, b = sorted(topo.edge_corners[edge])
            title = page.locator(f'svg.catan .piece.road[data-edge="{edge}"] title').text_content()
            assert title == f"road of seat {seat} on {a}-{b}", title
    built = [c for c, o in enumerate(state.owner) if o >= 0]
    titles = page.locator(
        "svg.catan .piece.settlement title, svg.catan .piece.city title"
    ).all_text_contents()
    assert sorted(int(t.rsplit(" ", 1)[1]) for t in titles) == built
    # the keys step, the slider jumps
    go_to(page, 30)
    page.evaluate("document.activeElement.blur()")  # keys typed into the ply box stay there
    page.keyboard.press("ArrowRight")
    page.wait_for_selector('#viewer[data-ply="31"]')
    page.keyboard.press("PageDown")
    page.wait_for_selector('#viewer[data-ply="41"]')
    page.keyboard.press("Home")
    page.wait_for_selector('#viewer[data-ply="0"]')
    page.keyboard.press("End")
    page.wait_for_selector(f'#viewer[data-ply="{plies}"]')
    assert "Result (victory)" in page.locator(".decision").inner_text()
    page.locator(".moves tr[data-ply='121']").click()
    page.wait_for_selector('#viewer[data-ply="121"]')
    shot(page, "catan-host")


def test_the_viewer_follows_the_address_and_the_back_button(page: Any, site: Path, ladder_db: Path) -> None:
    match = stored(ladder_db, "catan")[2]
    open_match(page, site, match.match_id, "#ply=10")
    page.evaluate("location.hash = '#ply=30&seat=1'")  # an address edited by hand
    page.wait_for_selector('#viewer[data-ply="30"][data-seat="1"]')
    assert page.locator("select.seat").input_value() == "1"
    page.evaluate("location.hash = '#ply=55'")
    page.wait_for_selector('#viewer[data-ply="55"][data-seat="all"]')
    page.go_back()
    page.wait_for_selector('#viewer[data-ply="30"][data-seat="1"]')
    page.go_back()
    page.wait_for_selector('#viewer[data-ply="10"][data-seat="all"]')
    page.go_forward()
    page.wait_for_selector('#viewer[data-ply="30"][data-seat="1"]')
    go_to(page, 40)  # stepping keeps the address up to date without filling the history
    assert page.evaluate("location.hash") == "#ply=40&seat=1"
    page.go_back()
    page.wait_for_selector('#viewer[data-ply="10"][data-seat="all"]')


def test_a_seat_sees_only_its_own_cards_and_the_host_sees_every_hand(
    page: Any, site: Path, ladder_db: Path
) -> None:
    match = stored(ladder_db, "catan")[1]
    plies = len(ReplayLog.read(str(match.replay)).records)
    ply = next(
        p for p in range(plies // 3, plies) if all(sum(h) > 0 for h in state_at(str(match.replay), p).hands)
    )
    state = state_at(str(match.replay), ply)
    names = ("brick", "lumber", "wool", "grain", "ore")
    open_match(page, site, match.match_id, f"#ply={ply}")
    for seat in range(4):
        hand = page.locator(f'[data-hand="{seat}"]').inner_text()
        expected = ", ".join(f"{n} {names[i]}" for i, n in enumerate(state.hands[seat]) if n)
        assert hand == expected
    shot(page, "catan-omniscient")
    page.select_option("select.seat", "1")
    page.wait_for_selector('#viewer[data-seat="1"]')
    assert page.locator('[data-hand="1"]').inner_text() == ", ".join(
        f"{n} {names[i]}" for i, n in enumerate(state.hands[1]) if n
    )
    for other in (0, 2, 3):
        assert page.locator(f'[data-hand="{other}"]').count() == 0
        card = page.locator(f'.seatcard[data-seat="{other}"]').inner_text()
        assert f"{sum(state.hands[other])} cards" in card
        assert not any(re.search(rf"\b\d+ {n}\b", card) for n in names), card
        devs = [
            d
            for d, k in zip(("knight", "monopoly", "victory point"), (0, 3, 4), strict=True)
            if state.devs[other][k]
        ]
        assert not any(d in card for d in devs), card
    # nowhere on the page, moves and decisions included, is another seat's hidden card named
    text = page.locator("#viewer").inner_text()
    steals = list(re.finditer(r"steal: thief (\d), victim (\d), count \d(, resource \w+)?", text))
    assert steals and all(m.group(3) is None or "1" in m.group(1, 2) for m in steals)
    bought = list(re.finditer(r"buy dev: seat (\d), deck \d+(, card )?", text))
    assert bought and all(m.group(2) is None or m.group(1) == "1" for m in bought)
    assert "=" not in page.locator(".moves").inner_text()  # events in words, not as their log's fields
    mover = int(json.loads(json.dumps(ReplayLog.read(str(match.replay)).records[ply]))["seat"])
    if mover != 1:
        assert page.locator(".decision ol.legal").count() == 0
    shot(page, "catan-seat1")


def test_a_puerto_rico_replay_draws_each_seats_city_island_and_goods(
    page: Any, site: Path, ladder_db: Path
) -> None:
    match = stored(ladder_db, "puerto-rico")[0]
    plies = len(ReplayLog.read(str(match.replay)).records)
    open_match(page, site, match.match_id)
    for ply in (0, 40, plies // 2, plies):
        go_to(page, ply)
        obs = to_jsonable(state_at(str(match.replay), ply).observe(0))
        for seat, view in enumerate(obs["seats"]):
            board = page.locator(f'svg.puerto-rico .seat-board[data-seat="{seat}"]')
            assert board.locator(".building").count() == len(view["city"]), (ply, seat)
            assert board.locator(".plantation").count() == sum(t["tiles"] for t in view["island"]), (
                ply,
                seat,
            )
            filled = sum(b["colonists"] for b in view["city"]) + sum(t["occupied"] for t in view["island"])
            assert board.locator(".colonist-space.filled").count() == filled, (ply, seat)
            doubloons = view["doubloons"]
            assert f"{doubloons} doubloon{'' if doubloons == 1 else 's'} ·" in board.text_content()
        assert page.locator("svg.puerto-rico .role").count() == len(obs["roles"])
        assert page.locator("svg.puerto-rico .ship").count() == len(obs["ships"])
        status = page.locator(".shared").inner_text()
        assert not re.search(r"[a-z][A-Z]", status), status  # the decision in words, not its class name
        assert ("the game is over" in status) == (ply == plies), status
    go_to(page, plies // 2)
    shot(page, "puerto-rico-host")
    page.select_option("select.seat", "2")
    page.wait_for_selector('#viewer[data-seat="2"]')
    for other in (0, 1):
        assert "? VP chips" in page.locator(f'.seatcard[data-seat="{other}"]').inner_text()
    assert "? VP" not in page.locator('.seatcard[data-seat="2"]').inner_text()
    shot(page, "puerto-rico-seat2")


def test_the_thirty_hex_board_is_drawn_by_the_same_renderer(page: Any, tmp_path: Path) -> None:
    game = load_game("catan", "extended", 6)
    record = play_match(game, [make_bot("random", "catan", s, 8) for s in range(6)], 8)
    log = tmp_path / "six.jsonl"
    record.log.write(log)
    page_path = write_match_site(log, tmp_path / "site")
    page.goto(page_path.as_uri() + f"#ply={len(record.log.records)}")
    page.wait_for_selector("#viewer[data-ply]")
    assert page.locator("svg.catan polygon.hex").count() == 30
    assert page.locator("svg.catan .harbor").count() == len(record.state.static_tables().harbors)
    for seat in range(6):
        assert count_pieces(page, "road", seat) == sum(1 for o in record.state.road_owner if o == seat)
    shot(page, "catan-extended-6")


class Crashes:
    """A bot whose every third answer raises: each is a fault, the referee plays its default."""

    def __init__(self) -> None:
        self.calls = 0

    def act(self, view: Any) -> int:
        self.calls += 1
        if self.calls % 3 == 0:
            raise RuntimeError("my heuristic divided by zero")
        return 0


def test_a_fault_is_shown_where_it_happened_with_its_message(page: Any, tmp_path: Path) -> None:
    from engine.core.match import FaultPolicy

    game = load_game("puerto-rico", None, 3)
    bots = [make_bot("random", "puerto-rico", 0, 4), Crashes(), make_bot("random", "puerto-rico", 2, 4)]
    record = play_match(game, bots, 4, policy=FaultPolicy(strike_limit=2))
    fault = record.result.faults[0]
    log = tmp_path / "faulty.jsonl"
    record.log.write(log)
    page.goto(write_match_site(log, tmp_path / "site").as_uri() + f"#ply={fault.ply}")
    page.wait_for_selector(f'#viewer[data-ply="{fault.ply}"]')
    panel = page.locator(".decision").inner_text()
    assert "the referee played" in panel and "my heuristic divided by zero" in panel and "strike 1" in panel
    assert page.locator(f'.moves tr.faulted[data-ply="{fault.ply + 1}"]').count() == 1
    assert record.result.forfeits == (1,)
    forfeit = record.result.faults[-1]  # the strike past the limit: a fallback bot plays the seat on
    page.fill(".jump", str(forfeit.ply))
    page.press(".jump", "Enter")
    page.wait_for_selector(f'#viewer[data-ply="{forfeit.ply}"]')
    assert "the seat forfeits" in page.locator(".decision").inner_text()
    # f and F step from fault to fault
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Home")
    page.wait_for_selector('#viewer[data-ply="0"]')
    plies = sorted({f.ply for f in record.result.faults})
    for ply in plies:
        page.keyboard.press("f")
        page.wait_for_selector(f'#viewer[data-ply="{ply}"]')
    page.keyboard.press("Shift+F")
    page.wait_for_selector(f'#viewer[data-ply="{plies[-2]}"]')
    page.select_option("select.seat", "0")  # another seat does not see seat 1's faults or options
    page.wait_for_selector('#viewer[data-seat="0"]')
    assert "divided by zero" not in page.locator(".decision").inner_text()
    assert page.locator(".moves tr.faulted").count() == 0
    shot(page, "puerto-rico-fault")


def test_a_cities_and_knights_replay_draws_knights_cities_walls_and_the_barbarians(
    page: Any, tmp_path: Path
) -> None:
    game = load_game("catan-ck", None, 4)
    names = ("ck-greedy", "ck-greedy", "random", "ck-greedy")
    record = play_match(game, [make_bot(names[s], "catan-ck", s, 4) for s in range(4)], 4)
    log = tmp_path / "ck.jsonl"
    record.log.write(log)
    plies = len(record.log.records)
    assert sum(record.state.walls) >= 2 and sum(m >= 0 for m in record.state.metropolis) == 2  # all drawn
    page_path = write_match_site(log, tmp_path / "site")
    page.goto(page_path.as_uri())
    page.wait_for_selector("#viewer[data-ply]")
    assert page.locator("svg.catan polygon.hex").count() == 19
    first_wall = next(p for p in range(plies) if sum(state_at(str(log), p).walls))
    for ply in (0, 40, plies // 3, first_wall, 2 * plies // 3, plies):
        go_to(page, ply)
        st = state_at(str(log), ply)
        for seat in range(4):
            mine = [c for c, o in enumerate(st.owner) if o == seat]
            assert count_pieces(page, "city", seat) == sum(st.level[c] == 2 for c in mine), (ply, seat)
            assert count_pieces(page, "settlement", seat) == sum(st.level[c] == 1 for c in mine), (ply, seat)
            assert count_pieces(page, "wall", seat) == sum(st.walls[c] for c in mine), (ply, seat)
            assert count_pieces(page, "road", seat) == st.road_owner.count(seat), (ply, seat)
            knights = [c for c, o in enumerate(st.k_owner) if o == seat]
            assert count_pieces(page, "knight", seat) == len(knights), (ply, seat)
            for level in (1, 2, 3):
                for active in (0, 1):
                    shown = page.locator(
                        f'svg.catan .knight[data-seat="{seat}"][data-level="{level}"][data-active="{active}"]'
                    ).count()
                    assert shown == sum(
                        st.k_level[c] == level and st.k_active[c] == active for c in knights
                    ), (ply, seat, level, active)
            levels = page.locator(f'.seatcard[data-seat="{seat}"]').inner_text()
            assert (
                "improvements: "
                + ", ".join(
                    f"{t} {n}"
                    for t, n in zip(("trade", "politics", "science"), st.improvements[seat], strict=True)
                )
                in levels
            )
        status = page.locator(".shared").inner_text()
        assert not re.search(r"[a-z][A-Z]|_", status), status  # phases and decisions in words
        for track, corner in enumerate(st.metropolis):
            name = ("trade", "politics", "science")[track]
            shown = page.locator(f'svg.catan .metropolis[data-track="{name}"]')
            assert shown.count() == (corner >= 0), (ply, name)
            if corner >= 0:
                assert shown.get_attribute("data-seat") == str(st.owner[corner])
        assert page.locator(f'svg.catan .barbarians[data-ship="{st.ship}"]').count() == 1
        assert page.locator("svg.catan .merchant").count() == (st.merchant_hex >= 0)
        assert page.locator(f'svg.catan .robber[data-hex="{st.robber}"]').count() == 1
    shot(page, "catan-ck-host")
    # the host sees every hand and progress card by type; a seat its own only, the others as counts
    ply = next(p for p in range(plies // 2, plies) if sum(map(len, state_at(str(log), p).progress)) >= 3)
    go_to(page, ply)
    st = state_at(str(log), ply)
    kinds = game.new_state(4).static_tables().kinds
    cards = [c.name for c in game.new_state(4).static_tables().cards]
    for seat in range(4):
        hand = ", ".join(f"{n} {kinds[k]}" for k, n in enumerate(st.hands[seat]) if n) or "none"
        assert page.locator(f'[data-hand="{seat}"]').inner_text() == hand
        held = ", ".join(cards[c] for c in st.progress[seat]) or "none"
        assert page.locator(f'[data-progress="{seat}"]').inner_text() == held
    holder = max(range(4), key=lambda s: len(st.progress[s]))
    viewer = next(s for s in range(4) if s != holder)
    page.select_option("select.seat", str(viewer))
    page.wait_for_selector(f'#viewer[data-seat="{viewer}"]')
    for other in (s for s in range(4) if s != viewer):
        assert page.locator(f'[data-hand="{other}"], [data-progress="{other}"]').count() == 0
        card = page.locator(f'.seatcard[data-seat="{other}"]').inner_text()
        assert f"{sum(st.hands[other])} cards" in card
        assert not any(re.search(rf"\b{re.escape(cards[c])}\b", card) for c in st.progress[other]), card
    shot(page, f"catan-ck-seat{viewer}")


@pytest.mark.parametrize("variant", ["jungle", "big-river"])
def test_the_jungle_and_the_river_are_drawn_with_each_seats_tokens_and_bonus(
    page: Any, tmp_path: Path, variant: str
) -> None:
    """seafarers.md §7, §8: the jungle's leaves, the River through its three hexes, its banks and the
    gold mine's sign; each seat's discovery tokens and gold-mine bonus beside its cards; the robber off
    the board at the start of a Jungle match."""
    game = load_game("catan", variant, 4)
    record = play_match(game, [make_bot("catan-greedy", "catan", s, 3) for s in range(4)], 3)
    log = tmp_path / f"{variant}.jsonl"
    record.log.write(log)
    page_path = write_match_site(log, tmp_path / "site")
    board = record.state.static_tables()
    page.goto(page_path.as_uri() + "#ply=0")
    page.wait_for_selector("#viewer[data-ply]")
    assert page.locator("svg.catan polygon.hex").count() == 19
    if variant == "jungle":
        assert page.locator("svg.catan .robber").count() == 0
        assert "robber is off the board" in page.locator(".shared").inner_text()
    shared = page.locator(".shared").inner_text()
    assert "development deck: 25 cards" in shared, shared
    assert "turn 0, setup settle" in shared or "turn 1, setup settle" in shared, shared
    end = len(record.log.records)
    go_to(page, end)
    state = record.state
    if variant == "jungle":
        (jungle,) = board.jungle.hexes
        assert page.locator(f'svg.catan g.jungle[data-hexes="{jungle}"] .jungle-leaf').count() == 4
        assert page.locator(f'svg.catan polygon.hex[data-hex="{jungle}"][data-terrain="jungle"]').count() == 1
        for seat in range(4):
            shown = page.locator(f'.seatcard[data-seat="{seat}"] .tokens').inner_text()
            assert shown == f"discovery tokens: {state.discovery[seat]}"
    else:
        river = board.river
        assert page.locator(f'svg.catan g.river[data-hexes="{" ".join(map(str, river.hexes))}"]').count() == 1
        assert page.locator("svg.catan .riverbank").count() == len(river.riverbank) == 14
        assert page.locator(f'svg.catan .gold-mine[data-hex="{river.gold_mine}"]').count() == 1
        assert page.locator(
            f'svg.catan polygon.hex[data-hex="{river.gold_mine}"][data-terrain="gold mine"]'
        ).count()
        for seat in range(4):
            badge = page.locator(f'.seatcard[data-seat="{seat}"]').inner_text()
            bonus = state.gold_vp[seat]
            assert (f"gold mine +{bonus} VP" in badge) == (bonus > 0)
        assert any(state.gold_vp), "catan-greedy builds on the gold mine in this match"
    shot(page, f"catan-{variant}")


def test_a_seafarers_replay_draws_the_sea_ships_the_pirate_and_the_fog(page: Any, tmp_path: Path) -> None:
    # docs/rules/seafarers.md §5.13: a fog space is drawn as unknown until its discovery shows its hex
    from engine.games.catan.tables import Terrain

    game = load_game("catan", "seafarers-fog-islands", 4)
    bots = [make_bot("catan-greedy" if s == 0 else "random", "catan", s, 5) for s in range(4)]
    record = play_match(game, bots, 5)  # seed 5: ships discover five of the twelve fog spaces
    log = tmp_path / "fog.jsonl"
    record.log.write(log)
    page_path = write_match_site(log, tmp_path / "site")
    page.goto(page_path.as_uri() + "#ply=0")
    page.wait_for_selector("#viewer[data-ply]")
    assert page.locator("svg.catan polygon.hex").count() == 42
    assert page.locator('svg.catan polygon.hex[data-terrain="fog"]').count() == 12
    assert page.locator("svg.catan text.fog-mark").count() == 12
    last = len(record.log.records)
    page.goto(page_path.as_uri() + f"#ply={last}")
    page.wait_for_selector(f'#viewer[data-ply="{last}"]')
    final = record.state
    assert page.locator("svg.catan .piece.ship").count() == sum(1 for o in final.ship_owner if o >= 0)  # type: ignore[attr-defined]
    fogged = sum(1 for t in final.board.terrain if t == Terrain.FOG)
    assert page.locator('svg.catan polygon.hex[data-terrain="fog"]').count() == fogged < 12
    assert page.locator("svg.catan .pirate").count() == (1 if final.pirate >= 0 else 0)  # type: ignore[attr-defined]
    assert "ships" in page.locator('.seatcard[data-seat="0"]').inner_text()
    shot(page, "catan-seafarers-fog")
