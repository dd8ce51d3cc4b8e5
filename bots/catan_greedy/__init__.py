"""``python -m bots.catan_greedy``: the built-in ``catan-greedy`` bot over gRPC (see ``bots/sdk/cli.py``)."""
