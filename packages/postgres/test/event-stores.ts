import { createKyselyStores, KyselyEventHistory, KyselyEventRelay, KyselyUnitOfWork, type Database } from '@chat/postgres';
import type { EventStores } from '@chat/domain/testing/contracts';
import type { Kysely } from 'kysely';

/** The event side of the Kysely stores, placing as the relay does until nothing is left. */
export function kyselyEventStores(db: Kysely<Database>): EventStores {
  const relay = new KyselyEventRelay(db);
  return {
    stores: createKyselyStores(db),
    unitOfWork: new KyselyUnitOfWork(db),
    history: new KyselyEventHistory(db),
    async place() {
      for (let pass = await relay.place(); pass.pending || !pass.held; pass = await relay.place());
    },
  };
}
