"""Every Redis key and channel of the social layer, in one place.

The table keys (``server/tables/keys.py``) put everything of one table under the hash tag
``{ID}``; the social layer follows the same rule, grouping by what one atomic step
must touch together (a Lua script or MULTI may only use keys of one Cluster slot):

- ``{acct}``  every account record and the name and player-id indexes: registration
  claims a name and a player id in one script. One slot for all accounts is fine at
  this scale (a sign-in is one hash read); sessions, the hot path, are elsewhere.
- ``{PID}``   one account's sessions and its session generation (sign out everywhere
  bumps the generation), and one player's chat preference.
- ``{rk}``    ratings: every player's rating, history, the leaderboard and the record
  of rated games, because rating a game writes four players and the board at once.
- ``{rq}``    the ranked queue and the matches claimed from it.
- ``{ID}``    a table's chat (messages and mutes) lives with the table's own keys.
- rate-limit logs and invite codes are single keys, each its own tag.
"""

from __future__ import annotations

__all__ = [
    "QUEUE",
    "QUEUE_CHANNEL",
    "QUEUE_MATCHES",
    "QUEUE_RATINGS",
    "QUEUE_SEEN",
    "RANKED_UNRATED",
    "RATED_BOARD",
    "RATED_NAMES",
    "account",
    "account_pid",
    "chat_channel",
    "chat_log",
    "chat_mutes",
    "chat_pref",
    "invite_code",
    "invite_token",
    "match",
    "rate_limit",
    "rated_game",
    "rating",
    "rating_history",
    "session",
    "session_generation",
    "table_invite",
]

# -- accounts and sessions ({acct}, {PID}) ------------------------------------------------


def account(name_key: str) -> str:
    """Hash of one account: ``name`` (as typed), ``pid``, ``hash`` (argon2id),
    ``created`` (ms). ``name_key`` is the name folded to lower case."""
    return f"a:{{acct}}:n:{name_key}"


def account_pid(pid: str) -> str:
    """String: the ``name_key`` of the account that owns player id ``pid``."""
    return f"a:{{acct}}:p:{pid}"


def session(pid: str, token_hash: str) -> str:
    """String (expires with the session): msgpack ``{"n": name, "g": generation}``."""
    return f"s:{{{pid}}}:{token_hash}"


def session_generation(pid: str) -> str:
    """Integer: sessions made under an older generation are dead (sign out everywhere)."""
    return f"s:{{{pid}}}:gen"


# -- ratings ({rk}) ------------------------------------------------------------------------

RATED_BOARD = "rk:{rk}:board"  # sorted set: pid -> ordinal (the displayed rating)
RATED_NAMES = "rk:{rk}:names"  # hash: pid -> display name, for the board
# sorted set: ranked table id -> time placed (ms), until its game has been rated. Every
# node sweeps it, so a game is rated even when the node that saw it end died first.
RANKED_UNRATED = "rk:{rk}:unrated"


def rating(pid: str) -> str:
    """Hash: ``mu``, ``sigma``, ``games`` (rated games played) of one player."""
    return f"rk:{{rk}}:p:{pid}"


def rating_history(pid: str) -> str:
    """List, newest first, capped: msgpack records of each rating change."""
    return f"rk:{{rk}}:h:{pid}"


def rated_game(game_id: str) -> str:
    """String: msgpack of a rated game's result; present means "already rated"."""
    return f"rk:{{rk}}:g:{game_id}"


# -- the ranked queue ({rq}) -------------------------------------------------------------------

QUEUE = "rq:{rq}:q"  # sorted set: pid -> time joined (ms)
QUEUE_SEEN = "rq:{rq}:seen"  # sorted set: pid -> last heartbeat (ms); stale ones are dropped
QUEUE_RATINGS = "rq:{rq}:mu"  # hash: pid -> msgpack [mu, name] taken at join
QUEUE_MATCHES = "rq:{rq}:pm"  # hash: pid -> id of the match that claimed the player
QUEUE_CHANNEL = "rq:{rq}:n"  # pub/sub: msgpack of each match formed


def match(match_id: str) -> str:
    """String (expires): msgpack of a formed match (teams, ratings, when)."""
    return f"rq:{{rq}}:m:{match_id}"


# -- chat --------------------------------------------------------------------------------------


def chat_pref(pid: str) -> str:
    """String ``"1"``/``"0"``: the player turned chat on/off (no expiry for accounts)."""
    return f"pc:{{{pid}}}"


def screen_reader_pref(pid: str) -> str:
    """String ``"1"``/``"0"``: the account plays in the table's screen-reader mode or not
    (no expiry)."""
    return f"psr:{{{pid}}}"


def chat_log(table_id: str, audience: str) -> str:
    """Stream, exactly the last 50 messages of ``audience`` (``"p"`` players, ``"g"``
    the gallery of spectators) at a table."""
    return f"t:{{{table_id}}}:chat:{audience}"


def chat_mutes(table_id: str) -> str:
    """Hash: viewer pid -> bit mask of the seats that viewer muted at this table."""
    return f"t:{{{table_id}}}:chat:mute"


def chat_channel(table_id: str) -> str:
    """Pub/sub: msgpack of each chat message of the table, with its recipients. It is
    the table's own notice channel (``server.tables.keys.table_channel``): every node at the
    table already listens there, and chat keeps its order with the table's changes. A
    chat notice has ``"k": "chat"`` and no ``"r"`` (a table notice always has one)."""
    return f"t:{{{table_id}}}:n"


# -- private tables ---------------------------------------------------------------------------


def invite_code(code: str) -> str:
    """String (expires with the invite): the table id a short code opens."""
    return f"pv:{{{code}}}"


def table_invite(table_id: str) -> str:
    """String (expires with the invite): msgpack ``[token, code]`` of the table's invite,
    so the host can be shown it again. Never sent to anyone but the host."""
    return f"t:{{{table_id}}}:invite"


def invite_token(token_hash: str) -> str:
    """String (expires with the invite): the table id an invite link's token opens."""
    return f"pi:{{{token_hash}}}"


# -- rate limits -------------------------------------------------------------------------------


def rate_limit(scope: str, subject: str) -> str:
    """Sorted set (sliding log of attempts) of one limit, e.g. ``("signin-name", "ann")``."""
    return f"rl:{{{scope}:{subject}}}"
