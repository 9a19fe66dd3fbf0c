/**
 * The start of every checkpoint value this package writes, up to its version: the save script reads
 * the stored version from it without decoding the whole checkpoint.
 */
export const checkpointHead = '{"format":"toolcraft.checkpoint","formatVersion":1,"version":';

/**
 * Saves a checkpoint atomically on the server (compare-and-set).
 * KEYS[1]: the checkpoint key. ARGV 1: the head ({@link checkpointHead}), 2: the write id,
 * 3: the expected version or '', 4: TTL seconds or '', 5: the rest of the value
 * (`"runId":…,"savedAt":…,"checkpoint":{…}}`).
 * The stored version is read from the value's head; a value of this package's format without one
 * (written before versions) counts as version 1, as does any other value (the save replaces it).
 * A write id equal to the stored one is a save sent again (the client reconnected before the reply
 * arrived): it is not applied twice, and its version is returned.
 * Replies: `{'ok', version}`, `{'conflict', version}`.
 */
export const saveCheckpointScript = `
local current = redis.call('GET', KEYS[1])
local version = 0
if current then
  local head = string.sub(current, 1, #ARGV[1])
  if head == ARGV[1] then
    local found, write = string.match(current, '^(%d+),"write":"([^"]*)"', #ARGV[1] + 1)
    if found then
      version = tonumber(found)
      if write == ARGV[2] then return { 'ok', version } end
    else
      version = 1
    end
  else
    version = 1
  end
end
if ARGV[3] ~= '' and tonumber(ARGV[3]) ~= version then return { 'conflict', version } end
version = version + 1
local value = ARGV[1] .. version .. ',"write":"' .. ARGV[2] .. '",' .. ARGV[5]
if ARGV[4] ~= '' then redis.call('SET', KEYS[1], value, 'EX', ARGV[4]) else redis.call('SET', KEYS[1], value) end
return { 'ok', version }
`;
