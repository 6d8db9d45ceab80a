-- A worker is done with one analysis request: acknowledge it, delete it, and count it
-- as done (only if it was still there: two workers finishing one retaken request count
-- it once), so the requests ahead of a waiting one are its ticket - 1 - done.
--
-- KEYS[1] the requests' stream   KEYS[2] the counts (hash: added, done; same slot)
-- ARGV[1] the consumer group     ARGV[2] the request's id
redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
if redis.call('XDEL', KEYS[1], ARGV[2]) == 1 then
  redis.call('HINCRBY', KEYS[2], 'done', 1)
end
return 1
