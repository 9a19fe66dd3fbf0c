import { rememberedAppendIds } from '@toolcraft/core/internal';

/**
 * The Lua scripts of the Redis session store. Each runs atomically on the server, so a load sees
 * one consistent session and concurrent appends never interleave (no lost turn, no lock).
 *
 * KEYS (one app's keys share the hash tag `{app}`, so a Redis Cluster keeps them in one slot):
 * 1 session meta (hash: format, formatVersion, version, updatedAt),
 * 2 session state (hash: key -> JSON), 3 messages (list of JSON), 4 app state (hash),
 * 5 user state (hash), 6 the user's session ids (set), 7 the session's last append ids (sorted set,
 * scored by the version each append made; the last 100 are kept).
 * ARGV 1: the format name, 2: the format version this package writes and reads.
 *
 * Replies: `{'ok', version, messages, appState, userState, sessionState}` (hashes as flat
 * field/value lists), `{'corrupt', key, detail}`, `{'unsupported', key, found}`, `{'conflict', version}`.
 */
const prelude = `
local kinds = { 'hash', 'hash', 'list', 'hash', 'hash', 'set', 'zset' }
for i = 1, 7 do
  local found = redis.call('TYPE', KEYS[i])['ok']
  if found ~= 'none' and found ~= kinds[i] then
    return { 'corrupt', KEYS[i], 'it is a Redis ' .. found .. ', expected a ' .. kinds[i] }
  end
end
local meta = redis.call('HMGET', KEYS[1], 'format', 'formatVersion', 'version')
local version = 0
if redis.call('EXISTS', KEYS[1]) == 1 then
  if meta[1] ~= ARGV[1] then
    return { 'corrupt', KEYS[1], 'its format is ' .. tostring(meta[1] or 'missing') .. ', expected ' .. ARGV[1] }
  end
  local formatVersion = tonumber(meta[2] or '')
  if formatVersion == nil or formatVersion < 1 or formatVersion % 1 ~= 0 then
    return { 'corrupt', KEYS[1], 'its formatVersion is ' .. tostring(meta[2] or 'missing') }
  end
  if formatVersion > tonumber(ARGV[2]) then return { 'unsupported', KEYS[1], meta[2] } end
  version = tonumber(meta[3] or '')
  if version == nil or version < 0 or version % 1 ~= 0 then
    return { 'corrupt', KEYS[1], 'its version is ' .. tostring(meta[3] or 'missing') }
  end
end
local function snapshot(at)
  return { 'ok', at, redis.call('LRANGE', KEYS[3], 0, -1), redis.call('HGETALL', KEYS[4]),
    redis.call('HGETALL', KEYS[5]), redis.call('HGETALL', KEYS[2]) }
end
`;

/** Reads one session (no further ARGV). */
export const loadScript = `${prelude}
return snapshot(version)
`;

/**
 * Appends to one session. Further ARGV: 3 append id (the caller's `appendId`, or a fresh one),
 * 4 expected version or '', 5 TTL seconds or '', 6 updatedAt, 7 session id, then counted groups:
 * messages (JSON); app set (field, JSON pairs), app deleted (fields); user set, user deleted;
 * session set, session deleted.
 * An append id among the session's last ones is an append sent again (the caller's retry, or the
 * client reconnected before the reply arrived and resent it, even after other appends landed): it
 * is not applied twice, and the session is returned as it stands.
 */
export const appendScript = `${prelude}
if redis.call('ZSCORE', KEYS[7], ARGV[3]) then return snapshot(version) end
if ARGV[4] ~= '' and tonumber(ARGV[4]) ~= version then return { 'conflict', version } end
local at = 8
local function group(width)
  local count = tonumber(ARGV[at])
  local first = at + 1
  at = first + count * width
  return first, at - 1
end
local first, last = group(1)
for i = first, last do redis.call('RPUSH', KEYS[3], ARGV[i]) end
for _, key in ipairs({ KEYS[4], KEYS[5], KEYS[2] }) do
  first, last = group(2)
  for i = first, last, 2 do redis.call('HSET', key, ARGV[i], ARGV[i + 1]) end
  first, last = group(1)
  for i = first, last do redis.call('HDEL', key, ARGV[i]) end
end
version = version + 1
redis.call('HSET', KEYS[1], 'format', ARGV[1], 'formatVersion', ARGV[2], 'version', version, 'updatedAt', ARGV[6])
redis.call('HDEL', KEYS[1], 'lastWrite')
redis.call('SADD', KEYS[6], ARGV[7])
redis.call('ZADD', KEYS[7], version, ARGV[3])
redis.call('ZREMRANGEBYRANK', KEYS[7], 0, -${rememberedAppendIds + 1})
if ARGV[5] ~= '' then
  for i = 1, 7 do
    if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('EXPIRE', KEYS[i], ARGV[5]) end
  end
end
return snapshot(version)
`;
