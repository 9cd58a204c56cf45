"""The wire: every message between a client and the server, as pydantic models (docs/protocol.md).

Below both the server and the client library, so that each reads the same definitions and
the client never imports the server. Modules: ``messages`` (the WebSocket messages and the
models REST shares with them), ``rest`` (REST-only bodies and answers), ``social``,
``tournaments`` and ``privacy`` (their REST bodies), ``bounds`` (the numbers and dates the
wire accepts), ``roles`` (accounts' roles and standing), ``wirejson`` (the JSON policy).
"""
