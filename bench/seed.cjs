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
  // Rows name their route (server 100) where the schema has the column: bench/ab.cjs seeds builds from before it too.
  const { rows: routeColumn } = await sql`select count(*)::int as n from information_schema.columns where table_name = 'messages' and column_name = 'route_id'`.execute(db);
  const route = routeColumn[0].n > 0 ? { column: sql.raw(', route_id'), value: sql.raw(', 100') } : { column: sql.raw(''), value: sql.raw('') };
  const channelIds = [];
  let offset = baseId();
  for (const [index, count] of channels.entries()) {
    const channelId = 101 + index;
    channelIds.push(String(channelId));
    if (channelId !== 101) await sql`insert into channels (id, server_id, name, created_at) values (${channelId}, 100, ${`c${count}`}, now())`.execute(db);
    // In batches, so PGlite's single WebAssembly heap never holds a million rows at once.
    for (let done = 0; done < count; done += 200_000) {
      const n = Math.min(200_000, count - done);
      await sql`insert into messages (id, channel_id${route.column}, author_id, content, created_at)
        select ${String(offset)}::bigint + ${done}::bigint + g, ${channelId}${route.value}, 1 + (g % ${users}::int),
               'message ' || (${done}::int + g) || ': the quick brown fox jumps over the lazy dog',
               now() - interval '30 days' + make_interval(secs => (${done}::int + g) / 1000.0)
        from generate_series(1, ${n}::int) g`.execute(db);
    }
    await sql`insert into reactions (message_id${route.column}, user_id, emoji, created_at)
      select m.id${route.value}, u.u, e.e, now()
      from (select id from messages where channel_id = ${channelId} order by id desc limit 100) m,
           (values ('👍'), ('🎉'), ('❤️')) e(e),
           generate_series(1, 5) u(u)
      where (u.u + length(e.e)) % 2 = 0 or u.u = 1`.execute(db);
    offset += BigInt(count) + 1n;
  }
  await sql`insert into members (server_id, user_id, joined_at) select 100, g, now() from generate_series(1, ${users}::int) g`.execute(db);
  // The server's @everyone (id: the server's), with the defaults every member reads and sends by.
  // Builds from before roles (bench/ab.cjs seeds their schemas too) have no such table.
  const { rows } = await sql`select to_regclass('roles') is not null as has`.execute(db);
  if (rows[0].has) await sql`insert into roles (id, server_id, name, color, position, permissions, created_at) values (100, 100, '@everyone', null, 0, 15, now())`.execute(db);
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

/**
 * The heavy case of a permission check: member `userId` holds `roles` roles of server 100, and the
 * channel has `overwrites` overwrites (`@everyone` denies VIEW_CHANNEL, making it private; one role
 * allows it back with SEND_MESSAGES, the other role overwrites toggle reactions and files; the last
 * is the member's own). The member can read and send there; everyone else but the owner cannot.
 */
async function seedRoles(db, { userId, channelId, roles = 20, overwrites = 10 }) {
  await sql`insert into roles (id, server_id, name, color, position, permissions, created_at)
    select 200000 + g, 100, 'role ' || g, null, g, case when g % 2 = 0 then 4 else 8 end, now() from generate_series(1, ${roles}::int) g`.execute(db);
  await sql`insert into member_roles (server_id, user_id, role_id) select 100, ${userId}::bigint, 200000 + g from generate_series(1, ${roles}::int) g`.execute(db);
  await sql`insert into channel_overwrites (channel_id, server_id, target_id, type, allow, deny) values (${channelId}::bigint, 100, 100, 'role', 0, 1)`.execute(db);
  await sql`insert into channel_overwrites (channel_id, server_id, target_id, type, allow, deny)
    select ${channelId}::bigint, 100, 200000 + g, 'role', case when g = 1 then 3 else 4 end, case when g % 3 = 0 then 8 else 0 end
    from generate_series(1, ${overwrites - 2}::int) g`.execute(db);
  await sql`insert into channel_overwrites (channel_id, server_id, target_id, type, allow, deny) values (${channelId}::bigint, 100, ${userId}::bigint, 'member', 8, 0)`.execute(db);
  await sql`analyze roles, member_roles, channel_overwrites`.execute(db);
}

/** A group conversation of users 1..`people` (id 300000), for the send's row: a message there against one in a server channel. */
async function seedConversation(db, { people = 10 } = {}) {
  await sql`insert into conversations (id, type, owner_id, name, creator_id, pair_key, created_at) values (300000, 'group', 1, 'bench', 1, null, now())`.execute(db);
  await sql`insert into conversation_recipients (conversation_id, user_id, joined_at) select 300000, g, now() from generate_series(1, ${people}::int) g`.execute(db);
  await sql`analyze conversations, conversation_recipients`.execute(db);
  return '300000';
}

module.exports = { seed, seedRoles, seedConversation, idBack };
