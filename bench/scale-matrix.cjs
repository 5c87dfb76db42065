// Issue #33 part 5: what each step up adds, measured on this machine, for bench/RESULTS.md's scale
// section. `node bench/scale-matrix.cjs [--quick]` (build first); it creates and drops a database of
// its own, and deletes the Redis keys it made (on one Redis and on every master of the cluster).
//
// 1. Fan-out by replicas and Redis shape: `clients` sockets of one server spread over R replicas
//    (R = 1, 2, 3), on one Redis and on the Redis Cluster (BENCH_REDIS_CLUSTER_NODES, default
//    .ci/redis-cluster's): messages at 20/s; the fleet's CPU per message, p50/p99 send→receipt.
// 2. Fan-out by sockets: 2 replicas on one Redis, with more and more sockets receiving.
// 3. Bystanders: a replica with no socket in the server, beside one that holds them all, on one Redis
//    (it reads every event) and on the cluster (it reads only its sockets' shards: none);
//    `--with-socket`: each with one socket of a user elsewhere (it wants that user's shard only).
// 4. Reads by read replicas: one API, GET newest 50 with and without DATABASE_REPLICA_URLS
//    (BENCH_REPLICA_URL, default .ci/pg-replica's 127.0.0.1:5433), and how many of the
//    transactions ran on the replica rather than the primary.
// Then a least-squares fit of the fleet's CPU per message, a + b·replicas + c·sockets, which the
// RESULTS section uses to project past what one 2-core machine holds.
const { runAlone, seedGateway, signTokens, dropRedisKeys, dropKeysOn, SIDES, openFanOut, closeFanOut, fanOutRound, fanOutResult, cpuMicros, FIRST_USER, SERVER_ID, SESSION_OFFSET } = require('./gateway.cjs');
const { startServer, stopProcess } = require('./processes.cjs');
const { SECRET, warmUp, measure, getPage, median } = require('./load.cjs');
const { sql } = require('kysely');
const path = require('node:path');

const QUICK_PLAN = { clients: 100, sockets: [50, 100, 200], messages: 40, rounds: 2, rate: 20, connectConcurrency: 50, runs: 1, seconds: 3 };
const FULL_PLAN = { clients: 300, sockets: [100, 300, 600, 1000], messages: 100, rounds: 2, rate: 20, connectConcurrency: 100, runs: 3, seconds: 6 };
const CLUSTER = process.env.BENCH_REDIS_CLUSTER_NODES ?? '127.0.0.1:7001,127.0.0.1:7002,127.0.0.1:7003';
const REPLICA_URL = process.env.BENCH_REPLICA_URL ?? 'postgres://postgres@127.0.0.1:5433/test';
const API_MAIN = path.join(__dirname, '../apps/api/dist/main.js');

/** Runs `each` on every master of the cluster (a connection of its own), in turn; their answers. */
async function onEveryMaster(each) {
  const { Cluster } = require('ioredis');
  const nodes = CLUSTER.split(',').map((node) => ({ host: node.split(':')[0], port: Number(node.split(':')[1]) }));
  const cluster = new Cluster(nodes, { redisOptions: { maxRetriesPerRequest: 1 } });
  try {
    await new Promise((resolve, reject) => (cluster.once('ready', resolve), cluster.once('error', reject)));
    const answers = [];
    for (const master of cluster.nodes('master')) answers.push(await each(master));
    return answers;
  } finally {
    cluster.disconnect();
  }
}

/** Deletes the keys under `prefix` on every master of the cluster. */
const dropClusterKeys = (prefix) => onEveryMaster((master) => dropKeysOn(master, prefix));

/** XREAD calls served so far by the cluster's masters (`INFO commandstats`): the readers' wake-ups. */
async function clusterXreads() {
  const calls = await onEveryMaster(async (master) => Number(/cmdstat_xread:calls=(\d+)/.exec(await master.info('commandstats'))?.[1] ?? 0));
  return calls.reduce((sum, n) => sum + n, 0);
}

/**
 * Pub/sub messages the masters sent over the cluster bus so far (`CLUSTER INFO`: plain publishes,
 * which go to every node, and sharded ones, which go to the slot's replicas only).
 */
async function clusterBusPublishes() {
  const sent = await onEveryMaster(async (master) => {
    const info = String(await master.call('CLUSTER', 'INFO'));
    const count = (name) => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(info)?.[1] ?? 0);
    return count('cluster_stats_messages_publish_sent') + count('cluster_stats_messages_publishshard_sent');
  });
  return sent.reduce((sum, n) => sum + n, 0);
}

