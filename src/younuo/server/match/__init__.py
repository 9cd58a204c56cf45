"""The match: a running game of the server, from its deal to its end.

The one public face is :class:`~younuo.server.match.service.MatchService` (prepare,
launch, submit, away, back, set_autoplay, emote, release, restore, take_up_all, latest,
close; its ``runtimes`` by match id, and its ``feeds``); everything that changes a
match takes its one path, ``_commit``. Its modules, pure first:

- ``kinds``: the fixed sets as ``StrEnum``s (:class:`MatchStatus`, :class:`SeatKind`,
  :class:`Source`, :class:`Abandon`, :class:`Lapse`, :class:`Deadline`);
- ``core``: the transitions (a move, a seat's change) as pure functions returning a
  ``Change`` and, when the match ends, an ``Ending``; it refuses with ``errors.MatchRefused``;
- ``clocks``: the deadlines as data; ``snapshots`` and ``views``: each seat's view at
  a committed version; ``privacy``: who may read a match's record;
- ``wire``: the one module turning the core's values into protocol models and errors;
  ``storage``: the one module building and reading the database's columns;
  ``committed``: a committed version as the feeds deliver it;
- the service's parts, each given its collaborators in its constructor: ``lifecycle``
  (a new match prepared and opened), ``driver`` (bots acting), ``timers`` (what the
  clocks make due), ``recovery`` (a match rebuilt from the database), ``seats``
  (away, back, auto-play), ``running`` (the matches held here and their tasks);
  ``runtime``: a running match in memory; ``bots``: a seat's bot in a worker thread;
  ``replays``: finished records, cached.

An import-linter contract (pyproject.toml) keeps ``core``, ``clocks``, ``kinds``,
``errors``, ``snapshots`` and ``views`` free of wire models, the store and the event loop.
"""

from younuo.server.match.kinds import Abandon, Deadline, Lapse, MatchStatus, SeatKind, Source

__all__ = ["Abandon", "Deadline", "Lapse", "MatchStatus", "SeatKind", "Source"]
