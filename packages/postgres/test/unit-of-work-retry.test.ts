import { KyselyUnitOfWork, isTransientConflict } from '@chat/postgres';
import type { Stores } from '@chat/domain';
import { sql } from 'kysely';
import { givenUser } from '@chat/domain/testing/contracts';
import { aRaceDatabase } from './race-helpers';
import { describeWithPostgres } from './test-databases';

/** Resolves once `count` parties have arrived; later arrivals (a retried unit) pass at once. */
function aBarrier(count: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return async () => {
    arrived += 1;
    if (arrived >= count) open();
    await opened;
  };
}

/*
 * Two units that hold the same two rows in opposite order deadlock every time: each takes its
 * first row, meets the other at the barrier, then asks for the row the other holds. PostgreSQL
 * aborts one of them (40P01) after deadlock_timeout; the unit of work runs it again, and both end
 * committed. Without the retry one of the two fails with the deadlock, every time.
 */
describeWithPostgres('the PostgreSQL unit of work runs again a unit aborted to break a deadlock', () => {
  const db = aRaceDatabase();

  it('two units locking two users in opposite order both commit; one of them ran twice', async () => {
    const [first, second] = [await givenUser(db.stores), await givenUser(db.stores)];
    const unitOfWork = new KyselyUnitOfWork(db.database.db);
    const bothHoldOne = aBarrier(2);
    const runs = { forward: 0, backward: 0 };
    const holdInOrder = (direction: keyof typeof runs, ids: readonly string[]) => async (stores: Stores) => {
      runs[direction] += 1;
      await stores.users.hold(ids[0]!);
      await bothHoldOne();
      await stores.users.hold(ids[1]!);
      return direction;
    };

    const outcomes = await Promise.allSettled([
      unitOfWork.run(holdInOrder('forward', [first.id, second.id])),
      unitOfWork.run(holdInOrder('backward', [second.id, first.id])),
    ]);

    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 'forward' },
      { status: 'fulfilled', value: 'backward' },
    ]);
    expect(runs.forward + runs.backward).toBe(3);
  });

  it('does not run again a unit that failed for any other reason', async () => {
    const user = await givenUser(db.stores);
    let runs = 0;
    const failing = new KyselyUnitOfWork(db.database.db).run(async (stores) => {
      runs += 1;
      await stores.users.hold(user.id);
      // A statement PostgreSQL refuses: another try would only repeat it.
      await sql`select 1 / 0`.execute(db.database.db);
    });
    await expect(failing).rejects.toMatchObject({ code: '22012' });
    expect(runs).toBe(1);
  });

  it('tells a conflict PostgreSQL settled by aborting from other failures', () => {
    expect(isTransientConflict({ code: '40P01' })).toBe(true);
    expect(isTransientConflict({ code: '40001' })).toBe(true);
    expect(isTransientConflict({ code: '23505' })).toBe(false);
    expect(isTransientConflict(new Error('deadlock detected'))).toBe(false);
    expect(isTransientConflict(null)).toBe(false);
  });
});
