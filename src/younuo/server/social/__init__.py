"""Social play on the server: friends, blocks, presence, notices, invitations, chat and
reports, over the pure rules of ``younuo.social``.

:class:`~younuo.server.social.service.SocialService` builds one part per job (``friends``,
``blocks``, ``notices``, ``invitations``, ``switches``, ``chat``, ``reports``; presence in
``locator``); ``wire`` turns their rows into the protocol's models; ``api`` is the REST
routes; ``places`` and ``facts`` hold what several parts read; ``ports`` what they need
of the lobby.
"""
