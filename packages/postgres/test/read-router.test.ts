import { parseLsn, ReadRouter } from '@chat/postgres';

const options = { maxLagMs: 1_000, retryAfterMs: 500 };

/** Two replicas, both polled at `at` having replayed everything the primary had. */
function caughtUp(at = 0): ReadRouter {
  const router = new ReadRouter(2, options);
  router.primaryAt(100n, at);
  router.replicaAt(0, 100n, at);
  router.replicaAt(1, 100n, at);
  return router;
}

describe('parseLsn', () => {
  it('reads both hex halves', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('0/5D000000')).toBe(0x5d000000n);
    expect(parseLsn('1/0')).toBe(1n << 32n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
  });

  it('refuses anything else', () => {
    for (const text of ['', '0', '0/', '/1', 'x/1', '0/1/2', '123456789/0']) expect(() => parseLsn(text)).toThrow(/not an LSN/);
  });
});

describe('ReadRouter', () => {
  it('sends nothing to a replica before its first poll', () => {
    const router = new ReadRouter(1, options);
    router.primaryAt(100n, 0);
    expect(router.anyInRotation(0)).toBe(false);
    expect(router.choose(null, 0)).toBeNull();
  });

  it('takes turns between replicas that have replayed what the caller wrote', () => {
    const router = caughtUp();
    expect([router.choose(null, 1), router.choose(null, 1), router.choose(100n, 1)]).toEqual([0, 1, 0]);
  });

  it('sends a caller to the primary until a replica has replayed its last write', () => {
    const router = caughtUp();
    router.primaryAt(150n, 100);
    expect(router.choose(150n, 100)).toBeNull();
    router.replicaAt(1, 150n, 200);
    expect(router.choose(150n, 200)).toBe(1);
    expect(router.choose(150n, 200)).toBe(1);
    // Other callers may still read the replica that lags (within the bound).
    expect(router.choose(null, 200)).toBe(0);
  });

  it('measures lag from the first primary position a replica has not replayed, so a stalled one is caught on a quiet primary', () => {
    const router = caughtUp();
    router.primaryAt(120n, 100);
    router.primaryAt(120n, 600);
    router.replicaAt(0, 100n, 600);
    router.replicaAt(1, 120n, 600);
    expect(router.states(600)).toEqual([
      { inRotation: true, lagMs: 500 },
      { inRotation: true, lagMs: 0 },
    ]);
    router.primaryAt(120n, 1_200);
    router.replicaAt(0, 100n, 1_200);
    expect(router.states(1_200)[0]).toEqual({ inRotation: false, lagMs: 1_100 });
    expect([router.choose(null, 1_200), router.choose(null, 1_200)]).toEqual([1, 1]);
    router.replicaAt(0, 120n, 1_400);
    expect(router.states(1_400)[0]).toEqual({ inRotation: true, lagMs: 0 });
  });

  it('takes a failed replica out until retryAfterMs has passed and a poll has reached it again', () => {
    const router = caughtUp();
    router.failed(0, 10);
    expect([router.choose(null, 10), router.choose(null, 10)]).toEqual([1, 1]);
    router.failed(1, 10);
    expect(router.anyInRotation(10)).toBe(false);
    expect(router.choose(null, 10)).toBeNull();
    // Polled well again, but within retryAfterMs: still out.
    router.replicaAt(0, 100n, 200);
    expect(router.choose(null, 200)).toBeNull();
    expect(router.choose(null, 510)).toBe(0);
    // A failure forgets the position: no poll since, no rotation.
    expect(router.choose(null, 2_000)).toBe(0);
    router.failed(0, 2_000);
    expect(router.choose(null, 3_000)).toBeNull();
  });

  it('forgets primary positions older than twice the bound, keeping the newest', () => {
    const router = new ReadRouter(1, options);
    router.primaryAt(100n, 0);
    router.primaryAt(200n, 5_000);
    router.replicaAt(0, 100n, 5_000);
    // The 100 → 200 step was seen at 5 000 only: the lag counts from there.
    expect(router.states(5_000)[0]!.lagMs).toBe(0);
    router.primaryAt(200n, 9_000);
    router.replicaAt(0, 100n, 9_000);
    expect(router.states(9_000)[0]).toEqual({ inRotation: false, lagMs: 4_000 });
  });

  it('refuses a replica it does not have', () => {
    expect(() => new ReadRouter(1, options).replicaAt(1, 0n, 0)).toThrow(RangeError);
  });
});
