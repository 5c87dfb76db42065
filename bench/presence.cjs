// Presence fan-out (issue #30): 1,000 users online in one server, on two replicas of our API sharing
// PostgreSQL and Redis (999 clients and the message yardstick's sender: a server of more than 1,000
// members hears no presence.updated, so the server is cut to 1,000). Changers (clients of both replicas in turn) send the gateway op `presence`,
// alternating idle and online, at `rate` changes per second; every other client should get each
// change as `presence.updated`. Reported: p50/p99 from the changer's write to each receipt (both
// stamped on CLOCK_MONOTONIC, shared by the machine's processes), the share delivered, and the
// replicas' and Redis' CPU per change. Beside it, in the same run and on the same sockets, the
// fan-out of a message to the same clients (gateway.cjs' round), the yardstick: a presence change
// should cost no more than a message to the same audience.
//
// `node bench/presence.cjs [--quick]` (build first: `npx tsc -b tsconfig.build.json`); it creates and
// drops a database of its own. pnpm bench runs it after the gateway part (`runPresence`).
const { runAlone, seedGateway, dropRedisKeys, SIDES, openFanOut, closeFanOut, fanOutRound, fanOutResult, cpuMicros, percentile, FIRST_USER, SERVER_ID } = require('./gateway.cjs');
const { sql } = require('kysely');

const PLANS = {
  quick: { clients: 100, changes: 40, changers: 10, rate: 20, messages: 20, connectConcurrency: 50 },
  full: { clients: 999, changes: 200, changers: 20, rate: 10, messages: 100, connectConcurrency: 100 },
};
const now = () => Number(process.hrtime.bigint() / 1000n) / 1000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Redis' own CPU so far (user + system), in ms. */
async function redisCpuMs(redis) {
  const info = await redis.info('cpu');
  const field = (name) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)?.[1] ?? 0);
  return (field('used_cpu_sys') + field('used_cpu_user')) * 1000;
}

/** Waits until no client process has received a presence event for `quietMs` (the connects' storm is over). */
async function settle(groups, quietMs) {
  let last = -1;
  for (const deadline = now() + 60_000; now() < deadline; ) {
    const counts = await Promise.all(groups.map((g) => g.ask({ cmd: 'count' })));
    const cpu = counts.reduce((n, c) => n + c.cpuMs, 0);
    if (Math.abs(cpu - last) < quietMs / 20) return;
    last = cpu;
    await sleep(quietMs);
  }
}

/** `plan.changes` changes at `plan.rate`/s, changers taken in turn from both client processes. */
async function changePresence(state, plan) {
  const changes = [];
  const start = now();
  const status = new Map();
  for (let i = 0; i < plan.changes; i++) {
    const wait = start + (i * 1000) / plan.rate - now();
    if (wait > 0) await sleep(wait);
    const changer = i % plan.changers;
    const group = changer % state.groups.length;
    const index = Math.floor(changer / state.groups.length);
    const next = status.get(changer) === 'idle' ? 'online' : 'idle';
    status.set(changer, next);
    const { at } = await state.groups[group].ask({ cmd: 'presence', index, status: next });
    // The gateway's client tokens are users FIRST_USER + 1 + i, split between the groups by i % 2.
    changes.push({ userId: String(state.firstClientUser + index * state.groups.length + group), status: next, at });
  }
  return changes;
}

/** Each receipt belongs to the latest change of its user to its status written before it arrived. */
function presenceLatencies(changes, receipts) {
  const byUser = new Map();
  for (const change of changes) byUser.set(change.userId, [...(byUser.get(change.userId) ?? []), change]);
  const latencies = [];
  const perChange = new Map();
  for (const [userId, status, at] of receipts) {
    const change = (byUser.get(userId) ?? []).filter((c) => c.status === status && c.at <= at).at(-1);
    if (!change) continue;
    perChange.set(change, (perChange.get(change) ?? 0) + 1);
    latencies.push(at - change.at);
  }
  return { latencies: latencies.sort((a, b) => a - b), perChange };
}

