"""Sockets and fan-out.

The WebSocket endpoint (``socket``), one connection's session (``session``: frames,
sign-in, dispatch) and its message handlers by capability (``lobbyhandlers``,
``roomhandlers``, ``playhandlers``, ``chathandlers``), who is connected
(``connections``), each match's feed (``feed``) and where a request is handled
(``routing``).
"""
