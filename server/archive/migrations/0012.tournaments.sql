-- Tournaments: every game an event counted, and every entrant's place when it ended.

-- One row per game an event counted (written when the game ends; a game reported twice
-- is kept once). ``game_id`` is the archive's ``<table>:<game_no>``.
CREATE TABLE tournament_games (
    event_id  text NOT NULL,
    table_id  text NOT NULL,
    game_id   text NOT NULL,
    points    jsonb NOT NULL,                 -- {pid: the points the game gave}
    recorded  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (event_id, table_id)
);

-- One row per entrant of a finished event: the player page's "events played".
CREATE TABLE tournament_places (
    event_id    text NOT NULL,
    pid         text NOT NULL,
    name        text NOT NULL,
    event_name  text NOT NULL,
    kind        text NOT NULL,                -- 'arena' or 'knockout'
    place       integer NOT NULL,
    points      integer NOT NULL,             -- Arena points; a Knock-out's matches won
    games       integer NOT NULL,
    finished    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (event_id, pid)
);
CREATE INDEX tournament_places_pid ON tournament_places (pid, finished DESC);
