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
