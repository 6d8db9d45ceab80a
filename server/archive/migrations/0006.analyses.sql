-- The analysis of an archived game's decisions (issue 19), kept with the game: one row
-- per analysed seat. status: queued (a worker has it to do), done (result holds
-- shared.analysis.Analysis.to_dict()) or failed (error says why).

CREATE TABLE game_analyses (
    game_id    text NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       smallint NOT NULL,
    status     text NOT NULL,
    result     jsonb,
    error      text,
    requested  timestamptz NOT NULL DEFAULT now(),
    finished   timestamptz,
    PRIMARY KEY (game_id, seat)
);
