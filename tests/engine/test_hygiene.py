"""Static rules of the engine: seeded chance only, and arrows that point one way (DESIGN.md Layout)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GLOBAL_RANDOM = {
    "random",
    "randint",
    "randrange",
    "choice",
    "choices",
    "shuffle",
    "sample",
    "seed",
    "uniform",
}


def python_files(folder: str) -> list[Path]:
    return sorted(p for p in (ROOT / folder).rglob("*.py") if "wire" not in p.relative_to(ROOT).parts[:2])


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_engine_never_uses_the_global_random_functions() -> None:
    offenders = []
    for path in python_files("engine"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
                and node.attr in GLOBAL_RANDOM
            ):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} random.{node.attr}")
            if isinstance(node, ast.ImportFrom) and node.module == "random":
                bad = [a.name for a in node.names if a.name in GLOBAL_RANDOM]
                if bad:
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} from random import {bad}")
    assert not offenders, offenders


def test_games_know_nothing_of_the_wire_the_arena_or_the_ladders() -> None:
    banned = ("grpc", "google.protobuf", "engine.wire", "engine.referee", "arena", "ladders", "bots")
    offenders = []
    for path in python_files("engine/games") + python_files("engine/core"):
        for module in imported_modules(path):
            if any(module == b or module.startswith(b + ".") for b in banned):
                offenders.append(f"{path.relative_to(ROOT)} imports {module}")
    assert not offenders, offenders


def test_ladders_know_nothing_of_the_arena_or_the_wire() -> None:
    offenders = []
    for path in python_files("ladders"):
        for module in imported_modules(path):
            if module.split(".")[0] in ("arena", "grpc", "bots") or module.startswith("engine.referee"):
                offenders.append(f"{path.relative_to(ROOT)} imports {module}")
    assert not offenders, offenders


def test_the_core_knows_no_game() -> None:
    """engine/core is game-agnostic: the registry's table comes from above (engine.registry)."""
    banned = ("engine.games", "engine.registry", "engine.replay", "engine.referee")
    offenders = []
    for path in python_files("engine/core"):
        for module in imported_modules(path):
            if any(module == b or module.startswith(b + ".") for b in banned):
                offenders.append(f"{path.relative_to(ROOT)} imports {module}")
    assert not offenders, offenders


def test_nothing_below_the_learning_environments_imports_them() -> None:
    """``learning`` stands over the engine, the bots and the arena; none of them imports it (the bots
    and the arena seat a saved policy through a ``py:`` spec, by name)."""
    statement = re.compile(
        r"^[ \t]*(?:from|import)[ \t]+learning\b", re.MULTILINE
    )  # text, not ast: parsing it all takes seconds
    offenders = []
    for folder in ("engine", "bots", "arena", "ladders"):
        for path in python_files(folder):
            found = statement.search(path.read_text(encoding="utf-8"))
            if found:
                offenders.append(f"{path.relative_to(ROOT)}: {found.group().strip()}")
    assert not offenders, offenders


def test_no_process_is_started_with_a_preexec_fn() -> None:
    """A ``preexec_fn`` forces a fork, which gRPC aborts in a process where it runs (arena.lifeline)."""
    offenders = []
    for folder in ("arena", "engine", "bots", "ladders", "learning", "benchmarks", "tests"):
        for path in python_files(folder):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.keyword) and node.arg == "preexec_fn":
                    offenders.append(f"{path.relative_to(ROOT)}:{node.value.lineno}")
    assert not offenders, offenders
