// pnpm bench:conversation [ROUNDS]: a send in a direct conversation against one in a server channel,
// the same ten senders, one API on one database, sides alternating; medians and conversation ÷ channel.
// pnpm bench's row for it is one 1-s run under --quick; this is the same comparison with rounds enough
// to read it (issue #29: "a message in a conversation costs what one in a server channel costs").
const path = require('node:path');
const { sql } = require('kysely');
const { migrateToLatest, openPostgres } = require('@chat/postgres');
const { seed, seedConversation } = require('./seed.cjs');
const { startServer, stopProcess } = require('./processes.cjs');
const { SECRET, median, warmUp, measure, postAsManyUsers, signTokens } = require('./load.cjs');

const ROUNDS = Number(process.argv[2] ?? 7);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function main() {
  const admin = openPostgres({ url: ADMIN_URL, poolSize: 1 });
  const dbName = `chat_bench_conversation_${process.pid}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  let api;
  await sql`create database ${sql.id(dbName)}`.execute(admin);
  try {
    const db = openPostgres({ url: url.toString(), poolSize: 2 });
    await migrateToLatest(db);
    const { channelIds } = await seed(db, { users: 50, channels: [1_000] });
    const conversationId = await seedConversation(db);
    await db.destroy();
    const tokens = (await signTokens(50)).slice(0, 10);
    api = await startServer('api', [path.join(__dirname, '../apps/api/dist/main.js')], {
      DATABASE_URL: url.toString(),
      JWT_SECRET: SECRET,
      LOG_LEVEL: 'info',
      RATE_LIMIT_SEND_MESSAGE: '9999999/10s',
      REDIS_URL,
      REDIS_KEY_PREFIX: `bench-conversation-${process.pid}:`,
    });
    const sides = [
      ['conversation', postAsManyUsers(conversationId, tokens)],
      ['channel', postAsManyUsers(channelIds[0], tokens)],
    ];
    for (const [, request] of sides) await warmUp(api, request, 3);
    const runs = { conversation: [], channel: [] };
    for (let round = 0; round < ROUNDS; round++) {
      // Which side goes first alternates, so neither always follows the other's load.
      for (const [name, request] of round % 2 ? [...sides].reverse() : sides) runs[name].push(await measure(api, request, 5));
    }
    const at = (name, key) => median(runs[name].map((run) => run[key]));
    for (const name of Object.keys(runs)) {
      console.log(`${name}: ${at(name, 'rps').toFixed(0)} req/s (runs ${runs[name].map((run) => run.rps.toFixed(0)).join(' ')}), ${at(name, 'cpu').toFixed(0)} µs API CPU/req, p99 ${at(name, 'p99').toFixed(2)} ms`);
    }
    console.log(`conversation ÷ channel: req/s ${(at('conversation', 'rps') / at('channel', 'rps')).toFixed(2)}, API CPU/req ${(at('conversation', 'cpu') / at('channel', 'cpu')).toFixed(2)}`);
  } finally {
    if (api) await stopProcess(api.child);
    await sql`drop database if exists ${sql.id(dbName)} with (force)`.execute(admin);
    await admin.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
