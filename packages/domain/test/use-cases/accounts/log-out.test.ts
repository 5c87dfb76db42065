import { createTestWorld, expectOk } from '@chat/domain/testing';

async function aLoggedInUser() {
  const world = createTestWorld();
  const { token } = expectOk(await world.register.execute({ username: 'alice', email: 'alice@example.com', password: 'correct horse' }));
  const actor = expectOk(await world.authenticate.execute(token));
  return { world, token, actor };
}

describe('LogOut', () => {
  it('makes the token fail Authenticate with InvalidToken', async () => {
    const { world, token, actor } = await aLoggedInUser();

    await world.logOut.execute(actor);

    expect(await world.authenticate.execute(token)).toEqual({ ok: false, error: { kind: 'InvalidToken' } });
  });

  it('revokes the session in the store', async () => {
    const { world, actor } = await aLoggedInUser();

    await world.logOut.execute(actor);

    expect(await world.stores.sessions.find(actor.sessionId)).toBeNull();
  });

  it('leaves the same user’s other sessions working', async () => {
    const { world, actor } = await aLoggedInUser();
    const other = expectOk(await world.logIn.execute({ username: 'alice', password: 'correct horse' }));

    await world.logOut.execute(actor);

    expect(expectOk(await world.authenticate.execute(other.token)).userId).toBe(actor.userId);
  });

  it('is harmless when repeated', async () => {
    const { world, token, actor } = await aLoggedInUser();
    await world.logOut.execute(actor);

    await expect(world.logOut.execute(actor)).resolves.toBeUndefined();
    expect(await world.authenticate.execute(token)).toEqual({ ok: false, error: { kind: 'InvalidToken' } });
  });

  it('does not stop the user from logging in again', async () => {
    const { world, actor } = await aLoggedInUser();
    await world.logOut.execute(actor);

    const grant = expectOk(await world.logIn.execute({ email: 'alice@example.com', password: 'correct horse' }));

    expect(expectOk(await world.authenticate.execute(grant.token)).userId).toBe(actor.userId);
  });
});
