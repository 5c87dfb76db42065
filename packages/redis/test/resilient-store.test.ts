import { MemoryStore, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import { ResilientStore } from '@chat/redis';

/** A shared store that can be switched off, and counts how often it was (re)initialized. */
class SwitchableStore implements Store {
  up = true;
  inits = 0;
  private readonly inner = new MemoryStore();

  async init(options: Options): Promise<void> {
    this.inits += 1;
    if (!this.up) throw new Error('connection refused');
    this.inner.init(options);
  }
  async increment(key: string): Promise<ClientRateLimitInfo> {
    if (!this.up) throw new Error('connection refused');
    return this.inner.increment(key);
  }
  async decrement(key: string): Promise<void> {
    if (this.up) await this.inner.decrement(key);
  }
  async resetKey(key: string): Promise<void> {
    if (this.up) await this.inner.resetKey(key);
  }
}

const options = { windowMs: 60_000 } as Options;

function setUp(kind: 'fail-open' | 'fall-back') {
  const shared = new SwitchableStore();
  const events: string[] = [];
  const policy = kind === 'fail-open' ? ({ kind } as const) : ({ kind, store: new MemoryStore() } as const);
  const store = new ResilientStore(shared, policy, { down: () => events.push('down'), up: () => events.push('up') }, 50);
  return { shared, events, store };
}

describe('ResilientStore', () => {
  it('counts in the shared store while it is up', async () => {
    const { store, events } = setUp('fall-back');
    await store.init(options);
    await store.increment('k');
    expect((await store.increment('k')).totalHits).toBe(2);
    expect(events).toEqual(['up']);
  });

  it('fails open, reporting the outage once however many requests come', async () => {
    const { store, shared, events } = setUp('fail-open');
    await store.init(options);
    shared.up = false;
    const hits = [];
    for (let i = 0; i < 20; i++) hits.push((await store.increment('k')).totalHits);
    expect(hits.every((h) => h === 1)).toBe(true);
    expect(events).toEqual(['up', 'down']);
  });

  it('falls back to its own memory count, then returns to the shared one, re-initialized', async () => {
    const { store, shared, events } = setUp('fall-back');
    await store.init(options);
    await store.increment('k');
    shared.up = false;
    expect((await store.increment('k')).totalHits).toBe(1);
    expect((await store.increment('k')).totalHits).toBe(2);
    shared.up = true;
    const initsBefore = shared.inits;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await store.increment('k')).totalHits).toBe(2);
    expect(shared.inits).toBe(initsBefore + 1);
    expect(events).toEqual(['up', 'down', 'up']);
  });

  it('recovers when the shared store was down from the start', async () => {
    const { store, shared, events } = setUp('fail-open');
    shared.up = false;
    await store.init(options);
    shared.up = true;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await store.increment('k')).totalHits).toBe(1);
    expect((await store.increment('k')).totalHits).toBe(2);
    expect(events).toEqual(['down', 'up']);
  });
});
