import type { ReadState, ReadStateRepository } from '@chat/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { ChannelRoutes } from './channel-routes';
import { readStatesOf, readStatesOfUsers, type ReadStateRow } from './read-state-sql';

export class KyselyReadStateRepository implements ReadStateRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly routes: ChannelRoutes = new ChannelRoutes(),
  ) {}

  async markRead(userId: string, channelId: string, messageId: string): Promise<'moved' | 'unchanged'> {
    const route = await this.routes.of(this.db, channelId);
    const result = await this.db
      .insertInto('read_states')
      .values({ user_id: userId, channel_id: channelId, route_id: route, last_read_message_id: messageId })
      // Never backwards: a marker already there or further stays.
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'channel_id'])
          .doUpdateSet((eb) => ({ last_read_message_id: eb.ref('excluded.last_read_message_id') }))
          .where('read_states.last_read_message_id', '<', (eb) => eb.ref('excluded.last_read_message_id')),
      )
      .executeTakeFirst();
    return (result.numInsertedOrUpdatedRows ?? 0n) > 0n ? 'moved' : 'unchanged';
  }

  async list(userId: string, channelId?: string): Promise<ReadState[]> {
    const { rows } = await readStatesOf(userId, channelId).execute(this.db);
    return rows.map(toReadState);
  }

  /** `list` of each user, in one statement (a batch of gateway snapshots): user id → read states. */
  async listForUsers(userIds: readonly string[]): Promise<Map<string, ReadState[]>> {
    const { rows } = await readStatesOfUsers(userIds).execute(this.db);
    const byUser = new Map<string, ReadState[]>(userIds.map((id) => [id, []]));
    for (const row of rows) byUser.get(row.for_user)?.push(toReadState(row));
    return byUser;
  }
}

const toReadState = (row: ReadStateRow): ReadState => ({
  channelId: row.channel_id,
  serverId: row.server_id,
  lastReadMessageId: row.marker,
  unreadCount: row.unread_count,
  mentionCount: row.mention_count,
});
