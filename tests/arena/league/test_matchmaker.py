"""The matchmaker: placement first, free entries only, overdue and due entries seated first, the table
of most information otherwise, no table repeated, house bots to fill and for house pods; and, over
simulated hours, bounded waits, balanced games among bots available equally long, every neighbour pair
met."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from arena.league.book import LadderBook, Presence, rules_of
from arena.league.matchmaker import (
    HOUSE,
    PLACEMENT,
    RATED,
    Candidate,
    Field,
    fair_credit,
    form_tables,
)
from arena.schedule import bot_of
from ladders.adaptive import Posterior
from ladders.groups import met_groups
from ladders.records import RatedMatch
from tests.arena.league.simulate_league import simulate

RULES = rules_of(3, True, max_wait_s=30, gather_s=2, balance=2, repeat_window=3)


def bots(*names: str, since: float = 0.0, **kw: object) -> list[Candidate]:
    return [Candidate(name=n, idle_since=since, **kw) for n in names]  # type: ignore[arg-type]


def test_placement_tables_come_first_with_house_bots_and_copies() -> None:
    house = [Candidate(name=h, house=True) for h in ("greedy", "random")]
    new = Candidate(name="new@1", in_placement=True, placement_left=1, idle_since=0)
    waiting = Candidate(name="wait@1", in_placement=True, placement_left=0, idle_since=0)  # verdict pending
    tables = form_tables(Field((new, waiting, *house)), RULES, now=10)
    assert tables == [form_tables(Field((new, *house)), RULES, now=10)[0]]
    (table,) = tables
    assert table.kind == PLACEMENT and table.bots[0] == "new@1"
    assert sorted(table.bots[1:]) == ["greedy", "random"]
    lone = form_tables(Field((new, house[0])), RULES, now=10)
    assert lone[0].bots == ("new@1", "greedy", "greedy#2")  # one house bot: a copy fills the seat
    assert form_tables(Field((new,)), RULES, now=10) == []  # no house bot: no placement


def test_only_free_entries_are_seated() -> None:
    field = Field(
        (
            *bots("a", "b", "c"),
            Candidate(name="gone", connected=False),
            Candidate(name="busy", running=1),
            Candidate(name="tired", started_last_hour=238),  # a pod of 3 would pass 240 an hour
        )
    )
    (table,) = form_tables(field, RULES, now=10)
    assert sorted(table.bots) == ["a", "b", "c"] and table.kind == RATED


def test_a_table_waits_to_gather_unless_the_pool_is_large() -> None:
    assert form_tables(Field(tuple(bots("a", "b", "c", since=9))), RULES, now=10) == []
    assert len(form_tables(Field(tuple(bots("a", "b", "c", since=7))), RULES, now=10)) == 1
    six = form_tables(Field(tuple(bots(*"abcdef", since=10))), RULES, now=10)
    assert len(six) == 2 and set(six[0].bots).isdisjoint(six[1].bots)


def test_overdue_bots_are_seated_first_and_filled_with_house_bots() -> None:
    field = Field((*bots("a", "b", since=0), Candidate(name="h", house=True)))
    (table,) = form_tables(field, RULES, now=31)
    assert table.kind == RATED and table.reason == "fill" and table.bots == ("a", "b", "h")
    assert form_tables(field, RULES, now=29) == []
    no_fill = rules_of(3, True, max_wait_s=30, fill=False)
    assert form_tables(field, no_fill, now=100) == []
    # Among many, an overdue bot is in the first table.
    many = Field((*bots(*"abcde", since=25), Candidate(name="old", idle_since=0)))
    first = form_tables(many, RULES, now=31)[0]
    assert "old" in first.bots and first.reason == "overdue"


def test_a_bot_behind_its_fair_share_is_due() -> None:
    field = [
        Candidate(name=n, idle_since=0, pods=p, available_s=100.0)
        for n, p in [("a", 10), ("b", 10), ("c", 10), ("d", 10), ("e", 2)]
    ]
    credit = fair_credit(field)
    assert credit["e"] == pytest.approx(2 - 42 / 500 * 100)
    (table,) = form_tables(Field(tuple(field)), RULES, now=5)
    assert "e" in table.bots and table.reason == "overdue"


def test_the_most_informative_table_wins_and_recent_tables_are_avoided() -> None:
    names = ("a", "b", "c", "d")
    # a and b are close, each far from c and d: a table with both settles their order most.
    post = Posterior(np.array([1.0, 0.95, -1.0, -3.0]), np.diag([0.5, 0.5, 0.05, 0.05]))
    field = Field(tuple(bots(*names)), posterior=post, names=names)
    (table,) = form_tables(field, RULES, now=10)
    assert {"a", "b"} <= set(table.bots)
    again = Field(field.bots, recent=(frozenset(table.bots),), posterior=post, names=names)
    (other,) = form_tables(again, RULES, now=10)
    assert frozenset(other.bots) != frozenset(table.bots)


def test_entries_apart_from_the_house_bots_get_a_table_with_one() -> None:
    """Three authors who only ever met each other cannot be compared with the house bots (or the
    anchor): the link rule seats the most urgent two with a house bot first; without ``fill``, or once
    joined, they play among themselves."""
    house = [Candidate(name=h, house=True) for h in ("greedy", "random")]
    authors = bots("a@1", "b@1", "c@1", since=5)
    apart = Field((*authors, *house), apart=frozenset({"a@1", "b@1", "c@1"}))
    (table,) = form_tables(apart, RULES, now=10)
    assert table.kind == RATED and table.reason == "link"
    assert table.bots[:2] == ("a@1", "b@1") and table.bots[2] in ("greedy", "random")
    for field, rules in ((Field((*authors, *house)), RULES), (apart, rules_of(3, True, fill=False))):
        (table,) = form_tables(field, rules, now=10)
        assert table.reason == "information" and sorted(table.bots) == ["a@1", "b@1", "c@1"]


def test_the_book_stops_linking_an_entry_once_its_table_started() -> None:
    book = LadderBook(RULES, ("greedy",))
    book.update(0, {n: Presence(True) for n in ("a@1", "b@1", "c@1")})
    book.set_posterior(None, ["a@1", "b@1", "c@1", "greedy"], joined=["greedy"])
    assert book.field(1).apart == {"a@1", "b@1", "c@1"}
    (table,) = form_tables(book.field(5), RULES, now=5)
    book.started(table, 5)
    assert book.field(6).apart == {"c@1"}  # not a second link table for a and b before the refit
    book.set_posterior(None, ["a@1", "b@1", "c@1", "greedy"], joined=["greedy", "a@1", "b@1"])
    assert book.field(7).apart == {"c@1"}
    book.set_posterior(None, ["a@1", "b@1", "c@1", "greedy"])  # not known yet: nobody apart
    assert book.field(8).apart == frozenset()


def test_house_pods_are_kept_under_way() -> None:
    house = tuple(Candidate(name=h, house=True) for h in ("x", "y", "z"))
    rules = rules_of(3, True, house_pods=2)
    tables = form_tables(Field(house, house_running=1), rules, now=0)
    assert [t.kind for t in tables] == [HOUSE] and sorted(tables[0].bots) == ["x", "y", "z"]


def present_with_gaps(name: str, t: float) -> bool:
    """bot0..bot3 leave for ten minutes every half hour; the others stay."""
    index = int(name.removeprefix("bot"))
    return index >= 4 or (t + 300 * index) % 1800 > 600


@pytest.mark.slow
def test_a_simulated_hour_bounds_waits_balances_games_and_meets_every_neighbour() -> None:
    elo = {f"bot{i}": 1200 + 60 * i for i in range(10)} | {"house": 1400}
    rules = rules_of(4, True, max_wait_s=20, gather_s=2, balance=2, repeat_window=4)
    result = simulate(elo, rules, hours=1.5, pod_s=25, house=("house",), present=present_with_gaps, seed=3)
    assert result.violations == []
    book = result.book
    assert book is not None
    assert book.longest_wait(1.5 * 3600) <= 20 + 0.5  # the bound, within a tick
    steady = [f"bot{i}" for i in range(4, 10)]  # available all the time
    pods = [book.pods[n] for n in steady]
    assert min(pods) >= 20 and max(pods) / min(pods) <= 1.25, pods
    met = result.pair_meetings()
    order = sorted((n for n in elo if n != "house"), key=elo.__getitem__)
    for a, b in itertools.pairwise(order):
        assert met.get(frozenset((a, b)), 0) >= 1, (a, b)
    rated = [t for _, t in result.tables if t.kind == RATED and t.reason not in ("overdue", "fill")]
    for before, after in itertools.pairwise(rated):  # never the same table twice in a row, but to
        assert frozenset(before.bots) != frozenset(after.bots)  # seat a bot that waited too long
    for when, t in result.tables:  # an absent bot is never seated
        assert all(present_with_gaps(bot_of(n), when) for n in t.bots if bot_of(n) != "house")
    seen = [RatedMatch(m.pod, tuple(bot_of(b) for b in m.bots), m.places) for m in result.matches]
    assert len(met_groups(seen)) == 1  # every author's rating compares with the house bot's
