"""Friends, presence, blocks and invites by name over HTTP (issue 17).

    GET  /api/friends                       -> 200 {"friends": [{"name", "doing", "table"}],
                                               "following": [names], "followers": n,
                                               "blocked": [names]}
    POST /api/follow   {"name", "on"?}      -> 200 {"name", "following", "friends"}
    POST /api/block    {"name", "on"?}      -> 200 {"name", "blocked"}
    POST /api/invite   {"name"}             -> 200 {"name", "id", "expires"}  (a private
                                               table's host, before or after the start)
    POST /api/invites/answer {"id", "join"} -> 200 {"code", "table"} (join) or {} (decline)
    GET  /api/lobby                         -> 200 {"open": [{"table", "rules",
                                               "rules_parts", "free", "host"}] (rules:
                                               one line in English, rules_parts: its
                                               parts as [id, args]; every row has
                                               both) (less tables where someone
                                               sits with a block between them and
                                               the caller), "watch": [{"table", "kind",
                                               "rating", "ratings", "players", "rules",
                                               "hand", "teams", "scores", "target",
                                               "max_hands"}], "pools": [{"pool",
                                               "rules"}]} (no account needed; limited
                                               per address; watch: games that move,
                                               ranked by rating, then private, then
                                               casual, whose ratings are null; less
                                               games with a block as for open)
    POST /api/tables/open {"open"}          -> 200 {"table", "open"}: the host lists (or
                                               unlists) the private table, still filling
    POST /api/report   {"name", "reason", "note"?} -> 201 {"id", "table", "game"}: reason
                                               one of server.social.reports.REASONS; at
                                               a table with the player, the report keeps
                                               the table, the game id and the kept chat

Follow, block and report name the other player by ``name``, or by ``seat`` instead:
a seat of the caller's own table (a seat's menu; 404 ``no_player`` for an empty or a
bot's seat, and for a guest's seat when following or blocking: a guest has no account,
but is reported by seat, with the name shown there). ``doing`` is ``"offline"``,
``"lobby"``, ``"playing"`` or ``"watching"``; ``table`` is the table being played or
watched (for Watch), else null. An invite is refused (409) to a player already at the
table (``player_seated``) or not online (``player_offline``); a Decline is pushed to
the host (``invite_answer``). All need a signed-in
account (401 ``sign_in_required``); bodies and errors as in ``http_social``; each
POST is limited per account (429 ``rate_limited`` with ``Retry-After``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server.errors import FLAG, INVITE_ID, SEAT_NUMBER
from server.ops.address_key import limit_key
from server.social import reasons
from server.social.accounts import Account
from server.social.errors import NoSuchPlayer, NotHost, SignInRequired
from server.social.friends import Blocked, SelfTarget
from server.social.hub import SocialHub
from server.social.lobby_lists import format_line, rules_line
from server.social.lobby_words import format_part, rules_parts
from server.social.name_invites import PlayerOffline, PlayerSeated
from server.social.store import Limit, Limiter
from server.tables.actor import now_ms
from server.tables.model import PRIVATE, Seat, Table
from server.tables.pools import POOLS
from server.web.http_social import SESSION_COOKIE, SocialDeps, _endpoint
from server.web.json_body import Refused, read_json_object
from server.web.path_keys import shown

__all__ = ["FRIEND_LIMITS", "friends_routes"]

MAX_BODY = 1024
FRIEND_LIMITS = {
    "follow": Limit("follow", 60, 3600, reasons.RATE_FOLLOW),
    "block": Limit("block", 60, 3600, reasons.RATE_BLOCK),
    "invite": Limit("name_invite", 20, 600, reasons.RATE_INVITE),
    "answer": Limit("invite_answer", 60, 600, reasons.RATE_ANSWER),
    "report": Limit("report", 10, 3600, reasons.RATE_REPORT),
    "lobby": Limit("lobby_lists", 120, 60, reasons.RATE_LOBBY),
    "open": Limit("open_table", 30, 600, reasons.RATE_OPEN),
}


@dataclass
class _Parts:
    hub: SocialHub
    limiter: Limiter


def _name(body: dict[str, object]) -> str:
    name = body.get("name")
    if not isinstance(name, str) or not 1 <= len(name) <= 40:
        raise Refused(400, "bad_name", reasons.GIVE_A_NAME())
    return name


def _flag(body: dict[str, object], key: str, default: bool) -> bool:
    value = body.get(key, default)
    if not isinstance(value, bool):
        raise Refused(400, "malformed", FLAG(key=key))
    return value


async def _me(request: Request, hub: SocialHub) -> Account:
    account = await hub.accounts.resolve(request.cookies.get(SESSION_COOKIE))
    if account is None:
        raise SignInRequired(reasons.FRIENDS_SIGN_IN())
    return account


async def _other(hub: SocialHub, name: str) -> Account:
    account = await hub.accounts.by_name(name)
    if account is None:
        raise NoSuchPlayer(reasons.NO_SUCH_PLAYER(name=shown(name)[1:-1]))
    return account


async def _seated(hub: SocialHub, me: Account, body: dict[str, object]) -> Seat:
    """The person in ``body["seat"]``, a seat of the caller's own table (a seat's menu
    names the seat, never the name shown on it)."""
    seat = body["seat"]
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise Refused(400, "malformed", SEAT_NUMBER())
    _, table_id = await hub.room.store.player(me.pid)
    table = await hub.room.store.load(table_id) if table_id else None
    if table is None or not 0 <= seat < len(table.seats) or not table.seats[seat].is_person:
        raise NoSuchPlayer(reasons.NO_ONE_AT_SEAT())
    return table.seats[seat]


async def _target(hub: SocialHub, me: Account, body: dict[str, object]) -> Account:
    """The account a follow or block is about: ``name``, or ``seat`` (``_seated``; a
    guest there may carry any name, and has no account)."""
    if "seat" not in body:
        return await _other(hub, _name(body))
    held = await _seated(hub, me, body)
    names = await hub.accounts.names_of([held.pid]) if held.pid else {}
    account = await hub.accounts.by_name(names[held.pid]) if held.pid in names else None
    if account is None or account.pid != held.pid:
        raise NoSuchPlayer(reasons.SEAT_HAS_NO_ACCOUNT())
    return account


def _doing(raw: str | None) -> tuple[str, str | None]:
    if raw is None:
        return "offline", None
    what, _, table = raw.partition(":")
    return what, table or None


async def friends(request: Request, parts: _Parts) -> Response:
    hub = parts.hub
    me = await _me(request, hub)
    graph = await hub.friends.graph(me.pid)
    mutual = sorted(graph.friends)
    names = await hub.accounts.names_of([*graph.following, *graph.blocked])
    doing = await hub.presence.doing_of(mutual)
    rows = []
    for pid in mutual:
        what, table = _doing(doing.get(pid))
        rows.append({"name": names.get(pid, "?"), "doing": what, "table": table})
    order = {"playing": 0, "watching": 1, "lobby": 2, "offline": 3}
    rows.sort(key=lambda r: (order.get(str(r["doing"]), 4), str(r["name"]).lower()))
    return JSONResponse({
        "friends": rows,
        "following": sorted((names.get(p, "?") for p in graph.following), key=str.lower),
        "followers": len(graph.followers),
        "blocked": sorted((names.get(p, "?") for p in graph.blocked), key=str.lower)})


async def _toward(request: Request, parts: _Parts, limit: str
                  ) -> tuple[Account, Account, bool]:
    """(me, the named other account, ``on``) of a follow or block, counted on ``limit``."""
    me = await _me(request, parts.hub)
    body = await read_json_object(request, MAX_BODY)
    other = await _target(parts.hub, me, body)
    on = _flag(body, "on", True)
    await parts.limiter.hit(FRIEND_LIMITS[limit], me.pid)
    return me, other, on


async def follow(request: Request, parts: _Parts) -> Response:
    hub = parts.hub
    me, other, on = await _toward(request, parts, "follow")
    await hub.friends.follow(me.pid, other.pid, on)
    graph = await hub.friends.graph(me.pid)
    return JSONResponse({"name": other.name, "following": other.pid in graph.following,
                         "friends": other.pid in graph.friends})


async def block(request: Request, parts: _Parts) -> Response:
    me, other, on = await _toward(request, parts, "block")
    await parts.hub.friends.block(me.pid, other.pid, on)
    return JSONResponse({"name": other.name, "blocked": on})


async def invite(request: Request, parts: _Parts) -> Response:
    hub = parts.hub
    me = await _me(request, hub)
    body = await read_json_object(request, MAX_BODY)
    other = await _other(hub, _name(body))
    if other.pid == me.pid:
        raise SelfTarget(reasons.INVITE_SELF())
    await parts.limiter.hit(FRIEND_LIMITS["invite"], me.pid)
    table = await _hosted(hub, me)
    if await hub.friends.blocks_between(me.pid, [other.pid]):
        raise Blocked(reasons.INVITE_BLOCKED())
    if other.pid in table.people:
        raise PlayerSeated(reasons.ALREADY_SEATED(name=other.name))
    if (await hub.presence.doing_of([other.pid])).get(other.pid) is None:
        raise PlayerOffline(reasons.NOT_ONLINE(name=other.name))
    code = await hub.invites.of_table(table.id)
    if code is None:
        raise NotHost(reasons.NO_INVITE_NOW())
    shown = {"rules": rules_line(table.rules, table.bot_level),
             "rules_parts": rules_parts(table.rules, table.bot_level),
             "format": format_line(table.rules), "format_part": format_part(table.rules),
             "seated": [name for s, name in zip(table.seats, table.shown_names(), strict=True)
                        if s.is_person and name]}
    sent = await hub.name_invites.send(other.pid, table.id, code.code, me.name, me.pid, shown)
    return JSONResponse({"name": other.name, "id": sent.id, "expires": sent.expires_ms})


async def report(request: Request, parts: _Parts) -> Response:
    hub = parts.hub
    me = await _me(request, hub)
    body = await read_json_object(request, MAX_BODY)
    if "seat" in body:  # any person at the caller's table, a guest too (by seat)
        held = await _seated(hub, me, body)
        assert held.pid is not None
        pid, shown_name = held.pid, held.name if held.guest else None
    else:
        pid, shown_name = (await _other(hub, _name(body))).pid, None
    await parts.limiter.hit(FRIEND_LIMITS["report"], me.pid)
    _, table_id = await hub.room.store.player(me.pid)
    table = await hub.room.store.load(table_id) if table_id else None
    at_table = table is not None and pid in table.people
    game_id = f"{table.id}:{table.game_no}" if table is not None and at_table else None
    report_id = await hub.reports.file(me.pid, pid, body.get("reason"),
                                       body.get("note"), table.id if at_table and table
                                       else None, game_id, guest_name=shown_name)
    return JSONResponse({"id": report_id, "table": table_id if at_table else None,
                         "game": game_id}, 201)


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


async def lobby(request: Request, parts: _Parts) -> Response:
    hub = parts.hub
    await parts.limiter.hit(FRIEND_LIMITS["lobby"], limit_key(_address(request)))
    pools = [{"pool": name, "rules": rules_line(POOLS[name].to_dict()),
              "rules_parts": rules_parts(POOLS[name].to_dict())}
             for name in hub.room.settings.quick_pools]
    viewer = await hub.accounts.resolve(request.cookies.get(SESSION_COOKIE))
    hidden = frozenset(await hub.friends.either_way(viewer.pid)) if viewer else frozenset()
    return JSONResponse({"open": await hub.lists.open_tables(hidden),
                         "watch": await hub.lists.watch_list(hidden), "pools": pools})


async def open_table(request: Request, parts: _Parts) -> Response:
    hub = parts.hub
    body = await read_json_object(request, MAX_BODY)
    on = _flag(body, "open", True)
    me = await _me(request, hub)
    await parts.limiter.hit(FRIEND_LIMITS["open"], me.pid)
    table = await _hosted(hub, me)
    if on and table.status != "filling":
        raise NotHost(reasons.LIST_ONLY_FILLING())
    await hub.lists.set_open(table.id, on, now_ms())
    await hub.lists_changed()
    return JSONResponse({"table": table.id, "open": on})


async def _hosted(hub: SocialHub, me: Account) -> Table:
    """The private table ``me`` hosts now (``NotHost`` if none)."""
    _, table_id = await hub.room.store.player(me.pid)
    table = await hub.room.store.load(table_id) if table_id else None
    if (table is None or table.kind != PRIVATE or table.lobby is None
            or table.lobby.host != me.pid or table.status == "over"):
        raise NotHost(reasons.HOST_ONLY())
    return table


async def answer(request: Request, parts: _Parts) -> Response:
    hub = parts.hub
    me = await _me(request, hub)
    body = await read_json_object(request, MAX_BODY)
    invite_id = body.get("id")
    if not isinstance(invite_id, str):
        raise Refused(400, "malformed", INVITE_ID())
    join = _flag(body, "join", False)
    await parts.limiter.hit(FRIEND_LIMITS["answer"], me.pid)
    taken = await hub.name_invites.take(me.pid, invite_id)
    if not join:
        await hub.name_invites.declined(taken, me.name)
    return JSONResponse({"code": taken.code, "table": taken.table} if join else {})


def friends_routes(hub_of: Callable[[], SocialHub],
                   deps_of: Callable[[], SocialDeps]) -> list[Route]:
    """The routes above. ``hub_of()`` gives the node's ``SocialHub`` and ``deps_of()``
    its ``SocialDeps`` (the allowed origins), per request (``lambda: app.state...``)."""
    made: dict[int, _Parts] = {}

    def parts() -> _Parts:
        hub = hub_of()
        found = made.get(id(hub))
        if found is None:
            found = made[id(hub)] = _Parts(hub, Limiter(hub.room.store.client))
        return found

    def route(path: str, handler: Callable[[Request, _Parts], Awaitable[Response]],
              method: str) -> Route:
        async def run(request: Request, _deps: SocialDeps) -> Response:
            return await handler(request, parts())

        return Route(path, _endpoint(run, deps_of, changes_state=method == "POST"),
                     methods=[method])

    return [route("/api/friends", friends, "GET"), route("/api/follow", follow, "POST"),
            route("/api/block", block, "POST"), route("/api/invite", invite, "POST"),
            route("/api/invites/answer", answer, "POST"), route("/api/report", report, "POST"),
            route("/api/lobby", lobby, "GET"), route("/api/tables/open", open_table, "POST")]
