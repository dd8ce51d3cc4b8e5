"""The arena: tournaments, workers, the command line and reports."""
