"""Bots: the built-in in-process bots, the Python SDK and examples in other languages."""
