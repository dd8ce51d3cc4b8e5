"""Which bots of a ladder have met, directly or through other bots: the groups its ratings can compare.

Two bots are compared by the results only when a chain of shared matches joins them (A met B, B met C:
A and C are compared through B). Bots of groups no match joins are compared only through the prior,
whatever the intervals say, so :func:`ladders.fit.fit_ladder` names such groups in its warnings, and the
league's matchmaker seats a table that joins them (:mod:`arena.league.matchmaker`, "Link").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ladders.records import RatedMatch


def met_groups(matches: Iterable[RatedMatch]) -> list[tuple[str, ...]]:
    """The groups of bots joined by shared matches, largest first (then by name), each sorted."""
    parent: dict[str, str] = {}

    def root(name: str) -> str:
        parent.setdefault(name, name)
        while parent[name] != name:
            parent[name] = parent[parent[name]]
            name = parent[name]
        return name

    for match in matches:
        first = root(match.bots[0])
        for bot in match.bots[1:]:
            other = root(bot)
            if other != first:
                parent[max(first, other)] = min(first, other)
                first = min(first, other)
    groups: dict[str, list[str]] = {}
    for name in parent:
        groups.setdefault(root(name), []).append(name)
    return sorted((tuple(sorted(g)) for g in groups.values()), key=lambda g: (-len(g), g))


def joined_with(matches: Iterable[RatedMatch], names: Iterable[str]) -> set[str]:
    """The bots of every group that holds one of ``names`` (the league's house bots): those whose
    ratings the results compare with theirs."""
    wanted = set(names)
    return {bot for group in met_groups(matches) if wanted.intersection(group) for bot in group}


def apart_warning(groups: Sequence[tuple[str, ...]], shown: int = 4) -> str | None:
    """The warning for a ladder whose bots fall in more than one group (None for one group)."""
    if len(groups) < 2:
        return None

    def named(group: tuple[str, ...]) -> str:
        more = len(group) - shown
        return ", ".join(group[:shown]) + (f" and {more} more" if more > 0 else "")

    listed = "; ".join(f"[{named(g)}]" for g in groups)
    return (
        f"the bots fall in {len(groups)} groups that never met, directly or through other bots: {listed}."
        " Ratings compare bots of different groups only through the prior, not the results; play tables"
        " that mix them."
    )
