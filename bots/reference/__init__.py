"""Reference bots that play any game (random, first) or one game well (pr-greedy)."""
