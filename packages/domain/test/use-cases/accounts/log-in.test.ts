import { loginName } from '@chat/domain';
import { createTestWorld, expectOk } from '@chat/domain/testing';

async function aWorldWithAlice() {
  const world = createTestWorld();
  const grant = expectOk(await world.register.execute({ username: 'Alice', email: 'alice@example.com', password: 'correct horse' }));
  return { world, alice: grant.user };
}

describe('LogIn', () => {
  it('logs in by email and returns a token that authenticates as the user', async () => {
    const { world, alice } = await aWorldWithAlice();

    const grant = expectOk(await world.logIn.execute({ email: 'alice@example.com', password: 'correct horse' }));

    expect(grant.user).toEqual({ id: alice.id, username: 'Alice', displayName: null, avatar: null });
    expect(expectOk(await world.authenticate.execute(grant.token)).userId).toBe(alice.id);
  });

  it('gives the client a new device token for the account, known by its email and its username, whichever it named', async () => {
    const { world } = await aWorldWithAlice();

    const byEmail = expectOk(await world.logIn.execute({ email: 'alice@example.com', password: 'correct horse' })).deviceToken;
    const byName = expectOk(await world.logIn.execute({ username: 'alice', password: 'correct horse' })).deviceToken;

    expect(byEmail).not.toBe(byName);
    for (const token of [byEmail, byName]) {
      expect(await world.devices.recognize(token, loginName.email(' ALICE@example.com'))).not.toBeNull();
      expect(await world.devices.recognize(token, loginName.username('ALICE'))).not.toBeNull();
      expect(await world.devices.recognize(token, loginName.username('bob'))).toBeNull();
    }
  });

  it('matches the email case-insensitively and ignores surrounding spaces', async () => {
    const { world, alice } = await aWorldWithAlice();

    const grant = expectOk(await world.logIn.execute({ email: '  ALICE@Example.com ', password: 'correct horse' }));

    expect(grant.user.id).toBe(alice.id);
  });

  it('logs in by username', async () => {
    const { world, alice } = await aWorldWithAlice();

    const grant = expectOk(await world.logIn.execute({ username: 'Alice', password: 'correct horse' }));

    expect(grant.user).toEqual(alice);
  });

  it('starts a new session each time, so each login has its own token', async () => {
    const { world } = await aWorldWithAlice();

    const first = expectOk(await world.logIn.execute({ username: 'Alice', password: 'correct horse' }));
    const second = expectOk(await world.logIn.execute({ username: 'Alice', password: 'correct horse' }));

    expect(first.token).not.toBe(second.token);
    const actor = expectOk(await world.authenticate.execute(first.token));
    await world.logOut.execute(actor);
    expect(await world.authenticate.execute(second.token)).toEqual({ ok: true, value: expect.anything() });
  });

  it('returns InvalidCredentials for a wrong password', async () => {
    const { world } = await aWorldWithAlice();

    const result = await world.logIn.execute({ email: 'alice@example.com', password: 'wrong horse' });

    expect(result).toEqual({ ok: false, error: { kind: 'InvalidCredentials' } });
  });

  it('returns InvalidCredentials for an unknown email', async () => {
    const { world } = await aWorldWithAlice();

    const result = await world.logIn.execute({ email: 'nobody@example.com', password: 'correct horse' });

    expect(result).toEqual({ ok: false, error: { kind: 'InvalidCredentials' } });
  });

  it('returns InvalidCredentials for an unknown username', async () => {
    const { world } = await aWorldWithAlice();

    const result = await world.logIn.execute({ username: 'nobody', password: 'correct horse' });

    expect(result).toEqual({ ok: false, error: { kind: 'InvalidCredentials' } });
  });

  it('returns InvalidCredentials for a wrong password given with the username', async () => {
    const { world } = await aWorldWithAlice();

    const result = await world.logIn.execute({ username: 'Alice', password: '' });

    expect(result).toEqual({ ok: false, error: { kind: 'InvalidCredentials' } });
  });
});
