-- Write an event's record if its version is still the one read.
-- KEYS[1] the event's hash; ARGV[1] the version read (0: the event must be new),
-- ARGV[2] the record. Returns the new version, or -1 when another write came first.
local rev = tonumber(redis.call('HGET', KEYS[1], 'rev') or '0')
if rev ~= tonumber(ARGV[1]) then
  return -1
end
redis.call('HSET', KEYS[1], 'rev', rev + 1, 'st', ARGV[2])
return rev + 1
