// node bench/explain-permissions.cjs: EXPLAIN ANALYZE of the hot statements' permission gate, on a
// database of its own (dropped after): the old gate (session, channel, membership) against the new
// one (with the member's permissions in the channel), and the page and the send as the owner and as
// a member of 20 roles in a channel with 10 overwrites. Medians of 30 executions' "Execution Time".
const { sql } = require('kysely');
const { createKyselyStores, migrateToLatest, openPostgres } = require('@chat/postgres');
const { seed, seedRoles } = require('./seed.cjs');
// The gate as the statements now build it (not part of the package's API: read from its build).
const { gateQuery } = require('../packages/postgres/dist/repositories/message-sql.js');
const READ_NEEDS = ['VIEW_CHANNEL'];

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RUNS = 30;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The gate before permissions (44856af's gateQuery), for comparison. */
const OLD_GATE = (userId, sessionId, channelId) => sql`
  select exists (select 1 from sessions s where s.id = ${sessionId} and s.user_id = ${userId}) as live,
         c.id is not null as found, c.server_id, u.id as member_id, u.username as member_username
  from (values (1)) as one (x)
  left join channels c on c.id = ${channelId}
  left join members mb on mb.server_id = c.server_id and mb.user_id = ${userId}
  left join users u on u.id = mb.user_id`;

const inline = (text, parameters) =>
  text.replace(/\$(\d+)/g, (_m, i) => {
    const v = parameters[Number(i) - 1];
    if (typeof v === 'number') return String(v);
    if (v instanceof Date) return `'${v.toISOString()}'`;
    if (Array.isArray(v)) return `'{${v.map((x) => (x instanceof Date ? x.toISOString() : `"${String(x).replaceAll('"', '\\"')}"`)).join(',')}}'`;
    return v === null || v === undefined ? 'null' : `'${String(v).replaceAll("'", "''")}'`;
  });

async function timed(db, text) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const { rows } = await sql`explain (analyze, format json) ${sql.raw(text)}`.execute(db);
    times.push(rows[0]['QUERY PLAN'][0]['Execution Time']);
  }
  return median(times);
}

async function main() {
  const admin = openPostgres({ url: ADMIN_URL, poolSize: 1 });
  const name = `perm_explain_${process.pid}`;
  await sql`create database ${sql.id(name)}`.execute(admin);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const queries = [];
  const db = openPostgres({ url: url.toString(), poolSize: 1, log: (text, parameters) => queries.push({ text, parameters }) });
  try {
    await migrateToLatest(db);
    const { channelIds } = await seed(db, { users: 50, channels: [1_000, 100_000] });
    const channelId = channelIds[1];
    await seedRoles(db, { userId: 2, channelId });
    const stores = createKyselyStores(db);
    const as = { owner: { userId: '1', sessionId: '10001' }, member: { userId: '2', sessionId: '10002' } };
    const last = (marker) => queries.filter((q) => q.text.includes(`/* prepared: ${marker} */`)).at(-1);
    const results = {};
    for (const [who, actor] of Object.entries(as)) {
      const oldGate = OLD_GATE(actor.userId, actor.sessionId, channelId).compile(db);
      results[`old gate alone, ${who}`] = await timed(db, inline(oldGate.sql, oldGate.parameters));
      const newGate = gateQuery(actor, channelId, READ_NEEDS).compile(db);
      results[`new gate alone, ${who}`] = await timed(db, inline(newGate.sql, newGate.parameters));
      const page = await stores.messages.pageJsonAs(actor, channelId, { limit: 50 });
      if (!page.ok) throw new Error(`${who} was refused the page: ${JSON.stringify(page.facts)}`);
      const gateOnly = last('page_json_as');
      const gateText = inline(gateOnly.text, gateOnly.parameters);
      results[`page (newest 50), ${who}`] = await timed(db, gateText);
      const sent = await stores.messages.createAs(actor, { id: String(9e15 + Math.floor(Math.random() * 1e9)), channelId, content: 'x', createdAt: new Date(), editedAt: null }, null);
      if (!sent.ok) throw new Error(`${who} was refused the send`);
      const send = last('create_as');
      // Each EXPLAIN ANALYZE of the send inserts a row: a fresh id each time.
      const times = [];
      for (let i = 0; i < RUNS; i++) {
        const text = inline(send.text, send.parameters).replace(/insert into messages \(id[^]*?select '(\d+)'::bigint/, (m, id) => m.replace(`'${id}'`, `'${BigInt(id) + BigInt(i + 1)}'`));
        const { rows } = await sql`explain (analyze, format json) ${sql.raw(text)}`.execute(db);
        times.push(rows[0]['QUERY PLAN'][0]['Execution Time']);
      }
      results[`send, ${who}`] = median(times);
    }
    for (const [k, v] of Object.entries(results)) console.log(`${k}: ${v.toFixed(3)} ms`);
  } finally {
    await db.destroy();
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
    await admin.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
