"""Tables: the table model and its pure changes, the per-table actor, the views sent to
sockets, the Redis store (blob, pipe, keys and the .lua scripts), pub/sub notices and
timers. It never imports ``social`` or ``web``: what it must tell them (a table changed,
a chat notice) goes through callbacks the composition root (``server.node``) installs."""
