"""The web report: a static site of ladders and matches with a replay viewer (``arena report``)."""
