"""Which account a socket speaks for, checked when it matters.

A socket carries the session cookie it was opened with (``Client.session_token``). The
account is resolved from that session at ``hello`` (not at the upgrade: a socket may
wait before saying hello, and the session may have ended meanwhile), and again before
every sensitive message (``SENSITIVE``: the ranked queue, a rename, a new private
table), so a socket whose session expired or was signed out stops acting as the
account: it is closed with 4001 ("signed out") and the message gets
``sign_in_required``. A guest socket whose player id has since become an account's
(the guest registered in another tab) is treated the same way.

Sign out everywhere reaches every socket of the account, hello or not: the hub keeps
the sockets whose cookie names a session of an account (``SocialHub.watch_session``)
besides the sockets by player id.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from server.social.accounts import Account, parse_token, pid_of
from server.social.errors import SignInRequired
from shared.protocol import CreatePrivate, Error, Queue, Rename

if TYPE_CHECKING:
    from .conn import Conn

__all__ = ["SENSITIVE", "SIGNED_OUT", "account_at_hello", "guest_token", "require_live",
           "session_pid"]

SENSITIVE = (Queue, Rename, CreatePrivate)
SIGNED_OUT = 4001  # the close code a client reconnects after (as a guest, or signed in)


def session_pid(token: str | None) -> str | None:
    """The account pid a session cookie claims (not yet checked), or None."""
    parsed = parse_token(token) if token else None
    return parsed[0] if parsed else None


async def account_at_hello(c: Conn) -> Account | None:
    """The account of the socket's session now (None: a guest, or a dead session)."""
    return await c.social.accounts.resolve(c.session_token)


async def guest_token(c: Conn, offered: str | None) -> str:
    """The guest token of this socket: the one offered (hello, else the cookie),
    unless it names a player who has since registered (then only the account's
    session is that player: a fresh guest token instead)."""
    accounts = c.social.accounts
    for token in (offered, c.cookie_token):
        if token and not await accounts.pid_is_account(pid_of(token)):
            return token
    return secrets.token_urlsafe(24)


async def require_live(c: Conn, msg_id: int | None) -> None:
    """Before a sensitive message: the socket must still be who it said at hello. If
    not, the message is answered ``sign_in_required``, then the socket is closed."""
    accounts = c.social.accounts
    if c.account is not None:
        live = await accounts.resolve(c.session_token)
        if live is not None and live.pid == c.account.pid:
            return
        why = "Your session has ended (signed out or expired); sign in again."
    elif c.pid is not None and await accounts.pid_is_account(c.pid):
        why = "This player has become an account; reconnecting to sign you in."
    else:
        return
    refusal = SignInRequired(why)
    c.reply(Error(code=refusal.code, msg=why), msg_id)  # before the close: it is read
    c.close(SIGNED_OUT, "signed out")
    raise refusal
