"""Tests of the Puerto Rico engine (rules digest: shared/rules/puerto_rico.md)."""
