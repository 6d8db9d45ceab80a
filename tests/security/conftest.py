"""Security tests use the room tests' fixtures: in-process servers (``start_server``),
nodes as child processes (``spawn_node``), real clients (``make_client``) and the social
clients of ``tests/room_social`` (``social_client``, with a session cookie)."""

from __future__ import annotations

from tests.room.conftest import make_client, server, spawn_node, start_server
from tests.room_social.conftest import social_client

__all__ = ["make_client", "server", "social_client", "spawn_node", "start_server"]
