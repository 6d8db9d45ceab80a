-- Compare-and-set one table's state, then log, reschedule and notify, atomically.
--
-- KEYS[1] table hash (fields rev, st)   KEYS[2] table event stream   KEYS[3] timers zset
-- KEYS[4] the current game's action log (a list; the blob holds the game without it)
-- KEYS[5] (only on the write that ends a game) the archive queue stream: the game's
--         final blob, its whole log and its start time are queued there in this same
--         script, so a node that dies after the last card loses nothing (server/archive)
-- ARGV[1] the rev the caller read (0: the table must not exist yet)
-- ARGV[2] the new table blob
-- ARGV[3] the notice: stream entry field "e" and the pub/sub message
-- ARGV[4] the table's pub/sub channel
-- ARGV[5] ttl of the table's keys (seconds)   ARGV[6] approximate stream length kept
-- ARGV[7] the game action to append to the log ("" for none); when it starts with a
--         newline, the log's new entries, one per line (an Undo rewrites the log)
-- ARGV[8] n, then n timer members to remove, then (due_ms, member) pairs to add
--
-- Returns {1, new_rev} when written, {0, current_rev} when the rev had moved on.
local current = tonumber(redis.call('HGET', KEYS[1], 'rev') or '0')
if current ~= tonumber(ARGV[1]) then
  return {0, current}
end
local rev = current + 1
redis.call('HSET', KEYS[1], 'rev', rev, 'st', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[6], rev .. '-1', 'e', ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[5])
if ARGV[7] ~= '' then
  if string.sub(ARGV[7], 1, 1) == '\n' then
    redis.call('DEL', KEYS[4])
    for entry in string.gmatch(ARGV[7], '[^\n]+') do
      redis.call('RPUSH', KEYS[4], entry)
    end
  elseif redis.call('RPUSH', KEYS[4], ARGV[7]) == 1 then
    -- a game's first action: its start time, for the archive (ms)
    local now = redis.call('TIME')
    redis.call('HSET', KEYS[1], 'gs', now[1] * 1000 + math.floor(now[2] / 1000))
  end
  redis.call('EXPIRE', KEYS[4], ARGV[5])
end
local n = tonumber(ARGV[8])
for i = 9, 8 + n do
  redis.call('ZREM', KEYS[3], ARGV[i])
end
for i = 9 + n, #ARGV, 2 do
  redis.call('ZADD', KEYS[3], ARGV[i], ARGV[i + 1])
end
if KEYS[5] then
  local log = redis.call('LRANGE', KEYS[4], 0, -1)
  redis.call('XADD', KEYS[5], '*', 'st', ARGV[2], 'rev', rev, 'log', table.concat(log, '\n'),
             'gs', redis.call('HGET', KEYS[1], 'gs') or '0')
end
redis.call('PUBLISH', ARGV[4], ARGV[3])
return {1, rev}
