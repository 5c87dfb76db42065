// The gateway part of `pnpm bench`: our gateway against socket.io with @socket.io/redis-adapter
// (bench/socketio-baseline.cjs), the same job on the same PostgreSQL and Redis, in one run.
//
// - Fan-out latency: 2 replicas of a side, `clients` connected clients split evenly between them
//   (one client process per replica, bench/gateway-clients.cjs), all members of one server. This
//   process sends `messages` at `rate` per second through REST to the replicas in turn; each
//   receipt's latency is its arrival time in a client process minus the time this process got that
//   message's 201, both on CLOCK_MONOTONIC (process.hrtime), which every process of the machine
//   shares. The sender has a process of its own so that a burst of 1,000 receipts does not delay
//   its reading of the 201 (in one process, socket.io's receipts came out ~150 ms *before* their
//   201s). p50/p99 over every receipt, and the share of receipts delivered.
// - Memory: one fresh replica of a side, `idle` identified connections (in one client process)
//   that then stay idle (ours heartbeat as asked; socket.io pings by itself), opened in two halves
//   with a settle period after each. The figure is the growth of the server's resident memory
//   (VmRSS) over the second half, divided by its connections: the cost of one more connection
//   between states alike. "From none" (after − before, taken after a warm-up of 100 connections
//   opened and closed and a settle period, ÷ all connections) is reported too: it also holds the
//   heap V8 grows when an idle process gets busy, which moved it by a factor of two between runs.
//
// Run alone: `node bench/gateway.cjs [--quick] [--side=ours|socketio] [--memory-only] [--idle=N]`
// (builds nothing: `pnpm build` first); `--memory-only` skips the fan-out, `--idle=N` opens N idle
// connections (all members of the one server: how long N identifies take shows presence's cost).
// BENCH_SETTLE_MS sets the quick plan's settle periods (2 s); BENCH_NODE_OPTIONS is passed to the
// servers it starts as NODE_OPTIONS (e.g. `--require ./sampler.cjs`, `--heap-prof`), for profiling.
// It creates and drops a database of its own, like run.cjs; run.cjs calls `runGateway`.
const { startServer } = require('./processes.cjs');
const { execFileSync, fork } = require('node:child_process');
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { SignJWT } = require('jose');
const { sql } = require('kysely');

const ROOT = path.resolve(__dirname, '..');
const API_MAIN = path.join(ROOT, 'apps/api/dist/main.js');
const SOCKETIO_MAIN = path.join(__dirname, 'socketio-baseline.cjs');
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';

/** The gateway's users: ids and session ids far from seed.cjs's (1..U, 10001..), one server and channel. */
const FIRST_USER = 1_000_001;
const SESSION_OFFSET = 1_000_000;
const SERVER_ID = 900;
const CHANNEL_ID = 901;

const PLANS = {
  quick: { clients: 100, messages: 50, rounds: 2, rate: 20, idle: 500, settleMs: Number(process.env.BENCH_SETTLE_MS ?? 2_000), connectConcurrency: 50 },
  full: { clients: 1_000, messages: 200, rounds: 4, rate: 20, idle: 10_000, settleMs: 10_000, connectConcurrency: 100 },
};

const T0 = Date.now();
const trace = (what) => process.env.BENCH_TRACE && process.stderr.write(`[${((Date.now() - T0) / 1000).toFixed(1)} s] ${what}\n`);
/** CLOCK_MONOTONIC in ms, as gateway-clients.cjs stamps arrivals: one clock across processes. */
const now = () => Number(process.hrtime.bigint() / 1000n) / 1000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
const rssKib = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
const CLOCK_TICK_US = 1e6 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim() || 100);
const cpuMicros = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_US;
};

