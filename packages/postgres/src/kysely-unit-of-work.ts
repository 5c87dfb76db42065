import type { Stores, UnitOfWork } from '@chat/domain';
import type { Kysely } from 'kysely';
import { createKyselyStores } from './create-kysely-stores';
import { ChannelRoutes } from './repositories/channel-routes';
import { isTransientConflict } from './driver-errors';
import type { Database } from './schema';

/** Tries of a unit that PostgreSQL keeps aborting to settle conflicts; the last error then stands. */
const ATTEMPTS = 4;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, attempt * 10 + Math.random() * 20));

/**
 * A transaction per unit: the stores inside it share one connection, so a change and its event
 * commit together. `onEventsCommitted` hears of a commit that wrote events (to wake the relay).
 * A unit that PostgreSQL aborts to break a deadlock (or a serialization failure) is run again from
 * the start, a few times with a short random pause: two units that lock the same rows in opposite
 * order both finish instead of one failing.
 */
export class KyselyUnitOfWork implements UnitOfWork {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly onEventsCommitted: () => void = () => {},
    /** Each channel's route, kept across units (a route never changes): pass the pool's stores' own. */
    private readonly routes: ChannelRoutes = new ChannelRoutes(),
  ) {}

  async run<T>(work: (stores: Stores) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      let appended = false;
      try {
        const result = await this.db.transaction().execute((trx) =>
          work(createKyselyStores(trx, { routes: this.routes, onEventAppended: () => void (appended = true) })),
        );
        if (appended) this.onEventsCommitted();
        return result;
      } catch (error) {
        if (attempt >= ATTEMPTS || !isTransientConflict(error)) throw error;
        await pause(attempt);
      }
    }
  }
}
