// pnpm bench [--quick]: our API against the naive baseline, on the same data, in one run.
// Prints medians and ratios, and writes bench/RESULTS.md (full runs only).
const { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { sql } = require('kysely');
const { migrateToLatest, openPglite, openPostgres } = require('@chat/postgres');
const { seed, seedRoles, seedConversation, idBack } = require('./seed.cjs');
const { startServer, stopProcess } = require('./processes.cjs');
const { measureFloor } = require('./floor.cjs');
const { dropRedisKeys, runGateway } = require('./gateway.cjs');
const { runPresence } = require('./presence.cjs');
const { runScale, scaleRows, scaleNotes } = require('./gateway-scale.cjs');
const { runSearchBench } = require('./search.cjs');
const { seedFiles, filesRow } = require('./files.cjs');
const { runUploadBench } = require('./upload.cjs');
const { SECRET, median, warmUp, measure, getPage, postAsManyUsers, signTokens } = require('./load.cjs');

const QUICK = process.argv.includes('--quick');
const ROOT = path.resolve(__dirname, '..');
const API_MAIN = path.join(ROOT, 'apps/api/dist/main.js');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PLAN = QUICK
  ? { users: 50, channels: [1_000, 5_000, 20_000], deep: 10_000, pgliteChannels: [1_000], warmup: 0.5, runs: 1, seconds: 1 }
  : { users: 200, channels: [1_000, 100_000, 1_000_000], deep: 500_000, pgliteChannels: [10_000], warmup: 3, runs: 5, seconds: 6 };

const log = (line) => process.stdout.write(`${line}\n`);

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** Warm-up, then alternating measured runs of each side; medians of each figure. */
async function compare(label, sides) {
  for (const { server, request } of sides) await warmUp(server, request, PLAN.warmup);
  const runs = sides.map(() => []);
  for (let run = 0; run < PLAN.runs; run++) {
    for (const [i, { server, request }] of sides.entries()) runs[i].push(await measure(server, request, PLAN.seconds));
  }
  const medians = runs.map((r) => ({ rps: median(r.map((x) => x.rps)), p99: median(r.map((x) => x.p99)), p50: median(r.map((x) => x.p50)), cpu: median(r.map((x) => x.cpu)) }));
  log(`${label}: ${sides.map((s, i) => `${s.server.name} ${medians[i].rps.toFixed(0)} req/s p50 ${medians[i].p50.toFixed(2)} ms p99 ${medians[i].p99.toFixed(2)} ms ${medians[i].cpu.toFixed(0)} µs/req`).join(' | ')}`);
  return medians;
}

async function redisReachable() {
  const net = require('node:net');
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const s = net.connect({ host: hostname, port: Number(port) }, () => (s.end(), resolve(true)));
    s.on('error', () => resolve(false));
  });
}

