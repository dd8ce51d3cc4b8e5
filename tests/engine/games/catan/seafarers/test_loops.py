"""The longest trail of a network with loops (seafarers.md §5.7), by each of its three measures.

The Longest Trade Route is the longest trail over a seat's split-corner graph (test_routes.py checks
that graph against the rule on the board). Here the measures of a network holding loops are compared
with a plain search over every trail, each piece used once, on drawn networks: a tree with extra links
making one to four loops, with hanging branches, runs of pass-through nodes and links back to the same
node pair excluded (two corners share at most one edge).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games.catan.seafarers.rules.loops import Links, few_loops, longest_loop, one_loop


def every_trail(links: Links) -> int:
    """The longest trail, searched from every node over every unused piece."""
    best = 0

    def walk(node: int, used: frozenset[int], length: int) -> None:
        nonlocal best
        best = max(best, length)
        for edge, nxt in links[node]:
            if edge not in used:
                walk(nxt, used | {edge}, length + 1)

    for v in links:
        walk(v, frozenset(), 0)
    return best


@st.composite
def networks(draw: st.DrawFn, loops: int) -> Links:
    """A connected network of up to 12 nodes with exactly ``loops`` independent loops."""
    size = draw(st.integers(loops + 2, 12))
    links: dict[tuple[int, int], None] = {}
    for v in range(1, size):
        links[(draw(st.integers(0, v - 1)), v)] = None
    pairs = [(a, b) for a in range(size) for b in range(a + 1, size) if (a, b) not in links]
    extra = draw(st.lists(st.sampled_from(pairs), min_size=loops, max_size=loops, unique=True))
    graph: Links = {v: [] for v in range(size)}
    for edge, (a, b) in enumerate([*links, *extra]):
        graph[a].append((edge, b))
        graph[b].append((edge, a))
    return graph


def measure(graph: Links) -> int:
    nodes = list(graph)
    return longest_loop(graph, nodes, sum(len(out) for out in graph.values()) // 2)


@settings(max_examples=150, deadline=None)
@given(networks(1))
def test_one_loop_is_measured_as_every_trail_finds(graph: Links) -> None:
    assert one_loop(graph, list(graph)) == every_trail(graph)
    assert measure(graph) == every_trail(graph)


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 3).flatmap(networks))
def test_two_or_three_loops_are_measured_as_every_trail_finds(graph: Links) -> None:
    assert few_loops(graph, list(graph)) == every_trail(graph)
    assert measure(graph) == every_trail(graph)


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 5).flatmap(networks))
def test_more_loops_are_measured_as_every_trail_finds(graph: Links) -> None:
    assert measure(graph) == every_trail(graph)


def test_a_figure_eight_with_branches() -> None:
    """Two rings of six sharing node 0, a branch of two off the first ring: round both rings and out
    along the branch, 6 + 6 + 2 pieces."""
    edges = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0), (0, 6), (6, 7), (7, 8), (8, 9), (9, 10)]
    edges += [(10, 0), (3, 11), (11, 12)]
    graph: Links = {v: [] for v in range(13)}
    for edge, (a, b) in enumerate(edges):
        graph[a].append((edge, b))
        graph[b].append((edge, a))
    assert few_loops(graph, list(graph)) == 14 == every_trail(graph)


def _graph(edges: list[tuple[int, int]]) -> Links:
    graph: Links = {v: [] for pair in edges for v in pair}
    for edge, (a, b) in enumerate(edges):
        graph[a].append((edge, b))
        graph[b].append((edge, a))
    return graph


def test_networks_alike_at_their_core_differ_in_their_hanging_trees() -> None:
    """Two triangles sharing node 0, and off node 1 a hanging tree nine pieces deep: a stem of one and
    two arms of eight (the longest trail runs arm to arm, 16 pieces), or one path of nine (round both
    triangles and out along it, 6 + 9). The core and its hanging depths are the same, so the second
    network finds the first's trail through the core kept, not its length (seafarers.md §5.7)."""
    core = [(0, 1), (1, 2), (2, 0), (0, 3), (3, 4), (4, 0)]
    arm = [(5, 6), *((v, v + 1) for v in range(6, 13))]
    arms = _graph([*core, (1, 5), *arm, (5, 14), *((v, v + 1) for v in range(14, 21))])
    path = _graph([*core, (1, 5), *arm])
    assert measure(arms) == 16 == every_trail(arms)
    assert measure(path) == 15 == every_trail(path)
