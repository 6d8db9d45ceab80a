-- Claim a group of players from the ranked queue for one match, atomically: either
-- every one of them is still waiting and all leave the queue together, or nothing
-- changes. Several nodes may run the matcher at once; a player is claimed once.
--
-- KEYS[1] queue (zset pid -> joined)   KEYS[2] heartbeats (zset)   KEYS[3] ratings (hash)
-- KEYS[4] pid -> match id (hash)       KEYS[5] the match's record
-- ARGV[1] match id   ARGV[2] the match record (msgpack)   ARGV[3] record ttl (s)
-- ARGV[4 ..] the pids
--
-- Returns 1 when claimed, 0 when one of them was gone (taken by another node, or left).
for i = 4, #ARGV do
  if not redis.call('ZSCORE', KEYS[1], ARGV[i]) then
    return 0
  end
end
for i = 4, #ARGV do
  redis.call('ZREM', KEYS[1], ARGV[i])
  redis.call('ZREM', KEYS[2], ARGV[i])
  redis.call('HDEL', KEYS[3], ARGV[i])
  redis.call('HSET', KEYS[4], ARGV[i], ARGV[1])
end
redis.call('SET', KEYS[5], ARGV[2], 'EX', ARGV[3])
return 1
