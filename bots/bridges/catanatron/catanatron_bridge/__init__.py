"""Plays catanatron's bots on the arena's Catan referee."""
