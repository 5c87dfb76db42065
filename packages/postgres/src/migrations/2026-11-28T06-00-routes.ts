import { sql, type Kysely, type RawBuilder } from 'kysely';

/*
 * The route (docs/sharding.md, "The key: the route"): every chat row names the server it belongs to,
 * or the direct conversation's own id, so that on Citus each hot statement finds its one shard by a
 * value it holds. `messages`, `reactions` and `read_states` gain `route_id`; `channel_overwrites`
 * gains `server_id`. Each is filled from its channel in one statement (a rewrite of the table: on a
 * large deployment, run it in a quiet hour), then made not null, so a writer that forgets it fails
 * at once instead of writing a row no routed statement finds. No index on them: every read reaches
 * these rows by their existing keys, and the route is a filter on rows already found. One key is
 * added, roles' `(server_id, id)` (Citus' key for them): the gate reads a member's roles as
 * `server_id = $route and id = any(...)`, which without it a generic plan may serve by walking the
 * server's roles in `roles_server_position_idx` rather than probing each. The other keys leading
 * with the route are the Citus step (the page, "What the migration adds"), not taken here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addFilled(db, 'messages', 'route_id', sql`update messages m set route_id = coalesce((select c.server_id from channels c where c.id = m.channel_id), m.channel_id)`);
  await addFilled(db, 'reactions', 'route_id', sql`update reactions r set route_id = m.route_id from messages m where m.id = r.message_id`);
  await addFilled(db, 'read_states', 'route_id', sql`update read_states s set route_id = coalesce((select c.server_id from channels c where c.id = s.channel_id), s.channel_id)`);
  await addFilled(db, 'channel_overwrites', 'server_id', sql`update channel_overwrites o set server_id = c.server_id from channels c where c.id = o.channel_id`);

  await sql`create unique index roles_route_key on roles (server_id, id)`.execute(db);
}

/** `table` gains the bigint `column`, filled by `fill` (an update from its channel), then not null. */
async function addFilled(db: Kysely<any>, table: string, column: string, fill: RawBuilder<unknown>): Promise<void> {
  await sql`alter table ${sql.table(table)} add column ${sql.ref(column)} bigint`.execute(db);
  await fill.execute(db);
  await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} set not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index roles_route_key`.execute(db);
  await sql`alter table channel_overwrites drop column server_id`.execute(db);
  await sql`alter table read_states drop column route_id`.execute(db);
  await sql`alter table reactions drop column route_id`.execute(db);
  await sql`alter table messages drop column route_id`.execute(db);
}
