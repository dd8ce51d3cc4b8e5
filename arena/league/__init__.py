"""The standing ladder (``arena league``): a registry of bots, a matchmaker and a host loop over the
referee, the runner's backends, the ladder store and the report. ``docs/league.md`` is the host's guide."""
