"""The web client: static files (``static/``) that ``younuo serve`` hands out at ``/``.

Standard JavaScript modules and Web Components, no build step; see ``docs/web.md``.
"""
