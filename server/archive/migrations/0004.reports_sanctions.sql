-- Issue 17: reports of players, and the operator's sanctions (chat mute, ranked ban).
-- A sanction is mirrored in Redis with its expiry so every node enforces it with one
-- read (server/social/reports.py); this table is what lasts.

CREATE TABLE reports (
    id         bigserial PRIMARY KEY,
    at         timestamptz NOT NULL DEFAULT now(),
    reporter   text NOT NULL,                  -- account pids
    reported   text NOT NULL,
    reason     text NOT NULL CHECK (reason IN ('abuse', 'cheating', 'stalling', 'name', 'other')),
    note       text NOT NULL DEFAULT '',       -- the reporter's optional line
    table_id   text,                           -- where, when it came from a table
    game_id    text,                           -- "<table>:<game number>"
    chat       jsonb NOT NULL DEFAULT '[]',    -- the table's kept chat lines at the moment
    closed_at  timestamptz
);
CREATE INDEX reports_open ON reports (at) WHERE closed_at IS NULL;

CREATE TABLE sanctions (
    pid     text NOT NULL,
    kind    text NOT NULL CHECK (kind IN ('mute', 'ranked_ban')),
    until   timestamptz NOT NULL,
    reason  text NOT NULL DEFAULT '',
    at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (pid, kind)
);
