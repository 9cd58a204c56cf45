"""Sockets and fan-out.

The WebSocket endpoint, who is connected, each match's feed and where a request is handled.
"""
