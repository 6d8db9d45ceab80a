-- Record one invite by name, unless its invitee already holds the most live invites.
-- Atomic, so hosts sending at one moment cannot pass the bound together.
--
-- KEYS[1] the invite (string)   KEYS[2] the invitee's live invites (zset id -> expiry ms)
-- ARGV[1] the invite's record   ARGV[2] its id   ARGV[3] its life (ms)
-- ARGV[4] the most live invites one invitee may hold
--
-- Returns 1 when recorded, 0 when the invitee holds the most already. Expiries are on
-- Redis's clock, as the invite's own TTL is.
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then
  return 0
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1
