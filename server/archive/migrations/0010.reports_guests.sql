-- A guest can be reported (by their seat at the reporter's table): the report keeps the
-- name the guest was shown under, since a guest's name is not kept anywhere that lasts.
ALTER TABLE reports ADD COLUMN guest_name text;
