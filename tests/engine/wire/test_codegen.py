"""The committed generated code is fresh, and every proto message and field is commented (HS-20)."""

from __future__ import annotations

import re
from pathlib import Path

from engine.wire import codegen


def test_generated_code_is_fresh(tmp_path: Path) -> None:
    fresh = {p.name: p.read_text() for p in codegen.generate(tmp_path)}
    committed = {
        p.name: p.read_text() for p in codegen.WIRE_DIR.iterdir() if p.name.endswith((".py", ".pyi"))
    }
    committed = {k: v for k, v in committed.items() if "_pb2" in k}
    assert sorted(fresh) == sorted(committed), "run `make proto` (python -m engine.wire.codegen)"
    for name, text in fresh.items():
        assert committed[name] == text, f"{name} is stale: run `make proto`"


def test_every_message_field_and_value_has_a_comment() -> None:
    decl = re.compile(
        r"^\s*(message|enum|oneof|rpc|service)\s+\w+"
        r"|^\s*(repeated\s+|optional\s+)?(map<[\w.]+,\s*[\w.]+>|[\w.]+)\s+\w+\s*=\s*\d+;"
        r"|^\s*[A-Z][A-Z0-9_]*\s*=\s*\d+;"
    )
    for proto in codegen.proto_files():
        lines = proto.read_text().splitlines()
        for i, line in enumerate(lines):
            if decl.match(line) and not line.strip().startswith("//"):
                before = lines[i - 1].strip() if i else ""
                assert before.startswith("//"), f"{proto.name}:{i + 1} has no comment: {line.strip()}"
        assert "package arena.v1;" in "\n".join(lines)
