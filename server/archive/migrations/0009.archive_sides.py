"""Archived games get their real sides and standings (server/archive/sides_fix.py):
``game_seats.place``; side, ``won`` and the side-read statistics corrected for the
solo games once stored as partnerships; ``player_stats`` kept per player and
``private`` (a private table's games apart) and added up again from the rows."""

from yoyo import step

from server.archive.sides_fix import ADD_COLUMNS, REBUILD_SUMS, REQUIRE_PLACE, correct_seats

# yoyo collects the steps in the order step() is called; each runs in this migration's
# transaction.
for sql in ADD_COLUMNS:
    step(sql)
step(correct_seats)
step(REQUIRE_PLACE)
for sql in REBUILD_SUMS:
    step(sql)
