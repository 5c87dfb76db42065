/*
 * The presence registry's scripts: each runs whole, so a change and what it changed are one step
 * for every replica. Keys under `ARGV[1]` (the prefix): `replicas` (a set), and for each replica
 * `hb:<replica>` (its heartbeat, expiring) and `on:<replica>` (user → sockets there); for each user
 * with a socket `user:<user>` (replica → sockets), `chosen:<user>` and `shown:<user>` (what others
 * see; absent: offline). Keys are built here rather than passed, so these run on one Redis, not a
 * Cluster. Each answers the users whose shown status changed, as a flat list: user, status, …
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
  end
  if now == 'offline' then redis.call('DEL', P .. 'shown:' .. u) else redis.call('SET', P .. 'shown:' .. u, now) end
  if now ~= before then
    table.insert(changes, u)
    table.insert(changes, now)
  end
end
local function known(r)
  return redis.call('SISMEMBER', P .. 'replicas', r) == 1
end
`;

/** ARGV: prefix, replica, ttl, then user, count, user, count, … */
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
for i = 4, #ARGV, 2 do
  note(ARGV[i])
  add(ARGV[i], R, tonumber(ARGV[i + 1]))
  redis.call('HSET', P .. 'on:' .. R, ARGV[i], ARGV[i + 1])
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

/** ARGV: prefix, replica, user, chosen status ('' to keep). 'lost' when the replica was reaped. */
export const CONNECT = `${PRELUDE}
local R, u = ARGV[2], ARGV[3]
if not known(R) then return 'lost' end
local before = was(u)
if ARGV[4] ~= '' then redis.call('SET', P .. 'chosen:' .. u, ARGV[4]) end
add(u, R, 1)
redis.call('HINCRBY', P .. 'on:' .. R, u, 1)
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
