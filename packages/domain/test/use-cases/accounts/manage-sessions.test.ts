import { Audience, otherSessionsRevoked, sessionRevoked, sessionUserAgent, SESSION_USE_GRANULARITY_MS, type Actor } from '@chat/domain';
import { createTestWorld, expectOk, type TestWorld } from '@chat/domain/testing';

async function threeSessions(world: TestWorld): Promise<{ first: Actor; second: Actor; third: Actor }> {
  const first = await world.aUser('alice');
  const logIn = async (userAgent: string) => {
    const grant = expectOk(await world.logIn.execute({ username: 'alice', password: 'correct horse' }, { userAgent }));
    return expectOk(await world.authenticate.execute(grant.token));
  };
  world.clock.advance(1000);
  const second = await logIn('Firefox');
  world.clock.advance(1000);
  const third = await logIn('curl/8.5');
  return { first, second, third };
}

describe('ListSessions, RevokeSession, RevokeOtherSessions', () => {
  it('lists the caller’s sessions newest first, with their client, marking the current one', async () => {
    const world = createTestWorld();
    const { first, second, third } = await threeSessions(world);

    const listed = expectOk(await world.listSessions.execute(second));

    expect(listed.map((s) => [s.id, s.userAgent, s.current])).toEqual([
      [third.sessionId, 'curl/8.5', false],
      [second.sessionId, 'Firefox', true],
      [first.sessionId, null, false],
    ]);
    expect(listed[1]?.expiresAt).toEqual(new Date(listed[1]!.createdAt.getTime() + world.tokens.lifetimeSeconds * 1000));
  });

  it('leaves out sessions that have expired', async () => {
    const world = createTestWorld();
    const { third } = await threeSessions(world);
    world.clock.advance(world.tokens.lifetimeSeconds * 1000 - 500);

    expect(expectOk(await world.listSessions.execute(third)).map((s) => s.id)).toEqual([third.sessionId]);
  });

  it('revokes one session of the caller, with an event that closes its sockets; another user’s is not found', async () => {
    const world = createTestWorld();
    const { first, second } = await threeSessions(world);
    const mallory = await world.aUser('mallory');

    expect(await world.revokeSession.execute(mallory, first.sessionId)).toEqual({ ok: false, error: { kind: 'SessionNotFound' } });
    expectOk(await world.revokeSession.execute(second, first.sessionId));

    expect(world.events().at(-1)).toEqual(sessionRevoked(first.userId, first.sessionId));
    expect(await world.authenticate.execute(`fake.${first.userId}.${first.sessionId}`)).toEqual({ ok: false, error: { kind: 'InvalidToken' } });
    expect(await world.revokeSession.execute(second, first.sessionId)).toEqual({ ok: false, error: { kind: 'SessionNotFound' } });
    expect(await world.revokeSession.execute(second, 'abc')).toEqual({ ok: false, error: { kind: 'SessionNotFound' } });
  });

  it('revokes every session but the current one, and says how many', async () => {
    const world = createTestWorld();
    const { first, second, third } = await threeSessions(world);

    expect(expectOk(await world.revokeOtherSessions.execute(second))).toEqual({ revoked: 2 });

    expect(world.events().at(-1)).toEqual(otherSessionsRevoked(second.userId, second.sessionId));
    expect(expectOk(await world.listSessions.execute(second)).map((s) => s.id)).toEqual([second.sessionId]);
    for (const gone of [first, third]) expect((await world.authenticate.execute(`fake.${gone.userId}.${gone.sessionId}`)).ok).toBe(false);
    const events = world.events().length;
    expect(expectOk(await world.revokeOtherSessions.execute(second))).toEqual({ revoked: 0 });
    expect(world.events()).toHaveLength(events);
  });

  it('closes the sockets of every session but the one kept', () => {
    const event = otherSessionsRevoked('1', 'kept');

    expect(new Audience('1', 'kept', new Set()).admit(event, true)).toBe('skip');
    expect(new Audience('1', 'other', new Set()).admit(event, true)).toBe('close');
    expect(new Audience('2', 'other', new Set()).admit(event, true)).toBe('skip');
  });

  it('records a use of the session', async () => {
    const world = createTestWorld();
    const alice = await world.aUser('alice');
    world.clock.advance(SESSION_USE_GRANULARITY_MS * 2);

    expectOk(await world.touchSession.execute(alice));

    expect((await world.stores.sessions.find(alice.sessionId))?.lastUsedAt).toEqual(world.clock.now());
  });

  it('keeps a User-Agent trimmed, without control characters, at most 256 characters', () => {
    expect(sessionUserAgent('  Mozilla/5.0\r\n\tX  ')).toBe('Mozilla/5.0X');
    expect(sessionUserAgent('a'.repeat(300))).toHaveLength(256);
    expect(sessionUserAgent('   ')).toBeNull();
    expect(sessionUserAgent(undefined)).toBeNull();
  });
});

describe('ChangePassword', () => {
  it('changes the password and revokes every other session; the current one stays', async () => {
    const world = createTestWorld();
    const { first, second, third } = await threeSessions(world);

    expectOk(await world.changePassword.execute(second, { currentPassword: 'correct horse', newPassword: 'battery staple' }));

    expect(world.events().at(-1)).toEqual(otherSessionsRevoked(second.userId, second.sessionId));
    expect(expectOk(await world.listSessions.execute(second)).map((s) => s.id)).toEqual([second.sessionId]);
    for (const gone of [first, third]) expect((await world.authenticate.execute(`fake.${gone.userId}.${gone.sessionId}`)).ok).toBe(false);
    expect(await world.logIn.execute({ username: 'alice', password: 'correct horse' })).toEqual({ ok: false, error: { kind: 'InvalidCredentials' } });
    expectOk(await world.logIn.execute({ username: 'alice', password: 'battery staple' }));
  });

  it('refuses a wrong current password and a bad new one, changing nothing', async () => {
    const world = createTestWorld();
    const { first, second } = await threeSessions(world);

    expect(await world.changePassword.execute(second, { currentPassword: 'not it at all', newPassword: 'battery staple' })).toEqual({
      ok: false,
      error: { kind: 'WrongPassword' },
    });
    expect(await world.changePassword.execute(second, { currentPassword: 'correct horse', newPassword: 'short' })).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: 'newPassword', message: 'must be 8-128 characters' }] },
    });
    expect((await world.authenticate.execute(`fake.${first.userId}.${first.sessionId}`)).ok).toBe(true);
    expectOk(await world.logIn.execute({ username: 'alice', password: 'correct horse' }));
  });

  it('is not for bots, who have no password', async () => {
    const world = createTestWorld();
    const owner = await world.aUser();
    const server = await world.aServer(owner);
    const bot = await world.aBotIn(server, owner);

    expect(await world.changePassword.execute(bot, { currentPassword: 'anything goes', newPassword: 'battery staple' })).toEqual({
      ok: false,
      error: { kind: 'BotsCannotDoThis' },
    });
  });
});
