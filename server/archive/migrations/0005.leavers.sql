-- Issue 17: ranked games a player left early. Each leave within the window makes the
-- cooldown before the next ranked queue longer (server/social/leavers.py).
CREATE TABLE ranked_leaves (
    game_id  text NOT NULL,                    -- "<table>:<game number>"
    pid      text NOT NULL,
    at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, pid)
);
CREATE INDEX ranked_leaves_pid_at ON ranked_leaves (pid, at DESC);
