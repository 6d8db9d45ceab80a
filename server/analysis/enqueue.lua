-- Add one analysis request to the stream unless its backlog is at its bound.
-- The stream holds only requests no worker has acknowledged (a worker deletes what it
-- acknowledges: ack.lua), so its length is the backlog; nothing is ever trimmed away
-- unread. Each added request draws a ticket: the count of requests ever added.
--
-- KEYS[1] the requests' stream   KEYS[2] the counts (hash: added, done; same slot)
-- ARGV[1] the bound              ARGV[2] the request (field r)
--
-- Returns the new request's ticket, or false when the backlog is full (nothing added).
if redis.call('XLEN', KEYS[1]) >= tonumber(ARGV[1]) then
  return false
end
local ticket = redis.call('HINCRBY', KEYS[2], 'added', 1)
redis.call('XADD', KEYS[1], '*', 'r', ARGV[2])
return ticket
