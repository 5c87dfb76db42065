import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

/**
 * Where a channel's rows live: its route, the id of its server, or of the direct conversation it is
 * (docs/sharding.md, "Where a statement gets the route"). Every hot statement names the route as a
 * value it was given, so that on Citus it finds its one shard by the distribution key; the API
 * names channels, not routes, so the store resolves one into the other here.
 *
 * A channel's route never changes (a channel never moves to another server, a conversation is its
 * own route), so an answer is kept for the life of the process: one primary-key read per channel
 * and process, then none. A stale answer for a deleted channel does no harm (the statement finds no
 * channel on that route: 404, as before). A channel that is not found is not kept: its id is its
 * own route for that statement, which finds nothing there either. Per pool, not per process: the
 * tests run many databases in one process, whose ids may meet.
 */
export class ChannelRoutes {
  /** Routes known, and the look-ups under way (sends of one turn to a new channel share one, and so still share a statement). */
  private readonly known = new Map<string, string | Promise<string>>();

  /** `max`: how many answers are kept; past it they are dropped all at once (a cache of ids, not of state). */
  constructor(private readonly max = 100_000) {}

  /** The route of channel `channelId` (itself when no channel or conversation has that id, or it is no id). */
  async of(db: Kysely<Database>, channelId: string): Promise<string> {
    const known = this.known.get(channelId);
    if (known !== undefined) return known;
    // Not an id: it names nothing, and the statement that takes it refuses it as it did before routes.
    if (!/^\d{1,19}$/.test(channelId)) return channelId;
    const lookUp = this.lookUp(db, channelId);
    this.keep(channelId, lookUp);
    return lookUp;
  }

  private async lookUp(db: Kysely<Database>, channelId: string): Promise<string> {
    try {
      const { rows } = await sql<{ route: string | null }>`
        select coalesce((select c.server_id from channels c where c.id = ${channelId}), (select v.id from conversations v where v.id = ${channelId}))::text as route`.execute(db);
      const route = rows[0]?.route ?? null;
      if (route === null) {
        this.known.delete(channelId);
        return channelId;
      }
      this.known.set(channelId, route);
      return route;
    } catch (error) {
      this.known.delete(channelId);
      throw error;
    }
  }

  private keep(channelId: string, route: string | Promise<string>): void {
    if (this.known.size >= this.max) this.known.clear();
    this.known.set(channelId, route);
  }
}
