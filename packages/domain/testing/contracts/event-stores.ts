import type { EventHistory, LoggedEvent, Stores, UnitOfWork } from '../../src';

/** One store's event side: writes go through `stores` and `unitOfWork`, reads through `history`. */
export interface EventStores {
  readonly stores: Stores;
  readonly unitOfWork: UnitOfWork;
  readonly history: EventHistory;
  /** Places what committed, as the relay does (nothing to do where appending places). */
  place(): Promise<void>;
}

/** Everything the log holds after `from`, in order. */
export async function readAll(history: EventHistory, from = 0): Promise<LoggedEvent[]> {
  const all: LoggedEvent[] = [];
  for (let page = await history.after(from, 1000); page.length > 0; page = await history.after(page[page.length - 1]!.position, 1000)) {
    all.push(...page);
  }
  return all;
}
