"""``python -m bots.first``: the built-in ``first`` bot over gRPC (see ``bots/sdk/cli.py``)."""
