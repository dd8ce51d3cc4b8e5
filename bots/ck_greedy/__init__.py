"""``python -m bots.ck_greedy``: the built-in ``ck-greedy`` bot over gRPC (see ``bots/sdk/cli.py``)."""
