"""The longest trail in a network of one seat's pieces that holds a loop (seafarers.md §5.7).

A network is given as in :mod:`.routes`: ``links`` maps each node to its ``(edge, other node)`` pairs,
``nodes`` lists the network's nodes and ``pieces`` counts its links; it has a loop when ``pieces`` is
at least ``len(nodes)``. Three measures, by the number of independent loops (``pieces - nodes + 1``):

- **one loop** (:func:`one_loop`): measured directly, in one pass;
- **two or three** (:func:`few_loops`): the loops and the paths joining them reduce to a few forks
  and runs of pieces between them, whose trails are listed;
- **more** (:func:`_search`): a depth-first search over every trail (as fast on such networks, and
  with more loops the forks' trails grow faster than the search).

Design detail: the first two peel the trees hanging off the loops, leaf after leaf
(:func:`_peel`). A trail enters a hanging tree only at one of its two ends (it cannot come back out
of a tree without using a piece twice), so a trail is a trail of the loops' part, the *core*, with at
most one hanging branch added at each end, or lies within the hanging trees. Peeling gives every node
the depth of its deepest hanging branch and of the deepest in another branch.
"""

from __future__ import annotations

Links = dict[int, list[tuple[int, int]]]
"""node -> [(edge of a piece, the node at its other end)]"""

_KNOWN: dict[frozenset[int], int] = {}
"""Longest trails of networks with two or more loops, by the network's links (see :func:`longest_loop`)."""
_CORES: dict[frozenset[int], int] = {}
"""The longest trails through the core of networks with two or three loops (see :func:`_few_known`)."""
_KNOWN_LIMIT = 1 << 16
_BRANCH = 1 << 40
_SHIFT = 1 << 19
_NONE = -(1 << 30)
"""Below any length: an option that does not exist."""


def longest_loop(links: Links, nodes: list[int], pieces: int) -> int:
    """The longest trail in a network with a loop (its ``nodes`` and number of ``pieces``)."""
    if pieces == len(nodes):
        return one_loop(links, nodes)
    # node ids are canonical (see :mod:`.routes`), so a network's links name its shape: a network with
    # several loops is measured once per shape (ships moved to and fro give the same networks again). A
    # link is one int, a * 2**20 + b, exact while node ids stay within +-2**19 (the maps span -298..430).
    # With one loop, measuring costs about what the key does.
    key = frozenset((a << 20) + b for a in nodes for _, b in links[a] if a < b)
    found = _KNOWN.get(key)
    if found is None:
        found = _few_known(links, nodes) if pieces <= len(nodes) + 2 else _search(links, nodes, pieces)
        if len(_KNOWN) >= _KNOWN_LIMIT:
            _KNOWN.clear()
        _KNOWN[key] = found
    return found


def _few_known(links: Links, nodes: list[int]) -> int:
    """:func:`few_loops`, its part through the core kept by the core's links and its nodes' two
    deepest hanging branches (a ship moved among the hanging trees often leaves those alike while
    the whole network's shape is new). A branch entry is one int above every link's:
    2**40 + (node + 2**19) * 2**12 + deep * 2**6 + second (depths stay below 64: a seat has 30
    pieces at most)."""
    left, deep, second, best = _peel(links, nodes)
    core = [v for v in nodes if left[v]]
    key = frozenset(
        [(a << 20) + b for a in core for _, b in links[a] if a < b and left[b]]
        + [_BRANCH + ((v + _SHIFT) << 12) + (deep[v] << 6) + second[v] for v in core if deep[v]]
    )
    found = _CORES.get(key)
    if found is None:
        found = _through_core(links, core, left, deep, second, 0)
        if len(_CORES) >= _KNOWN_LIMIT:
            _CORES.clear()
        _CORES[key] = found
    return found if found > best else best


def _peel(links: Links, nodes: list[int]) -> tuple[dict[int, int], dict[int, int], dict[int, int], int]:
    """Peel the hanging trees: per node the pieces left to it (0 once peeled, so the core's nodes are
    those left with some), the depth of its deepest hanging branch, that of the deepest in another
    branch, and the longest trail within the hanging trees (through a peeled node)."""
    left: dict[int, int] = {}
    leaves = []
    for v in nodes:
        n = len(links[v])
        left[v] = n
        if n == 1:
            leaves.append(v)
    deep = dict.fromkeys(nodes, 0)
    second = deep.copy()
    best = 0
    for v in leaves:  # grows as nodes are left with one piece: each comes after its branches
        left[v] = 0
        d = deep[v]
        if d + second[v] > best:
            best = d + second[v]
        d += 1
        for _, up in links[v]:
            n = left[up]
            if n:  # the one neighbour not peeled
                if d > deep[up]:
                    second[up] = deep[up]
                    deep[up] = d
                elif d > second[up]:
                    second[up] = d
                n -= 1
                left[up] = n
                if n == 1:
                    leaves.append(up)
                break
    return left, deep, second, best


