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
