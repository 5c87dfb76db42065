// node bench/sweep.cjs [EXPIRED] [LIVE]: how fast the sweep deletes expired idempotency keys, on
// PostgreSQL (BENCH_DATABASE_URL) and on the embedded PGlite. Needs `pnpm build` first.
//
// The table is seeded with EXPIRED keys past their 24 hours and LIVE ones, interleaved as a day of
// traffic leaves them, each keeping the answer to the longest message (2,000 characters that do not
// compress away: hex digests), about 2 KB, past PostgreSQL's TOAST threshold; then one
// run of the API's own SweepLoop (apps/api/dist) with no time budget deletes the expired ones, slice
// by slice, and the figure is rows per second.
const { randomBytes } = require('node:crypto');
const { sql } = require('kysely');
const { KyselySweeper, migrateToLatest, openPglite, openPostgres } = require('@chat/postgres');
const { SweepLoop } = require('../apps/api/dist/housekeeping/sweep-loop.js');
const { IDEMPOTENCY_KEY_TTL_MS } = require('../apps/api/dist/http/idempotency.js');

const EXPIRED = Number(process.argv[2] ?? 200_000);
const LIVE = Number(process.argv[3] ?? 200_000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function seed(db, expired, live) {
  const now = Date.now();
  for (let done = 0; done < expired + live; done += 50_000) {
    const n = Math.min(50_000, expired + live - done);
    // Odd rows expired while there are any left, even rows live: interleaved in the heap and the index.
    await sql`insert into idempotency_keys (user_id, key, fingerprint, status, body, created_at)
      select 1 + g % 26, 'key-' || g, 'fingerprint', 201, '{"content":"' || (select substr(string_agg(md5(g::text || i::text), ''), 1, 2000) from generate_series(1, 63) i) || '"}',
             case when (g % 2 = 1 and (g + 1) / 2 <= ${expired}::int) or g > 2 * ${live}::int
                  then ${new Date(now - IDEMPOTENCY_KEY_TTL_MS - 3_600_000)}::timestamptz
                  else ${new Date(now - 3_600_000)}::timestamptz end
      from generate_series(${done + 1}::int, ${done + n}::int) g`.execute(db);
  }
  await sql`analyze idempotency_keys`.execute(db);
}

async function measure(label, db, expired, live) {
  await seed(db, expired, live);
  const logger = { info: () => {}, warn: () => {} };
  // No uploads here: a file store that holds nothing.
  const files = { put: async () => ({ kind: 'TooLarge' }), get: async () => null, delete: async () => {} };
  const loop = new SweepLoop(new KyselySweeper(db, IDEMPOTENCY_KEY_TTL_MS, files), { intervalMs: 600_000, logger, budgetMs: Number.MAX_SAFE_INTEGER });
  const started = process.hrtime.bigint();
  await loop.runOnce();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const { rows } = await sql`select count(*)::int as left from idempotency_keys`.execute(db);
  const rate = Math.round(expired / seconds);
  console.log(`${label}: ${expired.toLocaleString('en')} expired of ${(expired + live).toLocaleString('en')} keys deleted in ${seconds.toFixed(2)} s: ${rate.toLocaleString('en')} rows/s (${rows[0].left.toLocaleString('en')} live left)`);
}

(async () => {
  const admin = openPostgres({ url: ADMIN_URL, poolSize: 1 });
  const name = `chat_bench_sweep_${randomBytes(4).toString('hex')}`;
  await sql`create database ${sql.id(name)}`.execute(admin);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = openPostgres({ url: url.toString(), poolSize: 2 });
  try {
    await migrateToLatest(db);
    const { rows } = await sql`select version()`.execute(db);
    console.log(rows[0].version.split(' on ')[0]);
    await measure('PostgreSQL', db, EXPIRED, LIVE);
  } finally {
    await db.destroy();
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
    await admin.destroy();
  }
  const embedded = openPglite();
  try {
    await migrateToLatest(embedded);
    await measure('PGlite', embedded, Math.round(EXPIRED / 4), Math.round(LIVE / 4));
  } finally {
    await embedded.destroy();
  }
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
