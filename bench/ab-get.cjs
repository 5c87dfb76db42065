// node bench/ab-get.cjs NEW_MAIN OLD_MAIN: GET newest 50 on two API builds (their dist/main.js), alternating
// 6-second runs on one seeded database, same machine; prints medians and new ÷ old. `pnpm build` both first.
const { readFileSync } = require('node:fs');
const autocannon = require('autocannon');
const { SignJWT } = require('jose');
const { sql } = require('kysely');
const { migrateToLatest, openPostgres } = require('@chat/postgres');
const { seed } = require('./seed.cjs');
const { startServer } = require('./processes.cjs');
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const ADMIN = 'postgres://postgres@127.0.0.1:5432/test';
const cpu = (pid) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10000; };
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
async function run(server, req, seconds) {
  const before = cpu(server.child.pid);
  const r = await autocannon({ url: server.url + req.path, connections: 10, duration: seconds, headers: req.headers });
  return { rps: r.requests.total / seconds, cpu: (cpu(server.child.pid) - before) / r.requests.total };
}
(async () => {
  const db0 = openPostgres({ url: ADMIN, poolSize: 1 });
  const name = `chat_ab_${process.pid}`;
  await sql`create database ${sql.id(name)}`.execute(db0);
  const url = new URL(ADMIN); url.pathname = `/${name}`;
  const procs = [];
  try {
    const db = openPostgres({ url: url.toString(), poolSize: 2 });
    await migrateToLatest(db);
    const { channelIds } = await seed(db, { users: 200, channels: [1000, 20000] });
    await db.destroy();
    const key = new TextEncoder().encode(SECRET);
    const token = await new SignJWT({ sid: '10001' }).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setIssuer('chat-api').setAudience('chat-api').setIssuedAt().setExpirationTime('2h').sign(key);
    const env = (p) => ({ DATABASE_URL: url.toString(), JWT_SECRET: SECRET, LOG_LEVEL: 'info', RATE_LIMIT_SEND_MESSAGE: '9999999/10s', REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: `ab-${p}-${process.pid}:` });
    const sides = [
      await startServer('new', [process.argv[2]], env('new')),
      await startServer('old', [process.argv[3]], env('old')),
    ];
    procs.push(...sides);
    const req = { path: `/api/channels/${channelIds[1]}/messages`, headers: { authorization: token } };
    for (const s of sides) await run(s, req, 3);
    const res = sides.map(() => []);
    for (let i = 0; i < 6; i++) for (const [j, s] of sides.entries()) res[j].push(await run(s, req, 6));
    const m = res.map((rs) => ({ rps: median(rs.map((r) => r.rps)), cpu: median(rs.map((r) => r.cpu)) }));
    console.log(JSON.stringify({ runs: res.map((rs) => rs.map((r) => Math.round(r.rps))), new: m[0], old: m[1], ratio: m[0].rps / m[1].rps, cpuRatio: m[0].cpu / m[1].cpu }));
  } finally {
    for (const p of procs) await p.stop();
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(db0);
    await db0.destroy();
  }
})().catch((e) => { console.error(e); process.exit(1); });
