-- Accounts and ratings move from Redis to PostgreSQL (issue 16). Sessions, sign-in
-- throttles and rate limits stay in Redis: they are live and expire.

CREATE TABLE accounts (
    pid       text PRIMARY KEY,                -- the stable player id (a guest's, adopted)
    name      text NOT NULL,                   -- as registered
    name_key  text NOT NULL UNIQUE,            -- lower(name): one account per name
    hash      text NOT NULL,                   -- argon2id
    created   timestamptz NOT NULL
);

CREATE TABLE ratings (
    pid      text PRIMARY KEY,
    name     text NOT NULL,                    -- the name the board shows
    mu       double precision NOT NULL,
    sigma    double precision NOT NULL,
    games    integer NOT NULL,                 -- rated games
    ordinal  double precision NOT NULL         -- mu - 3 sigma: the board's order
);
CREATE INDEX ratings_board ON ratings (ordinal DESC) WHERE games > 0;

-- One row per player per rated game: the history, and "this game was rated" (its key).
CREATE TABLE rating_changes (
    game_id  text NOT NULL,                    -- "<table>:<game number>"
    pid      text NOT NULL,
    at       timestamptz NOT NULL,
    name     text NOT NULL,
    before   double precision NOT NULL,        -- shown rating before and after
    after    double precision NOT NULL,
    mu       double precision NOT NULL,
    sigma    double precision NOT NULL,
    games    integer NOT NULL,
    won      boolean NOT NULL,
    left_game boolean NOT NULL,
    PRIMARY KEY (game_id, pid)
);
CREATE INDEX rating_changes_pid_at ON rating_changes (pid, at DESC);
