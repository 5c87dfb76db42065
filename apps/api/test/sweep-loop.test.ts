import type { Sweeper } from '@chat/domain';
import { InMemoryFileStore } from '@chat/domain/testing';
import { KyselySweeper } from '@chat/postgres';
import { createPostgresDatabase, describeWithPostgres, type TestDatabase } from '@chat/postgres/testing';
import pino from 'pino';
import { SweepLoop } from '../src/housekeeping/sweep-loop';
import { IDEMPOTENCY_KEY_TTL_MS } from '../src/http/idempotency';

const logger = pino({ level: 'silent' });

/** A database of expired rows: each slice deletes up to its size of each kind, as the real one does. */
function backlog(rows: { sessions: number; refreshTokens: number; idempotencyKeys: number; uploads?: number }) {
  const left = { uploads: 0, ...rows };
  const take = (kind: keyof typeof left, slice: number) => {
    const n = Math.min(slice, left[kind]);
    left[kind] -= n;
    return n;
  };
  const sweep = jest.fn<ReturnType<Sweeper['sweep']>, Parameters<Sweeper['sweep']>>(async (_now, slice = 1000) => ({
    held: true,
    sessions: take('sessions', slice),
    refreshTokens: take('refreshTokens', slice),
    idempotencyKeys: take('idempotencyKeys', slice),
    uploads: take('uploads', slice),
  }));
  return { sweep, left };
}

describe('the sweep loop', () => {
  it('sweeps in batches while they come back full, then stops', async () => {
    const outcomes = [
      { held: true, sessions: 1000, refreshTokens: 3, idempotencyKeys: 0, uploads: 0 },
      { held: true, sessions: 0, refreshTokens: 0, idempotencyKeys: 0, uploads: 1000 },
      { held: true, sessions: 7, refreshTokens: 0, idempotencyKeys: 0, uploads: 0 },
      { held: true, sessions: 0, refreshTokens: 0, idempotencyKeys: 0, uploads: 0 },
    ];
    const sweep = jest.fn<ReturnType<Sweeper['sweep']>, Parameters<Sweeper['sweep']>>(async () => outcomes.shift()!);
    const loop = new SweepLoop({ sweep }, { intervalMs: 60_000, logger });

    await loop.runOnce();

    expect(sweep).toHaveBeenCalledTimes(3);
  });

  it('clears a backlog many slices deep in one run (it used to stop at 20 slices, 20,000 rows of a kind)', async () => {
    const db = backlog({ sessions: 30_500, refreshTokens: 2_000, idempotencyKeys: 45_000, uploads: 1_500 });

    await new SweepLoop(db, { intervalMs: 600_000, logger }).runOnce();

    expect(db.left).toEqual({ sessions: 0, refreshTokens: 0, idempotencyKeys: 0, uploads: 0 });
    expect(db.sweep).toHaveBeenCalledTimes(46);
  });

  it('stops when its time budget is spent with rows left, says so, and the next run goes on', async () => {
    const db = backlog({ sessions: 0, refreshTokens: 0, idempotencyKeys: 1_000_000 });
    let clock = 0;
    const watched = pino({ level: 'silent' });
    const warn = jest.spyOn(watched, 'warn');
    // Each reading of the clock is 20 s later: the budget of 60 s is spent after the third slice.
    const loop = new SweepLoop(db, { intervalMs: 600_000, budgetMs: 60_000, logger: watched, now: () => new Date((clock += 20_000)) });

    await loop.runOnce();
    expect([db.sweep.mock.calls.length, db.left.idempotencyKeys]).toEqual([3, 997_000]);
    expect(warn).toHaveBeenCalledWith({ sessions: 0, refreshTokens: 0, idempotencyKeys: 3_000, uploads: 0 }, expect.stringContaining('time budget'));
    await loop.runOnce();
    expect(db.left.idempotencyKeys).toBe(994_000);
  });

  it('stops at once when another replica holds the sweep, and survives a failed sweep', async () => {
    const held = jest.fn<ReturnType<Sweeper['sweep']>, Parameters<Sweeper['sweep']>>(async () => ({ held: false, sessions: 0, refreshTokens: 0, idempotencyKeys: 0, uploads: 0 }));
    await new SweepLoop({ sweep: held }, { intervalMs: 60_000, logger }).runOnce();
    expect(held).toHaveBeenCalledTimes(1);

    const warn = jest.fn();
    const failing = new SweepLoop({ sweep: async () => Promise.reject(new Error('database away')) }, { intervalMs: 60_000, logger: { ...logger, warn, info: jest.fn() } as unknown as pino.Logger });
    await expect(failing.runOnce()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), expect.stringContaining('trying again'));
  });

  it('runs on its timer, and stops', async () => {
    jest.useFakeTimers();
    try {
      const sweep = jest.fn(async () => ({ held: true, sessions: 0, refreshTokens: 0, idempotencyKeys: 0, uploads: 0 }));
      const loop = new SweepLoop({ sweep }, { intervalMs: 1000, logger });
      loop.start();
      await jest.advanceTimersByTimeAsync(3500);
      expect(sweep).toHaveBeenCalledTimes(3);
      await loop.stop();
      await jest.advanceTimersByTimeAsync(5000);
      expect(sweep).toHaveBeenCalledTimes(3);
    } finally {
      jest.useRealTimers();
    }
  });
});

/*
 * The worst one user at the default limits creates between two runs (10 minutes), in idempotency
 * keys: sends 15/10 s = 900 and other writes 60/60 s = 600, each with a key, for the owner and for
 * each of 25 bots (QUOTA_APPLICATIONS; bots have limits of their own today): 26 × 1,500 = 39,000.
 * The run before this fix deleted at most 20 slices of 1,000.
 */
const WORST_USER_PER_RUN = 26 * (15 * 60 + 60 * 10);

describeWithPostgres('the sweep loop on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createPostgresDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it(`clears in one run the ${WORST_USER_PER_RUN.toLocaleString('en')} expired idempotency keys one user at the limits leaves per 10 minutes, and keeps live ones`, async () => {
    const now = new Date();
    const expired = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS - 60_000);
    // Each keeps its whole answer: a message of 1,000 characters, as JSON.
    const body = JSON.stringify({ content: 'x'.repeat(1000) });
    const rows = (n: number, key: string, createdAt: Date) =>
      Array.from({ length: n }, (_, i) => ({ user_id: String(1 + (i % 26)), key: `${key}-${i}`, fingerprint: 'f', status: 201, body, created_at: createdAt }));
    const all = [...rows(WORST_USER_PER_RUN, 'expired', expired), ...rows(500, 'live', now)];
    for (let at = 0; at < all.length; at += 5_000) await database.db.insertInto('idempotency_keys').values(all.slice(at, at + 5_000)).execute();

    await new SweepLoop(new KyselySweeper(database.db, IDEMPOTENCY_KEY_TTL_MS, new InMemoryFileStore()), { intervalMs: 600_000, logger, now: () => now }).runOnce();

    const left = await database.db.selectFrom('idempotency_keys').select('key').execute();
    expect([left.length, left.every(({ key }) => key.startsWith('live-'))]).toEqual([500, true]);
  }, 120_000);
});
