"""A policy that needs nothing beyond numpy, saved to one ``.npz`` file, and the bot that plays it.

:class:`Policy` is a small MLP (one tanh hidden layer, or none: linear) from the encoded observation to
a logit per action slot, with the observation normalised by running statistics; the action is drawn
from the softmax over the legal slots (the mask), or the most likely one is taken (``greedy``).

:class:`PolicyBot` is an SDK bot class: a saved policy plays by spec, in process or over gRPC::

    arena play pr --bots 'py:learning.policy:PolicyBot:path=runs/pr3.npz,pr-greedy,random'
    arena run --game pr --players 3 --bots 'me=py:learning.policy:PolicyBot:path=runs/pr3.npz,...'

The file records the game configuration and the names of the action slots it was trained on; a policy
is refused (one line) in a game whose encoding or action space differs.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import numpy as np

from learning.space import GameSpace
from learning.views import ViewEncoder

FORMAT = "arena-policy/1"


def space_digest(space: GameSpace) -> str:
    """A digest of an encoding's parts and an action space's slot names: what a policy depends on."""
    text = json.dumps([[(n, s) for n, _, s, _ in space.layout.describe()], space.catalog.names])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class Policy:
    """A masked softmax policy over action slots (see the module docstring)."""

    def __init__(self, inputs: int, outputs: int, hidden: int = 128, seed: int = 0, game: str = "") -> None:
        rng = np.random.default_rng(seed)
        self.game = game
        """The canonical game configuration it plays."""
        self.digest = ""
        self.hidden = hidden
        self.params: dict[str, np.ndarray] = {}
        if hidden:
            self.params["w1"] = (rng.standard_normal((inputs, hidden)) / np.sqrt(inputs)).astype(np.float32)
            self.params["b1"] = np.zeros(hidden, np.float32)
            self.params["w2"] = (rng.standard_normal((hidden, outputs)) * 0.01).astype(np.float32)
        else:
            self.params["w2"] = np.zeros((inputs, outputs), np.float32)
        self.params["b2"] = np.zeros(outputs, np.float32)
        self.count = 1e-4
        self.mean = np.zeros(inputs, np.float64)
        self.var = np.ones(inputs, np.float64)

    # -- inference -----------------------------------------------------------------------------------

    def normalise(self, x: np.ndarray) -> np.ndarray:
        return ((x - self.mean) / np.sqrt(self.var + 1e-8)).clip(-5, 5).astype(np.float32)

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
        """Logits (and the hidden activations) of normalised inputs ``x`` (one row per decision)."""
        p = self.params
        if self.hidden:
            h = np.tanh(x @ p["w1"] + p["b1"])
            return h @ p["w2"] + p["b2"], h
        return x @ p["w2"] + p["b2"], None

    @staticmethod
    def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
        z = np.where(mask > 0, logits, -np.inf)
        z = z - z.max(axis=-1, keepdims=True)
        e = np.exp(z)
        probs: np.ndarray = e / e.sum(axis=-1, keepdims=True)
        return probs

    def choose(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator | None = None) -> int:
        """A slot for one decision: drawn with ``rng``, the most likely one without."""
        logits, _ = self.forward(self.normalise(obs)[None, :])
        probs = self.masked_softmax(logits, mask[None, :])[0]
        if rng is None:
            return int(np.argmax(probs))
        return int(rng.choice(len(probs), p=probs))

    def observe_stats(self, batch: np.ndarray) -> None:
        """Fold a batch of raw observations into the running mean and variance."""
        n = len(batch)
        if not n:
            return
        mean, var = batch.mean(axis=0), batch.var(axis=0)
        total = self.count + n
        delta = mean - self.mean
        self.mean = self.mean + delta * n / total
        self.var = (self.var * self.count + var * n + delta**2 * self.count * n / total) / total
        self.count = total

    # -- files ---------------------------------------------------------------------------------------

    def save(self, path: str | Path, **meta: Any) -> None:
        header = {"format": FORMAT, "game": self.game, "digest": self.digest, "hidden": self.hidden, **meta}
        arrays: dict[str, Any] = {
            "header": np.array(json.dumps(header)),
            "mean": self.mean,
            "var": self.var,
            "count": np.array(self.count),
            **self.params,
        }
        np.savez(path, **arrays)

    @classmethod
    def load(cls, path: str | Path) -> Policy:
        """The policy saved in ``path``; raises ``ValueError`` (one line) for a file that is not one."""
        try:
            with np.load(path, allow_pickle=False) as data:
                header = json.loads(str(data["header"]))
                arrays = {k: data[k] for k in data.files}
        except (OSError, KeyError, ValueError) as exc:
            raise ValueError(f"{path}: not a saved policy ({exc})") from None
        if header.get("format") != FORMAT:
            raise ValueError(f"{path}: not a saved policy (format {header.get('format')!r})")
        policy = cls.__new__(cls)
        policy.game, policy.digest, policy.hidden = header["game"], header["digest"], int(header["hidden"])
        policy.params = {k: arrays[k] for k in ("w1", "b1", "w2", "b2") if k in arrays}
        policy.mean, policy.var, policy.count = arrays["mean"], arrays["var"], float(arrays["count"])
        return policy


class PolicyBot:
    """A saved :class:`Policy` as an SDK bot (``py:learning.policy:PolicyBot:path=FILE``).

    ``greedy`` (default true) plays the most likely legal slot; false draws from the policy with the
    bot's seed. It plays the seat it is given from that seat's observation alone.
    """

    def __init__(self, path: str, seed: int = 0, greedy: bool = True) -> None:
        self.policy = Policy.load(path)
        self.path = path
        self.rng = None if greedy else np.random.default_rng(seed)
        self.seed = seed
        self.encoder = ViewEncoder(seed)

    def on_match_start(self, match: Any) -> None:
        if match.canonical != self.policy.game:
            raise ValueError(f"{self.path} was trained on {self.policy.game}, not {match.canonical}")

    def act(self, request: Any) -> Any:
        view = request.view
        if view.forced:
            return 0
        if self.encoder.space is None:
            space = self.encoder.space_for(request)
            if space_digest(space) != self.policy.digest:
                raise ValueError(
                    f"{self.path}: the encoding or action space of {view.game.canonical()} changed"
                )
        seen = self.encoder.encode(request)
        slot = self.policy.choose(seen.observation, seen.mask, self.rng)
        return seen.actions[slot]
