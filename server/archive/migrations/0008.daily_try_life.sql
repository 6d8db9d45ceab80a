-- The daily try's life cycle: a hand's table is decided once (a compare-and-set on
-- table_id, NULL while the next hand is not dealt), the moment it was decided, and which
-- hands were abandoned (left, or the day closed on them).
ALTER TABLE daily_tries ALTER COLUMN table_id DROP NOT NULL;
ALTER TABLE daily_tries ADD COLUMN dealt timestamptz;      -- when table_id was decided
ALTER TABLE daily_tries ADD COLUMN abandoned integer[] NOT NULL DEFAULT '{}';  -- 1-based
