-- Create an account: claim the name and a player id together, atomically.
--
-- KEYS[1] the account hash (by folded name)
-- KEYS[2] the pid index entry of the pid to adopt (or of the fresh pid if none)
-- KEYS[3] the pid index entry of the fresh pid
-- ARGV[1] the name as typed   ARGV[2] the argon2id hash   ARGV[3] pid to adopt, or ""
-- ARGV[4] a fresh pid         ARGV[5] now (ms)
--
-- Returns {0} if the name is taken, else {1, pid}: the adopted pid when no account owns
-- it yet (a guest keeps their seat), else the fresh one.
if redis.call('EXISTS', KEYS[1]) == 1 then
  return {0}
end
local folded = string.lower(ARGV[1])
local pid = ARGV[4]
local index = KEYS[3]
if ARGV[3] ~= '' and redis.call('EXISTS', KEYS[2]) == 0 then
  pid = ARGV[3]
  index = KEYS[2]
end
redis.call('HSET', KEYS[1], 'name', ARGV[1], 'pid', pid, 'hash', ARGV[2], 'created', ARGV[5])
redis.call('SET', index, folded)
return {1, pid}
