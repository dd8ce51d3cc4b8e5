"""The field the ratings are read against: which bots' mean is the anchor, and each bot's contrast.

Pure numpy; used by :mod:`ladders.fit`. Reference: ``docs/ladders.md`` (The rating model, Anchor).

Design detail: the reference. 1500 is the mean of the established bots (``min_pods`` or more) of the
largest strongly connected group of bots (:func:`ladders.bounds.body`), or of the whole group while none
is established, so that a newcomer's uncertain first games do not move everyone else. For the same
reason a bot whose rating against the rest of the group is skewed (:func:`ladders.intervals.skew`: it
is one game from separation, say a bot that lost one game of 80 to a field 1,200 Elo below it) is left
out of the mean: its rating is so uncertain on one side that with it in the mean, the single game it
lost would move every other bot by 50 Elo, and their intervals would miss.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ladders.bounds import body
from ladders.intervals import SKEW_LIMIT, skew
from ladders.model import Design, FloatArray, GaussianPrior


@dataclass(frozen=True, slots=True)
class Field:
    """The reference of a fit and what the intervals need of it."""

    group: tuple[int, ...]
    """The strongly connected group the ratings are read against (bot indices)."""
    base: tuple[int, ...]
    """The established bots of :attr:`group` (all of it while none is; the anchor bot when one is
    named): the reference before any skewed bot is left out. The pooled design effect is read against
    it, so that it does not depend on the skew test."""
    reference: tuple[int, ...]
    """The bots whose mean is the anchor rating."""
    contrasts: tuple[FloatArray, ...]
    """Per bot, its rating against the mean of :attr:`reference` as a contrast of the parameters."""
    skews: dict[int, float]
    """Per bot of :attr:`group`, the :func:`ladders.intervals.skew` of its contrast."""


def read_field(
    d: Design,
    prior: GaussianPrior,
    mode: FloatArray,
    top: float,
    covariance: FloatArray,
    comp: Sequence[int],
    pods_of: Sequence[int],
    anchor_bot: str | None,
    min_pods: int,
) -> Field:
    """The field of a fit: ``top`` is the log-posterior at ``mode``, ``comp`` the strongly connected
    component of every bot. With ``anchor_bot`` the reference is that bot alone."""
    nb = len(d.names)
    group, base = established(d, mode, comp, pods_of, anchor_bot, min_pods)
    reference = base

    def measured(reference: tuple[int, ...]) -> tuple[tuple[FloatArray, ...], dict[int, float]]:
        contrasts = tuple(against(d, b, reference) for b in range(nb))
        return contrasts, {b: skew(d, prior, mode, top, covariance, contrasts[b]) for b in group}

    contrasts, skews = measured(reference)
    if anchor_bot is None and len(reference) >= 3:
        # A bot skewed against the mean is checked against the mean of the others, which it is not in.
        apart = {
            b
            for b in reference
            if skews[b] > SKEW_LIMIT
            and skew(d, prior, mode, top, covariance, against(d, b, [r for r in reference if r != b]))
            > SKEW_LIMIT
        }
        if apart and len(apart) < len(reference):
            reference = tuple(b for b in reference if b not in apart)
            contrasts, skews = measured(reference)
    return Field(group, base, reference, contrasts, skews)


def established(
    d: Design,
    mode: FloatArray,
    comp: Sequence[int],
    pods_of: Sequence[int],
    anchor_bot: str | None,
    min_pods: int,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The group the ratings are read against and its established bots (:attr:`Field.group` and
    :attr:`Field.base`), without the skew test."""
    if anchor_bot is not None:
        anchor = d.names.index(anchor_bot)
        return tuple(b for b in range(len(d.names)) if comp[b] == comp[anchor]), (anchor,)
    group = body(d, mode[: len(d.names)])
    return group, tuple(b for b in group if pods_of[b] >= min_pods) or group


def against(d: Design, bot: int, reference: Sequence[int]) -> FloatArray:
    """The contrast of ``bot`` against the mean of ``reference``."""
    c = np.zeros(d.parameters)
    c[list(reference)] = -1.0 / len(reference)
    c[bot] += 1.0
    return c
