import type { Stores, UnitOfWork } from '@chat/domain';
import type { Kysely } from 'kysely';
import { createKyselyStores } from './create-kysely-stores';
import type { Database } from './schema';

/**
 * A transaction per unit: the stores inside it share one connection, so a change and its event
 * commit together. `onEventsCommitted` hears of a commit that wrote events (to wake the relay).
 */
export class KyselyUnitOfWork implements UnitOfWork {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly onEventsCommitted: () => void = () => {},
  ) {}

  async run<T>(work: (stores: Stores) => Promise<T>): Promise<T> {
    let appended = false;
    const result = await this.db.transaction().execute((trx) =>
      work(createKyselyStores(trx, { onEventAppended: () => void (appended = true) })),
    );
    if (appended) this.onEventsCommitted();
    return result;
  }
}
