"""Regenerate the Python code of the wire contract from ``proto/arena/v1/*.proto``.

Run ``python -m engine.wire.codegen`` (``make proto``). The generated modules live flat in
``engine/wire/`` (``common_pb2.py``, ``referee_pb2.py``, ``referee_pb2_grpc.py``, one per game, with
``.pyi`` stubs) and are committed; ``tests/engine/wire/test_codegen.py`` regenerates them into a
temporary directory and compares, so a stale copy fails the tests.

Design detail: protoc writes ``from arena.v1 import common_pb2`` for imports between files, which
would resolve to the project's ``arena`` package; the generator rewrites those imports to
``engine.wire``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROTO_ROOT = ROOT / "proto"
PROTO_DIR = PROTO_ROOT / "arena" / "v1"
WIRE_DIR = Path(__file__).resolve().parent


def proto_files() -> list[Path]:
    """The ``.proto`` files of the contract, sorted by name."""
    return sorted(PROTO_DIR.glob("*.proto"))


def generate(out_dir: Path) -> list[Path]:
    """Generate the Python modules into ``out_dir`` (flat) and return their paths, sorted."""
    from grpc_tools import protoc  # type: ignore[import-untyped]

    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp)
        include = Path(protoc.__file__).resolve().parent / "_proto"
        args = [
            "grpc_tools.protoc",
            f"-I{PROTO_ROOT}",
            f"-I{include}",
            f"--python_out={raw}",
            f"--pyi_out={raw}",
            f"--grpc_python_out={raw}",
            *[str(p.relative_to(PROTO_ROOT)) for p in proto_files()],
        ]
        code = protoc.main(args)
        if code != 0:
            raise RuntimeError(f"protoc failed with exit code {code}")
        out_dir.mkdir(parents=True, exist_ok=True)
        written: list[Path] = []
        for src in sorted((raw / "arena" / "v1").iterdir()):
            if src.suffix not in (".py", ".pyi"):
                continue
            text = src.read_text(encoding="utf-8")
            if src.name.endswith("_pb2_grpc.py") and "class " not in text:
                continue  # a file without a service: protoc still writes an empty module
            text = text.replace("from arena.v1 import ", "from engine.wire import ")
            dest = out_dir / src.name
            dest.write_text(text, encoding="utf-8")
            written.append(dest)
    return written


def main(argv: list[str] | None = None) -> int:
    """Command line: regenerate into ``engine/wire`` (or ``--out DIR``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=WIRE_DIR, help="output directory")
    args = parser.parse_args(argv)
    for path in generate(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
