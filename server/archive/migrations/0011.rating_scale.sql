-- Ratings are shown on the familiar scale: 1500 for a new player, 40 points per point of
-- openskill's mu (server.social.ratings.shown_rating; docs/decisions.md, "Ranked play").
-- The board keeps the shown rating (it was ordered by mu - 3 sigma), and every change
-- of the histories is shown again on that scale: after from its own mu, before from the
-- player's previous change (1500 before their first game).

ALTER TABLE ratings RENAME COLUMN ordinal TO shown;
UPDATE ratings SET shown = round(1500 + 40 * (mu - 25));
DROP INDEX ratings_board;
CREATE INDEX ratings_board ON ratings (shown DESC) WHERE games > 0;

WITH rescaled AS (
    SELECT game_id, pid, round(1500 + 40 * (mu - 25)) AS after,
           coalesce(lag(round(1500 + 40 * (mu - 25)))
                    OVER (PARTITION BY pid ORDER BY games, at), 1500) AS before
    FROM rating_changes)
UPDATE rating_changes c SET before = r.before, after = r.after
FROM rescaled r WHERE c.game_id = r.game_id AND c.pid = r.pid;
