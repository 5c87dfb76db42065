// node bench/search.cjs [--quick]: issue #32's speed clause. Seeds one server of 200 members and
// four channels with a million messages of made-up chat text (words by Zipf's law: bench/search-seed.cjs),
// starts the API (apps/api/dist: `pnpm build` first) and measures, one request at a time (the latency
// a user sees, not a queue's), a search for a rare word, a common word, a phrase and an author beside
// the plain page read (GET newest 50); then the send with the search's column and indexes against the
// same database without them (the page read again, and POST req/s at 10 connections, sides
// alternating). Prints Markdown tables.
const path = require('node:path');
const { sql } = require('kysely');
const autocannon = require('autocannon');
const { migrateToLatest, openPostgres } = require('@chat/postgres');
const search = require('@chat/postgres/dist/migrations/2026-11-28T03-00-message-search.js');
const { seed } = require('./seed.cjs');
const { seedText, wordOfRank } = require('./search-seed.cjs');
const { startServer, stopProcess } = require('./processes.cjs');
const { SECRET, median, warmUp, measure, getPage, postAsManyUsers, signTokens } = require('./load.cjs');

const QUICK = process.argv.includes('--quick');
const PLAN = QUICK ? { messages: 50_000, warmup: 0.5, runs: 1, seconds: 1 } : { messages: 1_000_000, warmup: 2, runs: 3, seconds: 5 };
const USERS = 200;
const CHANNELS = ['101', '102', '103', '104'];
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const API_MAIN = path.join(__dirname, '../apps/api/dist/main.js');
const log = (line) => process.stdout.write(`${line}\n`);

/** The value at or below which `q` of the sorted values lie (nearest rank). */
const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];

/** One request at a time for `seconds`: each 2xx response's own time, in ms; any other answer fails the bench. */
async function latencies(server, request, seconds) {
  const { path: target, ...options } = request;
  const times = [];
  const run = autocannon({ url: server.url + target, connections: 1, duration: seconds, ...options });
  run.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) times.push(ms);
  });
  const result = await run;
  if (result.non2xx + result.errors > 0) throw new Error(`${target}: ${result.non2xx + result.errors} of ${result.requests.total} requests failed: ${JSON.stringify(result.statusCodeStats)}`);
  return times;
}

/** Warm-up, then `runs` runs pooled: p50, p95, p99 and the number of requests. */
async function latencyOf(server, request) {
  await latencies(server, request, PLAN.warmup);
  const times = [];
  for (let run = 0; run < PLAN.runs; run++) times.push(...(await latencies(server, request, PLAN.seconds)));
  times.sort((a, b) => a - b);
  return { n: times.length, p50: percentile(times, 0.5), p95: percentile(times, 0.95), p99: percentile(times, 0.99) };
}

const searchOf = (serverId, token, query) => ({ path: `/api/servers/${serverId}/messages/search?${new URLSearchParams(query)}`, headers: { authorization: token } });

