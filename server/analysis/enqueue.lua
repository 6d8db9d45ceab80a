-- Add one analysis request to the stream unless its backlog is at its bound.
-- The stream holds only requests no worker has acknowledged (a worker deletes what it
-- acknowledges), so its length is the backlog; nothing is ever trimmed away unread.
--
-- KEYS[1] the requests' stream   ARGV[1] the bound   ARGV[2] the request (field r)
--
-- Returns the new entry's id, or false when the backlog is full (nothing was added).
if redis.call('XLEN', KEYS[1]) >= tonumber(ARGV[1]) then
  return false
end
return redis.call('XADD', KEYS[1], '*', 'r', ARGV[2])
