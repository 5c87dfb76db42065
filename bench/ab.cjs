// node bench/ab.cjs OLD_DIR NEW_DIR [ROUNDS]: our API's GET newest 50 and POST message, two builds
// in one run (each DIR a checkout built with `npx tsc -b tsconfig.build.json`), so both sides meet
// the same noise. Each side gets a database of its own, migrated by its own build (an older build
// cannot run on a newer schema) and seeded by this tree's seed.cjs, and a Redis key prefix of its
// own. Then ROUNDS (default 5) rounds of 6-second runs, sides alternating (the first side of a
// round alternates too); the load is pnpm bench's (load.cjs). Prints each side's medians (req/s, CPU
// per request of its API process and of its database's PostgreSQL backends) and new ÷ old.
const path = require('node:path');
const { sql } = require('kysely');
const { openPostgres } = require('@chat/postgres');
const { seed } = require('./seed.cjs');
const { startServer, stopProcess } = require('./processes.cjs');
const { dropRedisKeys } = require('./gateway.cjs');
const { SECRET, cpuMicros, median, warmUp, measure, getPage, postAsManyUsers, signTokens } = require('./load.cjs');

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
// pnpm bench's: 200 users, GET from its 100,000-message channel, POST to its 1,000-message one.
const PLAN = { users: 200, channels: [1_000, 100_000], warmup: 3, seconds: 6 };
const log = (line) => process.stdout.write(`${line}\n`);

/** A database of the side's own, migrated by its own build and seeded; its API started on it. */
async function startSide(side, admin) {
  await sql`create database ${sql.id(side.dbName)}`.execute(admin);
  side.created = true;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${side.dbName}`;
  const own = require(path.join(side.dir, 'packages/postgres'));
  const migrating = own.openPostgres({ url: url.toString(), poolSize: 1 });
  await own.migrateToLatest(migrating).finally(() => migrating.destroy());
  const db = openPostgres({ url: url.toString(), poolSize: 2 });
  side.channelIds = (await seed(db, PLAN).finally(() => db.destroy())).channelIds;
  side.server = await startServer(side.name, [path.join(side.dir, 'apps/api/dist/main.js')], {
    DATABASE_URL: url.toString(),
    JWT_SECRET: SECRET,
    LOG_LEVEL: 'info',
    RATE_LIMIT_SEND_MESSAGE: '9999999/10s',
    REDIS_URL,
    REDIS_KEY_PREFIX: side.redisPrefix,
  });
}

/** CPU so far of the PostgreSQL backends serving a database, by pid (a backend gone meanwhile: 0). */
async function backendCpu(admin, dbName) {
  const { rows } = await sql`select pid from pg_stat_activity where datname = ${dbName}`.execute(admin);
  return new Map(rows.map(({ pid }) => [pid, (() => { try { return cpuMicros(pid); } catch { return 0; } })()]));
}

/** One run of a side: pnpm bench's figures, and the CPU its database's backends spent per request. */
async function measureSide(admin, side, request) {
  const before = await backendCpu(admin, side.dbName);
  const run = await measure(side.server, request, PLAN.seconds);
  let db = 0;
  for (const [pid, micros] of await backendCpu(admin, side.dbName)) db += micros - (before.get(pid) ?? 0);
  return { ...run, dbCpu: db / run.total };
}

/** Warm-up of both sides, then ROUNDS rounds of one run each, the first side alternating. */
async function compare(admin, label, sides, requestOf, rounds) {
  const requests = sides.map(requestOf);
  for (const [i, side] of sides.entries()) await warmUp(side.server, requests[i], PLAN.warmup);
  const runs = sides.map(() => []);
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [1, 0] : [0, 1];
    for (const i of order) runs[i].push(await measureSide(admin, sides[i], requests[i]));
  }
  const [old, neu] = runs.map((r) => ({ rps: median(r.map((x) => x.rps)), cpu: median(r.map((x) => x.cpu)), dbCpu: median(r.map((x) => x.dbCpu)), runs: r.map((x) => Math.round(x.rps)) }));
  // Each round's two runs are neighbours in time: their ratio sees the least drift.
  const paired = median(runs[1].map((x, i) => x.rps / runs[0][i].rps));
  const result = { label, old, new: neu, rpsRatio: neu.rps / old.rps, cpuRatio: neu.cpu / old.cpu, dbCpuRatio: neu.dbCpu / old.dbCpu, pairedRpsRatio: paired };
  const figures = (s) => `${s.rps.toFixed(0)} req/s, CPU µs/req API ${s.cpu.toFixed(0)} PostgreSQL ${s.dbCpu.toFixed(0)} (runs ${s.runs.join(' ')} req/s)`;
  log(`${label}: old ${figures(old)} | new ${figures(neu)}`);
  log(`${label}: new ÷ old: req/s ${result.rpsRatio.toFixed(3)} (median of rounds' ratios ${paired.toFixed(3)}), CPU µs/req API ${result.cpuRatio.toFixed(3)} PostgreSQL ${result.dbCpuRatio.toFixed(3)}`);
  return result;
}

async function main() {
  const [oldDir, newDir] = process.argv.slice(2, 4).map((d) => d && path.resolve(d));
  if (!oldDir || !newDir) throw new Error('usage: node bench/ab.cjs OLD_DIR NEW_DIR [ROUNDS]');
  const rounds = Number(process.argv[4] ?? 5);
  const sides = [
    { name: 'old', dir: oldDir },
    { name: 'new', dir: newDir },
  ].map((s) => ({ ...s, dbName: `chat_ab_${process.pid}_${s.name}`, redisPrefix: `ab-${process.pid}-${s.name}:` }));
  const admin = openPostgres({ url: ADMIN_URL, poolSize: 1 });
  try {
    for (const side of sides) await startSide(side, admin);
    const tokens = await signTokens(PLAN.users);
    log(`old ${oldDir}, new ${newDir}: ${rounds} rounds of ${PLAN.seconds} s per side`);
    const get = await compare(admin, 'GET newest 50', sides, (s) => getPage(s.channelIds[1], tokens[0]), rounds);
    const post = await compare(admin, 'POST message', sides, (s) => postAsManyUsers(s.channelIds[0], tokens), rounds);
    log(JSON.stringify({ old: oldDir, new: newDir, rounds, get, post }));
  } finally {
    for (const side of sides) {
      if (side.server) await stopProcess(side.server.child);
      await dropRedisKeys(REDIS_URL, side.redisPrefix).catch(() => undefined);
      if (side.created) await sql`drop database if exists ${sql.id(side.dbName)} with (force)`.execute(admin).catch(() => undefined);
    }
    await admin.destroy();
  }
}

main().catch((error) => {
  process.stderr.write(`ab failed: ${error.stack ?? error}\n`);
  process.exit(1);
});
