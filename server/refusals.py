"""The refusals of the room's pages beside the table, as catalogue entries (docs/i18n.md):
the archive's (a game, a player, its database), the analysis's, the daily deal's and
the lessons'. Each travels with its English and its id and arguments (an HTTP answer's
``key`` and ``args``, an ``err``'s), and the page says it in its reader's language.

The parts that name the protocol or what the reader typed (a game's id, a day, a
preset's name) are arguments, as written.
"""

from __future__ import annotations

from shared.i18n import Template

# Any route's last answer when it failed in a way it did not expect.
INTERNAL = Template("refused.internal", "The server failed on this request.")

# A table's rules and options that only a crafted frame sends (server/tables: the
# page's forms offer only what is valid); the choices are the protocol's words.
OPTIONS_NOT_MAPPING = Template("table_refused.options_not_mapping", "House options must be "
                               "a mapping of option names to values.")
CHOOSE_PRESET = Template("table_refused.choose_preset", "Choose one of the rule sets {names}.")
OPTION_NAMES_TEXT = Template("table_refused.option_names_text",
                             "House option names must be text.")
CHOOSE_LEVEL = Template("table_refused.choose_level", "Choose a bot level: {levels}.")
CHOOSE_TURN = Template("table_refused.choose_turn",
                       "Choose a turn time: no clock, or {seconds} seconds.")
NO_POOL = Template("table_refused.no_pool",
                   "There is no quick-play pool {pool} (offered: {offered}).")

# A private table's lobby (server/tables/lobby.py): its seats, its host, its start.
REMOVED = Template("table_refused.removed", "The host removed you from this table.")
SPECTATORS_FULL = Template("table_refused.spectators_full",
                           "This table has admitted as many spectators as it can.")
SEAT_TAKEN = Template("table_refused.seat_taken", "Seat {seat} is taken; choose an empty seat.")
NOBODY_TO_MOVE = Template("table_refused.nobody_to_move",
                          "Seat {seat} is empty; there is nobody to move.")
NOBODY_TO_REMOVE = Template("table_refused.nobody_to_remove",
                            "Seat {seat} is empty; there is nobody to remove.")
HOST_STAYS = Template("table_refused.host_stays",
                      "The host cannot remove themselves; leave the table instead.")
HOST_ONLY = Template("table_refused.host_only", "Only the host may {what:lobby_act}.")
STARTED = Template("table_refused.started",
                   "The game has started; you cannot {what:lobby_act} now.")
SEAT_RANGE = Template("table_refused.seat_range", "A seat is a number from 0 to {last}.")
# What ``{what:lobby_act}`` reads: the acts of a private table's lobby.
LOBBY_ACTS = {t.key.removeprefix("lobby_act."): t for t in (
    Template("lobby_act.choose_seat", "choose a seat"),
    Template("lobby_act.move", "move players"),
    Template("lobby_act.remove", "remove players"),
    Template("lobby_act.watchers", "change who may watch"),
    Template("lobby_act.start", "start the game"),
    Template("lobby_act.restart", "start it again"),
)}

# The archive (server/web/http_archive.py, server/archive/db.py).
NO_ARCHIVE = Template("archive_refused.no_archive", "This server keeps no game archive.")
NO_GAME = Template("archive_refused.no_game", "There is no archived game with that id.")
NO_PLAYER = Template("archive_refused.no_player", "No player is called {name}.")
NO_DATABASE = Template("archive_refused.no_database", "This server runs without its database "
                       "(DATABASE_URL); accounts and the archive need it.")
DATABASE_DOWN = Template("archive_refused.database_down", "The room's database is "
                         "unavailable just now; try again in a moment.")

# The analysis of a game (server/web/http_analysis.py, analysis_handler.py,
# server/analysis/store.py).
ANALYSIS_NOT_A_PLAYER = Template("analysis_refused.not_a_player", "Only a player of this "
                                 "game can ask for the analysis of their play.")
NO_ANALYSIS = Template("analysis_refused.none_here", "This server runs no analysis.")
ANALYSIS_NOT_SEATED = Template("analysis_refused.not_seated", "Only a player of this game "
                               "can have their decisions analysed.")
NOTHING_TO_ANALYSE = Template("analysis_refused.nothing_yet", "No hand of this game has "
                              "finished yet: there is nothing to analyse.")
RANKED_AFTER = Template("analysis_refused.ranked_after", "The analysis of a ranked game "
                        "opens when the game is over.")
OWN_POSITION = Template("analysis_refused.own_position", "A position you set up yourself "
                        "is not analysed: play a game the room deals (or a lesson) to have "
                        "it analysed.")
ANALYSIS_BUSY = Template("analysis_refused.busy", "Too many analyses are waiting right now, "
                         "so this one was not queued. Ask again in a few minutes.")

# The daily deal (server/web/http_daily.py, daily_handler.py).
DAILY_NO_DATABASE = Template("daily_refused.no_database", "This server runs without its "
                             "database; the daily deal needs it.")
NO_DAY = Template("daily_refused.no_day", "There is no daily deal of {day} yet.")
NO_TRY = Template("daily_refused.no_try", "You have not played this day's daily deal.")
TRY_MOVED = Template("daily_refused.try_moved", "Today's daily try moved to the account you "
                     "signed in to from this browser: sign in to it to go on. One try a day.")
PLAYED = Template("daily_refused.played", "You have played today's daily deal: one try a "
                  "day. Your result is on the daily page; a new deal opens at 00:00 UTC.")
NOT_DEALT = Template("daily_refused.not_dealt", "Your daily hand could not be dealt just "
                     "now; send daily again.")
DEALING_ELSEWHERE = Template("daily_refused.dealing_elsewhere", "Your daily hand is being "
                             "dealt at another of your tabs or devices; send daily again in "
                             "a moment.")
NOT_YOURS = Template("daily_refused.not_yours", "Your daily hand's table is not yours any "
                     "more; send daily again.")

# The lessons and the rules page (server/web/http_learn.py).
NO_LESSON = Template("lesson_refused.no_lesson", "There is no lesson {id}.")
MOVE_AS_TEXT = Template("lesson_refused.move_as_text",
                        "Send the move as text, like 'play AS' or 'bid 4'.")
START_AGAIN = Template("lesson_refused.start_again", "{problem} Start the lesson again.")
RULES_TOO_LONG = Template("lesson_refused.rules_too_long", "The rules are too long.")
RULES_NOT_JSON = Template("lesson_refused.rules_not_json", "The rules must be a JSON object "
                          'of rule options, like {"target_score": 250}.')
RULES_NOT_OBJECT = Template("lesson_refused.rules_not_object",
                            "The rules must be a JSON object of options.")
