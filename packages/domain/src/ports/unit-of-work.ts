import type { Stores } from './stores';

/**
 * Runs work against stores whose writes, events included, commit together or not at all. An
 * adapter may run `work` again from the start when the database aborted it without committing
 * (a deadlock broken): `work` touches nothing but the stores it is given.
 */
export interface UnitOfWork {
  run<T>(work: (stores: Stores) => Promise<T>): Promise<T>;
}