/** A database of the bench's server, migrated, its messages seeded, without the search's column and indexes (added afterwards, to a copy). */
async function seeded(admin, name) {
  await sql`create database ${sql.id(name)}`.execute(admin);
  const db = openPostgres({ url: urlOf(name), poolSize: 1, queryTimeoutMs: 0 });
  await migrateToLatest(db);
  // Seeded without the column and indexes (quicker), which are then made as the migration makes them.
  await search.down(db);
  await seed(db, { users: USERS, channels: [0] });
  for (const id of CHANNELS.slice(1)) await sql`insert into channels (id, server_id, name, created_at) values (${id}, 100, ${`c${id}`}, now())`.execute(db);
  const started = Date.now();
  await seedText(db, { channelIds: CHANNELS, count: PLAN.messages, firstId: 1_000_000_000_000n, users: USERS });
  log(`seeded ${PLAN.messages.toLocaleString('en')} messages in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await db.destroy();
}

const urlOf = (name) => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * The whole comparison; prints its tables and answers its figures (for `pnpm bench`'s table, should
 * run.cjs call it): each request's latencies, and the send's medians with and without search.
 */
async function runSearchBench() {
  const admin = openPostgres({ url: ADMIN_URL, poolSize: 1, queryTimeoutMs: 0 });
  const withName = `chat_bench_search_${process.pid}`;
  const withoutName = `${withName}_without`;
  const processes = [];
  try {
    await seeded(admin, withName);
    // The same rows without the search's column and indexes: a copy made before they are added.
    await sql`create database ${sql.id(withoutName)} template ${sql.id(withName)}`.execute(admin);
    const db = openPostgres({ url: urlOf(withName), poolSize: 1, queryTimeoutMs: 0 });
    const started = Date.now();
    await search.up(db);
    const migration = (Date.now() - started) / 1000;
    await sql`vacuum analyze messages`.execute(db);
    const sizes = (await sql`select pg_size_pretty(pg_table_size('messages')) as heap, pg_size_pretty(pg_relation_size('messages_search_idx')) as gin, pg_size_pretty(pg_relation_size('messages_author_idx')) as author`.execute(db)).rows[0];
    const without = openPostgres({ url: urlOf(withoutName), poolSize: 1, queryTimeoutMs: 0 });
    await sql`vacuum analyze messages`.execute(without);
    const heapWithout = (await sql`select pg_size_pretty(pg_table_size('messages')) as heap`.execute(without)).rows[0].heap;
    await without.destroy();
    log(`search column and indexes added to ${PLAN.messages.toLocaleString('en')} messages in ${migration.toFixed(1)} s: table ${heapWithout} → ${sizes.heap}, GIN ${sizes.gin}, author index ${sizes.author}`);

    const rare = wordOfRank(40_000);
    const mid = wordOfRank(300);
    const queries = [
      ['a rare word', { q: rare }],
      ['a word in ~0.3% of messages', { q: mid }],
      ['a common word', { q: 'the' }],
      ['a phrase of two common words', { q: '"of the"' }],
      ['words and an exclusion', { q: 'water -the' }],
      ['authorId alone', { authorId: '7' }],
    ];
    const hits = [];
    for (const [, query] of queries) {
      const where = query.q !== undefined ? sql`search_vector @@ websearch_to_tsquery('simple', ${query.q})` : sql`author_id = ${query.authorId}`;
      hits.push(Number((await sql`select count(*)::int as n from messages where ${where}`.execute(db)).rows[0].n));
    }
    await db.destroy();

    const env = { JWT_SECRET: SECRET, LOG_LEVEL: 'info', RATE_LIMIT_SEND_MESSAGE: '9999999/10s', RATE_LIMIT_SEARCH: '9999999/10s' };
    const api = await startServer('api', [API_MAIN], { ...env, DATABASE_URL: urlOf(withName) });
    processes.push(api);
    const tokens = await signTokens(USERS);
    const viewer = tokens[1];

    const rows = [];
    const page = await latencyOf(api, getPage(CHANNELS[0], viewer));
    log(`GET newest 50: ${JSON.stringify(page)}`);
    rows.push(['GET newest 50 (the page read, busiest channel)', '', page]);
    for (const [i, [label, query]] of queries.entries()) {
      const figures = await latencyOf(api, searchOf('100', viewer, query));
      log(`search, ${label} (${JSON.stringify(query)}, ${hits[i]} matching): ${JSON.stringify(figures)}`);
      rows.push([`search: ${label}`, `\`${new URLSearchParams(query)}\`, ${hits[i].toLocaleString('en')} match`, figures]);
    }

    // The page read and the send, with and without the search's column and indexes.
    const bare = await startServer('api-without-search', [API_MAIN], { ...env, DATABASE_URL: urlOf(withoutName) });
    processes.push(bare);
    const barePage = await latencyOf(bare, getPage(CHANNELS[0], viewer));
    log(`GET newest 50 without the search's column: ${JSON.stringify(barePage)}`);
    rows.push(['GET newest 50, the same database without the search column and indexes', '', barePage]);
    const sides = [
      { name: 'with', server: api },
      { name: 'without', server: bare },
    ];
    const post = postAsManyUsers(CHANNELS[0], tokens);
    for (const { server } of sides) await warmUp(server, post, PLAN.warmup);
    const runs = { with: [], without: [] };
    for (let run = 0; run < PLAN.runs; run++) {
      for (const { name, server } of run % 2 ? [...sides].reverse() : sides) runs[name].push(await measure(server, post, PLAN.seconds));
    }
    const at = (name, key) => median(runs[name].map((r) => r[key]));
    log(`POST with search: ${runs.with.map((r) => r.rps.toFixed(0)).join(' ')} req/s; without: ${runs.without.map((r) => r.rps.toFixed(0)).join(' ')}`);

    const fmt = (x) => x.toFixed(1);
    log('');
    log(`| Request | Query | p50 ms | p95 ms | p99 ms | requests | p95 < 100 ms |`);
    log('|---|---|---|---|---|---|---|');
    for (const [label, query, f] of rows) log(`| ${label} | ${query} | ${fmt(f.p50)} | ${fmt(f.p95)} | ${fmt(f.p99)} | ${f.n} | ${f.p95 < 100 ? 'met' : 'MISSED'} |`);
    log('');
    log('| POST message, 10 connections | with search | without | ratio |');
    log('|---|---|---|---|');
    log(`| req/s (median of ${PLAN.runs}) | ${at('with', 'rps').toFixed(0)} | ${at('without', 'rps').toFixed(0)} | ${(at('with', 'rps') / at('without', 'rps')).toFixed(2)} |`);
    log(`| p99 ms | ${fmt(at('with', 'p99'))} | ${fmt(at('without', 'p99'))} | ${(at('with', 'p99') / at('without', 'p99')).toFixed(2)} |`);
    log(`| API CPU µs/request | ${at('with', 'cpu').toFixed(0)} | ${at('without', 'cpu').toFixed(0)} | ${(at('with', 'cpu') / at('without', 'cpu')).toFixed(2)} |`);
    const medians = (name) => ({ rps: at(name, 'rps'), p99: at(name, 'p99'), cpu: at(name, 'cpu') });
    return { requests: rows.map(([label, query, figures]) => ({ label, query, ...figures })), post: { with: medians('with'), without: medians('without') } };
  } finally {
    for (const p of processes) await stopProcess(p.child);
    for (const name of [withName, withoutName]) await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin).catch(() => undefined);
    await admin.destroy();
  }
}

module.exports = { runSearchBench };

if (require.main === module) {
  runSearchBench().catch((error) => {
    process.stderr.write(`bench failed: ${error.stack ?? error}\n`);
    process.exit(1);
  });
}
