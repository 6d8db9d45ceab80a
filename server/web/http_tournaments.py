"""Tournaments over HTTP (docs/tournaments.md)::

    GET  /api/tournaments                -> 200 {"events": [summary]}: running and next
                                            by start time, then the last finished
                                            (private events are not listed)
    GET  /api/tournaments/{id}           -> 200 the event: its summary, an Arena's
                                            "standings" or a Knock-out's "matches", the
                                            tables "playing", the "podium" at the end
    POST /api/tournaments  {"kind", "name", "preset"?, "rated"?, "starts"?, "minutes"?,
                            "capacity"?, "size"?, "best_of"?, "private"?, "play"?}
                                         -> 201 the event (a signed-in account); a
                                            private (club) event is not listed: its
                                            page's link /e/ID is how players find it;
                                            with "play": true the host is entered in it
                                            (a Knock-out: alone, teamed like any single)
    POST /api/tournaments/{id}/join  {"partner"?}
                                         -> 200 the event: the caller joins an Arena
                                            (again after a pause) or enters a Knock-out;
                                            with a partner's name, a team once each of
                                            the two accounts asked for the other
    POST /api/tournaments/{id}/leave     -> 200 the event (an Arena: no more pairing;
                                            a Knock-out before its start: the entry out)
    POST /api/tournaments/{id}/pause     -> 200 the event (an Arena: not paired until
                                            joining again)
    GET  /api/players/{name}/events      -> 200 {"events": [{"id", "name", "kind",
                                            "place", "points", "games"}]}: the events
                                            the account played to the end, newest first
                                            (private ones to the account alone)

The event's body (each route's but the list) has "you": the caller's player id, or null
(a page with neither cookie), so a page tells whether its player is entered (an Arena's
standings and a Knock-out's "entrants" list players by id).
The caller is the session's account, else the guest of the guest cookie; a rated event
takes accounts only (401 ``sign_in_required``), at the rating they have. A refusal of
the event is 409 with its code (``event_full``, ``event_over``, ``event_started``,
``already_entered``, ``not_entered``, ``same_address``, ``not_free``,
``already_recorded``, ``too_many_events``), 400 ``bad_entry`` for bad settings, 404
``no_event``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server.social.accounts import Account
from server.social.errors import NoSuchPlayer, SignInRequired
from server.social.friends import Blocked
from server.social.hub import SocialHub
from server.social.matchmaking import origin_of
from server.tables.actor import now_ms
from server.tournaments.service import Tournaments
from server.tournaments.store import Event
from server.tournaments.views import detail, summary
from server.web.http_social import SESSION_COOKIE, SocialDeps, _endpoint
from server.web.json_body import Refused, read_json_object
from shared.tournaments import (
    ArenaSettings,
    BadEntry,
    Entrant,
    KnockoutSettings,
    NoSuchEvent,
    TournamentError,
)
from shared.tournaments.reasons import WITHIN_DAYS

__all__ = ["tournament_routes"]

MAX_BODY = 1024
MAX_AHEAD_MS = 30 * 86_400_000  # the live list holds what is ahead: a month at most
GUEST_RATING = 25.0  # a guest's place in rating-near pairing: a new account's mu

def tournament_routes(get_service: Callable[[], Tournaments],
                      get_deps: Callable[[], SocialDeps],
                      get_social: Callable[[], SocialHub]) -> list[Route]:
    def route(path: str, act: Callable[[Request, SocialDeps, Tournaments],
                                       Awaitable[Response]], method: str) -> Route:
        async def handler(request: Request, deps: SocialDeps) -> Response:
            try:
                return await act(request, deps, get_service())
            except BadEntry as err:
                raise Refused(400, err.code, err.reason) from err
            except NoSuchEvent as err:
                raise Refused(404, err.code, err.reason) from err
            except TournamentError as err:
                raise Refused(409, err.code, err.reason) from err

        return Route(path, _endpoint(handler, get_deps, changes_state=method == "POST"),
                     methods=[method])

    return [
        route("/api/tournaments", _list, "GET"),
        route("/api/tournaments", _create, "POST"),
        route("/api/tournaments/{id}", _detail, "GET"),
        route("/api/tournaments/{id}/join", _join_route(get_social), "POST"),
        route("/api/tournaments/{id}/leave", _leave, "POST"),
        route("/api/tournaments/{id}/pause", _pause, "POST"),
        route("/api/players/{name}/events", _played, "GET"),
    ]


async def _list(request: Request, deps: SocialDeps, service: Tournaments) -> Response:
    now = now_ms()
    return JSONResponse({"events": [summary(e, now) for e in await service.listing()
                                    if not e.settings.private]})


async def _detail(request: Request, deps: SocialDeps, service: Tournaments) -> Response:
    event = await service.event(request.path_params["id"])
    if event is None:
        raise NoSuchEvent("There is no such event.")
    return await _shown(request, deps, event)


async def _shown(request: Request, deps: SocialDeps, event: Event,
                 status: int = 200) -> Response:
    """The event's body for the caller: its ``detail`` and "you" (the caller's pid)."""
    account = await _account(request, deps)
    you = account.pid if account is not None else deps.guest_pid(request)
    return JSONResponse({**detail(event, now_ms()), "you": you}, status)


async def _account(request: Request, deps: SocialDeps) -> Account | None:
    return await deps.accounts.resolve(request.cookies.get(SESSION_COOKIE))


async def _create(request: Request, deps: SocialDeps, service: Tournaments) -> Response:
    host = await _account(request, deps)
    if host is None:
        raise SignInRequired("Creating an event needs an account: sign in first.")
    body = await read_json_object(request, MAX_BODY)
    kind = body.pop("kind", None)
    known = {"name", "preset", "rated", "starts", "minutes", "capacity", "size", "best_of",
             "private", "play"}
    if kind not in ("arena", "knockout") or set(body) - known:
        raise Refused(400, "malformed", "Give the event's kind (arena or knockout) and "
                      f"only these settings: {', '.join(sorted(known))}.")
    play = body.pop("play", False)
    if not isinstance(play, bool):
        raise Refused(400, "malformed", '"play" is true (the host plays in it) or false.')
    now = now_ms()
    body["starts_ms"] = body.pop("starts", now)
    if isinstance(body["starts_ms"], int | float) and body["starts_ms"] > now + MAX_AHEAD_MS:
        raise BadEntry(WITHIN_DAYS(count=MAX_AHEAD_MS // 86_400_000))
    playing = await _account_entrant(request, deps, host) if play else None
    event: Event
    try:
        if kind == "arena":
            body.pop("size", None), body.pop("best_of", None)
            event = await service.create_arena(ArenaSettings(**body), host.pid, playing)
        else:
            body.pop("minutes", None), body.pop("capacity", None)
            event = await service.create_knockout(KnockoutSettings(**body), host.pid,
                                                  playing)
    except TypeError as err:
        raise Refused(400, "malformed", "The event's settings are incomplete.") from err
    return await _shown(request, deps, event, 201)


async def _entrant(request: Request, deps: SocialDeps, service: Tournaments) -> Entrant:
    """The caller as an entrant: an account at its rating, or a guest (casual events)."""
    event = await service.event(request.path_params["id"])
    if event is None:
        raise NoSuchEvent("There is no such event.")
    account = await _account(request, deps)
    if account is not None:
        return await _account_entrant(request, deps, account)
    if event.settings.rated:
        raise SignInRequired("A rated event needs an account: sign in or register first.")
    pid = deps.guest_pid(request)
    if pid is None:
        raise Refused(401, "no_player", "Open the room first: a guest plays from its page.")
    name, _ = await service.room.store.player(pid)
    return Entrant(pid, name or "Guest", GUEST_RATING, origin_of(_address(request)))


async def _account_entrant(request: Request, deps: SocialDeps, account: Account) -> Entrant:
    rating = await deps.ratings.rating(account.pid)
    return Entrant(account.pid, account.name, rating.mu, origin_of(_address(request)))


def _address(request: Request) -> str:
    return request.client.host if request.client else ""


async def _partner_named(request: Request) -> str | None:
    """The partner a join names (``{"partner": NAME}``), or None (no body, or none named)."""
    if request.headers.get("content-length", "0") == "0" \
            and "transfer-encoding" not in request.headers:
        return None
    body = await read_json_object(request, MAX_BODY)
    partner = body.get("partner")
    if set(body) - {"partner"} or not (partner is None or isinstance(partner, str)):
        raise Refused(400, "malformed", 'Join with no body, or name a partner: '
                      '{"partner": "their name"}.')
    return partner


def _join_route(get_social: Callable[[], SocialHub]) -> Callable[
        [Request, SocialDeps, Tournaments], Awaitable[Response]]:
    async def join(request: Request, deps: SocialDeps, service: Tournaments) -> Response:
        event_id = request.path_params["id"]
        partner = await _partner_named(request)
        if partner is None:
            entrant = await _entrant(request, deps, service)
            return await _shown(request, deps, await service.join(event_id, [entrant]))
        # A team is two accounts that each ask for the other: the partner's own join
        # is the consent (and carries the partner's own address to the rated check).
        me = await _account(request, deps)
        if me is None:
            raise SignInRequired("Entering with a partner needs an account: sign in first.")
        other = await deps.accounts.by_name(partner)
        if other is None:
            raise NoSuchPlayer(f"There is no player called {partner}.")
        if await get_social().friends.blocks_between(me.pid, [other.pid]):
            raise Blocked("You cannot enter with this player.")
        entrant = await _entrant(request, deps, service)
        event, _ = await service.team_up(event_id, entrant, other.pid, other.name)
        return await _shown(request, deps, event)

    return join


async def _leave(request: Request, deps: SocialDeps, service: Tournaments) -> Response:
    entrant = await _entrant(request, deps, service)
    event = await service.leave(request.path_params["id"], entrant.pid)
    return await _shown(request, deps, event)


async def _pause(request: Request, deps: SocialDeps, service: Tournaments) -> Response:
    entrant = await _entrant(request, deps, service)
    event = await service.pause(request.path_params["id"], entrant.pid)
    return await _shown(request, deps, event)


async def _played(request: Request, deps: SocialDeps, service: Tournaments) -> Response:
    account = await deps.accounts.by_name(request.path_params["name"])
    if account is None:
        raise NoSuchPlayer("There is no such player.")
    if service.results is None:
        return JSONResponse({"events": []})
    viewer = await _account(request, deps)  # a club's event: its player's own to see
    places = await service.results.places_of(
        account.pid, private=viewer is not None and viewer.pid == account.pid)
    return JSONResponse({"events": [
        {"id": p.event_id, "name": p.event_name, "kind": p.kind, "place": p.place,
         "points": p.points, "games": p.games} for p in places]})
