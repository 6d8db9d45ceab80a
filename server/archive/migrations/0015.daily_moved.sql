-- A guest's try moved to the account they signed in to leaves a marker under the guest's
-- pid: its day is taken for that guest, so the old guest cookie put back by hand cannot
-- start the day again on the hands it has already seen. A marker is no try (never
-- finished, never dealt); being a row of the same key, it meets a racing first deal of
-- the guest in the primary key, so one of the two wins, never both.
ALTER TABLE daily_tries ADD COLUMN moved_to text;          -- the account's pid it moved to
