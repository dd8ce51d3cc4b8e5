"""``python -m learning.describe GAME [--variant V] [--players N]``: the encoding's slices and the
action space's slots of one game configuration, as Markdown tables (``docs/learning.md`` quotes them)."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence

from learning.space import load, space_of


def describe(game: str, variant: str | None, players: int | None, slots: bool) -> str:
    space = space_of(load(game, variant, players))
    lines = [
        f"`{space.game.ref.canonical()}`: observation {space.layout.size} values, {space.catalog.size} action slots",
        "",
        "| field | start | size | what it holds |",
        "| --- | --- | --- | --- |",
    ]
    for name, start, size, doc in space.layout.describe():
        lines.append(f"| `{name}` | {start} | {size} | {doc} |")
    kinds = Counter(name.split("(")[0].split(" ")[0] for name in space.catalog.names)
    lines += ["", "| slots | count |", "| --- | --- |"]
    lines += [f"| {kind} | {count} |" for kind, count in kinds.items()]
    if slots:
        lines += ["", *(f"{i}: {name}" for i, name in enumerate(space.catalog.names))]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m learning.describe", description=__doc__.split("\n\n")[0])
    p.add_argument("game")
    p.add_argument("--variant", default=None)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--slots", action="store_true", help="also list every action slot by index")
    args = p.parse_args(argv)
    try:
        print(describe(args.game, args.variant, args.players, args.slots))
    except (ValueError, LookupError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