/** Users FIRST_USER.. with one session each, all members of server SERVER_ID (channel CHANNEL_ID). */
async function seedGateway(db, users) {
  const last = FIRST_USER + users - 1;
  await sql`insert into users (id, username, email, password_hash, bot, created_at)
    select g, 'gw_' || g, 'gw_' || g || '@example.com', 'not-a-hash', false, now()
    from generate_series(${FIRST_USER}::int, ${last}::int) g`.execute(db);
  await sql`insert into sessions (id, user_id, created_at)
    select ${SESSION_OFFSET}::bigint + g, g, now() from generate_series(${FIRST_USER}::int, ${last}::int) g`.execute(db);
  await sql`with s as (insert into servers (id, name, default_channel_id, owner_id, created_at)
      values (${SERVER_ID}, 'Gateway bench', ${CHANNEL_ID}, ${FIRST_USER}, now()) returning id)
    insert into channels (id, server_id, name, created_at) select ${CHANNEL_ID}, id, 'general', now() from s`.execute(db);
  await sql`insert into members (server_id, user_id, joined_at)
    select ${SERVER_ID}, g, now() from generate_series(${FIRST_USER}::int, ${last}::int) g`.execute(db);
  // The server's @everyone with the defaults (VIEW_CHANNEL, SEND_MESSAGES, ADD_REACTIONS, ATTACH_FILES).
  await sql`insert into roles (id, server_id, name, color, position, permissions, created_at)
    values (${SERVER_ID}, ${SERVER_ID}, '@everyone', null, 0, 15, now())`.execute(db);
  await sql`analyze`.execute(db);
  return { tokens: await signTokens(FIRST_USER, users), channelId: String(CHANNEL_ID) };
}

/** Tokens of users firstUser.. (`count` of them), each for its one session (SESSION_OFFSET + user id). */
async function signTokens(firstUser, count) {
  const key = new TextEncoder().encode(SECRET);
  const tokens = [];
  for (let i = 0; i < count; i++) {
    const userId = firstUser + i;
    tokens.push(
      await new SignJWT({ sid: String(SESSION_OFFSET + userId) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer('chat-api')
        .setAudience('chat-api')
        .setIssuedAt()
        .setExpirationTime('2h')
        .sign(key),
    );
  }
  return tokens;
}




/**
 * A child process of gateway clients (bench/gateway-clients.cjs); `ask` sends one command and
 * resolves with its answer (commands are answered in order).
 */
function clientProcess() {
  const child = fork(path.join(__dirname, 'gateway-clients.cjs'), [], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], execArgv: [] });
  const output = [];
  child.stderr.on('data', (d) => output.push(String(d)));
  const pending = [];
  child.on('message', (answer) => pending.shift()?.(answer));
  child.on('exit', (code) => {
    for (const answer of pending.splice(0)) answer({ ok: false, error: `the client process exited with ${code}: ${output.join('').slice(-2000)}` });
  });
  const ask = (command) =>
    new Promise((resolve, reject) => {
      pending.push((answer) => (answer.ok ? resolve(answer) : reject(new Error(answer.error))));
      child.send(command);
    });
  const close = () =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise((resolve) => {
          const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => (clearTimeout(force), resolve()));
          child.send({ cmd: 'close' });
        });
  return { child, ask, close };
}

const SIDES = {
  ours: {
    name: 'ours',
    label: 'ours',
    // `redisEnv` in place of REDIS_URL (e.g. REDIS_CLUSTER_NODES), and `extra` settings: bench/scale-matrix.cjs.
    // `api`: another build's apps/api/dist/main.js (bench/identify-storm.cjs' A/B).
    start: (name, { url, redisUrl, prefix, redisEnv, extra, api }) =>
      startServer(name, [api ?? API_MAIN], {
        DATABASE_URL: url,
        JWT_SECRET: SECRET,
        LOG_LEVEL: 'info',
        RATE_LIMIT_SEND_MESSAGE: '9999999/10s',
        ...(redisEnv ?? { REDIS_URL: redisUrl }),
        REDIS_KEY_PREFIX: prefix,
        // Every bench client comes from 127.0.0.1: the per-address cap is for the internet, not this.
        GATEWAY_MAX_SOCKETS_PER_ADDRESS: '100000',
        ...extra,
      }),
  },
  socketio: {
    name: 'socketio',
    label: 'socket.io',
    start: (name, { url, redisUrl, prefix }) =>
      startServer(name, [SOCKETIO_MAIN], { DATABASE_URL: url, JWT_SECRET: SECRET, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix }),
  },
};

