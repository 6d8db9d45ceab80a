"""Fault tests use the room tests' fixtures: real nodes as child processes
(``spawn_node``), in-process servers (``start_server``) and real clients."""

from __future__ import annotations

from tests.room.conftest import make_client, spawn_node, start_server

__all__ = ["make_client", "spawn_node", "start_server"]  # re-exported for pytest
