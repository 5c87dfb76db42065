import { eventJson } from '@chat/contract';
import { routeOf, type ChatEvent, type EventLog } from '@chat/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/** Appends to the log's outbox; the relay places what committed. Give it the unit of work's transaction. */
export class KyselyEventLog implements EventLog {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly onAppended: () => void = () => {},
  ) {}

  async append(event: ChatEvent): Promise<void> {
    const { t, d } = eventJson(event);
    const { serverId, subjectId, channelId } = routeOf(event);
    await this.db
      .insertInto('events')
      .values({ type: t, server_id: serverId, user_id: subjectId, channel_id: channelId, payload: JSON.stringify(d) })
      .execute();
    this.onAppended();
  }
}
