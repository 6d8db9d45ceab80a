-- A sliding-window rate limit: at most ARGV[3] attempts in any ARGV[2] ms.
-- The log holds the time of each allowed attempt; a refused attempt is not logged, so
-- a client hammering a closed limit does not push its own reopening further away.
--
-- KEYS[1] the limit's log (sorted set: unique member -> time in ms)
-- ARGV[1] now (ms)   ARGV[2] window (ms)   ARGV[3] limit   ARGV[4] a unique member
--
-- Returns 0 when the attempt is allowed (and logged), else the ms until one is.
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  local wait = tonumber(oldest[2]) + window - now
  if wait < 1 then wait = 1 end
  return wait
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
return 0
