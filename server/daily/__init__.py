"""The daily deal on the server (issue 19): the day's secret, tries, results and par.

``service.DailyService`` (the day, its deals, the result page), ``store.DailyStore``
(PostgreSQL), ``hands`` (a daily hand's table, counted as it ends, or as abandoned),
``par_keeper.ParKeeper`` (the par, once a day, in a worker process).
The socket's ``daily`` message is ``server.web.daily_handler``; the routes are
``server.web.http_daily``.
"""
