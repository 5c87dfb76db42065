import type { Stores } from './stores';

/** Runs work against stores whose writes, events included, commit together or not at all. */
export interface UnitOfWork {
  run<T>(work: (stores: Stores) => Promise<T>): Promise<T>;
}
