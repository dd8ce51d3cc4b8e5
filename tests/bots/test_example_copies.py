"""The example bots copied out of the project: where they look for the contract's .proto files, and the
one line each prints when it finds none there (bots/examples/{go,cpp}/Makefile's PROTO_ROOT,
bots/examples/node/random_bot.js's ARENA_PROTO_DIR)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "bots" / "examples"
NODE_DIR = EXAMPLES / "node"


def make_dry_run(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``make -n`` in ``folder``: the Makefile is read and its commands printed, none run."""
    return subprocess.run(
        ["make", "-n", "-C", str(folder), *args], capture_output=True, text=True, timeout=60, check=False
    )


@pytest.mark.skipif(shutil.which("make") is None, reason="make not found")
@pytest.mark.parametrize("example", ["go", "cpp"])
def test_a_copy_of_the_makefile_names_proto_root(example: str, tmp_path: Path) -> None:
    copy = tmp_path / example
    shutil.copytree(EXAMPLES / example, copy, ignore=shutil.ignore_patterns("build"))
    proc = make_dry_run(copy)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    errors = [line for line in proc.stderr.splitlines() if "***" in line]
    assert len(errors) == 1, proc.stderr
    assert "PROTO_ROOT=../../../proto" in errors[0] and "holds no arena/v1/*.proto" in errors[0]
    assert "make PROTO_ROOT=/path/to/proto" in errors[0]
    assert "protoc" not in proc.stdout  # it stops before any command

    given = make_dry_run(copy, f"PROTO_ROOT={ROOT / 'proto'}")
    assert given.returncode == 0, given.stderr
    assert f"protoc -I {ROOT / 'proto'}" in given.stdout
    assert "arena/v1/referee.proto" in given.stdout

    cleaned = make_dry_run(copy, "clean")
    assert cleaned.returncode == 0, cleaned.stderr


@pytest.mark.skipif(shutil.which("make") is None, reason="make not found")
def test_the_go_makefile_builds_every_go_file_of_the_folder(tmp_path: Path) -> None:
    copy = tmp_path / "go"
    copy.mkdir()
    shutil.copy(EXAMPLES / "go" / "Makefile", copy / "Makefile")
    (copy / "random_bot.go").write_text("package main\n\nfunc main() { helper() }\n")
    (copy / "util.go").write_text("package main\n\nfunc helper() {}\n")
    (copy / "build").mkdir()
    (copy / "build" / "gen.stamp").touch()
    (copy / "build" / "random_bot").touch()
    os.utime(copy / "util.go", (1e9, 1e9))
    os.utime(copy / "random_bot.go", (1e9, 1e9))
    assert "go build" not in make_dry_run(copy, f"PROTO_ROOT={ROOT / 'proto'}").stdout  # up to date

    (copy / "util.go").touch()  # a newer util.go alone rebuilds the bot, from the whole package
    proc = make_dry_run(copy, f"PROTO_ROOT={ROOT / 'proto'}")
    builds = [line for line in proc.stdout.splitlines() if "go build" in line]
    assert len(builds) == 1 and builds[0].endswith("go build -o build/random_bot ."), proc.stdout


@pytest.mark.skipif(
    shutil.which("node") is None or not (NODE_DIR / "node_modules").is_dir(),
    reason="node or the Node.js example's packages not found (`make node-bot` installs them)",
)
def test_a_copy_of_the_node_bot_names_arena_proto_dir(tmp_path: Path) -> None:
    shutil.copy(NODE_DIR / "random_bot.js", tmp_path / "random_bot.js")
    (tmp_path / "node_modules").symlink_to(NODE_DIR / "node_modules")
    env = {k: v for k, v in os.environ.items() if k != "ARENA_PROTO_DIR"}
    env.update(ARENA_ADDRESS="127.0.0.1:9", ARENA_TOKEN="t")

    def start() -> subprocess.CompletedProcess[str]:
        command = ["node", str(tmp_path / "random_bot.js")]
        return subprocess.run(command, capture_output=True, text=True, timeout=60, env=env, check=False)

    proc = start()
    assert proc.returncode == 1
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert "/proto has no arena/v1/referee.proto" in lines[0] and "ARENA_PROTO_DIR" in lines[0]

    env["ARENA_PROTO_DIR"] = str(tmp_path / "nowhere")
    proc = start()
    assert proc.returncode == 1
    assert proc.stderr.startswith(f"error: {tmp_path / 'nowhere'} has no arena/v1/referee.proto"), proc.stderr
