"""A running match.

Its pure transitions (``core``), the service that commits them, its bots, clocks, views and
replays.
"""
