"""The archive: finished games kept in PostgreSQL (issue 16; docs/archive.md).

``db`` (migrations, the pool, errors), ``intake`` (a queued game's end -> a record),
``writer`` (one game stored once), ``queue`` (every node's consumer of the queue of
finished games), ``queries`` and ``api`` (what the routes of ``server.web.http_archive``
read and answer). Above ``server.tables`` (it reads the table blobs the queue carries),
below ``server.social`` and ``server.web``.
"""
