-- Record one rated game, atomically and once: every player's new rating (only if no
-- other game was rated for them since the caller read), their histories, the board.
--
-- KEYS[1] the game's record   KEYS[2] the board (zset)   KEYS[3] the names (hash)
-- KEYS[4 .. 3+n] the players' rating hashes   KEYS[4+n .. 3+2n] their history lists
-- ARGV[1] the game's record (msgpack)   ARGV[2] history entries kept per player
-- ARGV[3] the record's ttl (s)   ARGV[4] n
-- then for each player i, 7 values: pid, games seen by the caller, mu, sigma,
-- games after, ordinal, name; then n history entries (msgpack), in player order.
--
-- Returns {0, record} if the game was rated before, {-1} if a player's rating moved
-- on since the caller read it (re-read and try again), {1} when written.
local done = redis.call('GET', KEYS[1])
if done then
  return {0, done}
end
local n = tonumber(ARGV[4])
for i = 1, n do
  local base = 4 + (i - 1) * 7
  local games = tonumber(redis.call('HGET', KEYS[3 + i], 'games') or '0')
  if games ~= tonumber(ARGV[base + 2]) then
    return {-1}
  end
end
local keep = tonumber(ARGV[2])
for i = 1, n do
  local base = 4 + (i - 1) * 7
  local pid = ARGV[base + 1]
  redis.call('HSET', KEYS[3 + i], 'mu', ARGV[base + 3], 'sigma', ARGV[base + 4],
             'games', ARGV[base + 5])
  redis.call('ZADD', KEYS[2], ARGV[base + 6], pid)
  redis.call('HSET', KEYS[3], pid, ARGV[base + 7])
  local history = KEYS[3 + n + i]
  redis.call('LPUSH', history, ARGV[4 + 7 * n + i])
  redis.call('LTRIM', history, 0, keep - 1)
end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[3])
return {1}
