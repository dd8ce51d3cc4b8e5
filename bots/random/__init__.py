"""``python -m bots.random``: the built-in ``random`` bot over gRPC (see ``bots/sdk/cli.py``)."""
