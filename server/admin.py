"""The operator's command (issue 17): open reports, chat mutes and ranked bans.

    python -m server.admin reports [--limit N]       open reports, oldest first
    python -m server.admin close REPORT_ID           mark a report dealt with
    python -m server.admin mute NAME HOURS [--reason TEXT]
    python -m server.admin ban-ranked NAME HOURS [--reason TEXT]
    python -m server.admin lift mute|ranked_ban NAME
    python -m server.admin restore                   live sanctions back into Redis

Everything it prints from storage (names, notes, chat lines, ids) goes through
``shared.inert_text.escape_inert``: a row stored before notes were cleaned, or a chat
line, cannot move the cursor, recolour, retitle or reorder the operator's terminal,
nor start a line that looks like another report.

It needs the room's ``DATABASE_URL`` and ``REDIS_URL``. A sanction is written to
PostgreSQL and to Redis with its expiry, so every node enforces it at once (the next
chat line or queue join); ``restore`` is for a Redis that lost its data.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys

import redis.asyncio as aioredis

from server.archive.db import Database
from server.social.accounts import name_key
from server.social.reports import Reports, Sanctions
from shared.inert_text import escape_inert

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m server.admin",
                                     description=__doc__.split("\n", 1)[0])
    sub = parser.add_subparsers(dest="command", required=True)
    listing = sub.add_parser("reports", help="list open reports")
    listing.add_argument("--limit", type=int, default=100)
    close = sub.add_parser("close", help="close a report")
    close.add_argument("report_id", type=int)
    for kind, name in (("mute", "mute"), ("ranked_ban", "ban-ranked")):
        cmd = sub.add_parser(name, help=f"{kind} an account for some hours")
        cmd.add_argument("name")
        cmd.add_argument("hours", type=float)
        cmd.add_argument("--reason", default="")
        cmd.set_defaults(kind=kind)
    lift = sub.add_parser("lift", help="end a sanction now")
    lift.add_argument("kind", choices=("mute", "ranked_ban"))
    lift.add_argument("name")
    sub.add_parser("restore", help="write the live sanctions back into Redis")
    return parser


def _show(value: object) -> str:
    """A stored value as the operator's terminal may print it (see the module doc)."""
    return escape_inert(str(value))


async def _pid(db: Database, name: str) -> tuple[str, str]:
    async with db.connection("admin account") as conn:
        row = await conn.fetchrow("SELECT pid, name FROM accounts WHERE name_key = $1",
                                  name_key(name))
    if row is None:
        raise SystemExit(f"no account is called {_show(repr(name))}")
    return row["pid"], row["name"]


async def _names(db: Database, pids: list[str]) -> dict[str, str]:
    async with db.connection("admin names") as conn:
        rows = await conn.fetch("SELECT pid, name FROM accounts WHERE pid = ANY($1)", pids)
    return {r["pid"]: r["name"] for r in rows}


async def run(args: argparse.Namespace, database_url: str, redis_url: str) -> str:
    db = Database(database_url)
    await db.open()
    client = aioredis.Redis.from_url(redis_url)
    try:
        sanctions, reports = Sanctions(client, db), Reports(client, db)
        if args.command == "reports":
            found = await reports.open_reports(args.limit)
            names = await _names(db, [p for r in found for p in (r.reporter, r.reported)])
            lines = []
            for r in found:
                reported = (f'guest "{_show(r.guest_name)}" ({r.reported})' if r.guest_name
                            else _show(names.get(r.reported, r.reported)))
                reporter = _show(names.get(r.reporter, r.reporter))
                lines.append(f"#{r.id} {r.at:%Y-%m-%d %H:%M} {reported}"
                             f" reported by {reporter}: {_show(r.reason)}"
                             + (f" - {_show(r.note)}" if r.note else "")
                             + (f" (game {_show(r.game_id)})" if r.game_id else ""))
                lines.extend(f"    {_show(c.get('name'))}: {_show(c.get('text'))}"
                             for c in r.chat)
            return "\n".join(lines) or "no open reports"
        if args.command == "close":
            closed = await reports.close(args.report_id)
            return f"closed #{args.report_id}" if closed else f"no open report #{args.report_id}"
        if args.command == "restore":
            return f"restored {await sanctions.restore()} sanctions"
        pid, name = await _pid(db, args.name)
        if args.command == "lift":
            await sanctions.impose(pid, args.kind, 0)
            return f"lifted {args.kind} of {_show(name)}"
        if not 0 < args.hours <= 24 * 366:
            raise SystemExit("hours must be more than 0 and at most a year")
        until = await sanctions.impose(pid, args.kind, int(args.hours * 3600), args.reason)
        return f"{args.kind} {_show(name)} until {until:%Y-%m-%d %H:%M} UTC"
    finally:
        await client.aclose()
        await db.close()


def main(argv: list[str] | None = None) -> None:
    args = _parser().parse_args(argv)
    database_url, redis_url = os.environ.get("DATABASE_URL"), os.environ.get("REDIS_URL")
    if not database_url or not redis_url:
        sys.exit("set DATABASE_URL and REDIS_URL to the room's")
    print(asyncio.run(run(args, database_url, redis_url)))


if __name__ == "__main__":
    main()
