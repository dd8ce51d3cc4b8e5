"""Seeded chance: independent named streams derived from one match seed.

``MatchRng(seed).stream("dice")`` is a generator that depends only on the seed and the name, so two
matches with one seed roll the same dice whatever the seats do (duplicate play), and adding a new
stream never shifts an existing one. Stream seeds come from SHA-256, not Python's ``hash()``, and the
draws use only ``getrandbits`` of the Mersenne Twister (whose output Python keeps stable across
versions), never ``randrange``/``shuffle`` whose algorithms may change. Only :func:`secret_seed`, for
hosts, reads the OS's randomness; nothing in a match does.
"""

from __future__ import annotations

import array
import hashlib
import random
import secrets
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


def derive_seed(*parts: object) -> int:
    """A 64-bit integer from the text of ``parts``, stable across processes and Python versions."""
    text = "\x1f".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


SECRET_SEED_BITS = 128
"""Bits of entropy of a seed drawn by :func:`secret_seed`."""


def secret_seed() -> int:
    """A fresh match or tournament seed from the OS (``secrets``), for a host that gives none: a bot
    cannot search it, and the host keeps it to replay the match."""
    return secrets.randbits(SECRET_SEED_BITS)


class Stream(random.Random):
    """One named stream of chance. Use only the methods defined here in engine code."""

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` by rejection sampling on ``getrandbits``."""
        if n <= 0:
            raise ValueError(f"below({n}): n must be positive")
        k = n.bit_length()
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def die(self, sides: int = 6) -> int:
        """A fair die roll in ``1..sides``."""
        return self.below(sides) + 1

    def dice(self, count: int, sides: int = 6) -> list[int]:
        """``count`` rolls of :meth:`die` in one call: the same draws in the same order."""
        if sides <= 0:
            raise ValueError(f"dice({count}, {sides}): sides must be positive")
        k = sides.bit_length()
        getrandbits = self.getrandbits
        out = []
        for _ in range(count):
            r = getrandbits(k)
            while r >= sides:
                r = getrandbits(k)
            out.append(r + 1)
        return out

    def pick(self, items: Sequence[T]) -> T:
        """A uniform element of a non-empty sequence."""
        return items[self.below(len(items))]

    def mix(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates on :meth:`below`)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Stream:
        twin = Stream.__new__(Stream)  # no seeding from the OS: the state is set next
        twin.setstate(self.getstate())
        return twin


class MatchRng:
    """The chance of one match: a lazily created :class:`Stream` per name."""

    __slots__ = ("_streams", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._streams: dict[str, Stream] = {}

    def stream(self, name: str) -> Stream:
        s = self._streams.get(name)
        if s is None:
            s = Stream(derive_seed("arena-match", self.seed, name))
            self._streams[name] = s
        return s

    def clone(self) -> MatchRng:
        twin = MatchRng(self.seed)
        twin._streams = {k: v.copy() for k, v in self._streams.items()}
        return twin

    def fingerprint_parts(self) -> list[object]:
        """The positions of the streams in use, in name order (for state fingerprints): each stream's
        whole state (625 words) as a SHA-256 digest, which a state's fingerprint renders in a few
        bytes instead of some 6 KB of text per stream."""
        return [[name, _state_digest(self._streams[name])] for name in sorted(self._streams)]


def _state_digest(stream: Stream) -> str:
    """A hex SHA-256 of a stream's state (its Mersenne Twister words and position)."""
    return hashlib.sha256(array.array("Q", stream.getstate()[1]).tobytes()).hexdigest()