/**
 * The whole presence part on the database at `url` (migrated). `seeded`: the gateway part's users
 * (runGateway's), else this seeds its own.
 */
async function runPresence({ db, url, redisUrl, quick, seeded, log = console.log }) {
  const { Redis } = require('ioredis');
  const plan = quick ? PLANS.quick : PLANS.full;
  const { tokens, channelId } = seeded ?? (await seedGateway(db, plan.clients + 1));
  // The gateway part's server is larger: only the sender and the clients stay members of it.
  await sql`delete from members where server_id = ${SERVER_ID} and user_id >= ${FIRST_USER + plan.clients + 1}`.execute(db);
  const prefix = `bench-presence-${process.pid}:`;
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  let state;
  try {
    state = await openFanOut(SIDES.ours, { url, redisUrl, prefix }, tokens, plan);
    state.firstClientUser = Number(userIdOf(tokens[1]));
    await settle(state.groups, 1_000);
    // The yardstick: a message to the same clients, the same replicas, just before.
    await fanOutRound(state, tokens[0], channelId, plan.messages, { ...plan, rate: plan.rate });
    const message = await fanOutResult(state, { ...plan, rounds: 1 }, () => undefined);
    await Promise.all(state.groups.map((g) => g.ask({ cmd: 'record' })));
    const cpuBefore = state.replicas.map((r) => cpuMicros(r.child.pid));
    const redisBefore = await redisCpuMs(redis);
    const started = now();
    const changes = await changePresence(state, plan);
    // Until every receipt is in, or 10 s after the last change.
    const want = changes.length * (state.clients - 1);
    let receipts = [];
    for (const deadline = now() + 10_000; now() < deadline; await sleep(200)) {
      receipts = (await Promise.all(state.groups.map((g) => g.ask({ cmd: 'presence-report' })))).flatMap((r) => r.presence);
      if (receipts.length >= want) break;
    }
    const seconds = (now() - started) / 1000;
    const replicaCpuMs = state.replicas.reduce((sum, r, i) => sum + cpuMicros(r.child.pid) - cpuBefore[i], 0) / 1000;
    const redisMs = (await redisCpuMs(redis)) - redisBefore;
    const { latencies, perChange } = presenceLatencies(changes, receipts);
    const delivered = [...perChange.values()].reduce((n, k) => n + Math.min(k, state.clients - 1), 0) / want;
    const result = {
      clients: state.clients,
      changes: changes.length,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      delivered,
      replicaCpuMsPerChange: replicaCpuMs / changes.length,
      redisCpuMsPerChange: redisMs / changes.length,
      seconds,
      message: { p50: message.p50, p99: message.p99, cpuMsPerMessage: message.serverCpuMsPerMessage, delivered: message.delivered },
    };
    log(
      `presence fan-out: ${result.clients} clients on 2 replicas, ${result.changes} changes at ${plan.rate}/s: p50 ${result.p50?.toFixed(2)} ms p99 ${result.p99?.toFixed(2)} ms, ` +
        `delivered ${(delivered * 100).toFixed(2)}%, replicas' CPU ${result.replicaCpuMsPerChange.toFixed(2)} ms and Redis ${result.redisCpuMsPerChange.toFixed(2)} ms per change; ` +
        `a message to the same clients: p50 ${message.p50?.toFixed(2)} ms p99 ${message.p99?.toFixed(2)} ms, replicas' CPU ${message.serverCpuMsPerMessage.toFixed(2)} ms`,
    );
    return result;
  } finally {
    if (state) await closeFanOut(state);
    redis.disconnect();
    await dropRedisKeys(redisUrl, prefix).catch(() => undefined);
  }
}

/** The user id a bench token was signed for (its `sub`). */
const userIdOf = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;

module.exports = { runPresence, PLANS };

if (require.main === module) runAlone('presence', runPresence);
