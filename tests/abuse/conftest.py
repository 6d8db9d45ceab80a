"""Abuse tests use the room tests' fixtures: in-process servers (``start_server``),
nodes as child processes (``spawn_node``) and real clients (``make_client``)."""

from __future__ import annotations

from tests.room.conftest import make_client, spawn_node, start_server

__all__ = ["make_client", "spawn_node", "start_server"]  # re-exported for pytest
