"""Tournaments, series and titles as the server runs them over the pure ``younuo.tournaments``."""
