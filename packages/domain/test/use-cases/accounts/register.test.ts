import { createTestWorld, expectOk } from '@chat/domain/testing';

const valid = { username: 'alice', email: 'alice@example.com', password: 'correct horse' };

describe('Register', () => {
  it('creates the account and returns a working token with the public user', async () => {
    const world = createTestWorld();

    const grant = expectOk(await world.register.execute(valid));

    expect(grant.user).toEqual({ id: expect.any(String), username: 'alice', displayName: null, avatar: null });
    const actor = expectOk(await world.authenticate.execute(grant.token));
    expect(actor.userId).toBe(grant.user.id);
  });

  it('stores the email lower-cased and the password hashed, never in clear', async () => {
    const world = createTestWorld();

    const grant = expectOk(await world.register.execute({ ...valid, email: 'Alice@Example.COM' }));

    const user = await world.stores.users.findById(grant.user.id);
    expect(user).toEqual({
      id: grant.user.id,
      username: 'alice',
      displayName: null,
      avatar: null,
      email: 'alice@example.com',
      passwordHash: expect.any(String),
      bot: false,
      createdAt: world.clock.now(),
    });
    expect(user?.passwordHash).not.toBe(valid.password);
  });

  it('lets the new account log in with its password', async () => {
    const world = createTestWorld();
    const grant = expectOk(await world.register.execute(valid));

    const login = expectOk(await world.logIn.execute({ username: 'alice', password: valid.password }));

    expect(login.user).toEqual(grant.user);
  });

  it('returns ValidationFailed listing every bad field at once', async () => {
    const world = createTestWorld();

    const result = await world.register.execute({ username: 'a b', email: 'not-an-email', password: 'short' });

    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'ValidationFailed',
        issues: [
          { path: 'username', message: expect.any(String) },
          { path: 'email', message: expect.any(String) },
          { path: 'password', message: expect.any(String) },
        ],
      },
    });
  });

  it('returns ValidationFailed naming only the bad field', async () => {
    const world = createTestWorld();

    const result = await world.register.execute({ ...valid, password: 'x'.repeat(129) });

    expect(result).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: 'password', message: 'must be 8-128 characters' }] },
    });
  });

  it('creates no account when validation fails', async () => {
    const world = createTestWorld();

    await world.register.execute({ ...valid, email: 'nope' });

    expect(await world.stores.users.findByUsername('alice')).toBeNull();
  });

  it('returns UsernameTaken for the same username in another case', async () => {
    const world = createTestWorld();
    expectOk(await world.register.execute(valid));

    const result = await world.register.execute({ ...valid, username: 'ALICE', email: 'other@example.com' });

    expect(result).toEqual({ ok: false, error: { kind: 'UsernameTaken' } });
  });

  it('returns EmailTaken for the same email in another case', async () => {
    const world = createTestWorld();
    expectOk(await world.register.execute(valid));

    const result = await world.register.execute({ ...valid, username: 'bob', email: 'ALICE@example.COM' });

    expect(result).toEqual({ ok: false, error: { kind: 'EmailTaken' } });
  });

  it("tells the address's owner that someone tried to register with it, whichever field clashed; a username clash alone tells no one", async () => {
    const world = createTestWorld();
    const alice = expectOk(await world.register.execute(valid));

    await world.register.execute({ ...valid, username: 'bob' });
    await world.register.execute(valid);
    await world.register.execute({ ...valid, email: 'other@example.com' });

    expect(world.notices.told).toEqual([
      { userId: alice.user.id, notice: 'registrationWithYourEmail', at: world.clock.now() },
      { userId: alice.user.id, notice: 'registrationWithYourEmail', at: world.clock.now() },
    ]);
  });

  it('leaves the first account untouched when a second one clashes', async () => {
    const world = createTestWorld();
    const first = expectOk(await world.register.execute(valid));

    await world.register.execute({ username: 'Alice', email: 'bob@example.com', password: 'another password' });

    expect(await world.stores.users.findByEmail('bob@example.com')).toBeNull();
    expect(expectOk(await world.logIn.execute({ email: valid.email, password: valid.password })).user).toEqual(first.user);
  });

  it('gives two accounts different ids and tokens', async () => {
    const world = createTestWorld();

    const a = expectOk(await world.register.execute(valid));
    const b = expectOk(await world.register.execute({ username: 'bob', email: 'bob@example.com', password: valid.password }));

    expect(a.user.id).not.toBe(b.user.id);
    expect(a.token).not.toBe(b.token);
  });
});
