"""Reports and the operator's sanctions (issue 17): a report keeps the table, the game
and the chat; ``python -m server.admin`` lists it and mutes or bans from ranked, and
every node enforces that at once."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys

import pytest

from client.room_client import RequestFailed
from shared.protocol import Queue, Say
from tests.room.conftest import ROOT

from .conftest import SocialFactory, Start, register
from .test_friends import call, chatting_at_one_table


async def admin(redis_url: str, database_url: str, *args: str) -> str:
    env = {**os.environ, "REDIS_URL": redis_url, "DATABASE_URL": database_url}

    def run() -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "server.admin", *args], cwd=ROOT,
                              env=env, capture_output=True, text=True, timeout=120)

    done = await asyncio.to_thread(run)
    assert done.returncode == 0, done.stderr
    return done.stdout


async def test_a_report_keeps_the_chat_and_the_operator_mutes_and_bans_on_every_node(
        start_server: Start, social_client: SocialFactory, redis_url: str,
        database_url: str) -> None:
    a, b = await start_server(), await start_server()
    mia, ned = await register(a, "mia"), await register(b, "ned")
    host, other = await chatting_at_one_table(social_client, (a, mia), (b, ned))
    await host.request(Say(text="you play like a potato"))
    await other.wait_for(lambda c: "you play like a potato" in c.texts())

    bad = await call(b, ned, "/api/report", {"name": "mia", "reason": "meanie"})
    assert bad.status_code == 400 and bad.json()["error"] == "bad_report"
    filed = await call(b, ned, "/api/report", {"name": "mia", "reason": "abuse",
                                              "note": "insults in chat"})
    assert filed.status_code == 201, filed.text
    assert filed.json()["table"] == host.table
    assert filed.json()["game"] == f"{host.table}:0"

    listing = await admin(redis_url, database_url, "reports")
    assert "mia reported by ned: abuse - insults in chat" in listing
    assert "mia: you play like a potato" in listing

    assert "mute mia until" in await admin(redis_url, database_url, "mute", "mia", "2")
    with pytest.raises(RequestFailed) as muted:
        await host.request(Say(text="still here"))
    assert muted.value.code == "sanctioned" and "muted until" in muted.value.message

    await admin(redis_url, database_url, "ban-ranked", "ned", "1", "--reason", "test")
    with pytest.raises(RequestFailed) as banned:
        await other.request(Queue(on=True))
    assert banned.value.code == "sanctioned"

    await admin(redis_url, database_url, "lift", "mute", "mia")
    await host.request(Say(text="sorry"))
    report_id = filed.json()["id"]
    assert f"closed #{report_id}" in await admin(redis_url, database_url, "close",
                                                  str(report_id))
    assert "no open reports" in await admin(redis_url, database_url, "reports")
