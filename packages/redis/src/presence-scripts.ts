/*
 * The presence registry's scripts: each runs whole, so a change and what it changed are one step
 * for every replica. Keys under `ARGV[1]` (the prefix, which ends in the hash tag `{presence}:`, so
 * that on a Redis Cluster every key of the registry is in one slot and each script may touch any):
 * `replicas` (a set), and for each replica `hb:<replica>` (its heartbeat, expiring) and
 * `on:<replica>` (user → sockets there); for each user with a socket `user:<user>` (replica →
 * sockets), `chosen:<user>`, `shown:<user>` (what others see; absent: offline) and `places:<user>`
 * (the places they are heard in); for each place `in:<place>` (its users with a socket). Keys are
 * built here rather than passed (all in the one slot). Each change answers the users whose shown
 * status changed, as a flat list: user, status, …
 */

const PRELUDE = `
local P = ARGV[1]
local changes = {}
local function was(u)
  return redis.call('GET', P .. 'shown:' .. u) or 'offline'
end
local function add(u, r, n)
  if redis.call('HINCRBY', P .. 'user:' .. u, r, n) <= 0 then redis.call('HDEL', P .. 'user:' .. u, r) end
end
local function settle(u, before)
  local now = 'offline'
  if redis.call('EXISTS', P .. 'user:' .. u) == 1 then
    now = redis.call('GET', P .. 'chosen:' .. u) or 'online'
    if now == 'invisible' then now = 'offline' end
  else
    redis.call('DEL', P .. 'chosen:' .. u)
    for _, p in ipairs(redis.call('SMEMBERS', P .. 'places:' .. u)) do redis.call('SREM', P .. 'in:' .. p, u) end
    redis.call('DEL', P .. 'places:' .. u)
  end
  if now == 'offline' then redis.call('DEL', P .. 'shown:' .. u) else redis.call('SET', P .. 'shown:' .. u, now) end
  if now ~= before then
    table.insert(changes, u)
    table.insert(changes, now)
  end
end
local function place(u, p)
  redis.call('SADD', P .. 'places:' .. u, p)
  redis.call('SADD', P .. 'in:' .. p, u)
end
local function known(r)
  return redis.call('SISMEMBER', P .. 'replicas', r) == 1
end
`;

/**
 * ARGV: prefix, replica, ttl, then user, count, places (ids joined by spaces), chosen ('' if none), user, …
 * A user's chosen status is set only where none is held: a reap forgot it, and another replica's stands.
 */
export const ENTER = `${PRELUDE}
local R = ARGV[2]
local before, order = {}, {}
local function note(u)
  if before[u] == nil then
    before[u] = was(u)
    table.insert(order, u)
  end
end
local old = redis.call('HGETALL', P .. 'on:' .. R)
for i = 1, #old, 2 do
  note(old[i])
  add(old[i], R, -tonumber(old[i + 1]))
end
redis.call('DEL', P .. 'on:' .. R)
for i = 4, #ARGV, 4 do
  note(ARGV[i])
  if ARGV[i + 3] ~= '' then redis.call('SET', P .. 'chosen:' .. ARGV[i], ARGV[i + 3], 'NX') end
  add(ARGV[i], R, tonumber(ARGV[i + 1]))
  redis.call('HSET', P .. 'on:' .. R, ARGV[i], ARGV[i + 1])
  for p in string.gmatch(ARGV[i + 2], '%S+') do place(ARGV[i], p) end
end
for _, u in ipairs(order) do settle(u, before[u]) end
redis.call('SADD', P .. 'replicas', R)
redis.call('SET', P .. 'hb:' .. R, '1', 'PX', ARGV[3])
return changes`;

/** ARGV: prefix, replica, ttl. 1: beating; 0: reaped (enter again). */
export const BEAT = `${PRELUDE}
if not known(ARGV[2]) then return 0 end
redis.call('SET', P .. 'hb:' .. ARGV[2], '1', 'PX', ARGV[3])
return 1`;

/** ARGV: prefix, replica, user, chosen status ('' to keep), then the places they are heard in. 'lost' when the replica was reaped. */
export const CONNECT = `${PRELUDE}
local R, u = ARGV[2], ARGV[3]
if not known(R) then return 'lost' end
local before = was(u)
if ARGV[4] ~= '' then redis.call('SET', P .. 'chosen:' .. u, ARGV[4]) end
add(u, R, 1)
redis.call('HINCRBY', P .. 'on:' .. R, u, 1)
for i = 5, #ARGV do place(u, ARGV[i]) end
settle(u, before)
return changes`;

/** ARGV: prefix, replica, user. 'lost' when the replica was reaped. */
export const DISCONNECT = `${PRELUDE}
local R, u = ARGV[2], ARGV[3]
if not known(R) then return 'lost' end
local held = tonumber(redis.call('HGET', P .. 'on:' .. R, u) or '0')
if held <= 0 then return changes end
local before = was(u)
if held == 1 then redis.call('HDEL', P .. 'on:' .. R, u) else redis.call('HINCRBY', P .. 'on:' .. R, u, -1) end
add(u, R, -1)
settle(u, before)
return changes`;

/** ARGV: prefix, user, status. */
export const CHOOSE = `${PRELUDE}
local u = ARGV[2]
if redis.call('EXISTS', P .. 'user:' .. u) == 0 then return changes end
local before = was(u)
redis.call('SET', P .. 'chosen:' .. u, ARGV[3])
settle(u, before)
return changes`;

/** ARGV: prefix. */
export const REAP = `${PRELUDE}
for _, r in ipairs(redis.call('SMEMBERS', P .. 'replicas')) do
  if redis.call('EXISTS', P .. 'hb:' .. r) == 0 then
    local sockets = redis.call('HGETALL', P .. 'on:' .. r)
    for i = 1, #sockets, 2 do
      local before = was(sockets[i])
      add(sockets[i], r, -tonumber(sockets[i + 1]))
      settle(sockets[i], before)
    end
    redis.call('DEL', P .. 'on:' .. r)
    redis.call('SREM', P .. 'replicas', r)
  end
end
return changes`;


/** ARGV: prefix, user, place. Only for a user with a socket: the last one gone takes their places with it. */
export const JOIN_PLACE = `${PRELUDE}
local u = ARGV[2]
if redis.call('EXISTS', P .. 'user:' .. u) == 1 then place(u, ARGV[3]) end
return 0`;

/** ARGV: prefix, user, place. */
export const LEAVE_PLACE = `${PRELUDE}
redis.call('SREM', P .. 'places:' .. ARGV[2], ARGV[3])
redis.call('SREM', P .. 'in:' .. ARGV[3], ARGV[2])
return 0`;

/**
 * ARGV: prefix, then places. Reads only: who is heard in them, each once, with what they show
 * (offline ones left out). Read in Redis rather than sent back set by set: one answer per call.
 */
export const PRESENT_IN = `${PRELUDE}
local seen, found = {}, {}
for i = 2, #ARGV do
  for _, u in ipairs(redis.call('SMEMBERS', P .. 'in:' .. ARGV[i])) do
    if not seen[u] then
      seen[u] = true
      local s = redis.call('GET', P .. 'shown:' .. u)
      if s then
        table.insert(found, u)
        table.insert(found, s)
      end
    end
  end
end
return found`;
