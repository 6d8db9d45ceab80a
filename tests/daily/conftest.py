"""Fixtures of the daily deal's room tests: the social room's servers and sockets."""

from tests.room_social.conftest import (  # noqa: F401  (fixtures)
    make_client,
    server,
    social_client,
    start_server,
)
