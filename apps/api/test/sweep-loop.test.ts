import pino from 'pino';
import { SweepLoop, type Sweeper } from '../src/housekeeping/sweep-loop';

const logger = pino({ level: 'silent' });

describe('the sweep loop', () => {
  it('sweeps in batches while they come back full, then stops', async () => {
    const outcomes = [
      { held: true, sessions: 1000, refreshTokens: 3, idempotencyKeys: 0 },
      { held: true, sessions: 1000, refreshTokens: 0, idempotencyKeys: 0 },
      { held: true, sessions: 7, refreshTokens: 0, idempotencyKeys: 0 },
      { held: true, sessions: 0, refreshTokens: 0, idempotencyKeys: 0 },
    ];
    const sweep = jest.fn<ReturnType<Sweeper['sweep']>, Parameters<Sweeper['sweep']>>(async () => outcomes.shift()!);
    const loop = new SweepLoop({ sweep }, { intervalMs: 60_000, logger });

    await loop.runOnce();

    expect(sweep).toHaveBeenCalledTimes(3);
  });

  it('stops at once when another replica holds the sweep, and survives a failed sweep', async () => {
    const held = jest.fn<ReturnType<Sweeper['sweep']>, Parameters<Sweeper['sweep']>>(async () => ({ held: false, sessions: 0, refreshTokens: 0, idempotencyKeys: 0 }));
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
      const sweep = jest.fn(async () => ({ held: true, sessions: 0, refreshTokens: 0, idempotencyKeys: 0 }));
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