/** One fan-out measurement: `clients` sockets on `replicas` replicas of ours, on the given Redis. */
async function fanOutOnce({ url, redisUrl, tokens, channelId }, { replicas, clients, shape }, plan, log) {
  const prefix = `bench-scale-${process.pid}-${shape}-${replicas}-${clients}:`;
  const env = { url, redisUrl, prefix, ...(shape === 'cluster' ? { redisEnv: { REDIS_CLUSTER_NODES: CLUSTER } } : {}) };
  const state = await openFanOut(SIDES.ours, env, tokens, { ...plan, replicas, clients });
  try {
    const perRound = Math.ceil(plan.messages / plan.rounds);
    // One round unmeasured: the replicas' first events warm their code.
    await fanOutRound(state, tokens[0], channelId, 10, plan);
    Object.assign(state, { sent: new Map(), serverCpuUs: 0, clientCpuMs: 0, seconds: 0 });
    for (let round = 0; round < plan.rounds; round++) await fanOutRound(state, tokens[0], channelId, perRound, plan);
    const result = await fanOutResult(state, plan, log);
    return { replicas, clients: result.clients, shape, cpuMs: result.serverCpuMsPerMessage, p50: result.p50, p99: result.p99, delivered: result.delivered };
  } finally {
    await closeFanOut(state);
    await (shape === 'cluster' ? dropClusterKeys(prefix) : dropRedisKeys(redisUrl, prefix)).catch(() => undefined);
  }
}

/**
 * What a replica with no socket in the server pays for its messages: replica A holds every client
 * and takes every send; B and C hold none. On one Redis they read every event; on the cluster they
 * read only their sockets' shards (none), so their CPU per message should fall to their timers'.
 * `--with-socket`: B and C each hold one socket, of a user in no server (`lone`), so they are not
 * idle and want one shard: what a replica whose sockets are elsewhere pays for the server's
 * traffic. `--api=<apps/api/dist/main.js>`: every replica runs that build (an A/B of builds).
 */
async function bystanders({ url, redisUrl, tokens, channelId, lone }, shape, plan, log) {
  const prefix = `bench-scale-${process.pid}-${shape}-bystanders:`;
  const api = process.argv.find((a) => a.startsWith('--api='))?.slice('--api='.length);
  const env = { url, redisUrl, prefix, ...(api ? { api } : {}), ...(shape === 'cluster' ? { redisEnv: { REDIS_CLUSTER_NODES: CLUSTER } } : {}) };
  const state = await openFanOut(SIDES.ours, env, tokens, { ...plan, replicas: 1 });
  const others = [];
  const sockets = [];
  try {
    for (const name of ['B', 'C']) others.push(await SIDES.ours.start(`ours bystander ${name}`, env));
    if (lone) for (const other of others) sockets.push(await identified(other.url, lone));
    await fanOutRound(state, tokens[0], channelId, 10, plan);
    Object.assign(state, { sent: new Map(), serverCpuUs: 0, clientCpuMs: 0, seconds: 0 });
    // The bystanders' CPU while no message is sent, as long as the rounds take: their timers.
    const cpuOfOthers = () => others.reduce((n, r) => n + cpuMicros(r.child.pid), 0) / 1000 / others.length;
    const seconds = plan.messages / plan.rate;
    const idleFrom = cpuOfOthers();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const idleMs = cpuOfOthers() - idleFrom;
    const started = performance.now();
    const before = cpuOfOthers();
    const xreadsBefore = shape === 'cluster' ? await clusterXreads() : 0;
    const busBefore = shape === 'cluster' ? await clusterBusPublishes() : 0;
    for (let round = 0; round < plan.rounds; round++) await fanOutRound(state, tokens[0], channelId, Math.ceil(plan.messages / plan.rounds), plan);
    const busyMs = cpuOfOthers() - before;
    // Every replica's reads of the index (A's too) and of nothing else with XREAD.
    const xreads = shape === 'cluster' ? (await clusterXreads()) - xreadsBefore : undefined;
    // The rings' (and any other pub/sub's) messages between the cluster's nodes.
    const bus = shape === 'cluster' ? (await clusterBusPublishes()) - busBefore : undefined;
    const elapsed = (performance.now() - started) / 1000;
    const messages = Math.max(1, state.sent.size);
    const bystanderMs = busyMs / messages;
    // What the messages cost beyond the timers, the idle rate scaled to the rounds' own length.
    const readingMs = Math.max(0, busyMs - (idleMs * elapsed) / seconds) / messages;
    const result = await fanOutResult(state, plan, () => undefined);
    log(
      `bystanders${lone ? ' (one socket each, elsewhere)' : ''}, ${shape}: a replica with no socket in the server spends ${bystanderMs.toFixed(2)} ms CPU per message, ${readingMs.toFixed(2)} ms beyond its idle rate ` +
        `(idle: ${(idleMs / seconds).toFixed(1)} ms/s); the replica with the ${result.clients} sockets: ${result.serverCpuMsPerMessage.toFixed(2)} ms` +
        (xreads === undefined ? '' : `; the three replicas' XREADs: ${(xreads / messages).toFixed(2)} per message (${xreads} for ${messages} in ${elapsed.toFixed(1)} s)`) +
        (bus === undefined ? '' : `; pub/sub messages over the cluster bus: ${(bus / messages).toFixed(2)} per message`),
    );
    return {
      shape,
      bystanderMs,
      readingMs,
      idleMsPerSecond: idleMs / seconds,
      holderMs: result.serverCpuMsPerMessage,
      xreadsPerMessage: xreads === undefined ? undefined : xreads / messages,
      busPublishesPerMessage: bus === undefined ? undefined : bus / messages,
    };
  } finally {
    for (const socket of sockets) socket.terminate();
    await closeFanOut(state);
    for (const r of others) await r.stop();
    await (shape === 'cluster' ? dropClusterKeys(prefix) : dropRedisKeys(redisUrl, prefix)).catch(() => undefined);
  }
}

