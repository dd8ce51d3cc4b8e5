"""Tests of the Puerto Rico engine (rules: docs/rules/puerto_rico.md)."""
