"""Python code generated from ``proto/arena/v1`` (committed; regenerate with ``python -m engine.wire.codegen``).

Import the generated modules from here: ``from engine.wire import referee_pb2``. Only
``engine/referee/convert.py`` (and bots, which speak only the wire) use them together with engine types.
"""

from __future__ import annotations

PROTOCOL_VERSION = 1
"""The protocol version described by ``proto/arena/v1`` (Hello.protocol_version)."""

PACKAGE = "arena.v1"
"""The protobuf package of the contract."""

SERVICE = "arena.v1.Referee"
"""The full name of the referee service."""


def fault_kind_name(kind: int) -> str:
    """A ``FaultKind`` value as the fault lists name it: ``FAULT_KIND_TIMEOUT`` is ``timeout``."""
    from engine.wire import common_pb2

    return str(common_pb2.FaultKind.Name(kind)).removeprefix("FAULT_KIND_").lower()
