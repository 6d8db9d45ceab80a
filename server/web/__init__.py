"""The web layer: the Starlette app, the socket connection and its message dispatch, and
the HTTP routes. It sits on top: it may use ``social``, ``tables`` and ``ops``; nothing
below imports it (pyproject.toml, ``[tool.importlinter]``)."""
