// temporary profiling harness (not committed)
const { spawn } = require('node:child_process');
const path = require('node:path');
const autocannon = require('autocannon');
const { SignJWT } = require('jose');
const { sql } = require('kysely');
const { migrateToLatest, openPostgres } = require('@chat/postgres');
const { seed } = require('./seed.cjs');
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const scenario = process.argv[2] ?? 'get';
const which = process.argv[3] ?? 'api';
(async () => {
  const admin = openPostgres({ url: 'postgres://postgres@127.0.0.1:5432/test', poolSize: 1 });
  const dbName = 'chat_bench_prof';
  await sql`drop database if exists ${sql.id(dbName)} with (force)`.execute(admin);
  await sql`create database ${sql.id(dbName)}`.execute(admin);
  const url = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  const db = openPostgres({ url, poolSize: 2 });
  await migrateToLatest(db);
  const { channelIds } = await seed(db, { users: 50, channels: [1000, 20000] });
  await db.destroy();
  const key = new TextEncoder().encode(SECRET);
  const tokens = await Promise.all(Array.from({ length: 50 }, (_, i) => new SignJWT({ sid: String(10001 + i) }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(i + 1)).setIssuer('chat-api').setAudience('chat-api').setIssuedAt().setExpirationTime('2h').sign(key)));
  if (process.env.SEED_ONLY) { console.log('channels', channelIds.join(',')); await admin.destroy(); return; }
  const port = 3900 + Math.floor(Math.random() * 50);
  const main = which === 'api' ? path.join(__dirname, '../apps/api/dist/main.js') : path.join(__dirname, 'baseline.cjs');
  const args = process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof', main] : [main];
  const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH, PORT: String(port), DATABASE_URL: url, JWT_SECRET: SECRET, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', RATE_LIMIT_SEND_MESSAGE: '9999999/10s', REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: 'prof:' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  for (;;) { if (await fetch(base + '/health').then(() => true, () => false)) break; await new Promise((r) => setTimeout(r, 100)); }
  let next = 0;
  const req = scenario === 'get'
    ? { url: `${base}/api/channels/${channelIds[0]}/messages`, headers: { authorization: tokens[0] } }
    : { url: `${base}/api/channels/${channelIds[0]}/messages`, method: 'POST', body: JSON.stringify({ content: 'hello from the benchmark' }), setupClient: (c) => c.setHeaders({ 'content-type': 'application/json', authorization: tokens[next++ % tokens.length] }) };
  await autocannon({ ...req, connections: 10, duration: 2 });
  const { readFileSync, readdirSync } = require('node:fs');
  const cpuOf = (pid) => { try { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10000; } catch { return 0; } };
  const pgCpu = () => readdirSync('/proc').filter((d) => /^\d+$/.test(d)).reduce((sum, pid) => { try { return readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres') ? sum + cpuOf(pid) : sum; } catch { return sum; } }, 0);
  const rps = [];
  for (let i = 0; i < Number(process.env.RUNS ?? 3); i++) {
    const n0 = cpuOf(child.pid), p0 = pgCpu(), s0 = process.cpuUsage();
    const r = await autocannon({ ...req, connections: 10, duration: 5 });
    const su = process.cpuUsage(s0);
    console.log(`  node ${((cpuOf(child.pid) - n0) / r.requests.total).toFixed(0)} µs/req, pg ${((pgCpu() - p0) / r.requests.total).toFixed(0)} µs/req, autocannon ${((su.user + su.system) / r.requests.total).toFixed(0)} µs/req`);
    rps.push(r.requests.average);
    if (r.non2xx) console.log('non2xx', r.non2xx, r.statusCodeStats);
  }
  console.log(which, scenario, rps.map((x) => x.toFixed(0)).join(' '));
  child.kill('SIGINT');
  await new Promise((r) => child.on('exit', r));
  await sql`drop database if exists ${sql.id(dbName)} with (force)`.execute(admin);
  await admin.destroy();
})();