/**
 * One side's fan-out set-up: `plan.replicas` replicas (2 unless said) and `plan.clients` clients in
 * one client process per replica (an equal share each), every client identified/ready. The sender
 * is the first user; the clients are the next `plan.clients` users.
 */
async function openFanOut(side, env, tokens, plan) {
  const state = { side, replicas: [], groups: [], clients: 0, posted: 0, sent: new Map(), failures: [], serverCpuUs: 0, clientCpuMs: 0, seconds: 0 };
  for (let k = 0; k < (plan.replicas ?? 2); k++) state.replicas.push(await side.start(`${side.label} replica ${'ABCDEFGH'[k]}`, env));
  const clientTokens = tokens.slice(1, plan.clients + 1);
  state.groups.push(...state.replicas.map(() => clientProcess()));
  const connected = await Promise.all(
    state.groups.map((g, k) =>
      g.ask({
        cmd: 'connect',
        side: side.name,
        urls: [state.replicas[k].url],
        tokens: clientTokens.filter((_, i) => i % state.replicas.length === k),
        concurrency: Math.max(1, Math.floor(plan.connectConcurrency / state.replicas.length)),
      }),
    ),
  );
  state.clients = connected.reduce((n, c) => n + c.connected, 0);
  state.connectSeconds = Math.max(...connected.map((c) => c.seconds));
  trace(`${side.label}: ${state.clients} clients ready in ${state.connectSeconds.toFixed(1)} s`);
  return state;
}

async function closeFanOut(state) {
  await Promise.all(state.groups.map((g) => g.close()));
  await Promise.all(state.replicas.map((r) => r.stop()));
}

