"""The live grimoire in a browser: a small local web server on the game the keys or the voice run.

``moderator play --web`` and ``moderator growl --web`` start it beside the keyboard or voice loop. It
prints a URL with a random access token and a QR code; the page (one HTML file with plain JS/SVG,
static/) draws the town square or Growl's table, is pushed every change over server-sent events,
and acts through the same command path as the keys (journaled, refused with a reason, undoable).

Layout: ``server.py`` the HTTP side (token, page, /state.json, /view.json, /events, /act) over any
game that fits :class:`server.WebGame`; ``clocktower.py`` and ``growl.py`` each game's view of its
state; ``serve.py`` what ``--web`` calls; ``terminal.py`` the URL and QR code; ``_deps.py`` the lazy
imports of the web stack. The games and the voice layer import nothing of this package.
"""
