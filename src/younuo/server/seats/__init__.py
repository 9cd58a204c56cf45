"""The seat: who sits at a table, one value for a room, a match and a tournament's table.

``seat`` holds the domain value (:class:`~younuo.server.seats.seat.Seat`, its
:class:`~younuo.server.seats.seat.SeatKind`) and the one step from a room's seat to a
match's (``match_seat``); ``wire`` builds the seat's wire models from it (``SeatOut`` in
a room, ``TableSeat`` at a match's table). It imports only the match's kinds (its
``SeatKind``), so the match core and the lobby's rules both hold it.
"""
