"""Tournaments on the room's tables (the pure core is ``shared.tournaments``).

``keys`` every Redis key of an event; ``store`` the events in Redis (a version and the
event's record, written by compare-and-set so any node may change an event);
``results`` what lasts in PostgreSQL (each game counted, each event's places);
``service`` the node's part: the calls a player's request makes, and the tick every
node runs (pairing, seating through the room's ranked-table path, the sweep that
finishes what a dead node left half done).
"""
