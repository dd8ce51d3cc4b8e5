"""Bots the data bound on one side only, and exact posterior quantiles for them.

Pure numpy, over the model of :mod:`ladders.model`.

Design detail: separation. The likelihood has a finite maximum only when the "placed ahead of or tied
with" graph of the bots is strongly connected (Hunter, 2004, for Plackett-Luce; a Davidson-Luce tie bounds
a difference both ways). When it is not, a group of bots that never placed behind anyone outside it
(an unbeaten bot, or two strong bots that only ever lost to each other) can be moved up without limit:
only the prior stops it, and the posterior of such a bot is a plateau cut off on one side. Such a bot
gets a one-sided bound (:attr:`Side.LOWER`: "at least"), the mirror group at the bottom
:attr:`Side.UPPER` ("at most"), and a group in between or one that met nobody else a two-sided
interval computed the same exact way.

Design detail: exact quantiles. A Gaussian (Laplace) approximation is poor on a plateau, so these bots'
quantiles come from their marginal posterior, computed on a grid along the rating: at each value the
other parameters are set to their conditional mode and the Laplace correction
``-1/2 log det`` of the conditional Hessian is added (the "profile posterior with a determinant
correction"); the density is integrated piecewise-exponentially between grid points.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ladders.model import Design, FloatArray, GaussianPrior, maximise


class Side(enum.Enum):
    """Which sides of a bot's rating the data bound."""

    BOTH = "two-sided"
    """An ordinary two-sided interval."""
    LOWER = "at least"
    """Unbeaten by anyone below its group: only a lower bound (a one-sided bound, :mod:`ladders.onesided`)."""
    UPPER = "at most"
    """Never ahead of anyone above its group: only an upper bound."""


def ahead_matrix(d: Design) -> npt.NDArray[np.bool_]:
    """``ahead[a, b]``: some seat of bot ``a`` placed ahead of, or tied with, a seat of bot ``b``."""
    nb = len(d.names)
    ahead = np.zeros((nb, nb), dtype=np.bool_)
    for s in range(d.seats):
        for t in range(d.seats):
            if s == t:
                continue
            mask = d.places[:, s] <= d.places[:, t]
            ahead[d.bot_index[mask, s], d.bot_index[mask, t]] = True
    np.fill_diagonal(ahead, False)
    return ahead


def components(d: Design) -> tuple[int, ...]:
    """The strongly connected component of every bot (in ``d.names`` order), numbered from 0."""
    reach = closure(ahead_matrix(d))
    same = reach & reach.T
    label: dict[int, int] = {}
    out = []
    for b in range(len(same)):
        first = int(np.argmax(same[b]))
        out.append(label.setdefault(first, len(label)))
    return tuple(out)


def body(d: Design, strength: FloatArray) -> tuple[int, ...]:
    """The bots of the largest strongly connected component: the group the ratings are read against.

    Among equally large ones, the one with most seats played, then the one whose mean ``strength``
    (the fitted ``theta``) is nearest the median bot's, so that in a ladder of single separated bots the
    reference is in the middle rather than at an end.
    """
    comp = components(d)
    games = np.bincount(d.bot_index.ravel(), minlength=len(d.names))
    labels = np.array(comp)
    middle = float(np.median(strength))

    def key(c: int) -> tuple[int, int, float, int]:
        inside = labels == c
        return (
            int(inside.sum()),
            int(games[inside].sum()),
            -abs(float(strength[inside].mean()) - middle),
            -c,
        )

    best = max(set(comp), key=key)
    return tuple(b for b in range(len(comp)) if comp[b] == best)


def sides(d: Design, reference: Sequence[int]) -> tuple[Side, ...]:
    """The :class:`Side` of every bot's rating relative to the ``reference`` bots (one strongly connected
    group); all :attr:`Side.BOTH` when the graph is strongly connected.

    An edge ``a -> b`` (``a`` placed ahead of or tied with ``b`` once) bounds ``theta[b] - theta[a]``
    from above; so does a chain of them. A group reachable from the reference but not reaching it is
    bounded above only (:attr:`Side.UPPER`), the reverse :attr:`Side.LOWER`, and a group that neither
    reaches nor is reached is bounded by the prior alone (:attr:`Side.BOTH`, computed exactly).
    """
    reach = closure(ahead_matrix(d))
    r = reference[0]
    out = []
    for b in range(len(reach)):
        bounded_above, bounded_below = bool(reach[r, b]), bool(reach[b, r])
        if bounded_above == bounded_below:
            out.append(Side.BOTH)
        elif bounded_below:
            out.append(Side.LOWER)
        else:
            out.append(Side.UPPER)
    return tuple(out)


