-- Whether an entrant's place was in a private (club) event: the player page lists such
-- an event, with its link, to the player alone (a stranger never learns a club's link).

ALTER TABLE tournament_places ADD COLUMN private boolean NOT NULL DEFAULT false;