def one_loop(links: Links, nodes: list[int]) -> int:
    """The longest trail in a network with exactly one loop.

    Design detail: with one loop a trail either passes no node twice (a path) or goes round the whole
    loop once, leaving and rejoining it at one node. A path lies within the hanging trees, or runs
    from one loop node's deepest branch along the longer arc to another's; a trail round the loop adds
    the two deepest branches of one loop node to the whole loop.
    """
    left, deep, second, best = _peel(links, nodes)
    loop = [v for v in nodes if left[v]]
    size = len(loop)
    ring = [loop[0]]  # the loop's nodes in order round it
    prev, here = -1, loop[0]
    while True:
        for _, nxt in links[here]:
            if left[nxt] and nxt != prev:
                break
        if nxt == ring[0]:
            break
        ring.append(nxt)
        prev, here = here, nxt
    behind = ahead = -size  # the best deep - i and deep + i of the loop nodes before the current one
    for i, v in enumerate(ring):
        d = deep[v]
        if size + d + second[v] > best:
            best = size + d + second[v]
        # a path from an earlier loop node's deepest branch to this one's, along the longer arc
        n = max(d + i + behind, d - i + ahead + size)
        if n > best:
            best = n
        if d - i > behind:
            behind = d - i
        if d + i > ahead:
            ahead = d + i
    return best


def few_loops(links: Links, nodes: list[int]) -> int:
    """The longest trail in a network with two or more independent loops (meant for two or three).

    Design detail: the core is a few *forks* (nodes with three or more core pieces: at most two with
    two loops, four with three) and *runs* of pieces between them (or from a fork back to itself),
    each run's inner nodes carrying their hanging branches. A trail goes from fork ``x`` to fork ``y``
    over whole runs, with an end piece added at each side: at ``x`` either ``x``'s deepest branch or a
    part of an unused run of ``x`` up to one inner node and that node's deepest branch (the run's *way
    in* from ``x``), and the same at ``y``. The two end pieces may not overlap: the same node's branch twice means its two
    deepest branches, the same run twice is allowed only entering it from its two ends (its inner nodes
    ``i <= j`` counted from one end). Trails touching no fork lie within one run or its branches.
    The forks' trails over a few runs are few, so all are listed, each measured from the fork it
    starts at when that comes first among the forks (else it is the reverse of one measured). Trails
    over the same runs from the same fork to the same fork, in another order, have the same length
    and the same end pieces: each such set is listed once (kept as one int, the runs' bits above the
    fork's id: a fork is a corner's node, never negative, below 2**19 as :func:`longest_loop` assumes).
    """
    left, deep, second, best = _peel(links, nodes)
    return _through_core(links, [v for v in nodes if left[v]], left, deep, second, best)


def _through_core(
    links: Links,
    core: list[int],
    left: dict[int, int],
    deep: dict[int, int],
    second: dict[int, int],
    best: int,
) -> int:
    """The longest trail of :func:`few_loops` touching the ``core`` (its nodes), or ``best`` if none is
    longer, from :func:`_peel`'s figures."""
    forks = [v for v in core if left[v] > 2]
    for v in forks:
        if deep[v] + second[v] > best:
            best = deep[v] + second[v]
    # fork -> [(the run's bit, the fork at its other end, its pieces, its way in from this fork)]
    runs: dict[int, list[tuple[int, int, int, int]]] = {v: [] for v in forks}
    both: dict[int, int] = {}  # run bit -> the best pair of end pieces entering it from its two ends
    loops: set[int] = set()  # runs from a fork back to itself
    walked: set[int] = set()
    bit = 1
    for start in forks:
        for first, nxt in links[start]:
            if not left[nxt] or first in walked:
                continue
            walked.add(first)
            # along the run, ``i`` pieces from ``start`` to the inner node ``node``
            i, prev, node = 1, first, nxt
            near = far = pair = run = inner = _NONE
            while node not in runs:
                d = deep[node]
                s = second[node]
                if d + s > best:
                    best = d + s
                if i + d > near:  # in from ``start`` up to ``node``
                    near = i + d
                if d - i > far:  # in from the other end (plus the run's pieces)
                    far = d - i
                if inner + d + i > best:  # from an earlier inner node's branch to this one's
                    best = inner + d + i
                if d - i > inner:
                    inner = d - i
                # out towards ``start`` from an earlier inner node (or this one's two branches), and
                # back in from the other end to this one (plus the run's pieces)
                if run + d - i > pair:
                    pair = run + d - i
                if d + s > pair:
                    pair = d + s
                if i + d > run:
                    run = i + d
                for step, ahead in links[node]:
                    if step != prev and left[ahead]:
                        break
                walked.add(step)
                i += 1
                prev, node = step, ahead
            pieces = i
            far = far + pieces if far > _NONE else _NONE
            both[bit] = pair + pieces if pair > _NONE else _NONE
            if node == start:
                loops.add(bit)
                runs[start].append((bit, start, pieces, max(near, far)))
            else:
                runs[start].append((bit, node, pieces, near))
                runs[node].append((bit, start, pieces, far))
            bit <<= 1
    # the best end piece at each fork, whatever is used: a bound on what a trail's ends add
    top = {v: max([deep[v]] + [way for _, _, _, way in runs[v]]) for v in forks}
    order = {v: k for k, v in enumerate(forks)}
    for x in forks:
        trails = [(x, 0, 0)]  # (the fork reached, the runs used, their pieces)
        reached = set()  # the runs used and the fork reached, as one int, of the trails listed
        while trails:
            y, used, length = trails.pop()
            for b, z, n, _ in runs[y]:
                if not used & b:
                    more = used | b
                    key = (more << 20) + z
                    if key not in reached:  # the same runs in another order: the same ends, the same length
                        reached.add(key)
                        trails.append((z, more, length + n))
            if order[y] < order[x] or length + top[x] + top[y] <= best:
                continue  # found from the fork it ends at (the same trail reversed), or too short
            # the two best end pieces at x and at y, and what each uses (-1 / -2: x's / y's branch)
            s1, s_tag, s2 = _two_best(runs[x], used, deep[x], -1)
            e1, e_tag, e2 = _two_best(runs[y], used, deep[y], -1 if y == x else -2)
            if s_tag != e_tag:
                ends = s1 + e1
            else:
                ends = max(s1 + e2, s2 + e1)
                if s_tag == -1:
                    ends = max(ends, deep[x] + second[x])
                elif x != y or s_tag in loops:
                    ends = max(ends, both[s_tag])
            if length + ends > best:
                best = length + ends
    return best


