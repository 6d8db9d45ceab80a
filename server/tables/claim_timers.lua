-- Claim due timers for this node, atomically: each due member is pushed a lease into
-- the future, so no other node takes it now, and another node retries it if this one
-- dies before finishing (finishing removes it, in apply.lua).
--
-- KEYS[1] timers zset
-- ARGV[1] claim members due at or before this time (ms)
-- ARGV[2] the lease's end (ms)   ARGV[3] at most this many members
--
-- Returns the claimed members.
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])
for _, member in ipairs(due) do
  redis.call('ZADD', KEYS[1], ARGV[2], member)
end
return due
