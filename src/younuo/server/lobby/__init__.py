"""Rooms.

Their pure rules (``rooms``), the service that stores and shares them, the lobby feed and
private codes.
"""
