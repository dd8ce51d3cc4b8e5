"""Learning environments over the engine: Gymnasium (one seat learns) and PettingZoo AEC (every seat).

Importing the package registers the Gymnasium ids, each valid with its defaults:

- ``arena/PuertoRico-v0`` (``players`` 3-5),
- ``arena/Catan-v0`` (``variant`` base, extended or helpers, and ``players``),
- ``arena/CatanCK-v0`` (Cities & Knights, ``players`` 3-4, its options as keywords),

with the keywords of :class:`learning.gym_env.ArenaEnv` (``opponents=``, ``seat=``, ``reward=``...).
:func:`learning.aec_env.aec_env` builds the PettingZoo environment of any game. The engine never
imports this package; it sees the games only through their public surface (observations, legal actions,
the arena's match loop). See ``docs/learning.md``.
"""

from __future__ import annotations

import gymnasium

ENVIRONMENTS: dict[str, dict[str, str]] = {
    "arena/PuertoRico-v0": {"game": "puerto-rico"},
    "arena/Catan-v0": {"game": "catan"},
    "arena/CatanCK-v0": {"game": "catan-ck"},
}
"""Gymnasium id -> the keywords it fixes."""


def register() -> None:
    """Register the ids of :data:`ENVIRONMENTS` (again: a no-op)."""
    for env_id, kwargs in ENVIRONMENTS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="learning.gym_env:ArenaEnv", kwargs=dict(kwargs))


register()
