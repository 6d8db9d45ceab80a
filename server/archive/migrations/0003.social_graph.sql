-- Issue 17: follows (two who follow each other are friends) and blocks. They last, so
-- they live here; presence and invites are live data in Redis.

CREATE TABLE follows (
    follower  text NOT NULL,                   -- account pid
    followee  text NOT NULL,
    at        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (follower, followee),
    CHECK (follower <> followee)
);
CREATE INDEX follows_followee ON follows (followee);

CREATE TABLE blocks (
    blocker   text NOT NULL,
    blocked   text NOT NULL,
    at        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (blocker, blocked),
    CHECK (blocker <> blocked)
);
CREATE INDEX blocks_blocked ON blocks (blocked);
