"""The bots of the seats an environment does not learn: any bot spec, as in ``arena play``."""

from __future__ import annotations

from collections.abc import Sequence

from bots.builtin import check_plays, make_bot
from bots.pyclass import is_author_code, make_py_bot
from engine.core.game import Game
from engine.core.match import Bot


def check_specs(specs: Sequence[str], game: Game) -> None:
    """Raise a one-line ``ValueError`` (or ``UnknownChoice``) for a spec that cannot play ``game``."""
    from bots.pyclass import check_py_start

    for spec in specs:
        if is_author_code(spec):
            check_py_start(spec, game)
        elif spec.startswith(("grpc:", "cmd:")):
            continue
        elif spec.startswith(("remote", "human")):
            raise ValueError(f"bot {spec!r}: an environment's seats are built-in, py:, grpc: or cmd: bots")
        else:
            check_plays(spec, game.ref.game)


def in_process(spec: str, game: Game, seat: int, seed: int) -> Bot:
    """The bot of ``spec`` (built in or ``py:``) for one seat of one match, seeded as in ``arena play``."""
    if is_author_code(spec):
        return make_py_bot(spec, game, seat, seed)
    return make_bot(spec, game.ref.game, seat, seed)
