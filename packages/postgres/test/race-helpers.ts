import { createKyselyStores, KyselyUnitOfWork } from '@chat/postgres';
import type { Stores, UnitOfWork } from '@chat/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../src/schema';
import { createPostgresDatabase, type TestDatabase } from './test-databases';

/**
 * A unit of work that stops inside its transaction, right after one store call, until released:
 * the other side of a race then runs while this one holds whatever it holds. Without the hold under
 * test these races end wrong every time, not now and then.
 */
function pausingAfter(db: Kysely<Database>, store: keyof Stores, method: string) {
  let reached!: () => void;
  let release!: () => void;
  const atPause = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const unitOfWork: UnitOfWork = {
    run: (work) =>
      db.transaction().execute((trx) => {
        const stores = createKyselyStores(trx);
        const target = stores[store] as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
        const original = target[method]!.bind(target);
        const paused = new Proxy(target, {
          get: (object, key, receiver) =>
            key === method
              ? async (...args: unknown[]) => {
                  const result = await original(...args);
                  reached();
                  await released;
                  return result;
                }
              : Reflect.get(object, key, receiver),
        });
        return work({ ...stores, [store]: paused });
      }),
  };
  return { unitOfWork, atPause, release };
}

/** Long enough for the other side to finish if nothing made it wait. */
export const aMoment = () => new Promise((resolve) => setTimeout(resolve, 150));

export interface RaceDatabase {
  readonly database: TestDatabase;
  readonly stores: Stores;
  /** A unit of work that does not pause: the other side of each race. */
  readonly plain: UnitOfWork;
  /** A unit of work that pauses right after `store.method` (see above). */
  pausingAfter(store: keyof Stores, method: string): ReturnType<typeof pausingAfter>;
}

/** A PostgreSQL database of its own for the enclosing describe block, dropped after it. */
export function aRaceDatabase(): RaceDatabase {
  let database: TestDatabase | undefined;
  const opened = (): TestDatabase => {
    if (!database) throw new Error('the race database opens in beforeAll: use it inside a test');
    return database;
  };
  let stores!: Stores;
  let plain!: UnitOfWork;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    stores = createKyselyStores(database.db);
    plain = new KyselyUnitOfWork(database.db);
  });
  afterAll(async () => {
    await database?.drop();
  });
  return {
    get database() {
      return opened();
    },
    get stores() {
      return stores;
    },
    get plain() {
      return plain;
    },
    pausingAfter: (store, method) => pausingAfter(opened().db, store, method),
  };
}

/**
 * The race itself: `first` runs until its pause; `second` then starts and has a moment to finish if
 * nothing makes it wait; then `first` goes on. Answers both outcomes.
 */
export async function race<A, B>(paused: { atPause: Promise<void>; release: () => void }, first: Promise<A>, second: () => Promise<B>): Promise<[A, B]> {
  await paused.atPause;
  const racing = second();
  await aMoment();
  paused.release();
  return [await first, await racing];
}
