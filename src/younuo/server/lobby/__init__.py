"""Rooms: the preparation screen, from creating a table to starting its match.

The pure rules (no I/O, no wire; an import-linter contract holds them to it):
``rooms`` (:class:`~younuo.server.lobby.rooms.RoomState`: seats, people, host powers,
``RoomStatus``), ``settings`` (``Settings``, ``RoomMode``, a host's patch checked),
``readiness`` (whether the host may start, the match's lineup) and ``errors``
(``RoomError``). The seat itself is ``younuo.server.seats``'.

The shell: ``store`` (``RoomStore``: load, change with version checks, tell members,
the lobby's list, other nodes' news), ``starts`` (``MatchStarts``: a room's start, a
tournament's table, a match's end, the restore after a restart) and ``service``
(``Lobby``, the face the sockets, routes and other services use). ``rows`` and ``wire``
turn a room into its database row and its wire models; ``ports`` are the small
Protocols the lobby asks of others (the deployment's room news, the match service, the
router); ``feed`` pushes the room list to its watchers; ``codeguesses`` bounds guesses at
private codes.
"""
