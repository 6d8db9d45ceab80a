"""Fixtures of the tournaments' room tests: the social room's servers and sockets, and
nodes in child processes (``spawn_node``)."""

from tests.room.conftest import spawn_node  # noqa: F401  (a fixture)
from tests.room_social.conftest import (  # noqa: F401  (fixtures)
    make_client,
    server,
    social_client,
    start_server,
)