def _two_best(
    runs: list[tuple[int, int, int, int]], used: int, branch: int, tag: int
) -> tuple[int, int, int]:
    """Of a fork's end pieces (its deepest ``branch``, tagged ``tag``, and the way into each of its
    ``runs`` not ``used``, tagged by the run's bit): the best, its tag, and the second best."""
    first, first_tag, second = branch, tag, _NONE
    for bit, _, _, way in runs:
        if not used & bit:
            if way > first:
                first, first_tag, second = way, bit, first
            elif way > second:
                second = way
    return first, first_tag, second


def _search(links: Links, nodes: list[int], pieces: int) -> int:
    """The longest trail in any network with a loop, by a search over its trails.

    Design detail: a longest trail cannot be made longer, so each of its ends, unless it is closed,
    is a node whose pieces it uses up, an odd number of them (a closed one is the whole network,
    whose nodes then all have an even number). The search runs from all odd nodes but one over the
    network with its runs of pass-through nodes folded into weighted links, with a bitmask of the runs
    used. Every odd node but the trail's two ends keeps a piece of its own out of the trail, at least
    its shortest run, and one run left out serves at most two of them: the search stops once it finds
    a trail that long.
    """
    odd = [v for v in nodes if len(links[v]) & 1]
    if not odd:
        return pieces  # every node has an even number of pieces: one closed trail uses them all
    chains = _chains(links, nodes)
    shortest = sorted(min(weight for _, _, weight in chains[v]) for v in odd)
    cap = pieces - (sum(shortest[:-2]) + 1) // 2
    best = 0

    def extend(node: int, used: int, length: int) -> None:
        nonlocal best
        end = True
        for bit, nxt, weight in chains[node]:
            if not used & bit:
                end = False
                extend(nxt, used | bit, length + weight)
        if end and length > best:
            best = length
            if best >= cap:
                raise _Reached

    try:
        for v in odd[:-1]:  # a trail from the last one ends at another, from which it was found
            extend(v, 0, 0)
    except _Reached:
        pass
    return best


class _Reached(Exception):
    """The search found a trail as long as a trail of the network can be."""


def _chains(links: Links, nodes: list[int]) -> dict[int, list[tuple[int, int, int]]]:
    """The network with every run of pass-through nodes (two pieces) folded into one weighted link:
    ``node -> [(bit, other end, pieces)]`` between the nodes that are not pass-through. A trail
    entering such a run goes through all of it."""
    chains: dict[int, list[tuple[int, int, int]]] = {v: [] for v in nodes if len(links[v]) != 2}
    walked: set[int] = set()
    bit = 1
    for start, out in chains.items():
        for first, nxt in links[start]:
            if first in walked:
                continue
            walked.add(first)
            weight, prev, node = 1, first, nxt
            while len(links[node]) == 2:
                step, ahead = links[node][0] if links[node][1][0] == prev else links[node][1]
                walked.add(step)
                weight += 1
                prev, node = step, ahead
            out.append((bit, node, weight))
            if node != start:
                chains[node].append((bit, start, weight))
            bit <<= 1
    return chains