/** One round: `count` sends at `plan.rate`/s to the replicas in turn, then wait for their receipts. */
async function fanOutRound(state, token, channelId, count, plan) {
  const { replicas, groups, sent, failures } = state;
  const cpuBefore = replicas.map((r) => cpuMicros(r.child.pid));
  const countsBefore = await Promise.all(groups.map((g) => g.ask({ cmd: 'count' })));
  const start = now();
  const interval = 1000 / plan.rate;
  const posts = [];
  let ok = 0;
  for (let i = 0; i < count; i++) {
    const wait = start + i * interval - now();
    if (wait > 0) await sleep(wait);
    const n = state.posted++;
    posts.push(
      fetch(`${replicas[i % replicas.length].url}/api/channels/${channelId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ content: `gateway bench message ${n}: the quick brown fox jumps over the lazy dog` }),
      }).then(
        async (res) => {
          const at = now();
          const body = await res.json().catch(() => null);
          if (res.status !== 201 || !body?.id) return failures.push(`${res.status} ${JSON.stringify(body).slice(0, 200)}`);
          sent.set(body.id, at);
          ok += 1;
        },
        (error) => failures.push(String(error)),
      ),
    );
  }
  await Promise.all(posts);
  // Until this round's receipts are all in, or 10 s after its last 201.
  const want = ok * state.clients;
  let counts;
  for (const deadline = now() + 10_000; ; ) {
    counts = await Promise.all(groups.map((g) => g.ask({ cmd: 'count' })));
    const got = counts.reduce((n, c, i) => n + c.received - countsBefore[i].received, 0);
    if (got >= want || now() > deadline) break;
    await sleep(100);
  }
  state.seconds += (now() - start) / 1000;
  state.serverCpuUs += replicas.reduce((sum, r, i) => sum + cpuMicros(r.child.pid) - cpuBefore[i], 0);
  state.clientCpuMs += counts.reduce((sum, c, i) => sum + c.cpuMs - countsBefore[i].cpuMs, 0);
}

/** Latency of every receipt of the side's sends (arrival − the sender's 201), and the rest. */
async function fanOutResult(state, plan, log) {
  const { sent, clients, failures, side } = state;
  const reports = await Promise.all(state.groups.map((g) => g.ask({ cmd: 'report' })));
  const latencies = [];
  const perMessage = new Map();
  for (const report of reports) {
    for (const [id, times] of report.receipts) {
      const at = sent.get(id);
      if (at === undefined) continue;
      perMessage.set(id, (perMessage.get(id) ?? 0) + times.length);
      for (const t of times) latencies.push(t - at);
    }
  }
  if (process.env.BENCH_TRACE) {
    const byId = new Map();
    for (const report of reports) for (const [id, times] of report.receipts) if (sent.has(id)) byId.set(id, [...(byId.get(id) ?? []), ...times]);
    const lines = [...sent].map(([id, at], i) => {
      const l = (byId.get(id) ?? []).map((t) => t - at).sort((a, b) => a - b);
      return `${i}:${l[0]?.toFixed(1)}/${percentile(l, 0.5)?.toFixed(1)}/${l[l.length - 1]?.toFixed(1)}`;
    });
    trace(`${side.label} per message (min/median/max ms, in order of 201): ${lines.join(' ')}`);
  }
  // BENCH_DUMP=<path>: every 201 and every receipt of the side to <path>-<side>.json (bench/tail-probe.cjs joins them).
  if (process.env.BENCH_DUMP) {
    const receipts = reports.flatMap((report) => report.receipts.filter(([id]) => sent.has(id)));
    require('node:fs').writeFileSync(`${process.env.BENCH_DUMP}-${side.name}.json`, JSON.stringify({ sent: [...sent], receipts, server: state.replicas.map((r) => r.child.pid) }));
  }
  let duplicates = 0;
  for (const n of perMessage.values()) duplicates += Math.max(0, n - clients);
  latencies.sort((a, b) => a - b);
  const closed = reports.flatMap((r) => r.closed);
  const want = sent.size * clients;
  const result = {
    clients,
    messages: sent.size,
    failures: failures.length,
    receipts: latencies.length,
    delivered: want ? Math.min(latencies.length - duplicates, want) / want : 0,
    duplicates,
    closed: closed.length,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies[latencies.length - 1],
    connectSeconds: state.connectSeconds,
    serverCpuMsPerMessage: state.serverCpuUs / 1000 / Math.max(1, sent.size),
    clientCpuShare: state.clientCpuMs / 1000 / state.seconds,
  };
  log(
    `gateway fan-out, ${side.label}: ${clients} clients on ${state.replicas.length} replicas, ${sent.size} messages at ${plan.rate}/s in ${plan.rounds} rounds: ` +
      `p50 ${result.p50?.toFixed(2)} ms p99 ${result.p99?.toFixed(2)} ms max ${result.max?.toFixed(1)} ms, ` +
      `delivered ${(result.delivered * 100).toFixed(2)}%, ${duplicates} duplicates, ${failures.length} failed sends, ${closed.length} closed; ` +
      `replicas' CPU ${result.serverCpuMsPerMessage.toFixed(2)} ms per message, client processes ${(result.clientCpuShare * 100).toFixed(0)}% of a core; ` +
      `connected in ${state.connectSeconds.toFixed(1)} s`,
  );
  if (failures.length) log(`  first failed send: ${failures[0]}`);
  if (closed.length) log(`  first close: ${closed[0]}`);
  return result;
}

/**
 * Fan-out latency of the sides, side by side: both sides' replicas and clients are up at once, and
 * rounds of sends alternate between the sides, so a slow phase of the machine hits both.
 */
async function fanOut(sides, envs, tokens, channelId, plan, log) {
  const states = [];
  try {
    for (const [i, side] of sides.entries()) states.push(await openFanOut(side, envs[i], tokens, plan));
    await sleep(1_000);
    const perRound = Math.ceil(plan.messages / plan.rounds);
    for (let round = 0; round < plan.rounds; round++) {
      for (const state of states) {
        await fanOutRound(state, tokens[0], channelId, perRound, plan);
        trace(`${state.side.label}: round ${round + 1} done`);
      }
    }
    const results = [];
    for (const state of states) results.push(await fanOutResult(state, plan, log));
    return results;
  } finally {
    for (const state of states) await closeFanOut(state);
  }
}

/** Resident memory per idle connection of one fresh replica of a side, in KiB. */
async function idleMemory(side, env, tokens, plan, log) {
  let replica;
  let group;
  try {
    replica = await side.start(`${side.label} memory replica`, env);
    // Warm-up: the code paths of a connection, loaded and compiled before the "before" figure.
    const warm = clientProcess();
    await warm.ask({ cmd: 'connect', side: side.name, urls: [replica.url], tokens: tokens.slice(0, 100), concurrency: plan.connectConcurrency });
    await warm.close();
    await sleep(plan.settleMs);
    const before = rssKib(replica.child.pid);
    const count = Math.min(plan.idle, tokens.length);
    const half = Math.floor(count / 2);
    group = clientProcess();
    // In two halves, each followed by the settle period: the second half's growth is the cost of
    // one more idle connection with the process in the same state at both ends (busy with
    // heartbeats), while "after − before" also holds the heap V8 grows once a process goes from
    // idle to busy and keeps while it stays busy.
    const first = await group.ask({ cmd: 'connect', side: side.name, urls: [replica.url], tokens: tokens.slice(0, half), concurrency: plan.connectConcurrency });
    await sleep(plan.settleMs);
    const middle = rssKib(replica.child.pid);
    const second = await group.ask({ cmd: 'connect', side: side.name, urls: [replica.url], tokens: tokens.slice(half, count), concurrency: plan.connectConcurrency });
    const connectSeconds = first.seconds + second.seconds;
    trace(`${count} idle clients connected`);
    await sleep(plan.settleMs);
    const after = rssKib(replica.child.pid);
    const { closed } = await group.ask({ cmd: 'report' });
    const result = {
      connections: count,
      beforeMiB: before / 1024,
      middleMiB: middle / 1024,
      afterMiB: after / 1024,
      kibPerConnection: (after - middle) / (count - half),
      kibPerConnectionFromIdle: (after - before) / count,
      connectSeconds,
      closed: closed.length,
    };
    log(
      `gateway memory, ${side.label}: ${count} idle connections on 1 replica: RSS ${result.beforeMiB.toFixed(0)} → ${result.middleMiB.toFixed(0)} → ${result.afterMiB.toFixed(0)} MiB, ` +
        `${result.kibPerConnection.toFixed(1)} KiB per connection from ${half} to ${count} (${result.kibPerConnectionFromIdle.toFixed(1)} from none) ` +
        `(connected in ${connectSeconds.toFixed(1)} s, ${result.closed} closed)`,
    );
    return result;
  } finally {
    await group?.close();
    await replica?.stop();
  }
}

/** Deletes what replicas left in Redis under `prefix` (our API's event Stream has no expiry). */
async function dropRedisKeys(redisUrl, prefix) {
  const { Redis } = require('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await dropKeysOn(redis, prefix);
  } finally {
    redis.disconnect();
  }
}

/**
 * Deletes the keys under `prefix` on one server: a Redis, or one master of a cluster (a key a DEL
 * of its own, pipelined: keys of different slots cannot share one there).
 */
async function dropKeysOn(redis, prefix) {
  let cursor = '0';
  do {
    const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = nextCursor;
    if (keys.length) await keys.reduce((pipeline, key) => pipeline.del(key), redis.pipeline()).exec();
  } while (cursor !== '0');
}

/**
 * The whole gateway part on the database at `url` (migrated; this seeds its own users into it).
 * Returns per side { fanOut, memory }; a side left out of `sides` is absent.
 */
async function runGateway({ db, url, redisUrl, quick, sides = ['ours', 'socketio'], log = console.log, memoryOnly = false, idle }) {
  let plan = quick ? PLANS.quick : PLANS.full;
  if (idle) plan = { ...plan, idle };
  // Each process (server, clients) holds one descriptor per connection; it inherits this limit.
  const openFiles = Number(/Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? Infinity);
  if (openFiles < plan.idle + 500) {
    log(`gateway memory: the open-file limit is ${openFiles} (ulimit -n); measuring ${openFiles - 500} idle connections instead of ${plan.idle}`);
    plan = { ...plan, idle: Math.max(100, openFiles - 500) };
  }
  const users = Math.max(plan.clients + 1, plan.idle, 100);
  log(`seeding the gateway's ${users} users (one server)`);
  const seeded = await seedGateway(db, users);
  const { tokens, channelId } = seeded;
  const results = {};
  const prefixes = [];
  try {
    const envs = sides.map((name) => ({ url, redisUrl, prefix: `bench-gw-${name}-${process.pid}:` }));
    prefixes.push(...envs.map((e) => e.prefix));
    const fanOuts = memoryOnly ? [] : await fanOut(sides.map((name) => SIDES[name]), envs, tokens, channelId, plan, log);
    for (const [i, name] of sides.entries()) results[name] = { fanOut: fanOuts[i] };
    for (const name of sides) {
      const prefix = `bench-gw-${name}-${process.pid}-mem:`;
      prefixes.push(prefix);
      results[name].memory = await idleMemory(SIDES[name], { url, redisUrl, prefix }, tokens, plan, log);
    }
  } finally {
    for (const prefix of prefixes) await dropRedisKeys(redisUrl, prefix).catch(() => undefined);
  }
  return { plan, results, seeded };
}

module.exports = { runGateway, seedGateway, signTokens, clientProcess, rssKib, SESSION_OFFSET, dropRedisKeys, dropKeysOn, PLANS, SIDES, FIRST_USER, SERVER_ID, openFanOut, closeFanOut, fanOutRound, fanOutResult, cpuMicros, percentile };

/**
 * Runs `part` on a database of its own (created, migrated, dropped after), as `node bench/X.cjs` does:
 * `part({ db, url, redisUrl, quick })`; a failure is printed as `name bench failed` and exits 1.
 */
function runAlone(name, part) {
  const { migrateToLatest, openPostgres } = require('@chat/postgres');
  const quick = process.argv.includes('--quick');
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  (async () => {
    const admin = openPostgres({ url: adminUrl, poolSize: 1 });
    const dbName = `chat_bench_${name}_${process.pid}`;
    await sql`create database ${sql.id(dbName)}`.execute(admin);
    try {
      const dbUrl = new URL(adminUrl);
      dbUrl.pathname = `/${dbName}`;
      const db = openPostgres({ url: dbUrl.toString(), poolSize: 2 });
      await migrateToLatest(db);
      try {
        await part({ db, url: dbUrl.toString(), redisUrl, quick });
      } finally {
        await db.destroy();
      }
    } finally {
      await sql`drop database if exists ${sql.id(dbName)} with (force)`.execute(admin).catch(() => undefined);
      await admin.destroy();
    }
  })().catch((error) => {
    process.stderr.write(`${name} bench failed: ${error.stack ?? error}\n`);
    process.exit(1);
  });
}

module.exports.runAlone = runAlone;

if (require.main === module) {
  const only = process.argv.find((a) => a.startsWith('--side='))?.slice('--side='.length);
  const idle = Number(process.argv.find((a) => a.startsWith('--idle='))?.slice('--idle='.length)) || undefined;
  const memoryOnly = process.argv.includes('--memory-only');
  runAlone('gw', async ({ db, url, redisUrl, quick }) => {
    const { results } = await runGateway({ db, url, redisUrl, quick, sides: only ? [only] : undefined, memoryOnly, idle });
    if (results.ours?.fanOut && results.socketio?.fanOut) {
      const o = results.ours;
      const s = results.socketio;
      console.log(`p99 ours ÷ socket.io: ${(o.fanOut.p99 / s.fanOut.p99).toFixed(2)}; memory per connection ours ÷ socket.io: ${(o.memory.kibPerConnection / s.memory.kibPerConnection).toFixed(2)}`);
    }
  });
}
