"""``python -m bots.pr_greedy``: the built-in ``pr-greedy`` bot over gRPC (see ``bots/sdk/cli.py``)."""
