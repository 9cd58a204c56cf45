"""Social play (issue 29): the pure rules of friends, blocks, presence, chat and reports.

Nothing in this package touches the network or the database: every function takes the
facts it needs (who is friends with whom, who blocked whom, the current time) and returns
a decision or a new value. The server's thin shell stores the facts and calls these rules,
so that the tests in ``tests/social`` drive the rules directly. See ``docs/social.md``.

``skill`` is the skill rating among players (Plackett-Luce through ``openskill``): the
places of an ended match, the new skills, and the order in which quick match tries
open tables. See ``docs/rating.md``.
"""
