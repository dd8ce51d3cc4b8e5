"""Fair play, calibrated by simulation: an honest ladder reports a pair at most as often as ``alpha``
allows (the pods' correlation included), and a bot that loses to its partner whenever they share a
table is found, with the evidence."""

from __future__ import annotations

import numpy as np
import pytest

from arena.schedule import make_pod
from ladders.fairplay import held_out, pair_scores, suspicious_pairs
from ladders.fit import fit_ladder
from ladders.records import RatedMatch
from tests.ladders.simulate import play_pod

ELO = {f"bot{i}": 1300.0 + 60 * i for i in range(8)}


def ladder(
    seed: int, feeder: str = "", partner: str = "", shared: float = 0.3
) -> list[tuple[str, RatedMatch]]:
    """60 duplicate pods of random tables of four (as a league's matchmaker might seat them), played
    by the model with correlated pods; the feeder, if any, throws every game to its partner."""
    rng = np.random.default_rng(seed)
    names = list(ELO)
    matches: list[RatedMatch] = []
    for k in range(60):
        table = tuple(names[int(i)] for i in sorted(rng.choice(len(names), 4, replace=False)))
        pod = make_pod("t", k, 0, table, seed, "duplicate")
        matches += play_pod(pod, ELO, np.array([0.0, 20.0, 40.0, 60.0]), rng, shared=shared)
    out = []
    for k, m in enumerate(matches):
        places = list(m.places)
        if feeder in m.bots and partner in m.bots:
            f, p = m.bots.index(feeder), m.bots.index(partner)
            if places[f] < places[p]:  # the feeder throws the game to its partner
                places[f], places[p] = places[p], places[f]
        out.append((f"t-{k // 4:04d}-{k % 4}", RatedMatch(m.pod, m.bots, tuple(places))))
    return out


@pytest.mark.slow
def test_an_honest_ladder_reports_a_pair_at_most_as_often_as_alpha_allows() -> None:
    flagged, scores = 0, []
    for seed in range(20):
        matches = ladder(seed)
        standings = fit_ladder([m for _, m in matches])
        flagged += bool(suspicious_pairs(matches, standings))
        for pair in pair_scores(matches, standings):
            held = held_out(matches, pair, standings)
            assert held is not None
            scores.append(held.z)
    # alpha = 0.01 per ladder: 0.2 reports expected at most in 20 ladders; 3 would be p < 0.002.
    assert flagged <= 2, flagged
    # The deciding scores are near standard normal on honest pairs (pods correlated, as duplicate
    # games are): |z| > 1.96 for about 5 % of them, > 2.58 for about 1 %.
    beyond = sum(z > 1.96 for z in scores) / len(scores)
    far = sum(z > 2.58 for z in scores) / len(scores)
    assert 0.02 <= beyond <= 0.10 and far <= 0.03, (beyond, far, len(scores))


def test_a_feeding_pair_is_found_with_its_evidence() -> None:
    found = 0
    for seed in range(5):
        matches = ladder(100 + seed, feeder="bot6", partner="bot2")
        pairs = suspicious_pairs(matches, fit_ladder([m for _, m in matches]))
        if pairs and (pairs[0].ahead, pairs[0].behind) == ("bot2", "bot6"):
            found += 1
            top = pairs[0]
            assert top.observed == 1.0 and top.expected < 0.5 and top.p_value < top.threshold
            assert top.games == len(top.matches) >= 12
            assert all(mid in {i for i, _ in matches} for mid in top.matches)
            assert "bot2 placed ahead of bot6 in 100% of" in top.text()
    assert found >= 4, found


def test_a_bot_seen_only_at_the_pairs_tables_does_not_stop_the_check() -> None:
    # A house bot that filled one table of the feeding pair and played nowhere else.
    matches = ladder(3, feeder="bot6", partner="bot1")
    for r in range(4):
        bots = ("bot6", "bot1", "bot4", "house")[r:] + ("bot6", "bot1", "bot4", "house")[:r]
        places = tuple(2 if b == "bot6" else 1 if b == "bot1" else 3 if b == "bot4" else 4 for b in bots)
        matches.append((f"t-0099-{r}", RatedMatch("filled", bots, places)))
    standings = fit_ladder([m for _, m in matches])
    found = suspicious_pairs(matches, standings)
    assert found and (found[0].ahead, found[0].behind) == ("bot1", "bot6")
    assert {f"t-0099-{r}" for r in range(4)} <= set(found[0].matches)
