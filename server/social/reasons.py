"""The social layer's sentences a person reads, as catalogue entries (docs/i18n.md):
follows, blocks, invites by name, reports, the lobby's listing, and the rate limits'
refusals. Raised as ``Text`` (``TEMPLATE(arg=...)``), each reaches the page as its
English and its id and arguments (an ``err`` frame's ``key`` and ``args``, an HTTP
refusal's), and the page says it in its reader's language.

A rate limit's refusal is ``TRY_AGAIN`` with ``what`` naming its sentence, ``rate.<what>``
("Too many follows and unfollows."), and ``count`` the seconds to wait.
"""

from __future__ import annotations

from shared.i18n import Template

# -- who: a name, a seat -------------------------------------------------------------------
NO_SUCH_PLAYER = Template("social.no_such_player", "No player is called '{name}'.")
GIVE_A_NAME = Template("social.give_a_name", "Give the player's name (at most 20 characters).")
NO_ONE_AT_SEAT = Template("social.no_one_at_seat",
                          "There is no such player at your table (an empty seat or a bot).")
SEAT_HAS_NO_ACCOUNT = Template("social.seat_has_no_account",
                               "This seat's player is a guest or a bot, with no account.")
FRIENDS_SIGN_IN = Template("social.friends_sign_in",
                           "Friends need an account: sign in or register first.")

# -- follows and blocks ----------------------------------------------------------------------
FOLLOW_SELF = Template("social.follow_self", "You cannot follow yourself.")
BLOCK_SELF = Template("social.block_self", "You cannot block yourself.")
FOLLOW_BLOCKED = Template("social.follow_blocked", "You cannot follow this player.")
TOO_MANY_FOLLOWS = Template("social.too_many_follows",
                            "You follow {count} players already; unfollow some first.")

# -- invites by name and the lobby's listing -------------------------------------------------
INVITE_SELF = Template("social.invite_self", "You cannot invite yourself.")
INVITE_BLOCKED = Template("social.invite_blocked", "You cannot invite this player.")
ALREADY_SEATED = Template("social.already_seated", "{name} is already at your table.")
NOT_ONLINE = Template("social.not_online",
                      "{name} is not online: an invite would not reach them.")
NO_INVITE_NOW = Template("social.no_invite_now",
                         "This table has no invite just now; show its invite again first.")
TOO_MANY_INVITES = Template("social.too_many_invites",
                            "That player already has {count} invites waiting for an answer; "
                            "try again in a few minutes.")
NO_SUCH_INVITE = Template("social.no_such_invite", "There is no such invite.")
INVITE_EXPIRED = Template("social.invite_expired",
                          "That invite has expired or was already answered.")
LIST_ONLY_FILLING = Template("social.list_only_filling",
                             "Only a table still filling can be listed as open.")
HOST_ONLY = Template("social.host_only", "Do that from a private table you host.")

# -- reports ----------------------------------------------------------------------------------
REPORT_SELF = Template("social.report_self", "You cannot report yourself.")
REPORT_REASON = Template("social.report_reason", "Choose a reason: {reasons}.")
REPORT_NOTE = Template("social.report_note",
                       "The note is one line of at most {count} characters.")

# -- rate limits ----------------------------------------------------------------------------
TRY_AGAIN = Template("rate.try_again", {
    "one": "{what:rate} Try again in {count} second.",
    "other": "{what:rate} Try again in {count} seconds."})
RATE_FOLLOW = Template("rate.follow", "Too many follows and unfollows.")
RATE_BLOCK = Template("rate.block", "Too many blocks and unblocks.")
RATE_INVITE = Template("rate.invite", "Too many invites.")
RATE_ANSWER = Template("rate.answer", "Too many answers to invites.")
RATE_REPORT = Template("rate.report", "Too many reports.")
RATE_LOBBY = Template("rate.lobby", "Too many lobby refreshes.")
RATE_OPEN = Template("rate.open", "Too many changes to the table's listing.")
RATE_JOIN_CODE = Template("rate.join_code", "Too many table codes tried from your address.")
RATE_CHAT = Template("rate.chat", "You are sending messages too fast.")
RATE_REGISTER = Template("rate.register", "Too many new accounts from your address.")
RATE_ANALYSIS = Template("rate.analysis", "You have asked for many analyses this hour.")
RATE_ANALYSIS_ADDRESS = Template("rate.analysis_address",
                                 "Many analyses were asked from your address this hour.")
RATE_PASSWORDS_NAME = Template("rate.passwords_name",
                               "Too many wrong passwords for this name from your address.")
RATE_PASSWORDS_ADDRESS = Template("rate.passwords_address",
                                  "Too many wrong passwords from your address.")

# -- accounts: the sign-in panel ------------------------------------------------------------
NAME_TEXT = Template("account.name_text", "The name must be text.")
NAME_LENGTH = Template("account.name_length", "A name has {min} to {max} characters.")
NAME_CHARACTERS = Template("account.name_characters",
                           "A name may use letters A-Z, digits, '-' and '_', and must start "
                           "and end with a letter or digit.")
NAME_RESERVED = Template("account.name_reserved", "That name is reserved; choose another.")
NAME_TAKEN = Template("account.name_taken", "The name '{name}' is taken; choose another.")
PASSWORD_TEXT = Template("account.password_text", "The password must be text.")
PASSWORD_SHORT = Template("account.password_short",
                          "A password needs at least {count} characters.")
PASSWORD_LONG = Template("account.password_long", "A password has at most {count} characters.")
PASSWORD_BLANK = Template("account.password_blank", "A password needs some visible characters.")
PASSWORD_IS_NAME = Template("account.password_is_name", "The password must not be the name.")
GIVE_NAME_AND_PASSWORD = Template("account.give_name_and_password",
                                  "Give a name and a password.")
NO_MATCH = Template("account.no_match", "That name and password do not match.")
KEEP_CHOICE = Template("account.keep_choice", "Sign in to keep the choice for your account; "
                       "this browser keeps it meanwhile.")
KEEP_LANGUAGE = Template("account.keep_language", "Sign in to keep the language for your "
                         "account; this browser keeps it meanwhile.")
