import { MemoryStore, type Options } from 'express-rate-limit';
import { PairedStore, pairKey } from '@chat/redis';

const options = { windowMs: 60_000 } as Options;

describe('PairedStore', () => {
  const setUp = () => {
    const budget = new MemoryStore();
    budget.init(options);
    const store = new PairedStore(new MemoryStore(), budget);
    return { budget, store };
  };

  it('counts the session and answers its count while the budget has more left', async () => {
    const { store } = setUp();
    await store.init(options);
    await store.increment(pairKey('session:1', 'user:1'));
    expect((await store.increment(pairKey('session:1', 'user:1'))).totalHits).toBe(2);
    expect((await store.increment(pairKey('session:2', 'user:1'))).totalHits).toBe(1);
  });

  it('answers the budget\'s next request when that is the tighter, never counting the budget itself', async () => {
    const { store, budget } = setUp();
    await store.init(options);
    for (let i = 0; i < 3; i++) await budget.increment('user:1');
    expect((await store.increment(pairKey('session:2', 'user:1'))).totalHits).toBe(4);
    expect((await store.increment(pairKey('session:2', 'user:1'))).totalHits).toBe(4);
    expect((await budget.get('user:1'))?.totalHits).toBe(3);
  });
});
