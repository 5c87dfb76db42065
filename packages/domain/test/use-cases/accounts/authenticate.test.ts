import { createTestWorld, expectOk } from '@chat/domain/testing';

describe('Authenticate', () => {
  it('returns the actor a live token stands for', async () => {
    const world = createTestWorld();
    const grant = expectOk(await world.register.execute({ username: 'alice', email: 'alice@example.com', password: 'correct horse' }));

    const actor = expectOk(await world.authenticate.execute(grant.token));

    expect(actor).toEqual({ userId: grant.user.id, sessionId: expect.any(String) });
    expect(await world.stores.sessions.find(actor.sessionId)).toEqual({
      id: actor.sessionId,
      userId: grant.user.id,
      createdAt: world.clock.now(),
      expiresAt: new Date(world.clock.now().getTime() + world.tokens.lifetimeSeconds * 1000),
      lastUsedAt: world.clock.now(),
      userAgent: null,
    });
  });

  it.each([
    ['an empty token', ''],
    ['garbage', 'not-a-token'],
    ['a truncated token', 'fake.1'],
  ])('returns InvalidToken for %s', async (_name, token) => {
    const world = createTestWorld();

    expect(await world.authenticate.execute(token)).toEqual({ ok: false, error: { kind: 'InvalidToken' } });
  });

  it('returns InvalidToken for a genuine token whose session never existed', async () => {
    const world = createTestWorld();
    const alice = await world.aUser('alice');
    const token = await world.tokens.issue({ userId: alice.userId, sessionId: '42' });

    expect(await world.authenticate.execute(token)).toEqual({ ok: false, error: { kind: 'InvalidToken' } });
  });

  it('returns InvalidToken for a genuine token that pairs someone else’s session with another user', async () => {
    const world = createTestWorld();
    const alice = await world.aUser('alice');
    const bob = await world.aUser('bob');
    const token = await world.tokens.issue({ userId: bob.userId, sessionId: alice.sessionId });

    expect(await world.authenticate.execute(token)).toEqual({ ok: false, error: { kind: 'InvalidToken' } });
  });

  it('returns InvalidToken once the session is logged out', async () => {
    const world = createTestWorld();
    const alice = await world.aUser('alice');
    const token = await world.tokens.issue(alice);
    await world.logOut.execute(alice);

    expect(await world.authenticate.execute(token)).toEqual({ ok: false, error: { kind: 'InvalidToken' } });
  });
});
