"""The tournaments' refusals a player meets on the lobby's "Create an event" form and
in an event's chat, as catalogue entries (docs/i18n.md): the page shows each in its
reader's language."""

from __future__ import annotations

from shared.i18n import Template

NAME_LENGTH = Template("event.refused.name_length", "An event needs a name of 1 to 60 characters.")
RATED_PARTNERS = Template("event.refused.rated_partners",
                          "A rated event plays four players in two partnerships; choose a "
                          "partnership preset or make the event casual.")
KNOCKOUT_SIDES = Template("event.refused.knockout_sides",
                          "A Knock-out match has two sides: choose the two-handed game or a "
                          "four-player partnership preset.")
WITHIN_DAYS = Template("event.refused.within_days", {
    "one": "An event starts within {count} day.",
    "other": "An event starts within {count} days.",
})
TOO_MANY = Template("event.refused.too_many", {
    "one": "You host {count} event not finished already; create another when one has ended.",
    "other": "You host {count} events not finished already; create another when one has ended.",
})
CHAT_POST = Template("event.refused.chat_post",
                     "Only the event's players and its host chat here.")
CHAT_READ = Template("event.refused.chat_read",
                     "This event's chat is for its players and its host.")
CHAT_MUTE = Template("event.refused.chat_mute", "Mute one of this event's players or its host.")
CHAT_CLOSED = Template("event.refused.chat_closed",
                       "The event is over: its chat is closed, and its lines stay to be read.")
