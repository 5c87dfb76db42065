import { createMemoryStores, expectOk, FixedClock, InMemoryEventHistory, MemoryState, memoryUnitOfWork } from '@chat/domain/testing';
import { buildContainer, resolveServices, type Adapters } from '../src/container';
import { buildTestApp } from './test-app';

/** The test app's adapters over state of their own, on a clock of their own. */
async function freshAdapters(now: string): Promise<Adapters> {
  const { adapters } = await buildTestApp();
  const state = new MemoryState();
  const stores = createMemoryStores(state);
  return { ...adapters, stores, unitOfWork: memoryUnitOfWork(stores), history: new InMemoryEventHistory(state), clock: new FixedClock(new Date(now)) };
}

const alice = { username: 'alice', email: 'alice@example.com', password: 'correct horse' };

describe('the composition root', () => {
  it('builds the use cases once per container', async () => {
    const container = buildContainer(await freshAdapters('2026-05-01T12:00:00.000Z'));
    expect(resolveServices(container)).toBe(resolveServices(container));
  });

  it('builds each container its own use cases over the adapters it was given, shared with no other', async () => {
    const first = resolveServices(buildContainer(await freshAdapters('2026-05-01T12:00:00.000Z')));
    const second = resolveServices(buildContainer(await freshAdapters('2030-01-01T00:00:00.000Z')));
    expect(first).not.toBe(second);

    const grant = expectOk(await first.register.execute(alice));
    const actor = await first.authenticate.claims(grant.token);
    const sessions = expectOk(await first.listSessions.execute(expectOk(actor)));
    // The first container's clock, not the second's.
    expect(sessions.map((s) => s.createdAt)).toEqual([new Date('2026-05-01T12:00:00.000Z')]);
    // The second container's stores never saw alice: the name is free there.
    expect(expectOk(await second.register.execute(alice)).user.username).toBe('alice');
  });
});
