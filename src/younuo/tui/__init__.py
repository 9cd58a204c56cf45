"""``younuo play``: the terminal table, a full client in Textual (docs/client.md,
*The terminal table*).

Pure parts: :mod:`~younuo.tui.words` (the three languages, from the language tables the
web client reads too), :mod:`~younuo.tui.colours` and :mod:`~younuo.tui.cards` (how
colours and cards look), :mod:`~younuo.tui.describe` (events in words, for the table and
for ``younuo replay``), :mod:`~younuo.tui.legal` (what the server's ``legal`` list
allows) and :mod:`~younuo.tui.tablemodel` (what the table shows and which key does which
legal action). The thin shell: :mod:`~younuo.tui.app` (the Textual app on
:class:`younuo.client.Client`) and its screens in :mod:`younuo.tui.screens`, which reach
the app only through :class:`younuo.tui.host.Host`.
"""
