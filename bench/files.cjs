// Issue #31's page clause: "a message page with attachments keeps the GET ratio". `seedFiles` gives
// every message of a channel two files (an image and a document), as a send's statement stores them
// (the message's `attachments` snapshot; links are signed by the API on every read, 100 a page).
// `pnpm bench` seeds one such channel beside its own and compares GET newest 50 there, ours against
// the baseline, with the plain page's ratio target. `node bench/files.cjs [--quick]` runs that row
// alone on a small database of its own.
const path = require('node:path');
const { sql } = require('kysely');
const { migrateToLatest, openPostgres } = require('@chat/postgres');
const { seed } = require('./seed.cjs');
const { startServer, stopProcess } = require('./processes.cjs');
const { SECRET, median, warmUp, measure, getPage, signTokens } = require('./load.cjs');

/** Two files on every message of `channelId`: what a page of it must render and sign (100 links). */
async function seedFiles(db, channelId) {
  // As the send's statement writes them: the wire's text, links unsigned.
  await sql`update messages set attachments = ('[{"id":"' || id * 2 || '","filename":"screenshot ' || id || '.png","contentType":"image/png","size":183204,"width":1280,"height":720,"url":"/api/attachments/' || id * 2 || '"},'
      || '{"id":"' || id * 2 + 1 || '","filename":"notes \\"final\\".pdf","contentType":"application/octet-stream","size":52011,"width":null,"height":null,"url":"/api/attachments/' || id * 2 + 1 || '"}]')::json
    where channel_id = ${channelId}`.execute(db);
  await sql`vacuum analyze messages`.execute(db);
}

/**
 * The table's row: GET newest 50 of the channel with files, ours against the baseline (which selects
 * the files too and signs each link with an HMAC, as a plain handler would). "Keeps the GET ratio":
 * at least 0.9 of the plain page's ratio in the same run (0.9: the spread of one ratio between runs),
 * the plain page read in a channel of the same size just after, with both servers as warm.
 */
const filesRow = (target, filesGet, plainGet) => {
  const plain = plainGet[0].rps / plainGet[1].rps;
  return target('GET newest 50, two files a message: req/s', filesGet[0].rps, filesGet[1].rps, 0.9 * plain, `ratio ≥ 0.9 × the plain page's (${plain.toFixed(2)})`);
};

module.exports = { seedFiles, filesRow };

if (require.main === module) {
  const QUICK = process.argv.includes('--quick');
  const PLAN = QUICK ? { warmup: 0.5, runs: 1, seconds: 2 } : { warmup: 3, runs: 5, seconds: 6 };
  const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const API_MAIN = path.join(__dirname, '../apps/api/dist/main.js');
  const log = (line) => process.stdout.write(`${line}\n`);
  (async () => {
    const name = `chat_bench_files_${process.pid}`;
    const admin = openPostgres({ url: ADMIN_URL, poolSize: 1 });
    const processes = [];
    try {
      await sql`create database ${sql.id(name)}`.execute(admin);
      const url = new URL(ADMIN_URL);
      url.pathname = `/${name}`;
      const db = openPostgres({ url: url.toString(), poolSize: 1 });
      await migrateToLatest(db);
      const { channelIds } = await seed(db, { users: 50, channels: [1_000, 1_000] });
      await seedFiles(db, channelIds[1]);
      await db.destroy();
      const viewer = (await signTokens(50))[0];
      const api = await startServer('api', [API_MAIN], { DATABASE_URL: url.toString(), JWT_SECRET: SECRET, LOG_LEVEL: 'info' });
      processes.push(api);
      const baseline = await startServer('baseline', [path.join(__dirname, 'baseline.cjs')], { ENGINE: 'pg', DATABASE_URL: url.toString(), JWT_SECRET: SECRET });
      processes.push(baseline);
      const sides = [
        ['ours, with files', api, channelIds[1]],
        ['baseline, with files', baseline, channelIds[1]],
        ['ours, without files', api, channelIds[0]],
        ['baseline, without files', baseline, channelIds[0]],
      ];
      for (const [, server, channel] of sides) await warmUp(server, getPage(channel, viewer), PLAN.warmup);
      const runs = sides.map(() => []);
      for (let run = 0; run < PLAN.runs; run++) for (const [i, [, server, channel]] of sides.entries()) runs[i].push(await measure(server, getPage(channel, viewer), PLAN.seconds));
      const rps = runs.map((r) => median(r.map((x) => x.rps)));
      // CPU per request too: on a busy machine the rate says more of the machine than of the API.
      const cpu = runs.map((r) => median(r.map((x) => x.cpu)));
      for (const [i, [label]] of sides.entries()) log(`${label}: ${rps[i].toFixed(0)} req/s, ${cpu[i].toFixed(0)} µs CPU/request`);
      log(`GET ratio with files ${(rps[0] / rps[1]).toFixed(2)}, without ${(rps[2] / rps[3]).toFixed(2)} (target: with ≥ 0.9 × without); ours with ÷ without files ${(rps[0] / rps[2]).toFixed(2)}`);
    } finally {
      for (const p of processes) await stopProcess(p.child);
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin).catch(() => undefined);
      await admin.destroy();
    }
  })().catch((error) => {
    process.stderr.write(`bench failed: ${error.stack ?? error}\n`);
    process.exit(1);
  });
}
