"""Tests of the standing ladder (``arena league``)."""
