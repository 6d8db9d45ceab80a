-- Drop players from the ranked queue whose client stopped sending heartbeats (their
-- node died, or the socket closed without a leave). Atomic, so a heartbeat that lands
-- during the prune either keeps the player or comes after they were dropped.
--
-- KEYS[1] queue (zset)   KEYS[2] heartbeats (zset pid -> last seen ms)   KEYS[3] ratings
-- ARGV[1] drop those last seen before this time (ms)
--
-- Returns the pids dropped.
local stale = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', '(' .. ARGV[1])
for _, pid in ipairs(stale) do
  redis.call('ZREM', KEYS[1], pid)
  redis.call('ZREM', KEYS[2], pid)
  redis.call('HDEL', KEYS[3], pid)
end
return stale
