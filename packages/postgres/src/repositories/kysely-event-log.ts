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

  async append(...events: readonly ChatEvent[]): Promise<void> {
    if (events.length === 0) return;
    const rows = events.map((event) => {
      const { t, d } = eventJson(event);
      const { serverId, subjectId, channelId } = routeOf(event);
      return { type: t, server_id: serverId, user_id: subjectId, channel_id: channelId, payload: JSON.stringify(d) };
    });
    // One statement per thousand rows (five parameters a row, well under PostgreSQL's 65,535); the
    // ids, and so the log's order, follow the rows' order.
    for (let at = 0; at < rows.length; at += 1000) await this.db.insertInto('events').values(rows.slice(at, at + 1000)).execute();
    this.onAppended();
  }
}
