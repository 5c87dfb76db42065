import type { Channel, PermissionOverwrite } from '@chat/domain';
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { ChannelsTable, Database } from '../schema';

/** Messages deleted per statement when a channel (or a server) goes. */
export const DELETE_SLICE = 10_000;

interface OverwriteJson {
  readonly id: string;
  readonly type: 'role' | 'member';
  readonly allow: number | string;
  readonly deny: number | string;
}

/**
 * The channel's overwrites as one JSON array (by target id), read in the statement that reads the
 * channel: a channel is never shown or checked without them. `channelId`: the column it is keyed by;
 * `serverId`: the column of its server, so the read names the route too (docs/sharding.md).
 */
export const overwritesOf = (channelId: string, serverId: string): RawBuilder<OverwriteJson[] | string> =>
  sql<OverwriteJson[] | string>`coalesce((
    select json_agg(json_build_object('id', o.target_id::text, 'type', o.type, 'allow', o.allow, 'deny', o.deny) order by o.target_id)
    from channel_overwrites o where o.channel_id = ${sql.ref(channelId)} and o.server_id = ${sql.ref(serverId)}), '[]'::json)`;

export type ChannelRow = Selectable<ChannelsTable> & { readonly overwrites: OverwriteJson[] | string };

const toOverwrite = (o: OverwriteJson): PermissionOverwrite => ({ id: o.id, type: o.type, allow: Number(o.allow), deny: Number(o.deny) });

export const toChannel = (row: ChannelRow): Channel => ({
  id: row.id,
  serverId: row.server_id,
  name: row.name,
  topic: row.topic,
  position: row.position,
  // Drivers that leave json as text (none of ours today) get it parsed here.
  permissionOverwrites: (typeof row.overwrites === 'string' ? (JSON.parse(row.overwrites) as OverwriteJson[]) : row.overwrites).map(toOverwrite),
  createdAt: row.created_at,
});

/**
 * A big channel's messages, a slice per statement, so no statement nears the query time limit
 * (10 s); all in the caller's transaction. The channel is walked by a cursor on (channel_id, id),
 * so no slice reads past the rows earlier ones deleted (still in the index until the transaction
 * ends), and the walk stops when a slice picks fewer than a slice, not when it deletes fewer than
 * it picked (a message deleted meanwhile is skipped). Their reactions go by cascade.
 */
export async function deleteMessagesInSlices(trx: Kysely<Database>, channelId: string): Promise<void> {
  let after = '0';
  for (;;) {
    const { rows } = await sql<{ last: string | null; picked: number }>`
      with picked as (
        select id from messages where channel_id = ${channelId} and id > ${after} order by id limit ${DELETE_SLICE}
      ), gone as (
        delete from messages where id in (select id from picked)
      )
      select max(id)::text as last, count(*)::int as picked from picked`.execute(trx);
    const { last, picked } = rows[0] ?? { last: null, picked: 0 };
    if (last === null || picked < DELETE_SLICE) return;
    after = last;
  }
}