async function main() {
  if (!existsSync(API_MAIN)) throw new Error('build first: pnpm build');
  const started = Date.now();
  const processes = [];
  const dbName = `chat_bench_${process.pid}`;
  const admin = openPostgres({ url: ADMIN_URL, poolSize: 1 });
  const dataDirs = [];
  const redisPrefix = `bench-${process.pid}:`;
  let withRedis = false;
  try {
    // 1. PostgreSQL, seeded once; both servers read the same rows.
    await sql`create database ${sql.id(dbName)}`.execute(admin);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    const db = openPostgres({ url: url.toString(), poolSize: 2 });
    await migrateToLatest(db);
    log(`seeding PostgreSQL: ${PLAN.users} users, channels of ${PLAN.channels.join(', ')} messages`);
    // One more channel, as small as the first, whose every message carries two files (#31).
    const { channelIds } = await seed(db, { users: PLAN.users, channels: [...PLAN.channels, PLAN.channels[0]] });
    await seedFiles(db, channelIds[3]);
    const deepCursor = await idBack(db, channelIds[2], PLAN.deep);
    // The same position in the small channel: halfway back, also past the pages with reactions.
    const smallDeepCursor = await idBack(db, channelIds[0], PLAN.channels[0] / 2);
    // The mid channel made private, user 2 let in through 20 roles and 10 overwrites (the owner reads it as before).
    await seedRoles(db, { userId: 2, channelId: channelIds[1] });
    // A group of users 1-10, where the same ten send as in a server channel.
    const conversationId = await seedConversation(db);
    // A message of the small channel that the reply row's sends answer (#32): its author is mentioned too.
    const repliedTo = String((await sql`select id from messages where channel_id = ${channelIds[0]} order by id limit 1`.execute(db)).rows[0].id);
    const pgVersion = (await sql`show server_version`.execute(db)).rows[0].server_version;
    await db.destroy();
    const tokens = await signTokens(PLAN.users);
    const viewer = tokens[0];

    // 2. Our API and the baseline, side by side.
    withRedis = await redisReachable();
    const apiEnv = {
      DATABASE_URL: url.toString(),
      JWT_SECRET: SECRET,
      // The default level: one JSON line per request is part of the product path (stdout is discarded).
      LOG_LEVEL: 'info',
      RATE_LIMIT_SEND_MESSAGE: '9999999/10s',
      ...(withRedis ? { REDIS_URL: REDIS_URL, REDIS_KEY_PREFIX: redisPrefix } : {}),
    };
    const api = await startServer('api', [API_MAIN], apiEnv);
    processes.push(api);
    const baseline = await startServer('baseline', [path.join(__dirname, 'baseline.cjs')], { ENGINE: 'pg', DATABASE_URL: url.toString(), JWT_SECRET: SECRET });
    processes.push(baseline);

    const mid = channelIds[1];
    const get = await compare('GET newest 50 (mid channel)', [
      { server: api, request: getPage(mid, viewer) },
      { server: baseline, request: getPage(mid, viewer) },
    ]);
    const filesGet = await compare('GET newest 50 (two files a message)', [
      { server: api, request: getPage(channelIds[3], viewer) },
      { server: baseline, request: getPage(channelIds[3], viewer) },
    ]);
    // The files row's yardstick: the same page without files, in the channel of the same size, both servers warm.
    const plainSmallGet = await compare('GET newest 50 (small channel, no files)', [
      { server: api, request: getPage(channelIds[0], viewer) },
      { server: baseline, request: getPage(channelIds[0], viewer) },
    ]);
    // 3. Scale: our API's latency in the smallest and the largest channel.
    const small = await compare('scale: newest page, small channel', [{ server: api, request: getPage(channelIds[0], viewer) }]);
    const largeNewest = await compare('scale: newest page, large channel', [{ server: api, request: getPage(channelIds[2], viewer) }]);
    const smallDeep = await compare(`scale: page ${PLAN.channels[0] / 2} back, small channel`, [
      { server: api, request: getPage(channelIds[0], viewer, `?before=${smallDeepCursor}`) },
    ]);
    const largeDeep = await compare(`scale: page ${PLAN.deep} back, large channel`, [
      { server: api, request: getPage(channelIds[2], viewer, `?before=${deepCursor}`) },
    ]);
    // POSTs last: they add reaction-less messages to the small channel, which would skew the scale figures.
    const post = await compare('POST message (many users)', [
      { server: api, request: postAsManyUsers(channelIds[0], tokens) },
      { server: baseline, request: postAsManyUsers(channelIds[0], tokens) },
    ]);

    // The permission check's heavy case against the owner's (who holds all), same channel, same page.
    const roled = await compare('GET newest 50 (mid channel), a member of 20 roles with 10 overwrites', [
      { server: api, request: getPage(mid, tokens[1]) },
      { server: api, request: getPage(mid, viewer) },
    ]);
    const roledPost = await compare('POST message (mid channel), a member of 20 roles with 10 overwrites', [{ server: api, request: postAsManyUsers(mid, [tokens[1]]) }]);
    // A send in a direct conversation is the same one statement as in a server channel: the same ten senders, alternating.
    const conversationPost = await compare('POST message, direct conversation vs server channel (users 1-10)', [
      { server: api, request: postAsManyUsers(conversationId, tokens.slice(0, 10)) },
      { server: api, request: postAsManyUsers(channelIds[0], tokens.slice(0, 10)) },
    ]);

    // Mentions are parsed and checked in the send's one statement: two members mentioned, against none.
    const mentionPost = await compare('POST message mentioning two members vs none (users 1-10)', [
      { server: api, request: postAsManyUsers(channelIds[0], tokens.slice(0, 10), 'hello <@3> and <@4>, from the benchmark') },
      { server: api, request: postAsManyUsers(channelIds[0], tokens.slice(0, 10)) },
    ]);

    // A reply is checked (same channel) and its author mentioned in the send's one statement: a reply against a plain send.
    const replyPost = await compare('POST message replying to a message vs plain (users 1-10)', [
      { server: api, request: postAsManyUsers(channelIds[0], tokens.slice(0, 10), 'a reply from the benchmark', { replyTo: repliedTo }) },
      { server: api, request: postAsManyUsers(channelIds[0], tokens.slice(0, 10)) },
    ]);

    const apiRss = rssMb(api.child.pid);

    // The floor: the same two statements through node-pg alone, no HTTP (see floor.cjs).
    const floor = await measureFloor({
      url: url.toString(),
      getChannelId: mid,
      postChannelId: channelIds[0],
      viewer: { userId: '1', sessionId: '10001' },
      warmup: PLAN.warmup,
      runs: PLAN.runs,
      seconds: PLAN.seconds,
    });
    log(`floor (node-pg alone, 10 concurrent): GET newest 50 ${floor.get.toFixed(0)}/s, POST ${floor.post.toFixed(0)}/s`);

    // 4. The embedded default: our API on PGlite against a naive PGlite server, each its own copy.
    const pgliteDir = mkdtempSync(path.join(os.tmpdir(), 'chat-bench-pglite-'));
    dataDirs.push(pgliteDir);
    const embedded = openPglite(path.join(pgliteDir, 'api'));
    await migrateToLatest(embedded);
    log(`seeding PGlite: channel of ${PLAN.pgliteChannels.join(', ')} messages`);
    const pglite = await seed(embedded, { users: PLAN.users, channels: PLAN.pgliteChannels });
    await embedded.destroy();
    cpSync(path.join(pgliteDir, 'api'), path.join(pgliteDir, 'baseline'), { recursive: true });
    // The API refuses a DATA_DIR others may read (PGlite made this one with the umask's mode).
    chmodSync(path.join(pgliteDir, 'api'), 0o700);
    writeFileSync(path.join(pgliteDir, 'api', 'jwt-secret'), SECRET, { mode: 0o600 });
    const apiPglite = await startServer('api-pglite', [API_MAIN], { DATA_DIR: path.join(pgliteDir, 'api'), LOG_LEVEL: 'info' });
    processes.push(apiPglite);
    const basePglite = await startServer('baseline-pglite', [path.join(__dirname, 'baseline.cjs')], {
      ENGINE: 'pglite',
      DATA_DIR: path.join(pgliteDir, 'baseline', 'pglite'),
      JWT_SECRET: SECRET,
    });
    processes.push(basePglite);
    const embeddedGet = await compare('PGlite GET newest 50', [
      { server: apiPglite, request: getPage(pglite.channelIds[0], viewer) },
      { server: basePglite, request: getPage(pglite.channelIds[0], viewer) },
    ]);

    // 5. The gateway against socket.io with the Redis adapter, on the same PostgreSQL and Redis. The
    // servers above stop first: a replica relays events to the Stream under its own prefix, so one
    // left running would take events away from the gateway replicas' Stream.
    for (const p of processes.splice(0)) await stopProcess(p.child);
    let gateway = null;
    if (withRedis) {
      const gatewayDb = openPostgres({ url: url.toString(), poolSize: 2 });
      try {
        gateway = await runGateway({ db: gatewayDb, url: url.toString(), redisUrl: REDIS_URL, quick: QUICK, log });
        // Presence on the gateway's users: changes fanned out to a server's online members.
        gateway.presence = await runPresence({ db: gatewayDb, url: url.toString(), redisUrl: REDIS_URL, quick: QUICK, seeded: gateway.seeded, log });
        // At scale (#33): one replica a side holding 10,000 sockets (1,000 under --quick), 1,000 (100) of them in the channel.
        gateway.scale = await runScale({ db: gatewayDb, url: url.toString(), redisUrl: REDIS_URL, quick: QUICK, log });
      } finally {
        await gatewayDb.destroy();
      }
    } else {
      log('gateway part skipped: the socket.io baseline needs Redis (BENCH_REDIS_URL)');
    }

    // 6. Search (#32): a million messages in one server (50,000 under --quick), one request at a time.
    const searched = await runSearchBench();

    // 7. Uploads (#31): 20 users' 10 MiB files at once, to the disk and (when one answers) an S3-protocol server.
    const uploads = await runUploadBench({ url: url.toString(), tokens, quick: QUICK, log });

    const rows = [
      target('GET newest 50: req/s', get[0].rps, get[1].rps, 1.5, 'ratio ≥ 1.5'),
      target('GET newest 50: p99 (ms)', get[0].p99, get[1].p99, 1, 'ours ≤ baseline', true),
      target('GET newest 50: CPU µs/request', get[0].cpu, get[1].cpu, null, 'reported', true),
      filesRow(target, filesGet, plainSmallGet),
      target('POST message: req/s', post[0].rps, post[1].rps, 1.2, 'ratio ≥ 1.2'),
      target('POST message: CPU µs/request', post[0].cpu, post[1].cpu, null, 'reported', true),
      target('PGlite GET newest 50: req/s', embeddedGet[0].rps, embeddedGet[1].rps, 1.0, 'ratio ≥ 1.0'),
      target('Scale: newest page, large ÷ small channel (median ms)', largeNewest[0].p50, small[0].p50, 1.3, 'ratio ≤ 1.3', true),
      target(`Scale: page ${PLAN.deep} back in large ÷ halfway back in small (median ms)`, largeDeep[0].p50, smallDeep[0].p50, 1.3, 'ratio ≤ 1.3', true),
      target('GET newest 50, member of 20 roles with 10 overwrites ÷ owner: req/s', roled[0].rps, roled[1].rps, null, 'reported'),
      target('POST message, member of 20 roles with 10 overwrites ÷ many plain members: req/s', roledPost[0].rps, post[0].rps, null, 'reported'),
      target('POST message in a direct conversation ÷ in a server channel, same 10 senders: req/s', conversationPost[0].rps, conversationPost[1].rps, null, 'reported'),
      target('POST message mentioning two members ÷ mentioning none, same 10 senders: req/s', mentionPost[0].rps, mentionPost[1].rps, null, 'reported'),
      target('POST message replying to a message ÷ plain, same 10 senders: req/s', replyPost[0].rps, replyPost[1].rps, null, 'reported'),
      target('GET newest 50: req/s ÷ floor (node-pg alone, no HTTP)', get[0].rps, floor.get, null, 'reported'),
      target('POST message: req/s ÷ floor (node-pg alone, no HTTP)', post[0].rps, floor.post, null, 'reported'),
      ...gatewayRows(gateway),
      ...searchRows(searched),
      ...uploadRows(uploads),
    ];
    const memory = [
      `Resident memory of the API process after the PostgreSQL runs: ${apiRss.toFixed(0)} MB (target < 200 MB: ${apiRss < 200 ? 'met' : 'MISSED'}).`,
      gatewayNotes(gateway),
    ].join('\n\n');
    const report = renderReport(rows, memory, { pgVersion, withRedis, seconds: (Date.now() - started) / 1000 });
    log(`\n${report}`);
    if (!QUICK) {
      // The hand-written analysis below the table ("## Notes") survives a new run.
      const file = path.join(__dirname, 'RESULTS.md');
      const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
      const notes = previous.indexOf('\n## Notes');
      writeFileSync(file, notes >= 0 ? `${report}${previous.slice(notes)}` : report);
    }
  } finally {
    await Promise.all(processes.map((p) => stopProcess(p.child)));
    // The API's event Stream (and rate-limit counters) under this run's prefix: not left in Redis.
    if (withRedis) await dropRedisKeys(REDIS_URL, redisPrefix).catch(() => undefined);
    await sql`drop database if exists ${sql.id(dbName)} with (force)`.execute(admin).catch(() => undefined);
    await admin.destroy();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}


/** The gateway part's rows: ours against socket.io with @socket.io/redis-adapter. */
function gatewayRows(gateway) {
  if (!gateway) return [];
  const { plan, results, presence } = gateway;
  const { ours, socketio } = results;
  const fanOut = `${plan.clients.toLocaleString('en')} clients on 2 replicas`;
  return [
    target(`Gateway ÷ socket.io: p99 from the 201 to each receipt (ms), ${fanOut}`, ours.fanOut.p99, socketio.fanOut.p99, 1, 'ours ≤ socket.io', true),
    target(`Gateway ÷ socket.io: p50 from the 201 to each receipt (ms), ${fanOut}`, ours.fanOut.p50, socketio.fanOut.p50, 1, 'ours ≤ socket.io', true),
    target(
      `Gateway ÷ socket.io: resident memory per idle connection (KiB), from ${(ours.memory.connections / 2).toLocaleString('en')} to ${ours.memory.connections.toLocaleString('en')} on 1 replica`,
      ours.memory.kibPerConnection,
      socketio.memory.kibPerConnection,
      0.5,
      'ours ≤ 0.5 × socket.io',
      true,
    ),
    target(
      `Gateway ÷ socket.io: resident memory per idle connection (KiB), from none to ${ours.memory.connections.toLocaleString('en')}`,
      ours.memory.kibPerConnectionFromIdle,
      socketio.memory.kibPerConnectionFromIdle,
      null,
      'reported',
      true,
    ),
    ...presenceRows(presence),
    ...scaleRows(target, gateway.scale),
  ];
}

/** Each search's p95 against the issue's 100 ms, and the send with the search's column and indexes against without. */
function searchRows({ requests, post }) {
  return [
    ...requests.filter((r) => r.label.startsWith('search')).map((r) => target(`Search p95 ÷ 100 ms: ${r.label.slice('search: '.length)} (${r.query.replaceAll('`', '')})`, r.p95, 100, 1, 'p95 < 100 ms', true)),
    target('POST message with the search column and indexes ÷ without: req/s', post.with.rps, post.without.rps, null, 'reported'),
  ];
}

/** Per store: the API's resident memory growth against the issue's 64 MiB, and the throughput (reported). */
function uploadRows({ disk, s3, files }) {
  return [disk, s3].filter(Boolean).flatMap((r) => [
    target(`Upload, ${files} concurrent 10 MiB files (${r.label}): API resident memory growth (MiB) ÷ 64 MiB`, r.growth, 64, 1, 'growth < 64 MiB', true),
    target(`Upload, ${files} concurrent 10 MiB files (${r.label}): MiB/s stored`, r.mibps, null, null, 'reported'),
  ]);
}

/** A presence change against a message to the same clients on the same replicas, in the same run. */
function presenceRows(presence) {
  const fanOut = `${presence.clients.toLocaleString('en')} online in one server on 2 replicas`;
  return [
    target(`Presence change ÷ message: p99 to each receipt (ms), ${fanOut}`, presence.p99, presence.message.p99, null, 'reported', true),
    target(`Presence change ÷ message: replicas' CPU per change (ms), ${fanOut}`, presence.replicaCpuMsPerChange, presence.message.cpuMsPerMessage, null, 'reported', true),
  ];
}

function gatewayNotes(gateway) {
  if (!gateway) return 'Gateway part skipped: no Redis at BENCH_REDIS_URL.';
  const { plan, results } = gateway;
  const side = (name, r) =>
    `${name} delivered ${(r.fanOut.delivered * 100).toFixed(2)}% of ${r.fanOut.messages} × ${r.fanOut.clients} receipts ` +
    `(${r.fanOut.duplicates} duplicates, ${r.fanOut.closed} sockets closed), max ${r.fanOut.max.toFixed(0)} ms, ` +
    `replicas' CPU ${r.fanOut.serverCpuMsPerMessage.toFixed(1)} ms per message, ${r.fanOut.clients} clients ready in ${r.fanOut.connectSeconds.toFixed(1)} s, ` +
    `${r.memory.connections} in ${r.memory.connectSeconds.toFixed(1)} s (RSS ${r.memory.beforeMiB.toFixed(0)} → ${r.memory.middleMiB.toFixed(0)} → ${r.memory.afterMiB.toFixed(0)} MiB)`;
  return [
    `Gateway: ${plan.messages} messages per side at ${plan.rate}/s through REST to the two replicas in turn, in ${plan.rounds} rounds alternating between the sides, both sides' replicas and clients up throughout; ` +
      `latency = arrival in a client process − the sender's 201, one clock (CLOCK_MONOTONIC), sender and clients in separate processes. ` +
      `Memory: one fresh replica, connections opened in two halves, each followed by ${plan.settleMs / 1000} s of idle; VmRSS growth over the second half ÷ its connections (from none: after − before, taken after a warm-up of 100 connections, ÷ all).`,
    `- ${side('ours', results.ours)}.`,
    `- ${side('socket.io', results.socketio)}.`,
    `- Presence: ${gateway.presence.changes} changes (idle and online in turn) by ${gateway.presence.clients} clients' first ones, delivered ${(gateway.presence.delivered * 100).toFixed(2)}% of their receipts, ` +
      `p50 ${gateway.presence.p50?.toFixed(2)} ms p99 ${gateway.presence.p99?.toFixed(2)} ms from the changer's write; Redis CPU ${gateway.presence.redisCpuMsPerChange.toFixed(2)} ms per change.`,
    ...scaleNotes(gateway.scale),
  ].join('\n');
}

/** A table row: the ratio and whether the target holds (`lowerIsBetter` for latencies); `base` null: a figure alone. */
function target(name, ours, base, bound, goal, lowerIsBetter = false) {
  const ratio = base === null ? null : ours / base;
  const met = bound === null ? 'reported' : (lowerIsBetter ? ratio <= bound : ratio >= bound) ? 'met' : 'MISSED';
  return { name, ours, base, ratio, goal, met };
}

function renderReport(rows, memory, { pgVersion, withRedis, seconds }) {
  const fmt = (x) => (x === null ? '—' : x >= 100 ? x.toFixed(0) : x.toFixed(2));
  return [
    `# Benchmark results${QUICK ? ' (quick smoke run: numbers mean nothing)' : ''}`,
    '',
    `${new Date().toISOString()} · ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'} · ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB · Node ${process.version} · PostgreSQL ${pgVersion} · Redis rate limiting ${withRedis ? 'on' : 'off (memory store)'} · API request logs on (LOG_LEVEL=info)`,
    `autocannon, 10 connections, ${PLAN.warmup} s warm-up, ${PLAN.runs} alternating runs of ${PLAN.seconds} s per side; medians of the runs' figures. Latencies from every 2xx response's own time (not autocannon's whole-millisecond histogram). Load generator on the same cores. The API runs with its events on (each send writes its event; the relay hands them to the Redis Stream). Floor: the API's page and send statements (\`pageJsonAs\`, \`createAs\` of @chat/postgres) from 10 concurrent loops over a pool of 10, no HTTP, same warm-up and runs. Run took ${seconds.toFixed(0)} s.`,
    '',
    '| Scenario | Ours | Baseline / reference | Ratio | Target | |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.name} | ${fmt(r.ours)} | ${fmt(r.base)} | ${r.ratio === null ? '—' : r.ratio.toFixed(2)} | ${r.goal} | ${r.met} |`),
    '',
    memory,
    '',
  ].join('\n');
}

main().catch((error) => {
  process.stderr.write(`bench failed: ${error.stack ?? error}\n`);
  process.exit(1);
});
