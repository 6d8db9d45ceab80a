-- The archive of finished games (issue 16): one row per game, one per seat, and each
-- player's running sums for the player page. Seats and sides are counted, never fixed:
-- totals is one entry per side, game_seats one row per seat.

CREATE TABLE games (
    id            text PRIMARY KEY,            -- "<table id>.<game number>"
    table_id      text NOT NULL,
    game_no       integer NOT NULL,
    kind          text NOT NULL,               -- casual | private | ranked
    private       boolean NOT NULL,            -- players only (a private table's game)
    rules         jsonb NOT NULL,              -- RuleSet.to_dict()
    seed          bigint NOT NULL,             -- every hand's deal seed follows from it
    first_dealer  smallint NOT NULL,
    opening       jsonb,                       -- a fixed first position, if any
    started       timestamptz NOT NULL,
    ended         timestamptz NOT NULL,
    seats         jsonb NOT NULL,              -- [{seat, name, pid, account, bot, left}]
    winner        smallint,                    -- the winning side; NULL: a draw
    totals        integer[] NOT NULL,          -- final score per side
    hands_played  integer NOT NULL,
    hand_scores   jsonb NOT NULL,              -- per hand: {no, dealer, commitment, score}
    actions       text NOT NULL,               -- "<seat> <action>" per line, in order
    extra         jsonb NOT NULL DEFAULT '{}',
    archived      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX games_ended ON games (ended DESC);

-- One row per seat, written with the game: what the player pages read.
CREATE TABLE game_seats (
    game_id          text NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat             smallint NOT NULL,
    pid              text,                     -- NULL: a bot's seat
    side             smallint NOT NULL,
    ended            timestamptz NOT NULL,
    kind             text NOT NULL,
    won              boolean,                  -- NULL: a draw
    left_game        boolean NOT NULL,
    hands            integer NOT NULL,
    bids             integer NOT NULL,
    bid_error_sum    integer NOT NULL,
    contracts_made   integer NOT NULL,
    contracts_set    integer NOT NULL,
    bags             integer NOT NULL,
    nil_tried        integer NOT NULL,
    nil_made         integer NOT NULL,
    blind_nil_tried  integer NOT NULL,
    blind_nil_made   integer NOT NULL,
    top_scorer       integer NOT NULL,
    PRIMARY KEY (game_id, seat)
);
-- A player's recent games, newest first: an index range scan of the first rows.
CREATE INDEX game_seats_pid_ended ON game_seats (pid, ended DESC) WHERE pid IS NOT NULL;

-- Each player's sums over their game_seats rows, added in the game's transaction, so a
-- page with 10,000 games reads one row instead of adding 10,000.
CREATE TABLE player_stats (
    pid              text PRIMARY KEY,
    games            integer NOT NULL DEFAULT 0,
    won              integer NOT NULL DEFAULT 0,
    completed        integer NOT NULL DEFAULT 0,
    hands            bigint NOT NULL DEFAULT 0,
    bids             bigint NOT NULL DEFAULT 0,
    bid_error_sum    bigint NOT NULL DEFAULT 0,
    contracts_made   bigint NOT NULL DEFAULT 0,
    contracts_set    bigint NOT NULL DEFAULT 0,
    bags             bigint NOT NULL DEFAULT 0,
    nil_tried        bigint NOT NULL DEFAULT 0,
    nil_made         bigint NOT NULL DEFAULT 0,
    blind_nil_tried  bigint NOT NULL DEFAULT 0,
    blind_nil_made   bigint NOT NULL DEFAULT 0,
    top_scorer       bigint NOT NULL DEFAULT 0
);
