"""Ratings and ladder storage."""
