// Seeds a realistic data set through Kysely's `sql`, so PostgreSQL and PGlite get the same rows.
const { sql } = require('kysely');

const SNOWFLAKE_EPOCH_MS = 1_704_067_200_000n;

/** Ids below anything the API will mint now: snowflakes from 30 days ago, worker 1023. */
const baseId = () => ((BigInt(Date.now()) - SNOWFLAKE_EPOCH_MS - 30n * 86_400_000n) << 22n) | (1023n << 12n);

/**
 * users 1..U (all members of server 100), one session each; channels with the given message
 * counts; the newest 100 messages of every channel carry three emoji from several users.
 */
async function seed(db, { users, channels }) {
  await sql`insert into users (id, username, email, password_hash, bot, created_at)
    select g, 'bench_' || g, 'bench_' || g || '@example.com', 'not-a-hash', false, now()
    from generate_series(1, ${users}::int) g`.execute(db);
  await sql`insert into sessions (id, user_id, created_at) select 10000 + g, g, now() from generate_series(1, ${users}::int) g`.execute(db);
  // The server and its default channel point at each other: one statement, so one commit.
  await sql`with s as (insert into servers (id, name, default_channel_id, owner_id, created_at) values (100, 'Bench', 101, 1, now()) returning id)
    insert into channels (id, server_id, name, created_at) select 101, id, 'general', now() from s`.execute(db);
  const channelIds = [];
  let offset = baseId();
  for (const [index, count] of channels.entries()) {
    const channelId = 101 + index;
    channelIds.push(String(channelId));
    if (channelId !== 101) await sql`insert into channels (id, server_id, name, created_at) values (${channelId}, 100, ${`c${count}`}, now())`.execute(db);
    // In batches, so PGlite's single WebAssembly heap never holds a million rows at once.
    for (let done = 0; done < count; done += 200_000) {
      const n = Math.min(200_000, count - done);
      await sql`insert into messages (id, channel_id, author_id, content, created_at)
        select ${String(offset)}::bigint + ${done}::bigint + g, ${channelId}, 1 + (g % ${users}::int),
               'message ' || (${done}::int + g) || ': the quick brown fox jumps over the lazy dog',
               now() - interval '30 days' + make_interval(secs => (${done}::int + g) / 1000.0)
        from generate_series(1, ${n}::int) g`.execute(db);
    }
    await sql`insert into reactions (message_id, user_id, emoji, created_at)
      select m.id, u.u, e.e, now()
      from (select id from messages where channel_id = ${channelId} order by id desc limit 100) m,
           (values ('👍'), ('🎉'), ('❤️')) e(e),
           generate_series(1, 5) u(u)
      where (u.u + length(e.e)) % 2 = 0 or u.u = 1`.execute(db);
    offset += BigInt(count) + 1n;
  }
  await sql`insert into members (server_id, user_id, joined_at) select 100, g, now() from generate_series(1, ${users}::int) g`.execute(db);
  // A settled table, as in production: without this, autovacuum's first pass over the freshly
  // loaded rows (and their hint bits) lands in the middle of some scenario's measured runs.
  await sql`vacuum analyze`.execute(db);
  return { channelIds, users };
}

/** The message id `back` messages before the newest of a channel, for a deep `before=` page. */
async function idBack(db, channelId, back) {
  const { rows } = await sql`select id from messages where channel_id = ${channelId} order by id desc offset ${back} limit 1`.execute(db);
  return String(rows[0].id);
}

module.exports = { seed, idBack };
