import type { EventHistory, Stores, UnitOfWork } from '../../src';

/** One store's event side: writes go through `stores` and `unitOfWork`, reads through `history`. */
export interface EventStores {
  readonly stores: Stores;
  readonly unitOfWork: UnitOfWork;
  readonly history: EventHistory;
  /** Places what committed, as the relay does (nothing to do where appending places). */
  place(): Promise<void>;
}