/** A socket of ours identified with `token` (heartbeats as asked), once `ready` came. */
function identified(baseUrl, token) {
  const WebSocket = require('ws');
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/gateway`, { perMessageDeflate: false });
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString());
      if (frame.op === 'hello') {
        socket.send(JSON.stringify({ op: 'identify', d: { token } }));
        const beat = setInterval(() => socket.readyState === WebSocket.OPEN && socket.send('{"op":"heartbeat"}'), frame.d.heartbeatInterval * 0.8);
        socket.on('close', () => clearInterval(beat));
      } else if (frame.op === 'ready') resolve(socket);
    });
    socket.on('error', reject);
  });
}

/**
 * A user in no server, with a session and its token, whose own shard is not the bench server's:
 * a socket of it makes its replica want that one shard.
 */
async function seedLoneUser(db, firstFree) {
  const { shardOfPlace } = require('../packages/redis/dist/sharded-redis-event-stream.js');
  let id = firstFree;
  while (shardOfPlace(String(id)) === shardOfPlace(String(SERVER_ID))) id += 1;
  await sql`insert into users (id, username, email, password_hash, bot, created_at) values (${id}, ${'lone_' + id}, ${'lone_' + id + '@example.com'}, 'not-a-hash', false, now())`.execute(db);
  await sql`insert into sessions (id, user_id, created_at) values (${SESSION_OFFSET + id}, ${id}, now())`.execute(db);
  const [token] = await signTokens(id, 1);
  return token;
}

/** Transactions committed so far in `dbName` on the server at `url`. */
async function commits(url, dbName) {
  const { openPostgres } = require('@chat/postgres');
  const db = openPostgres({ url, poolSize: 1 });
  try {
    const { rows } = await sql`select xact_commit::text as n from pg_stat_database where datname = ${dbName}`.execute(db);
    return Number(rows[0]?.n ?? 0);
  } finally {
    await db.destroy();
  }
}

/** GET newest 50 on one API, without and with the read replica: req/s, p99, and where the transactions ran. */
async function reads({ url, redisUrl, tokens, channelId }, plan, log) {
  const dbName = new URL(url).pathname.slice(1);
  const replicaUrl = new URL(REPLICA_URL);
  replicaUrl.pathname = `/${dbName}`;
  const rows = [];
  for (const withReplica of [false, true]) {
    const prefix = `bench-scale-${process.pid}-reads-${withReplica}:`;
    const api = await startServer('api', [API_MAIN], {
      DATABASE_URL: url,
      JWT_SECRET: SECRET,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      LOG_LEVEL: 'info',
      ...(withReplica ? { DATABASE_REPLICA_URLS: replicaUrl.toString(), DATABASE_REPLICA_MAX_LAG_MS: '10000' } : {}),
    });
    try {
      const request = getPage(channelId, `Bearer ${tokens[1]}`);
      await warmUp(api, request, 1);
      const before = [await commits(url, dbName), withReplica ? await commits(replicaUrl.toString(), dbName) : 0];
      const runs = [];
      for (let i = 0; i < plan.runs; i++) runs.push(await measure(api, request, plan.seconds));
      const after = [await commits(url, dbName), withReplica ? await commits(replicaUrl.toString(), dbName) : 0];
      const total = runs.reduce((n, r) => n + r.total, 0);
      const row = { withReplica, rps: median(runs.map((r) => r.rps)), p99: median(runs.map((r) => r.p99)), cpu: median(runs.map((r) => r.cpu)), primaryPerRequest: (after[0] - before[0]) / total, replicaPerRequest: (after[1] - before[1]) / total };
      log(`reads ${withReplica ? 'with' : 'without'} the read replica: ${row.rps.toFixed(0)} req/s, p99 ${row.p99.toFixed(1)} ms, API CPU ${row.cpu.toFixed(0)} µs/request; transactions per request on the primary ${row.primaryPerRequest.toFixed(2)}, on the replica ${row.replicaPerRequest.toFixed(2)}`);
      rows.push(row);
    } finally {
      await stopProcess(api.child);
      await dropRedisKeys(redisUrl, prefix).catch(() => undefined);
    }
  }
  return rows;
}

/** Least squares of y on [1, x1, x2]: the normal equations, solved by Cramer's rule. */
function fit(points) {
  const s = (f) => points.reduce((n, p) => n + f(p), 0);
  const m = [
    [points.length, s((p) => p.r), s((p) => p.c)],
    [s((p) => p.r), s((p) => p.r * p.r), s((p) => p.r * p.c)],
    [s((p) => p.c), s((p) => p.r * p.c), s((p) => p.c * p.c)],
  ];
  const v = [s((p) => p.y), s((p) => p.r * p.y), s((p) => p.c * p.y)];
  const det = (a) => a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
  const d = det(m);
  return [0, 1, 2].map((k) => det(m.map((row, i) => row.map((x, j) => (j === k ? v[i] : x)))) / d);
}

async function runScaleMatrix({ db, url, redisUrl, quick, log = console.log }) {
  const plan = quick ? QUICK_PLAN : FULL_PLAN;
  const users = Math.max(plan.clients, ...plan.sockets) + 1;
  const { tokens, channelId } = await seedGateway(db, users);
  const ctx = { url, redisUrl, tokens, channelId, ...(process.argv.includes('--with-socket') ? { lone: await seedLoneUser(db, FIRST_USER + users) } : {}) };
  const fanOuts = [];
  // `--reads-only`: part 4 alone (e.g. to compare Node lines: run this script with another node); `--bystanders-only`: part 3.
  if (process.argv.includes('--reads-only')) return { reads: await reads(ctx, plan, log) };
  if (process.argv.includes('--bystanders-only')) return { bystanders: [await bystanders(ctx, 'single', plan, log), await bystanders(ctx, 'cluster', plan, log)] };
  for (const shape of ['single', 'cluster']) {
    for (const replicas of [1, 2, 3]) fanOuts.push(await fanOutOnce(ctx, { replicas, clients: plan.clients, shape }, plan, log));
  }
  for (const clients of plan.sockets) {
    if (clients !== plan.clients) fanOuts.push(await fanOutOnce(ctx, { replicas: 2, clients, shape: 'single' }, plan, log));
  }
  const idle = [];
  for (const shape of ['single', 'cluster']) idle.push(await bystanders(ctx, shape, plan, log));
  const [a, b, c] = fit(fanOuts.filter((f) => f.shape === 'single').map((f) => ({ r: f.replicas, c: f.clients, y: f.cpuMs })));
  log(`fleet CPU per message ≈ ${a.toFixed(2)} + ${b.toFixed(2)}·replicas + ${(c * 1000).toFixed(1)} µs·sockets (ms; least squares over the one-Redis runs)`);
  const readRows = await reads(ctx, plan, log);
  log('\n| Redis | replicas | sockets | fleet CPU ms/message | p50 ms | p99 ms | delivered |');
  log('|---|---|---|---|---|---|---|');
  for (const f of fanOuts) log(`| ${f.shape} | ${f.replicas} | ${f.clients} | ${f.cpuMs.toFixed(2)} | ${f.p50?.toFixed(1)} | ${f.p99?.toFixed(1)} | ${(f.delivered * 100).toFixed(1)} % |`);
  return { fanOuts, bystanders: idle, model: { a, b, c }, reads: readRows };
}

module.exports = { runScaleMatrix };

if (require.main === module) runAlone('scale', runScaleMatrix);
