"""Several nodes on one PostgreSQL and one Redis (see :mod:`younuo.server.cluster.node`).

- ``messages``: the messages between nodes, one frozen dataclass per kind, and their codec;
- ``link``: Redis for one node (the outbox and its publisher, the listener); ``inbox``:
  the typed hook that hands what the link hears to the parts below;
- ``roster``: the living nodes and the matches' last known owners;
- ``peers``: presence and shared limits (the hub's ``Peers``); ``deployment``: the match
  service's ``Deployment`` and the lobby's ``RoomNews``;
- ``leases``: leases, the orphan scan, takeover and drain; ``forwarding``: requests
  served on the node that runs the match; ``relay``: connections and rooms changed by
  other nodes, and the resynchronisation after Redis came back;
- ``node``: :class:`~younuo.server.cluster.node.ClusterNode`, which starts and stops them;
- ``buckets``: shared token buckets; ``scheduler``: jobs run by one node at a time.

Only ``scheduler`` is imported by a single server (Redis's client is slow to import).
"""
