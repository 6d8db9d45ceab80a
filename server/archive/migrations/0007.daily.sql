-- The daily deal (issue 19 part 2): the server's secret, each day's par, each try.

-- The secret the days' seeds are derived from (shared.daily.deals), generated once by
-- the first node that needs it and kept here, unless DAILY_SECRET is set. One row.
CREATE TABLE daily_secret (
    id      smallint PRIMARY KEY CHECK (id = 1),
    secret  bytea NOT NULL
);

-- The par of a day: the day's hands played by Challenge in all four seats, by hand.
-- A row with par NULL is a claim: a node is computing it since "claimed".
CREATE TABLE daily_par (
    day      date PRIMARY KEY,
    claimed  timestamptz NOT NULL,
    par      integer[]                        -- by hand, the South side's points
);

-- One try per player (an account's pid, or a guest's) per day.
CREATE TABLE daily_tries (
    day       date NOT NULL,
    pid       text NOT NULL,
    account   text,                           -- the account's name, NULL for a guest
    name      text NOT NULL,                  -- the name shown
    started   timestamptz NOT NULL,
    hand      integer NOT NULL,               -- the hand in play (0-based), or hands when done
    table_id  text NOT NULL,                  -- the table of the hand in play
    points    integer[] NOT NULL DEFAULT '{}',-- by hand, the South side's points
    finished  timestamptz,
    total     integer,                        -- set when finished
    PRIMARY KEY (day, pid)
);
CREATE INDEX daily_board ON daily_tries (day, total DESC) WHERE finished IS NOT NULL;