def closure(step: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
    """Reflexive transitive closure of a relation given as a boolean matrix."""
    reach = step | np.eye(len(step), dtype=np.bool_)
    while True:
        wider = (reach.astype(np.int64) @ reach.astype(np.int64)) > 0
        if np.array_equal(wider, reach):
            return reach
        reach = wider


def marginal_quantiles(
    d: Design,
    prior: GaussianPrior,
    mode: FloatArray,
    hessian: FloatArray,
    contrast: FloatArray,
    probabilities: Sequence[float],
    temper: float = 1.0,
) -> list[float]:
    """Quantiles of ``contrast @ x`` under the posterior (natural units), from its marginal density.

    ``mode`` and ``hessian`` are the posterior mode and the Hessian of the log-posterior there; with
    ``temper > 1`` the likelihood is raised to ``1 / temper`` (games correlated within pods) and the
    mode is found again first.
    """
    if temper != 1.0:
        mode, _, hessian = maximise(d, prior, mode, temper=temper)
    c = contrast
    norm2 = float(c @ c)
    t0 = float(c @ mode)
    sd0 = math.sqrt(max(float(c @ np.linalg.solve(-hessian, c)), 1e-12))
    # An orthonormal basis of the directions that keep c @ x fixed.
    q, _ = np.linalg.qr(np.column_stack([c, np.eye(len(c))]))
    basis = q[:, 1 : len(c)]

    def log_density(t: float, start: FloatArray) -> tuple[float, FloatArray]:
        shifted = start + (t - float(c @ start)) * c / norm2
        x, value, hess = maximise(d, prior, shifted, tol=1e-7, basis=basis, temper=temper)
        sign, logdet = np.linalg.slogdet(-(basis.T @ hess @ basis))
        return value - 0.5 * logdet if sign > 0 else -math.inf, x

    top, _ = log_density(t0, mode)
    points = [(t0, top)]
    for direction in (-1.0, 1.0):
        t, x, step = t0, mode, 0.5 * sd0
        for _ in range(60):
            t += direction * step
            value, x = log_density(t, x)
            points.append((t, value))
            top = max(top, value)
            if value < top - 10.0:
                break
            step *= 1.3
    points.sort()
    ts = np.array([p[0] for p in points])
    ls = np.array([p[1] for p in points]) - top
    mass = np.array([_segment(ts[i], ts[i + 1], ls[i], ls[i + 1]) for i in range(len(ts) - 1)])
    cumulative = np.concatenate(([0.0], np.cumsum(mass)))
    total = float(cumulative[-1])
    out = []
    for p in probabilities:
        target = p * total
        i = int(np.searchsorted(cumulative, target, side="right")) - 1
        i = min(max(i, 0), len(mass) - 1)
        out.append(float(_within(ts[i], ts[i + 1], ls[i], ls[i + 1], target - float(cumulative[i]))))
    return out


def _segment(a: float, b: float, la: float, lb: float) -> float:
    """The integral of ``exp`` of the straight line from ``(a, la)`` to ``(b, lb)``."""
    if not (math.isfinite(la) and math.isfinite(lb)):
        return 0.0
    slope = (lb - la) / (b - a)
    if abs(slope) < 1e-12:
        return (b - a) * math.exp(la)
    return (math.exp(lb) - math.exp(la)) / slope


def _within(a: float, b: float, la: float, lb: float, mass: float) -> float:
    """The point of the segment below which the integral is ``mass``."""
    if not (math.isfinite(la) and math.isfinite(lb)):
        return a if math.isfinite(la) else b
    slope = (lb - la) / (b - a)
    if abs(slope) < 1e-12:
        return a + mass / math.exp(la)
    inside = math.exp(la) + slope * mass
    if inside <= 0.0:
        return b
    return min(max(a + (math.log(inside) - la) / slope, a), b)
